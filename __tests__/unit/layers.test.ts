// The layer rule fails on a back-edge, static or dynamic (`npm run lint` holds the tree to it),
// and no module reaches itself through its imports.
import { describe, expect, it } from '@jest/globals'
import { Linter } from 'eslint'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { layersPlugin } from '../../scripts/layers.mjs'

const root = path.resolve(import.meta.dirname, '..', '..')
// The rule alone, through ESLint's Linter: loading the repository's whole config (typescript-eslint)
// costs seconds of a busy machine's CPU for the same findings.
const linter = new Linter({ cwd: root })
const config = [
  {
    files: ['**/*.ts'],
    languageOptions: { sourceType: 'module' as const, ecmaVersion: 'latest' as const },
    plugins: { layers: layersPlugin },
    rules: { 'layers/no-back-edge': 'error' as const }
  }
]

function layerProblems(file: string, code: string): string[] {
  return linter.verify(code, config, path.join(root, file)).map(m => m.message)
}

describe('the layers of src/', () => {
  // prettier-ignore
  it.each([
    ['src/kernel/x.ts', "import { x } from '../gate/verdict.js'", ['src/kernel (layer 0) may not']],
    ['src/notify/x.ts', "export { x } from '../gate/verdict.js'", ['a folder of the same layer']],
    ['src/kernel/x.ts', "const f = () => import('../gate/report.js')", ['may not import src/gate']],
    ['src/gate/x.ts', "import { run } from '../main.js'", ['import src/main.ts, a higher layer']],
    ['src/nowhere/x.ts', "import { x } from '../kernel/io.js'", ['src/nowhere is in no layer']],
    // Within a folder and down the layers.
    ['src/gate/x.ts', "import { a } from './a.js'\nimport { b } from '../kernel/io.js'\nimport c from 'valibot'", []]
  ])('in %s, %s is refused for %j', (file, code, problems) =>
    expect(layerProblems(file, `${code}\n`)).toEqual(problems.map(p => expect.stringContaining(p)))
  )
})

/** Every file a module reaches through relative imports, type-only and dynamic ones included. */
function reachableFrom(file: string): Set<string> {
  const seen = new Set<string>()
  const visit = (current: string): void => {
    const source = readFileSync(path.join(root, current), 'utf8')
    const specifiers = source.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|^import\s+)'(\.[^']+)'/gm)
    for (const [, specifier = ''] of specifiers) {
      const joined = path.posix.join(path.posix.dirname(current), specifier)
      const imported = [joined, joined.replace(/\.js$/, '.ts')].find(f =>
        existsSync(path.join(root, f))
      )
      if (imported === undefined || seen.has(imported)) continue
      seen.add(imported)
      visit(imported)
    }
  }
  visit(file)
  return seen
}

// A cycle through types is still a cycle for the reader.
describe('import cycles', () => {
  it('none: no module of src/, the emulator, the scripts or the test helpers reaches itself', () => {
    const modules = ['src', 'emulator', 'scripts', '__tests__/helpers'].flatMap(dir =>
      readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
        .filter(name => /(?<!\.d)\.(ts|mjs)$/.test(name))
        .map(name => `${dir}/${name}`)
    )
    expect(modules).toEqual(expect.arrayContaining(['emulator/state.ts', 'src/gate/check-path.ts']))
    expect(modules.filter(file => reachableFrom(file).has(file))).toEqual([])
  })

  it('follows type-only and dynamic imports', () => {
    expect(reachableFrom('emulator/routes.ts')).toContain('emulator/state.ts')
    // pr-comment.ts is loaded only by a dynamic import.
    expect(reachableFrom('src/gate/run.ts')).toContain('src/gate/pr-comment.ts')
    // report.ts reaches verdict.ts through type-only imports alone.
    expect(reachableFrom('src/gate/report.ts')).toContain('src/gate/verdict.ts')
  })
})

it('the gate has polling that knows no words of a verdict, and a verdict that knows no compaction', () => {
  for (const file of ['src/gate/run-path.ts', 'src/gate/check-path.ts']) {
    const reached = [...reachableFrom(file)].filter(f => /\/gate\/(report|render)\.ts$/.test(f))
    expect({ file, reached }).toEqual({ file, reached: [] })
  }
  const fromVerdict = [...reachableFrom('src/gate/verdict.ts')]
  expect(fromVerdict.filter(f => f.endsWith('/compact-response.ts'))).toEqual([])
})
