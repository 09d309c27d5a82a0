// The behaviour project's set-up (jest.config.js): every step a test runs goes through the
// action's own entry (src/main.ts's `run`, or a sub-action's `runAction` with its mode), inside
// the test's process instead of a new Node process per step. What a step sees is what the bundle
// sees under a runner (INPUT_* variables with action.yml's defaults, the event file, GITHUB_OUTPUT,
// GITHUB_STEP_SUMMARY, the service and GitHub over real HTTP on loopback); what it writes is read
// back the same way (stdout's workflow commands, both files, the exit code) and scanned for the
// key. What only a process can show (signals, crashes, a sub-action's bundle, proxies, leaks to
// stderr) is the end-to-end project's.
import {
  readBack,
  runnerStep,
  runStepsWith,
  type ActionRun,
  type ActionRunOptions
} from '../../scripts/action-runner.js'
import { runAction } from '../../src/kernel/action.js'

// The root action's own run(); each sub-action's entry runs its mode alone, as below (the entries
// run at import, so they are spelled again here).
const ENTRIES: Record<NonNullable<ActionRunOptions['subAction']> | 'root', () => Promise<void>> = {
  root: async () => (await import('../../src/main.js')).run(),
  notify: async () => {
    const { notifyMode } = await import('../../src/notify/run.js')
    return runAction({ notify: async () => notifyMode })
  },
  greenlight: () =>
    runAction({ greenlight: async () => (await import('../../src/gate/run.js')).greenlightMode }),
  terminate: () =>
    runAction({ terminate: async () => (await import('../../src/terminate/run.js')).terminateMode })
}

// A step owns the process while it runs (its environment, exit code and standard streams), so
// steps run one at a time: two started together run one after the other.
let queue: Promise<unknown> = Promise.resolve()
const HANDLED: readonly string[] = ['uncaughtException', 'unhandledRejection', 'SIGINT', 'SIGTERM']

function runInProcess(options: ActionRunOptions): Promise<ActionRun> {
  if (options.onSpawn !== undefined) {
    throw new Error('A step that needs its own process (onSpawn) belongs in __tests__/e2e.')
  }
  const step = queue.then(() => runOnce(options))
  queue = step.catch(() => undefined)
  return step
}

async function runOnce(options: ActionRunOptions): Promise<ActionRun> {
  const step = runnerStep(options)
  const saved = { ...process.env }
  const listening = HANDLED.map(event => [event, process.listeners(event as 'SIGINT')] as const)
  const written = { stdout: '', stderr: '' }
  const writers = { stdout: process.stdout.write, stderr: process.stderr.write }
  const capture = (stream: 'stdout' | 'stderr') =>
    ((chunk: string | Uint8Array) => {
      written[stream] += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString()
      return true
    }) as typeof process.stdout.write
  setEnvironment(step.env)
  process.stdout.write = capture('stdout')
  process.stderr.write = capture('stderr')
  process.exitCode = undefined
  let exitCode: number
  // The bundle runner's kill bound, here: a hung step fails its test and gives the process back.
  const killAfterMs = options.killAfterMs ?? 60_000
  let killer: NodeJS.Timeout | undefined
  const hung = new Promise<never>((_, reject) => {
    killer = setTimeout(
      () => reject(new Error(`The step did not end within ${killAfterMs} ms.`)),
      killAfterMs
    )
  })
  try {
    await Promise.race([ENTRIES[options.subAction ?? 'root'](), hung])
  } finally {
    clearTimeout(killer)
    exitCode = Number(process.exitCode ?? 0)
    process.exitCode = undefined
    Object.assign(process.stdout, { write: writers.stdout })
    Object.assign(process.stderr, { write: writers.stderr })
    // runAction leaves its crash handlers installed for the rest of a process's life: not here.
    for (const [event, before] of listening) {
      for (const listener of process.listeners(event as 'SIGINT')) {
        if (!before.includes(listener)) process.off(event, listener)
      }
    }
    setEnvironment(saved)
  }
  return readBack({ exitCode, signal: null, ...written }, step)
}

function setEnvironment(env: Record<string, string | undefined>): void {
  for (const name of Object.keys(process.env)) delete process.env[name]
  for (const [name, value] of Object.entries(env))
    if (value !== undefined) process.env[name] = value
}

runStepsWith(runInProcess)
