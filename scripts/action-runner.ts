// Runs the bundled action exactly as a runner does, for the end-to-end tests, the demo and the
// benchmarks: under Node 24, with INPUT_* variables (with action.yml defaults filled in), an event
// file, empty GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files, and the GITHUB_* context.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { actionDefaults } from './action-defaults.mjs'
import { REPO_ROOT, resolveNode24 } from './node24.mjs'

export const API_KEY = 'qa-e2e-secret-key-7f3c9a'

/** What a runner gives one step: its inputs, the event, and the environment around them. */
export interface RunnerStepOptions {
  inputs: Record<string, string>
  eventName?: string
  event?: unknown
  /** Extra or overriding environment variables (GITHUB_*, proxies, RUNNER_DEBUG, ...). */
  env?: Record<string, string | undefined>
  /** Where the step's files (event, output, summary) go; a new temporary directory by default. */
  dir?: string
  /** A sub-action: notify/action.yml's defaults and dist/notify/index.js; else the root's. */
  subAction?: 'notify' | 'greenlight' | 'terminate'
}

export interface ActionRunOptions extends RunnerStepOptions {
  /** Called once the process has started, e.g. to send it a signal. */
  onSpawn?: (child: ChildProcess) => void
  /** Kills the process after this long (a safety net for a hang, not an assertion; 60 s, room for
   * a step with thousands of runs on a loaded machine). */
  killAfterMs?: number
}

export interface WorkflowCommand {
  command: string
  properties: Record<string, string>
  message: string
}

export interface ActionRun {
  exitCode: number | null
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
  outputs: Record<string, string>
  outputFile: string
  summary: string
  commands: WorkflowCommand[]
  /** Every text the run produced, for secret scanning. */
  allText: string
}

export function runnerStep(options: RunnerStepOptions) {
  const dir = options.dir ?? mkdtempSync(path.join(tmpdir(), 'qa-greenlight-e2e-'))
  const outputFile = path.join(dir, 'output')
  const summaryFile = path.join(dir, 'summary.md')
  const eventFile = path.join(dir, 'event.json')
  writeFileSync(outputFile, '')
  writeFileSync(summaryFile, '')
  writeFileSync(eventFile, JSON.stringify(options.event ?? {}))
  const defaults = actionDefaults(path.join(options.subAction ?? '', 'action.yml'))
  const inputs: Record<string, string> = {
    ...defaults,
    // The runner evaluates this expression; a fake token stands in for it.
    ...('github-token' in defaults ? { 'github-token': 'ghs_e2eFakeToken' } : {}),
    ...options.inputs
  }
  const env: Record<string, string | undefined> = {
    PATH: process.env['PATH'],
    HOME: process.env['HOME'],
    GITHUB_ACTIONS: 'true',
    CI: 'true',
    GITHUB_OUTPUT: outputFile,
    GITHUB_STEP_SUMMARY: summaryFile,
    GITHUB_EVENT_PATH: eventFile,
    GITHUB_EVENT_NAME: options.eventName ?? 'workflow_dispatch',
    GITHUB_SHA: '0123456789abcdef0123456789abcdef01234567',
    GITHUB_REF: 'refs/heads/main',
    GITHUB_REF_NAME: 'main',
    GITHUB_REF_TYPE: 'branch',
    GITHUB_REPOSITORY: 'acme/shop',
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_API_URL: 'https://api.github.com',
    GITHUB_WORKSPACE: dir,
    RUNNER_TEMP: dir,
    // Node keeps the bundle's compiled code between runs: hundreds of test runs start faster.
    // The action does not notice: it is a cache of V8's own work, keyed by the file's content.
    NODE_COMPILE_CACHE: path.join(REPO_ROOT, '.tmp', 'node-compile-cache')
  }
  for (const [name, value] of Object.entries(inputs)) {
    env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = value
  }
  // spawn leaves out a variable whose value is undefined.
  return { env: { ...env, ...options.env }, inputs, outputFile, summaryFile }
}

// The behaviour tests run each step inside their own process (__tests__/helpers/in-process.ts);
// the end-to-end tests, the demo and the benchmarks leave this unset and start the bundle.
let stepRunner: ((options: ActionRunOptions) => Promise<ActionRun>) | undefined
export const runStepsWith = (runner: typeof stepRunner): void => void (stepRunner = runner)

