import { describe, expect, it } from '@jest/globals'
import { isCommitSha, isFullCommitSha, isZeroSha } from '../../src/core/commit-sha.js'

const FULL_SHA1 = 'a'.repeat(40)
const FULL_SHA256 = 'B'.repeat(64)

describe('commit SHAs', () => {
  it.each([
    ['abcd', true, false],
    ['0123abc', true, false],
    [FULL_SHA1, true, true],
    [FULL_SHA256, true, true],
    ['a'.repeat(41), true, false],
    ['abc', false, false],
    ['a'.repeat(65), false, false],
    ['g123456', false, false],
    ['0'.repeat(40), false, false],
    ['main', false, false],
    ['', false, false]
  ])('%j: a commit SHA %s, a full one %s', (value, commit, full) => {
    expect(isCommitSha(value)).toBe(commit)
    expect(isFullCommitSha(value)).toBe(full)
  })

  it('knows the zero SHA GitHub sends for "no commit"', () => {
    expect(isZeroSha('0'.repeat(40))).toBe(true)
    expect(isZeroSha('0'.repeat(39) + '1')).toBe(false)
  })
})
