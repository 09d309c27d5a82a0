// The sub-actions (notify/, greenlight/, terminate/) are what users' workflows name in `uses:`, so
// they must never drift from the root action: each is generated from action.yml and the input
// table, declares only its mode's inputs (no `mode`), runs on node24, and runs its own bundle entry.
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parse } from 'yaml'
import { bundleEntries } from '../../scripts/bundle.mjs'
import { renderSubAction, SUB_ACTIONS } from '../../scripts/sub-actions.js'
import { COMMON_INPUTS, INPUTS, MODE_INPUTS, type InputSpec } from '../../src/inputs/input-table.js'

const root = path.resolve(import.meta.dirname, '..', '..')
const read = (file: string) => readFileSync(path.join(root, file), 'utf8')

interface ActionSpec {
  inputs: Record<string, { description: string; required?: boolean; default?: string }>
  outputs: Record<string, { description: string }>
  runs: { using: string; main: string }
}
const rootYaml = read('action.yml')
const rootAction = parse(rootYaml) as ActionSpec
const subAction = (mode: string) => parse(read(`${mode}/action.yml`)) as ActionSpec

describe.each(SUB_ACTIONS.map(mode => [mode]))('the %s sub-action', mode => {
  it('is what npm run docs generates from action.yml (run `npm run docs` when this fails)', async () => {
    expect(read(`${mode}/action.yml`)).toBe(await renderSubAction(mode, rootYaml))
  })

  it("declares exactly its mode's inputs, as the root action does, and no mode input", () => {
    const { inputs } = subAction(mode)
    const own = [...COMMON_INPUTS, ...MODE_INPUTS[mode]].filter(name => name !== 'mode')
    expect(Object.keys(inputs).sort()).toEqual([...own].sort())
    for (const [name, input] of Object.entries(inputs)) {
      const rootInput = rootAction.inputs[name]
      // An input whose default differs by mode (`via`) declares its own mode's.
      const modeDefault = (INPUTS as Record<string, InputSpec<unknown>>)[name]?.modeDefaults?.[mode]
      expect({ name, default: input.default ?? '' }).toEqual({
        name,
        default: modeDefault ?? rootInput?.default ?? ''
      })
      expect(rootInput?.description).toContain(input.description)
    }
  })

  it('declares only outputs of the root action that its mode sets', () => {
    const { outputs } = subAction(mode)
    expect(Object.keys(outputs).length).toBeGreaterThan(0)
    for (const [name, output] of Object.entries(outputs)) {
      const described = rootAction.outputs[name]?.description ?? ''
      expect(described).toMatch(new RegExp(`^\\([^)]*\\b${mode}\\b[^)]*\\)`))
      expect(described).toContain(output.description)
    }
  })

  it('runs on node24 from its own bundle entry, which npm run bundle builds', () => {
    const { runs } = subAction(mode)
    expect(runs).toEqual({ using: 'node24', main: `../dist/${mode}/index.js` })
    expect(path.resolve(root, mode, runs.main)).toBe(path.join(root, 'dist', mode, 'index.js'))
    expect(bundleEntries()).toContainEqual([`src/entries/${mode}.ts`, `dist/${mode}`])
  })

  it("loads its own mode's code and no other mode's", () => {
    const entry = read(`src/entries/${mode}.ts`)
    const imported = [...entry.matchAll(/(?:from|import\()\s*'([^']+)'/g)].map(m => m[1])
    // greenlight's code is the gate's (src/gate/run.ts).
    expect(imported).toContain(
      mode === 'greenlight' ? '../gate/run.js' : `../${mode}/run-${mode}.js`
    )
    for (const other of SUB_ACTIONS.filter(m => m !== mode)) {
      expect(imported.filter(file => file?.startsWith(`../${other}/`))).toEqual([])
    }
    expect(imported).not.toContain('../main.js')
  })
})

describe('the root action', () => {
  it('keeps every mode and the mode input for v1, on node24 from dist/index.js', () => {
    expect(rootAction.inputs['mode']?.required).toBe(true)
    expect(rootAction.runs).toEqual({ using: 'node24', main: 'dist/index.js' })
    expect(bundleEntries()[0]).toEqual(['src/index.ts', 'dist'])
  })
})
