// Runs the bundle as a runner does and measures it: whole-process wall time, exit instant, and
// peak RSS from GNU time (`/usr/bin/time -f %M`, the kernel's ru_maxrss of the reaped child:
// nothing is injected into the measured process, and every variant runs under the same wrapper).
import { spawn } from 'node:child_process'
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync
} from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseOutputFile, runnerStep, type RunnerStepOptions } from '../action-runner.js'
import { REPO_ROOT } from '../node24.mjs'

const GNU_TIME = '/usr/bin/time'
export const HAS_GNU_TIME = existsSync(GNU_TIME)

const BENCH_TMP = mkdtempSync(path.join(tmpdir(), 'qa-bench-'))
process.on('exit', () => rmSync(BENCH_TMP, { recursive: true, force: true }))

/** A fresh directory, removed when the bench exits. */
export function tempDir(prefix: string): string {
  return mkdtempSync(path.join(BENCH_TMP, prefix))
}

export interface Measured {
  wallMs: number
  /** Exit instant on the emulator's clock (Date.now). */
  exitedAt: number
  /** Peak resident set size in KiB; NaN without /usr/bin/time. */
  peakRssKiB: number
  exitCode: number | null
  stderr: string
}

export function measureProcess(argv: string[], env: Record<string, string>): Promise<Measured> {
  const rssFile = path.join(tempDir('rss-'), 'rss')
  const command = HAS_GNU_TIME ? [GNU_TIME, '-f', '%M', '-o', rssFile, ...argv] : argv
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const child = spawn(command[0]!, command.slice(1), { env, stdio: ['ignore', 'pipe', 'pipe'] })
    let stderr = ''
    child.stdout.resume()
    child.stderr.setEncoding('utf8').on('data', chunk => (stderr += chunk))
    let wallMs = 0
    let exitedAt = 0
    child.on('exit', () => {
      wallMs = performance.now() - started
      exitedAt = Date.now()
    })
    child.on('error', reject)
    child.on('close', exitCode => {
      const rss = HAS_GNU_TIME
        ? Number(readFileSync(rssFile, 'utf8').trim().split('\n').pop())
        : NaN
      resolve({ wallMs, exitedAt, peakRssKiB: rss, exitCode, stderr })
    })
  })
}

/** What the bench runs: a Node 24 binary and a private copy of dist/. */
export interface Target {
  node24: string
  dist: string
}

/** A runner's step (scripts/action-runner.ts), its files in a directory the bench removes. */
export function benchStep(
  inputs: Record<string, string>,
  context: Omit<RunnerStepOptions, 'inputs'> = {}
) {
  return runnerStep({ ...context, inputs, dir: tempDir('run-') })
}

/** Runs the root bundle once as a runner would, measured. */
export async function runBundle(
  target: Target,
  inputs: Record<string, string>,
  context: Omit<RunnerStepOptions, 'inputs'> = {}
): Promise<Measured & { outputs: Record<string, string> }> {
  const step = benchStep(inputs, context)
  const run = await measureProcess([target.node24, path.join(target.dist, 'index.js')], step.env)
  return { ...run, outputs: parseOutputFile(readFileSync(step.outputFile, 'utf8')) }
}

function fingerprint(dir: string): string | undefined {
  if (!existsSync(path.join(dir, 'index.js'))) return undefined
  return readdirSync(dir)
    .map(name => `${name}:${statSync(path.join(dir, name)).mtimeMs}`)
    .join(',')
}

/**
 * Copies dist/ so that every section measures the same bytes: a test run in a shared tree may
 * rebuild dist/ while the bench runs. Waits for a build that stays unchanged while it is copied.
 */
export async function snapshotDist(): Promise<string> {
  const dist = path.join(REPO_ROOT, 'dist')
  for (let attempt = 0; attempt < 60; attempt++) {
    const before = fingerprint(dist)
    if (before !== undefined) {
      const copy = tempDir('dist-')
      cpSync(dist, copy, { recursive: true })
      await new Promise(resolve => setTimeout(resolve, 1000))
      if (fingerprint(dist) === before) return copy
    } else {
      await new Promise(resolve => setTimeout(resolve, 2000))
    }
  }
  throw new Error(
    'dist/index.js is missing or kept changing for two minutes: run `npm run bundle`.'
  )
}
