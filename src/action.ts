// What every entry runs (src/main.ts for the root action with `mode`, src/entries/ for the
// sub-actions): settings first (nothing is sent on bad input), then the mode.
import * as core from '@actions/core'
import { setMaxListeners } from 'node:events'
import * as io from './kernel/io.js'
import { realClock } from './core/clock.js'
import { InputError } from './core/input-error.js'
import { parseBoolean, readSettings, secretInputs, usableDefault } from './inputs/read-settings.js'
import type { Settings } from './inputs/settings.js'
import { renderInputErrorSummary } from './kernel/markdown.js'
import { createServiceClient, type ServiceClient } from './service/client.js'
import { errorMessage } from './core/error-message.js'
import type { Clock } from './core/clock.js'

/** What every mode gets; each takes the part it needs. */
export interface ModeDeps {
  client: ServiceClient
  clock: Clock
  random: () => number
  signal: AbortSignal
  env: NodeJS.ProcessEnv
}

/** One face per mode: its outputs when nothing could be done, and how it runs. */
export interface Mode<S extends Settings> {
  emptyOutputs: Readonly<Record<string, string>>
  run(settings: S, deps: ModeDeps): Promise<void>
}

/**
 * How to load each mode's face that an entry offers. An entry names only the modes it offers, and
 * may import a face rather than load it on demand (notify's, whose cold start has a target): a
 * sub-action's bundle holds its own mode's code alone, and the root action's notify step neither
 * loads nor evaluates the greenlight or terminate code (cold start, BENCHMARKS.md).
 */
export type ModeLoaders = {
  [M in Settings['mode']]?: () => Promise<Mode<Extract<Settings, { mode: M }>>>
}

function offered(modes: ModeLoaders, name: string): name is Settings['mode'] {
  return Object.hasOwn(modes, name)
}

async function loadMode(modes: ModeLoaders, mode: Settings['mode']): Promise<Mode<Settings>> {
  const load = modes[mode]
  // readSettings accepts only the modes there are, and every entry offers the one it reads.
  if (load === undefined) throw new Error(`this entry does not run ${mode} mode`)
  // The settings are of the mode they name, which the table's type cannot see through.
  return (await load()) as Mode<Settings>
}

/** The runner kills a cancelled step a few seconds after SIGINT; stop well before that. */
const FORCED_EXIT_AFTER_SIGNAL_MS = 1800

/**
 * Runs the action. A sub-action passes `fixedMode`: it has no `mode` input, and the one mode it
 * offers is read as if `mode` named it.
 */
export async function runAction(modes: ModeLoaders, fixedMode?: Settings['mode']): Promise<void> {
  const controller = new AbortController()
  // Every run polled at once listens for cancellation (sleep, request, driver): many run IDs are
  // not a leak.
  setMaxListeners(0, controller.signal)
  let face: Mode<Settings> | undefined
  // Left installed after run() returns: a stray rejection later must still fail the step.
  installCrashHandlers(() => face)
  const stopSignalHandlers = installSignalHandlers(controller)
  // Loaded before anything can fail, so that a failure sets the outputs of the mode asked for.
  const named = fixedMode ?? core.getInput('mode').toLowerCase()
  face = offered(modes, named) ? await loadMode(modes, named) : undefined
  try {
    const input = (name: string): string =>
      name === 'mode' && fixedMode !== undefined ? fixedMode : core.getInput(name)
    // Before anything can be logged, input errors included: every secret input, so that no piece
    // of the GitHub token shows either when GitHub echoes it. The runner already masks the token
    // it passes (`github.token`, a secret), so only the key gets a mask command.
    const secrets = secretInputs(input)
    for (const { name, value } of secrets) io.registerSecret(value, { mask: name === 'api-key' })
    const { settings, warnings } = readSettings(input, secrets)
    for (const warning of warnings) io.warning(warning)

    const client = createServiceClient({
      baseUrl: settings.baseUrl,
      apiKey: settings.apiKey,
      ...requestTimeout(process.env)
    })
    const deps = {
      client,
      clock: realClock,
      random: Math.random,
      signal: controller.signal,
      env: process.env
    }
    face ??= await loadMode(modes, settings.mode)
    await face.run(settings, deps)
  } catch (error) {
    setErrorOutputs(face)
    if (error instanceof InputError) {
      io.setFailed(error.message)
      if (summaryWanted()) {
        await io.writeSummary(renderInputErrorSummary(error, core.getInput('label')))
      }
    } else io.setFailed(`qa-greenlight failed unexpectedly: ${errorMessage(error)}`)
  } finally {
    stopSignalHandlers()
  }
}

/**
 * A hook for the end-to-end tests only, not an input: they cannot wait the 30 s of a request's
 * deadline to see what a service that trickles its headers costs.
 */
function requestTimeout(env: NodeJS.ProcessEnv): { requestTimeoutMs?: number } {
  const ms = Number(env['QA_GREENLIGHT_TEST_REQUEST_TIMEOUT_MS'])
  return Number.isFinite(ms) && ms > 0 ? { requestTimeoutMs: ms } : {}
}

function installSignalHandlers(controller: AbortController): () => void {
  const onSignal = (signal: NodeJS.Signals): void => {
    if (controller.signal.aborted) return
    io.info(`Received ${signal}: stopping.`)
    controller.abort()
    process.exitCode = 1
    // Whatever happens in the graceful path, the step must end promptly once cancelled.
    setTimeout(() => process.exit(1), FORCED_EXIT_AFTER_SIGNAL_MS).unref()
  }
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)
  return () => {
    process.off('SIGINT', onSignal)
    process.off('SIGTERM', onSignal)
  }
}

function installCrashHandlers(currentMode: () => Mode<Settings> | undefined): void {
  const onCrash = (error: unknown): void => {
    try {
      setErrorOutputs(currentMode())
    } catch {
      // The outputs file itself may be what failed (GITHUB_OUTPUT naming no file); the step
      // must still end with its one error message, not a second crash.
    }
    io.setFailed(`qa-greenlight crashed: ${errorMessage(error)}`)
    process.exit(1)
  }
  process.on('uncaughtException', onCrash)
  process.on('unhandledRejection', onCrash)
}

/** Every output of the mode, so that later steps never read a missing one. */
function setErrorOutputs(face: Mode<Settings> | undefined): void {
  if (face) io.setOutputs(face.emptyOutputs)
}

/** The `summary` input once settings were refused: true (its default) unless it reads as false. */
function summaryWanted(): boolean {
  try {
    return parseBoolean('summary', core.getInput('summary') || usableDefault('summary'))
  } catch {
    return true
  }
}

/**
 * Once the verdict is out (outputs, summary, exit code), nothing is left to do: a socket that a
 * stuck proxy or server keeps open must not hold the step. The output and summary files are
 * written synchronously; the log is not always (Node writes to a pipe asynchronously on POSIX),
 * so the step ends when the event loop is empty, as a pending log write keeps it busy, and is
 * forced out only a second later. Exiting at once would save about a millisecond of cold start
 * (BENCHMARKS.md) at the risk of losing the last log lines.
 */
const EXIT_AFTER_RUN_MS = 1000

/** What an entry point does with the run: let it end, then exit a second later at most. */
export function exitAfter(running: Promise<void>): void {
  void running.finally(() => setTimeout(() => process.exit(), EXIT_AFTER_RUN_MS).unref())
}
