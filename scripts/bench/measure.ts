// A process spawner that measures what the benchmarks need: whole-process wall time and peak RSS.
// Peak RSS comes from GNU time (`/usr/bin/time -f %M`), which reads the kernel's rusage of the
// reaped child (ru_maxrss): exact, and nothing is injected into the measured process. Every
// variant runs under the same wrapper, so its own fork/exec cost cancels out of the ratios.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parse } from 'yaml'
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
  /** Peak resident set size in KiB; undefined without /usr/bin/time. */
  peakRssKiB?: number
  exitCode: number | null
  stdout: string
  stderr: string
}

export function measureProcess(argv: string[], env: Record<string, string>): Promise<Measured> {
  const rssFile = path.join(tempDir('rss-'), 'rss')
  const command = HAS_GNU_TIME ? [GNU_TIME, '-f', '%M', '-o', rssFile, ...argv] : argv
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const child = spawn(command[0] ?? '', command.slice(1), {
      env,
      stdio: ['ignore', 'pipe', 'pipe']
    })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', chunk => (stdout += chunk))
    child.stderr.setEncoding('utf8').on('data', chunk => (stderr += chunk))
    let wallMs = 0
    child.on('exit', () => (wallMs = performance.now() - started))
    child.on('error', reject)
    child.on('close', exitCode => {
      const rss = HAS_GNU_TIME
        ? Number(readFileSync(rssFile, 'utf8').trim().split('\n').pop())
        : NaN
      resolve({
        wallMs,
        ...(Number.isFinite(rss) ? { peakRssKiB: rss } : {}),
        exitCode,
        stdout,
        stderr
      })
    })
  })
}

let inputDefaults: Record<string, string> | undefined

/**
 * The environment a runner gives a JavaScript action (as scripts/action-runner.ts builds it):
 * INPUT_* with action.yml defaults filled in, an event file, and GITHUB_OUTPUT/STEP_SUMMARY files.
 */
export function runnerEnv(inputs: Record<string, string>): Record<string, string> {
  if (!inputDefaults) {
    const action = parse(readFileSync(path.join(REPO_ROOT, 'action.yml'), 'utf8')) as {
      inputs: Record<string, { default?: string }>
    }
    inputDefaults = Object.fromEntries(
      Object.entries(action.inputs).map(([name, spec]) => [name, spec.default ?? ''])
    )
  }
  const dir = tempDir('run-')
  const file = (name: string, text: string): string => {
    writeFileSync(path.join(dir, name), text)
    return path.join(dir, name)
  }
  const env: Record<string, string> = {
    PATH: process.env['PATH'] ?? '',
    HOME: process.env['HOME'] ?? '',
    GITHUB_ACTIONS: 'true',
    CI: 'true',
    GITHUB_OUTPUT: file('output', ''),
    GITHUB_STEP_SUMMARY: file('summary.md', ''),
    GITHUB_EVENT_PATH: file('event.json', '{}'),
    GITHUB_EVENT_NAME: 'workflow_dispatch',
    GITHUB_SHA: '0123456789abcdef0123456789abcdef01234567',
    GITHUB_REF: 'refs/heads/main',
    GITHUB_REF_NAME: 'main',
    GITHUB_REF_TYPE: 'branch',
    GITHUB_REPOSITORY: 'acme/shop',
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_API_URL: 'https://api.github.com',
    GITHUB_WORKSPACE: dir,
    RUNNER_TEMP: dir
  }
  const all = { ...inputDefaults, 'github-token': 'ghs_benchFakeToken', ...inputs }
  for (const [name, value] of Object.entries(all)) {
    env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = value
  }
  return env
}
