// The layer rule fails on a back-edge, static or dynamic (`npm run lint` holds the tree to it).
import { describe, expect, it } from '@jest/globals'
import { ESLint } from 'eslint'
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
