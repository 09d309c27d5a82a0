// Runs the bundle as a runner does and measures it: whole-process wall time, exit instant, and
// peak RSS from GNU time (`/usr/bin/time -f %M`, the kernel's ru_maxrss of the reaped child:
// nothing is injected into the measured process, and every variant runs under the same wrapper).
// Also what the sections share: their result type, a median and the units.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseOutputFile, runnerStep, type RunnerStepOptions } from '../action-runner.js'

export type Row = [measure: string, result: string, target?: string, met?: boolean]

/** One benchmark's rows, and what the write-up says of how they were measured. */
export type Section = { benchmark: string; rows: Row[]; notes: string }

/** What the bench runs: a Node 24 binary and a private copy of dist/. */
export type Target = { node24: string; dist: string }

const GNU_TIME = '/usr/bin/time'
export const HAS_GNU_TIME = existsSync(GNU_TIME)

const BENCH_TMP = mkdtempSync(path.join(tmpdir(), 'qa-bench-'))
process.on('exit', () => rmSync(BENCH_TMP, { recursive: true, force: true }))

/** A fresh directory, removed when the bench exits. */
export const tempDir = (prefix: string): string => mkdtempSync(path.join(BENCH_TMP, prefix))

/** The linear-interpolated median of a non-empty list. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const at = (sorted.length - 1) / 2
  const low = sorted[Math.floor(at)] ?? NaN
  return low + ((sorted[Math.ceil(at)] ?? low) - low) * (at - Math.floor(at))
}

export const ms = (value: number): string => `${value.toFixed(value < 10 ? 1 : 0)} ms`
export const mib = (kib: number): string => `${(kib / 1024).toFixed(1)} MiB`
export const times = (ratio: number): string => `${ratio.toFixed(2)}×`

/** A row with a target: `value` shown by `show`, met when it is at most `limit`. */
export function atMost(measure: string, value: number, limit: number, show = times): Row {
  return [measure, show(value), `≤ ${show(limit)}`, value <= limit]
}

/** Wall time, exit instant (Date.now, the emulator's clock), peak RSS (KiB; NaN without it). */
export type Measured = Awaited<ReturnType<typeof measureProcess>>

export async function measureProcess(argv: string[], env: NodeJS.ProcessEnv) {
  const rssFile = path.join(tempDir('rss-'), 'rss')
  const command = HAS_GNU_TIME ? [GNU_TIME, '-f', '%M', '-o', rssFile, ...argv] : argv
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
  const [exitCode] = (await once(child, 'close')) as [number | null]
  const rss = HAS_GNU_TIME ? Number(readFileSync(rssFile, 'utf8').trim().split('\n').pop()) : NaN
  return { wallMs, exitedAt, peakRssKiB: rss, exitCode, stderr }
}

type Inputs = Record<string, string>
type StepContext = Omit<RunnerStepOptions, 'inputs'>

/** A runner's step (scripts/action-runner.ts), its files in a directory the bench removes. */
export function benchStep(inputs: Inputs, context: StepContext = {}) {
  return runnerStep({ ...context, inputs, dir: tempDir('run-') })
}

/** Runs the root bundle once as a runner would, measured, with the outputs it set. */
export async function runBundle(target: Target, inputs: Inputs, context: StepContext = {}) {
  const step = benchStep(inputs, context)
  const run = await measureProcess([target.node24, path.join(target.dist, 'index.js')], step.env)
  const output = readFileSync(step.outputFile, 'utf8')
  return { ...run, outputs: parseOutputFile(output), outputBytes: Buffer.byteLength(output), step }
}

/** A copy of dist/, so that every section measures the same bytes while a test run rebuilds it. */
export function snapshotDist(dist: string): string {
  if (!existsSync(path.join(dist, 'index.js'))) throw new Error('No dist/: run `npm run bundle`.')
  const copy = tempDir('dist-')
  cpSync(dist, copy, { recursive: true })
  return copy
}
