import { describe, it, expect } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { parse } from 'yaml'
import {
  COMMON_INPUTS,
  GREENLIGHT_INPUTS,
  INPUT_DEFAULTS,
  NOTIFY_INPUTS,
  usableDefault
} from '../../src/inputs/defaults.js'

interface ActionInput {
  description?: string
  required?: boolean
  default?: unknown
}

const action = parse(readFileSync(new URL('../../action.yml', import.meta.url), 'utf8')) as {
  inputs: Record<string, ActionInput>
}
const actionInputs = Object.entries(action.inputs)

describe('INPUT_DEFAULTS mirrors action.yml', () => {
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
    expect(required).toEqual(['mode', 'api-key', 'base-url'])
    for (const name of required) expect(Object.keys(INPUT_DEFAULTS)).not.toContain(name)
  })

  it('puts every action.yml input in exactly one of the mode lists or the common list', () => {
    const lists: readonly (readonly string[])[] = [COMMON_INPUTS, NOTIFY_INPUTS, GREENLIGHT_INPUTS]
    for (const [name] of actionInputs) {
      expect({ name, lists: lists.filter(list => list.includes(name)).length }).toEqual({
        name,
        lists: 1
      })
    }
    const listed = lists.flat()
    expect([...listed].sort()).toEqual(actionInputs.map(([name]) => name).sort())
    expect(new Set(listed).size).toBe(listed.length)
  })

  it('sorts inputs into modes as the descriptions say', () => {
    for (const [name, input] of actionInputs) {
      const description = input.description ?? ''
      if (description.startsWith('(notify)')) expect(NOTIFY_INPUTS).toContain(name)
      else if (description.startsWith('(greenlight')) expect(GREENLIGHT_INPUTS).toContain(name)
      else expect(COMMON_INPUTS).toContain(name)
    }
  })

  it('does not treat an expression default as a usable literal value', () => {
    expect(INPUT_DEFAULTS['github-token']).toBe('${{ github.token }}')
    expect(usableDefault('github-token')).toBe('')
    expect(usableDefault('timeout')).toBe('2h')
    expect(usableDefault('mode')).toBe('')
  })
})
