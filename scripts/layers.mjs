// The layers of src/ (docs/architecture.md): a module may import from its own folder and from
// lower layers, never from a higher layer or from another folder of its own layer. ESLint's
// `layers/no-back-edge` rule (eslint.config.js) reads this table.
import path from 'node:path'

/** Folder (or top-level file) under src/ → its layer; higher layers may import lower ones. */
export const LAYERS = {
  kernel: 0,
  notify: 3,
  gate: 3,
  terminate: 3,
  'main.ts': 5,
  entries: 5,
  'index.ts': 6
}

/** The first path segment under src/ of a file, or undefined outside src/. */
function unitOf(file, srcDir) {
  const relative = path.relative(srcDir, file)
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined
  // Imports name the compiled `.js` file of a `.ts` source.
  return relative.split(path.sep)[0].replace(/\.js$/, '.ts')
}

/**
 * Why an import from `importer` of `specifier` breaks the layers, or undefined when it does not.
 * Only relative specifiers can reach another folder of src/.
 */
export function backEdge(importer, specifier, srcDir) {
  if (!specifier.startsWith('.')) return undefined
  const from = unitOf(importer, srcDir)
  const to = unitOf(path.resolve(path.dirname(importer), specifier), srcDir)
  if (from === undefined || to === undefined || from === to) return undefined
  const unknown = [from, to].find(unit => !Object.hasOwn(LAYERS, unit))
  if (unknown) return `src/${unknown} is in no layer: add it to scripts/layers.mjs`
  const [fromLayer, toLayer] = [LAYERS[from], LAYERS[to]]
  if (toLayer < fromLayer) return undefined
  const where = toLayer === fromLayer ? 'a folder of the same layer' : 'a higher layer'
  return `src/${from} (layer ${fromLayer}) may not import src/${to}, ${where} (layer ${toLayer}); see docs/architecture.md`
}

/** The ESLint plugin: static imports, re-exports and dynamic `import()` alike. */
export const layersPlugin = {
  rules: {
    'no-back-edge': {
      meta: {
        type: 'problem',
        docs: { description: 'Imports between folders of src/ point down the layers only' },
        schema: []
      },
      create(context) {
        const srcDir = path.join(context.cwd, 'src')
        const check = node => {
          // A template or computed `import()` names no file to check.
          if (typeof node.source?.value !== 'string') return
          const problem = backEdge(context.filename, node.source.value, srcDir)
          if (problem !== undefined) context.report({ node: node.source, message: problem })
        }
        return {
          ImportDeclaration: check,
          ExportNamedDeclaration: check,
          ExportAllDeclaration: check,
          ImportExpression: check
        }
      }
    }
  }
}
