import { describe, expect, it } from '@jest/globals'
import { editDistance, nearest } from '../../src/kernel/nearest.js'

describe('nearest', () => {
  it.each([
    // The nearest, not the first listed.
    ['qawolf', ['acme-release-bot', 'qa-wolf'], 'qa-wolf'],
    ['QA wolf test results', ['QA Wolf Test Run', 'QA Wolf Test Results'], 'QA Wolf Test Results'],
    ['QA Wolf Test Reslts', ['build', 'QA Wolf Test Results'], 'QA Wolf Test Results'],
    ['greenlite', ['notify', 'greenlight', 'terminate'], 'greenlight'],
    ['nofity', ['notify', 'terminate'], 'notify'],
    ['staging', ['production', 'preview'], undefined],
    ['e2e', ['build'], undefined],
    ['x', [], undefined],
    ['a'.repeat(201), ['a'.repeat(201)], undefined]
  ] as const)('%s among %j → %s', (typed, candidates, expected) => {
    expect(nearest(typed, candidates)).toBe(expected)
  })

  it('counts a swap of neighbours as one edit', () => {
    expect(editDistance('abcd', 'acbd')).toBe(1)
    expect(editDistance('kitten', 'sitting')).toBe(3)
    expect(editDistance('', 'abc')).toBe(3)
  })
})
