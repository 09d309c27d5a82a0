// The shared transform cache must never hand a test stale code: what it keeps is ts-jest's own
// output, named by the source, so an edited file is transpiled again.
import { describe, expect, it } from '@jest/globals'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import {
  createTransformer,
  ESM_CALLER,
  esmTransformOptions,
  sharedCacheFile
} from '../helpers/shared-ts-transform.mjs'

const root = path.resolve(import.meta.dirname, '..', '..')
const transformerOptions = { useESM: true, tsconfig: 'tsconfig.json' }
const file = path.join(root, 'src', 'core', 'is-record.ts')
const config = {
  rootDir: root,
  cwd: root,
  testMatch: [],
  testRegex: [],
  globals: {},
  extensionsToTreatAsEsm: ['.ts'],
  moduleFileExtensions: ['ts', 'js'],
  cacheDirectory: path.join(root, '.tmp', 'jest-cache')
}
const options = esmTransformOptions(config, transformerOptions)

describe('the shared transform cache', () => {
  it("keeps exactly ts-jest's output, under a name that changes with the source", () => {
    const source = `${readFileSync(file, 'utf8')}\n// ${Date.now()}-${Math.random()}\n`
    const kept = sharedCacheFile(source, file, ESM_CALLER, transformerOptions)
    expect(existsSync(kept)).toBe(false)

    const shared = createTransformer(transformerOptions).process(source, file, options)
    const tsJest = createRequire(import.meta.url)('ts-jest')
      .default.createTransformer(transformerOptions)
      .process(source, file, options) as { code: string }

    expect(shared.code).toBe(tsJest.code)
    expect(JSON.parse(readFileSync(kept, 'utf8'))).toEqual(shared)
    expect(sharedCacheFile(`${source} `, file, ESM_CALLER, transformerOptions)).not.toBe(kept)
    rmSync(kept)
  })

  it("gives jest's cache a key that changes with the source and with coverage", () => {
    const { getCacheKey } = createTransformer(transformerOptions)
    const source = readFileSync(file, 'utf8')
    const key = getCacheKey(source, file, options)
    expect(getCacheKey(source, file, { ...options })).toBe(key)
    expect(getCacheKey(`${source} `, file, options)).not.toBe(key)
    expect(getCacheKey(source, file, { ...options, instrument: true })).not.toBe(key)
    expect(getCacheKey(source, file, { ...options, configString: '{}' })).not.toBe(key)
  })
})
