// ts-jest, with what it makes of a file kept once for every project and every worker. Jest keeps
// a transform cache per project, and each of its six workers transpiles a file it needs and finds
// no copy of; on a fresh clone that came to about 270 transpilations of 165 files, each worker
// warming TypeScript's compiler up on its own: 14 s of CPU. Here a file's output is kept under
// .tmp/ts-jest-shared, named by everything it depends on, and warm-up.mjs fills that cache in two
// processes before the workers start. Jest's own cache still sits in front of this one.
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

const require = createRequire(import.meta.url)
const root = path.resolve(import.meta.dirname, '..', '..')
const CACHE_DIR = path.join(root, '.tmp', 'ts-jest-shared')

/** How jest loads every TypeScript file here: as an ES module. */
export const ESM_CALLER = {
  supportsDynamicImport: true,
  supportsExportNamespaceFrom: true,
  supportsStaticESM: true,
  supportsTopLevelAwait: true
}

let toolchain
/** The versions and the tsconfig.json that ts-jest's output depends on besides the file. */
function toolchainDigest() {
  toolchain ??= [
    require('ts-jest/package.json').version,
    require('typescript/package.json').version,
    readFileSync(path.join(root, 'tsconfig.json'), 'utf8')
  ].join('\0')
  return toolchain
}

function callerOf(options) {
  return Object.keys(ESM_CALLER)
    .map(key => `${key}=${options[key] === true}`)
    .join(',')
}

function digest(parts, sourceText) {
  return createHash('sha256').update(parts.concat('').join('\0')).update(sourceText).digest('hex')
}

/** Where the output for this file, as this caller loads it, is kept. */
export function sharedCacheFile(sourceText, sourcePath, callerOptions, transformerOptions) {
  const key = digest(
    [toolchainDigest(), JSON.stringify(transformerOptions), callerOf(callerOptions), sourcePath],
    sourceText
  )
  return path.join(CACHE_DIR, key.slice(0, 2), `${key}.json`)
}

/**
 * Jest's key for its own cache: what ts-jest's would cover (the project's configuration, the
 * toolchain, whether jest instruments the file for coverage), computed without loading
 * TypeScript, so that a worker that finds everything in jest's cache never loads it.
 */
function jestCacheKey(sourceText, sourcePath, options, transformerOptions) {
  return digest(
    [
      toolchainDigest(),
      JSON.stringify(transformerOptions),
      options.configString,
      `instrument=${options.instrument === true}`,
      callerOf(options),
      sourcePath
    ],
    sourceText
  )
}

/** What jest passes a transformer for a TypeScript file of the project `config`. */
export function esmTransformOptions(config, transformerOptions) {
  return {
    ...ESM_CALLER,
    config,
    configString: JSON.stringify(config),
    cacheFS: new Map(),
    transformerConfig: transformerOptions,
    instrument: false
  }
}

function keep(file, result) {
  mkdirSync(path.dirname(file), { recursive: true })
  // Written whole, then renamed: a worker reading it meanwhile sees no file rather than half.
  const partial = `${file}.${process.pid}.partial`
  writeFileSync(partial, JSON.stringify(result))
  renameSync(partial, file)
  return result
}

export function createTransformer(transformerOptions) {
  let tsJest
  // Loaded only for a file that neither cache holds.
  const compiler = () =>
    (tsJest ??= require('ts-jest').default.createTransformer(transformerOptions))
  const cacheFile = (sourceText, sourcePath, options) =>
    sharedCacheFile(sourceText, sourcePath, options, transformerOptions)
  const kept = file => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined)
  const getCacheKey = (sourceText, sourcePath, options) =>
    jestCacheKey(sourceText, sourcePath, options, transformerOptions)
  return {
    canInstrument: false,
    getCacheKey,
    getCacheKeyAsync: async (...args) => getCacheKey(...args),
    process(sourceText, sourcePath, options) {
      const file = cacheFile(sourceText, sourcePath, options)
      return kept(file) ?? keep(file, compiler().process(sourceText, sourcePath, options))
    },
    async processAsync(sourceText, sourcePath, options) {
      const file = cacheFile(sourceText, sourcePath, options)
      return (
        kept(file) ?? keep(file, await compiler().processAsync(sourceText, sourcePath, options))
      )
    }
  }
}

export default { createTransformer }