export function runAction(options: ActionRunOptions): Promise<ActionRun> {
  if (stepRunner !== undefined) return stepRunner(options)
  const step = runnerStep(options)
  const { env } = step
  return new Promise<Written>((resolve, reject) => {
    const bundle = path.join(REPO_ROOT, 'dist', options.subAction ?? '', 'index.js')
    const child = spawn(resolveNode24(), [bundle], { env, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', chunk => (stdout += chunk))
    child.stderr.setEncoding('utf8').on('data', chunk => (stderr += chunk))
    const killer = setTimeout(() => child.kill('SIGKILL'), options.killAfterMs ?? 60_000)
    child.on('error', reject)
    child.on('close', (exitCode, signal) => {
      clearTimeout(killer)
      resolve({ exitCode, signal, stdout, stderr })
    })
    options.onSpawn?.(child)
  }).then(written => readBack(written, step))
}

type Written = Pick<ActionRun, 'exitCode' | 'signal' | 'stdout' | 'stderr'>

/**
 * What a step left, read back as a runner reads it. Every run is scanned, so no test can forget to
 * check for a leaked key; an expression nothing evaluated (`${{ secrets.X }}`) is no key: the
 * action treats it as unset.
 */
export function readBack(written: Written, step: ReturnType<typeof runnerStep>): ActionRun {
  const outputText = readFileSync(step.outputFile, 'utf8')
  const summary = readFileSync(step.summaryFile, 'utf8')
  const run: ActionRun = {
    ...written,
    outputs: parseOutputFile(outputText),
    outputFile: outputText,
    summary,
    commands: parseWorkflowCommands(written.stdout),
    allText: [written.stdout, written.stderr, outputText, summary].join('\n')
  }
  const secrets = [API_KEY, step.inputs['api-key'] ?? ''].filter(
    secret => secret.length >= 8 && !/\$\{\{[\s\S]*\}\}/.test(secret)
  )
  const leaks = secrets.flatMap(secret => secretExposures(run, secret))
  if (leaks.length === 0) return run
  const pieces = leaks.map(piece => JSON.stringify(piece)).join(', ')
  throw new Error(`The API key leaked, readable as ${pieces}:\n${run.allText}`)
}

/** Parses the `name<<delimiter` blocks that @actions/core writes to GITHUB_OUTPUT. */
export function parseOutputFile(text: string): Record<string, string> {
  const blocks = [...text.matchAll(/^([^<=\n]+)<<(.+)\n([\s\S]*?)\n\2$/gm)]
  return Object.fromEntries(blocks.map(block => [block[1]!, block[3]!]))
}

const unescaped = (value = ''): string =>
  value.replace(/%(0D|0A|3A|2C|25)/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))

/** Parses `::command key=value,...::message` lines from stdout. */
const parseWorkflowCommands = (stdout: string): WorkflowCommand[] =>
  stdout.split('\n').flatMap(line => {
    const [, command, pairs = '', message] = /^::([a-z-]+)( [^:]*)?::(.*)$/.exec(line) ?? []
    if (command === undefined) return []
    const properties = Object.fromEntries(
      [...pairs.matchAll(/([^\s,=]+)=([^,]*)/g)].map(([, key, value]) => [key, unescaped(value)])
    )
    return [{ command, properties, message: unescaped(message) }]
  })

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }

/**
 * The key, or any 8-character piece of it (a cut copy), in any text of the run as a reader would
 * get it back: workflow commands unescaped, character references, percent-encoding and backslash
 * escapes (a key quoted inside JSON) undone.
 */
export function secretExposures(run: ActionRun, key: string): string[] {
  const pieces = new Set([key, JSON.stringify(key).slice(1, -1)])
  for (let i = 0; i + 8 <= key.length; i++) pieces.add(key.slice(i, i + 8))
  // The key may appear only inside the runner's `::add-mask::` command.
  const stdout = run.stdout.replace(/^::add-mask::.*$/gm, '')
  const commands = run.commands
    .filter(c => c.command !== 'add-mask')
    .flatMap(c => [c.message, ...Object.values(c.properties)])
  // The output file's delimiters are random UUIDs, which can hold a piece of a UUID-like key.
  const outputFile = run.outputFile.replace(/ghadelimiter_[0-9a-f-]+/g, '')
  const views = [stdout, run.stderr, outputFile, run.summary, ...commands].flatMap(text => {
    const decoded = text
      .replace(/&#(\d+|x[0-9a-f]+);/gi, (_, code: string) =>
        String.fromCodePoint(Number(`0${code}`))
      )
      .replace(/&([a-z]+);/g, (whole, name: string) => NAMED[name] ?? whole)
      // Invalid UTF-8 is read as U+FFFD, as a browser does.
      .replace(/(%[0-9A-F]{2})+/gi, bytes => Buffer.from(bytes.replace(/%/g, ''), 'hex').toString())
    return [text, decoded, decoded.replace(/\\(.)/g, '$1')]
  })
  return views.flatMap(view => [...pieces].filter(piece => view.includes(piece)))
}

/**
 * The workflow commands a runner would execute from this stdout, read as the runner reads them:
 * `::name ...::` at the start of a line (after leading white space), else the legacy
 * `##[name ...]` anywhere in the line.
 */
export const runnerCommands = (stdout: string) =>
  stdout.split(/\r?\n/).flatMap(line => {
    const modern = /^\s*::([^\s:]+)[^:]*::/.exec(line)
    const found = modern ?? /##\[([^\s\]]+)[^\]]*\]/.exec(line)
    return found ? [{ form: modern ? '::' : '##[', name: found[1] ?? '', line }] : []
  })
