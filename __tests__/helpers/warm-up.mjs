// Global set-up of every project (jest.config.js): before jest's workers start, transpile the
// TypeScript files that are not in the shared cache yet (shared-ts-transform.mjs), and instrument
// for coverage the sources jest's cache holds no instrumented copy of, in one process per core, so
// that no worker warms TypeScript up for a few files of its own or instruments what another worker
// instruments at the same moment. With both caches full, as after any earlier run, this only reads
// and hashes the files. Jest runs a set-up module once per run, with the configuration of the first
// project that names it; the TypeScript cache is the same for every project, so whichever runs
// first fills it for all, and only the unit project (the first) collects coverage.
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync
} from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  createTransformer,
  ESM_CALLER,
  esmTransformOptions,
  sharedCacheFile
} from './shared-ts-transform.mjs'

const require = createRequire(import.meta.url)
const root = path.resolve(import.meta.dirname, '..', '..')
// tsconfig.json's `include`: every TypeScript file a test may load.
const TYPESCRIPT_DIRS = ['src', '__tests__', '__fixtures__', 'emulator', 'scripts']
/** Fewer files than this per process would not repay starting one. */
const FILES_PER_PROCESS = 25

function typescriptFiles() {
  return TYPESCRIPT_DIRS.filter(dir => existsSync(path.join(root, dir))).flatMap(dir =>
    readdirSync(path.join(root, dir), { recursive: true })
      .map(String)
      .filter(file => file.endsWith('.ts') && !file.endsWith('.d.ts'))
      .map(file => realpathSync(path.join(root, dir, file)))
  )
}

function transformerOptionsOf(projectConfig) {
  const entry = projectConfig.transform.find(([, transformer]) =>
    transformer.endsWith('shared-ts-transform.mjs')
  )
  return entry?.[2]
}

/** What jest's runtime tells its transformer about coverage (jest-runner's testWorker). */
function coverageOptionsOf(globalConfig) {
  return {
    collectCoverage: globalConfig.collectCoverage,
    collectCoverageFrom: globalConfig.collectCoverageFrom,
    coverageProvider: globalConfig.coverageProvider,
    globalRootDir: globalConfig.rootDir
  }
}

/** How a worker asks jest's transformer for an instrumented ES module. */
function instrumentedLoad(coverage) {
  return { ...ESM_CALLER, ...coverage, isInternalModule: false, instrument: true }
}

/**
 * The files a worker of this project would instrument for coverage and finds no instrumented copy
 * of in jest's cache. Each worker would otherwise instrument them itself: with a cold cache, six
 * workers of the unit project used about 4 s of CPU more than one did for the same files.
 */
async function uninstrumented(sources, coverage, projectConfig) {
  // With --no-cache the workers read nothing from jest's cache, so there is nothing to prepare.
  if (!projectConfig.cache) return []
  if (!coverage.collectCoverage || coverage.coverageProvider !== 'babel') return []
  const { createScriptTransformer, shouldInstrument } = require('@jest/transform')
  const candidates = [...sources.keys()].filter(file =>
    shouldInstrument(file, coverage, projectConfig)
  )
  if (candidates.length === 0) return []
  const transformer = await createScriptTransformer(projectConfig)
  // Where jest keeps a file has no public name. Should a jest release rename it, the workers
  // instrument for themselves again, as jest does without this set-up: slower, never different.
  if (typeof transformer._getFileCachePathAsync !== 'function') return []
  const missing = []
  for (const file of candidates) {
    const cached = await transformer._getFileCachePathAsync(
      file,
      sources.get(file),
      instrumentedLoad(coverage)
    )
    if (!existsSync(cached)) missing.push(file)
  }
  return missing
}

export async function warmTransforms(globalConfig, projectConfig) {
  const transformerOptions = transformerOptionsOf(projectConfig)
  if (transformerOptions === undefined) return
  const sources = new Map(typescriptFiles().map(file => [file, readFileSync(file, 'utf8')]))
  const missing = [...sources].flatMap(([file, text]) =>
    existsSync(sharedCacheFile(text, file, ESM_CALLER, transformerOptions)) ? [] : [file]
  )
  const coverage = coverageOptionsOf(globalConfig)
  const instrument = await uninstrumented(sources, coverage, projectConfig)
  const work = missing.length + instrument.length
  const processes = Math.min(availableParallelism(), Math.ceil(work / FILES_PER_PROCESS))
  if (processes === 0) return
  const dir = mkdtempSync(path.join(tmpdir(), 'ts-warm-up-'))
  await Promise.all(
    Array.from({ length: processes }, (_, i) => {
      const job = path.join(dir, `job-${i}.json`)
      const share = list => list.filter((_, n) => n % processes === i)
      writeFileSync(
        job,
        JSON.stringify({
          config: projectConfig,
          transformerOptions,
          files: share(missing),
          instrument: share(instrument),
          coverage
        })
      )
      return new Promise(resolve => {
        // A file that does not compile is left to the test that loads it, which says why.
        spawn(process.execPath, [fileURLToPath(import.meta.url), job], { stdio: 'inherit' })
          .on('error', resolve)
          .on('close', resolve)
      })
    })
  )
  rmSync(dir, { recursive: true, force: true })
}

export default async function globalSetup(globalConfig, projectConfig) {
  await warmTransforms(globalConfig, projectConfig)
}

/**
 * One warm-up process: transpiles its share of the files as jest would load them, then instruments
 * its share of the sources for coverage.
 */
async function warmUp(jobFile) {
  const { config, transformerOptions, files, instrument, coverage } = JSON.parse(
    readFileSync(jobFile, 'utf8')
  )
  const transformer = createTransformer(transformerOptions)
  const options = esmTransformOptions(config, transformerOptions)
  for (const file of files) {
    try {
      await transformer.processAsync(readFileSync(file, 'utf8'), file, options)
    } catch {
      // Left to the test that loads it (above).
    }
  }
  if (instrument.length === 0) return
  // Through jest's own transformer, so that a worker finds exactly what it would have made.
  const scriptTransformer = await require('@jest/transform').createScriptTransformer(config)
  for (const file of instrument) {
    try {
      await scriptTransformer.transformSourceAsync(
        file,
        readFileSync(file, 'utf8'),
        instrumentedLoad(coverage)
      )
    } catch {
      // Left to the test that loads it (above).
    }
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await warmUp(process.argv[2])
