// src/core/version.ts keeps the version as a constant so the bundle does not carry package.json; this
// keeps the two from drifting apart (the User-Agent would then name a release that is not this one).
import { readFileSync } from 'node:fs'
import { describe, expect, it } from '@jest/globals'
import { USER_AGENT, VERSION } from '../../src/core/version.js'

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string
}

describe('VERSION', () => {
  it('is the version in package.json', () => expect(VERSION).toBe(pkg.version))

  it('is what the User-Agent names', () => expect(USER_AGENT).toBe(`qa-greenlight/${pkg.version}`))
})
