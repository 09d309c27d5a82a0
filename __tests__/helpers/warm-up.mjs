// Global set-up of every project (jest.config.js): before jest's workers start, transpile the
// TypeScript files that are not in the shared cache yet (shared-ts-transform.mjs), in one process
// per core, so that no worker warms TypeScript up for a few files of its own. With the cache full,
// as after any earlier run, this only reads and hashes the files. Jest runs a set-up module once
// per run, with the configuration of the first project that names it; the cache is the same for
// every project, so whichever runs first fills it for all.
import { spawn } from 'node:child_process'
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

export async function warmTransforms(projectConfig) {
  const transformerOptions = transformerOptionsOf(projectConfig)
  if (transformerOptions === undefined) return
  const missing = typescriptFiles().filter(
    file =>
      !existsSync(sharedCacheFile(readFileSync(file, 'utf8'), file, ESM_CALLER, transformerOptions))
  )
  const processes = Math.min(availableParallelism(), Math.ceil(missing.length / FILES_PER_PROCESS))
  if (processes === 0) return
  const dir = mkdtempSync(path.join(tmpdir(), 'ts-warm-up-'))
  await Promise.all(
    Array.from({ length: processes }, (_, i) => {
      const job = path.join(dir, `job-${i}.json`)
      const files = missing.filter((_, n) => n % processes === i)
      writeFileSync(job, JSON.stringify({ config: projectConfig, transformerOptions, files }))
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

export default async function globalSetup(_globalConfig, projectConfig) {
  await warmTransforms(projectConfig)
}

/** One warm-up process: transpiles its share of the files as jest would load them. */
async function transpile(jobFile) {
  const { config, transformerOptions, files } = JSON.parse(readFileSync(jobFile, 'utf8'))
  const transformer = createTransformer(transformerOptions)
  const options = esmTransformOptions(config, transformerOptions)
  for (const file of files) {
    try {
      await transformer.processAsync(readFileSync(file, 'utf8'), file, options)
    } catch {
      // Left to the test that loads it (above).
    }
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await transpile(process.argv[2])
