import { describe, it, expect } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { parse } from 'yaml'
import {
  COMMON_INPUTS,
  INPUTS,
  INPUT_DEFAULTS,
  MODE_INPUTS,
  usableDefault
} from '../../src/inputs/input-table.js'

interface ActionInput {
  description?: string
  required?: boolean
  default?: unknown
}

const action = parse(readFileSync(new URL('../../action.yml', import.meta.url), 'utf8')) as {
  inputs: Record<string, ActionInput>
}
const actionInputs = Object.entries(action.inputs)

describe('the input table mirrors action.yml', () => {
  it('has exactly the inputs that declare a default, with the same text', () => {
    const declared = Object.fromEntries(
      actionInputs
        .filter(([, input]) => input.default !== undefined)
        .map(([name, input]) => [name, String(input.default)])
    )
    expect(INPUT_DEFAULTS).toEqual(declared)
  })

  it('leaves out the required inputs, which have no default', () => {
    const required = actionInputs
      .filter(([, input]) => input.required === true)
      .map(([name]) => name)
    expect(required).toEqual(['mode', 'api-key'])
    for (const name of required) expect(Object.keys(INPUT_DEFAULTS)).not.toContain(name)
  })

  it('lists every action.yml input: common, or in the lists of the modes that read it', () => {
    const listed = new Set([...COMMON_INPUTS, ...Object.values(MODE_INPUTS).flat()])
    expect([...listed].sort()).toEqual(actionInputs.map(([name]) => name).sort())
    for (const name of COMMON_INPUTS) {
      for (const list of Object.values(MODE_INPUTS)) expect(list).not.toContain(name)
    }
  })

  it('sorts inputs into modes exactly as the descriptions say, e.g. "(notify, terminate)"', () => {
    for (const [name, input] of actionInputs) {
      // "(greenlight, required there)": only mode names count.
      const modes = (
        /^\(([a-z, ]+)\)/.exec(input.description ?? '')?.[1]?.split(', ') ?? []
      ).filter(word => word in MODE_INPUTS)
      const listedIn = Object.entries(MODE_INPUTS)
        .filter(([, list]) => list.includes(name))
        .map(([mode]) => mode)
      expect({ name, modes: listedIn.sort() }).toEqual({ name, modes: [...modes].sort() })
      if (modes.length === 0) expect(COMMON_INPUTS).toContain(name)
    }
  })

  it('does not treat an expression default as a usable literal value', () => {
    expect(INPUT_DEFAULTS['github-token']).toBe('${{ github.token }}')
    expect(usableDefault('github-token')).toBe('')
    expect(usableDefault('timeout')).toBe('2h')
    expect(usableDefault('mode')).toBe('')
  })

  it('lists the inputs in action.yml order, which the README table and error lists follow', () =>
    expect(Object.keys(INPUTS)).toEqual(actionInputs.map(([name]) => name)))

  it("accepts each optional input's own default, as the runner fills it in", () => {
    const warnings = { warn: () => undefined }
    for (const [name, spec] of Object.entries(INPUTS)) {
      // run-id is required with verdict-from: run although action.yml cannot say so.
      if (!('default' in spec) || 'requiredWhen' in spec) continue
      expect(() => spec.parse(name, usableDefault(name), warnings)).not.toThrow()
    }
  })
})
