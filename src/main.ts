// Entry point logic: settings first (nothing is sent on bad input), then the chosen mode.
import * as core from '@actions/core'
import { setMaxListeners } from 'node:events'
import * as io from './render/action-io.js'
import { realClock } from './core/clock.js'
import { readGitHubContext } from './github/event-context.js'
import { runGreenlight } from './greenlight/run-greenlight.js'
import { InputError } from './core/input-error.js'
import { parseBoolean, readSettings, usableDefault } from './inputs/read-settings.js'
import { renderInputErrorSummary } from './render/input-error-summary.js'
import { EMPTY_NOTIFY_OUTPUTS, runNotify } from './notify/run-notify.js'
import { createServiceClient } from './service/client.js'
import { runTerminate } from './terminate/run-terminate.js'
import { aggregateVerdict, verdictOutputs } from './greenlight/verdict.js'
import { errorMessage } from './core/error-message.js'

/** The runner kills a cancelled step a few seconds after SIGINT; stop well before that. */
const FORCED_EXIT_AFTER_SIGNAL_MS = 1800

export async function run(): Promise<void> {
  const controller = new AbortController()
  // Every run polled at once listens for cancellation (sleep, request, driver): many run IDs are
  // not a leak.
  setMaxListeners(0, controller.signal)
  const mode = core.getInput('mode').toLowerCase()
  // Left installed after run() returns: a stray rejection later must still fail the step.
  installCrashHandlers(mode)
  const stopSignalHandlers = installSignalHandlers(controller)
  try {
    // Mask before anything can be logged, including input errors.
    io.registerSecret(core.getInput('api-key'))
    const { settings, warnings } = readSettings(name => core.getInput(name))
    for (const warning of warnings) io.warning(warning)

    const client = createServiceClient({ baseUrl: settings.baseUrl, apiKey: settings.apiKey })
    const deps = { client, clock: realClock, random: Math.random, signal: controller.signal }
    if (settings.mode === 'notify') {
      await runNotify(settings, { ...deps, context: readGitHubContext(process.env) })
    } else if (settings.mode === 'terminate') {
      await runTerminate(settings, deps)
    } else {
      await runGreenlight(settings, { ...deps, env: process.env })
    }
  } catch (error) {
    setErrorOutputs(mode)
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

function installCrashHandlers(mode: string): void {
  const onCrash = (error: unknown): void => {
    try {
      setErrorOutputs(mode)
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
function setErrorOutputs(mode: string): void {
  if (mode === 'greenlight') io.setOutputs(verdictOutputs(aggregateVerdict([])))
  if (mode === 'notify') io.setOutputs(EMPTY_NOTIFY_OUTPUTS)
  if (mode === 'terminate') io.setOutputs({ outcome: '', 'environment-id': '' })
}

/** The `summary` input once settings were refused: true (its default) unless it reads as false. */
function summaryWanted(): boolean {
  try {
    return parseBoolean('summary', core.getInput('summary') || usableDefault('summary'))
  } catch {
    return true
  }
}
