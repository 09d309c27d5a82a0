// action.yml and the sub-actions (notify/, greenlight/, terminate/) are what users' workflows name
// in `uses:`: each mirrors the input table (src/kernel/inputs.ts), a sub-action is generated from
// the root action, declares only its mode's inputs and outputs, and runs its own bundle entry,
// which loads no other mode's code.
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parse } from 'yaml'
import { bundleEntries } from '../../scripts/bundle.mjs'
import { modePrefix, TABLE, type ActionSpec } from '../../scripts/readme-tables.js'
import { renderSubAction, SUB_ACTIONS } from '../../scripts/sub-actions.js'
import {
  COMMON_INPUTS,
  INPUT_DEFAULTS,
  INPUTS,
  MODE_INPUTS,
  usableDefault
} from '../../src/kernel/inputs.js'

const root = path.resolve(import.meta.dirname, '..', '..')
const read = (file: string) => readFileSync(path.join(root, file), 'utf8')
type Action = ActionSpec & { runs: { using: string; main: string } }
const rootYaml = read('action.yml')
const rootAction = parse(rootYaml) as Action
const actionInputs = Object.entries(rootAction.inputs)

describe('the root action', () => {
  it('declares the inputs of the table, in its order, with its defaults', () => {
    expect(Object.keys(INPUTS)).toEqual(actionInputs.map(([name]) => name))
    expect(INPUT_DEFAULTS).toEqual(
      Object.fromEntries(
        actionInputs
          .filter(([, i]) => i.default !== undefined)
          .map(([n, i]) => [n, String(i.default)])
      )
    )
    // api-key is not required with verdict-from: check (issue 47.5).
    expect(actionInputs.filter(([, i]) => i.required).map(([name]) => name)).toEqual(['mode'])
    expect(rootAction.runs).toEqual({ using: 'node24', main: 'dist/index.js' })
    expect(bundleEntries()[0]).toEqual(['src/index.ts', 'dist'])
  })

  it('names the modes of each input as the table does, e.g. "(notify, terminate)"', () => {
    for (const [name, input] of actionInputs) {
      const said = modePrefix(input.description).modes.filter(w => w in MODE_INPUTS)
      const listed = Object.entries(MODE_INPUTS)
        .filter(([, list]) => list.includes(name))
        .map(([m]) => m)
      expect({ name, modes: listed.sort() }).toEqual({ name, modes: said.sort() })
      if (said.length === 0) expect(COMMON_INPUTS).toContain(name)
    }
  })

  it("accepts each optional input's own default, as the runner fills it in", () => {
    expect(usableDefault('github-token')).toBe('')
    for (const [name, spec] of Object.entries(TABLE)) {
      if (spec.default === undefined || spec.requiredWhen !== undefined) continue
      expect(() => spec.parse(name, usableDefault(name), { warn: () => undefined })).not.toThrow()
    }
  })

  it('describes fail-on-red as what it decides (issue 45)', () =>
    expect(rootAction.inputs['fail-on-red']?.description).toMatch(
      /not-tested.*never decides `timed-out`.*`error` and `superseded`/
    ))
})

describe.each(SUB_ACTIONS.map(mode => [mode]))('the %s sub-action', mode => {
  const sub = () => parse(read(`${mode}/action.yml`)) as Action
  // The root's words, less the parts for other modes ("terminate: …" is not in notify's).
  const ownParts = (root: string | undefined, own: string) => {
    for (const part of own.split(/(?<=[.;]) /)) expect(root).toContain(part.replace(/\.$/, ''))
    const others = SUB_ACTIONS.filter(m => m !== mode).join('|')
    expect(own).not.toMatch(new RegExp(`(^|[.;] )(${others})[ :]`))
  }

  it('is what npm run docs generates from action.yml', async () =>
    expect(read(`${mode}/action.yml`)).toBe(await renderSubAction(mode, rootYaml)))

  it("declares its mode's inputs with its mode's defaults, and its mode's outputs", () => {
    const { inputs, outputs } = sub()
    expect(Object.keys(inputs).sort()).toEqual(
      [...COMMON_INPUTS, ...MODE_INPUTS[mode]].filter(n => n !== 'mode').sort()
    )
    for (const [name, input] of Object.entries(inputs)) {
      const fallback = TABLE[name]?.modeDefaults?.[mode] ?? rootAction.inputs[name]?.default ?? ''
      expect({ name, default: input.default ?? '' }).toEqual({ name, default: fallback })
      ownParts(rootAction.inputs[name]?.description, input.description)
    }
    expect(inputs['api-key']?.required).toBe(mode !== 'greenlight')
    expect(Object.keys(outputs).length).toBeGreaterThan(0)
    for (const [name, output] of Object.entries(outputs)) {
      const described = rootAction.outputs[name]?.description ?? ''
      expect(described).toMatch(new RegExp(`^\\([^)]*\\b${mode}\\b`))
      ownParts(described, output.description)
    }
  })

  it("runs its own bundle entry, which loads its mode's code and no other mode's", () => {
    expect(sub().runs).toEqual({ using: 'node24', main: `../dist/${mode}/index.js` })
    expect(bundleEntries()).toContainEqual([`src/entries/${mode}.ts`, `dist/${mode}`])
    const imported = [
      ...read(`src/entries/${mode}.ts`).matchAll(/(?:from|import\()\s*'([^']+)'/g)
    ].map(m => m[1])
    expect(imported).toContain(`../${mode === 'greenlight' ? 'gate' : mode}/run.js`)
    for (const other of SUB_ACTIONS.filter(m => m !== mode)) {
      expect(imported.filter(file => file?.startsWith(`../${other}/`))).toEqual([])
    }
  })
})
