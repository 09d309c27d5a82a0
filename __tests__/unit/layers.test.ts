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
        'src/kernel/injected.ts',
        "export async function f() {\n  return import('../service/errors.js')\n}\n"
      )
    ).toEqual([expect.stringContaining('src/kernel (layer 0) may not import src/service')])
    expect(
      await layerProblems('src/kernel/injected.ts', "import { run } from '../main.js'\n")
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

describe('the check path', () => {
  it('has polling that knows neither the verdict nor its words, and a verdict that knows no compaction', () => {
    const polling = ['src/greenlight/polling.ts', 'src/greenlight/check-polling.ts']
    for (const file of polling) {
      const reached = [...reachableFrom(file)]
      expect({ file, reached: reached.filter(f => /\/(verdict|report|render)\.ts$/.test(f)) }).toEqual({
        file,
        reached: []
      })
    }
    const fromVerdict = [...reachableFrom('src/greenlight/verdict.ts')]
    expect(fromVerdict.filter(f => f.endsWith('/compact-response.ts'))).toEqual([])
  })

  it('has no module of src/greenlight that reaches itself', () => {
    const folder = path.join(root, 'src', 'greenlight')
    const modules = readdirSync(folder)
      .filter(name => name.endsWith('.ts'))
      .map(name => `src/greenlight/${name}`)
    expect(modules).toContain('src/greenlight/check-facts.ts')
    expect(modules.filter(file => reachableFrom(file).has(file))).toEqual([])
  })

  it('follows type-only and dynamic imports', () => {
    // The same walk finds verdict.ts from the mode's face, which decides with it.
    expect(reachableFrom('src/greenlight/run-greenlight.ts')).toContain('src/greenlight/verdict.ts')
    // check-facts.ts is loaded only by a dynamic import.
    expect(reachableFrom('src/greenlight/run-greenlight.ts')).toContain(
      'src/greenlight/check-facts.ts'
    )
    // report.ts reaches verdict.ts through type-only imports alone.
    expect(reachableFrom('src/gate/report.ts')).toContain('src/greenlight/verdict.ts')
  })
})
