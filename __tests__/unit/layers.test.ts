// The layer rule fails on a back-edge, static or dynamic (`npm run lint` holds the tree to it).
import { describe, expect, it } from '@jest/globals'
import { ESLint } from 'eslint'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..', '..')
const eslint = new ESLint({ cwd: root })

async function layerProblems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) })
  return (result?.messages ?? [])
    .filter(m => m.ruleId === 'layers/no-back-edge')
    .map(m => m.message)
}

describe('the layers of src/', () => {
  it('refuse an import that points up, sideways, through a re-export or a dynamic import', async () => {
    expect(
      await layerProblems('src/service/injected.ts', "import { x } from '../inputs/settings.js'\n")
    ).toEqual([expect.stringContaining('src/service (layer 1) may not import src/inputs')])
    expect(
      await layerProblems(
        'src/notify/injected.ts',
        "export { x } from '../greenlight/verdict.js'\n"
      )
    ).toEqual([expect.stringContaining('a folder of the same layer')])
    expect(
      await layerProblems(
        'src/core/injected.ts',
        "export async function f() {\n  return import('../render/markdown.js')\n}\n"
      )
    ).toEqual([expect.stringContaining('src/core (layer 0) may not import src/render')])
    expect(
      await layerProblems('src/render/injected.ts', "import { run } from '../main.js'\n")
    ).toEqual([expect.stringContaining('src/main.ts')])
  })

  it('allow imports within a folder and down the layers', async () => {
    const code =
      "import { a } from './sibling.js'\nimport { b } from '../core/clock.js'\nimport { c } from '../service/errors.js'\n"
    expect(await layerProblems('src/greenlight/injected.ts', code)).toEqual([])
  })
})

/**
 * The src/ files a module reaches through its relative imports, type-only and dynamic imports
 * included: a cycle through types is still a cycle for the reader.
 */
function reachableFrom(file: string): Set<string> {
  const seen = new Set<string>()
  const visit = (current: string): void => {
    const source = readFileSync(path.join(root, current), 'utf8')
    const specifiers = source.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|^import\s+)'(\.[^']+)'/gm)
    for (const [, specifier = ''] of specifiers) {
      const imported = path.posix.join(
        path.posix.dirname(current),
        specifier.replace(/\.js$/, '.ts')
      )
      if (seen.has(imported)) continue
      seen.add(imported)
      visit(imported)
    }
  }
  visit(file)
  return seen
}

describe('the gate', () => {
  it('has polling that knows no words of a verdict, and a verdict that knows no compaction', () => {
    for (const file of ['src/gate/run-path.ts', 'src/gate/check-path.ts']) {
      const reached = [...reachableFrom(file)].filter(f => /\/(messages|summary)\.ts$/.test(f))
      expect({ file, reached }).toEqual({ file, reached: [] })
    }
    const fromVerdict = [...reachableFrom('src/gate/verdict.ts')]
    expect(fromVerdict.filter(f => f.endsWith('/compact-response.ts'))).toEqual([])
  })

  it('has no module of src/gate or src/greenlight that reaches itself', () => {
    const modules = ['gate', 'greenlight'].flatMap(folder =>
      readdirSync(path.join(root, 'src', folder))
        .filter(name => name.endsWith('.ts'))
        .map(name => `src/${folder}/${name}`)
    )
    expect(modules).toContain('src/gate/check-path.ts')
    expect(modules.filter(file => reachableFrom(file).has(file))).toEqual([])
  })

  it('follows type-only and dynamic imports', () => {
    expect(reachableFrom('src/gate/run.ts')).toContain('src/gate/verdict.ts')
    // pr-comment.ts is loaded only by a dynamic import.
    expect(reachableFrom('src/gate/run.ts')).toContain('src/gate/pr-comment.ts')
    // messages.ts reaches verdict.ts through type-only imports alone.
    expect(reachableFrom('src/greenlight/messages.ts')).toContain('src/gate/verdict.ts')
  })
})
