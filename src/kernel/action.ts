// What every entry runs (src/main.ts for the root action, src/entries/ for the sub-actions): the
// secrets masked and the one redactor built, the settings read once (nothing is sent on bad
// input), then the mode; cancellation and crashes end the step with the mode's outputs set.
import * as core from '@actions/core'
import { setMaxListeners } from 'node:events'
import { setTimeout as sleep } from 'node:timers/promises'
import * as io from './io.js'
import { renderInputErrorSummary, summaryForms } from './markdown.js'
import { createServiceClient, type ServiceClient } from './service.js'
import { readSettings, secretInputs } from './inputs.js'
import { Redactor } from './secrets.js'
import { InputError, type Settings } from './settings.js'
import type { Clock } from './time.js'
import { errorMessage } from './values.js'

export interface ModeDeps {
  client: ServiceClient
  clock: Clock
  random: () => number
  signal: AbortSignal
  env: NodeJS.ProcessEnv
}

/** A mode's face: its outputs when nothing could be done, and how it runs. */
interface Mode<S extends Settings> {
  emptyOutputs: Readonly<Record<string, string>>
  run(settings: S, deps: ModeDeps): Promise<void>
}

/** Each loaded on demand or imported: a sub-action's bundle holds its own mode's code alone. */
export type ModeLoaders = {
  [M in Settings['mode']]?: () => Promise<Mode<Extract<Settings, { mode: M }>>>
}

/** A sub-action's entry gives its one mode, which it runs without a `mode` input. */
export async function runAction(modes: ModeLoaders): Promise<void> {
  const [only, ...others] = Object.keys(modes) as Settings['mode'][]
  const fixedMode = others.length === 0 ? only : undefined
  const controller = new AbortController()
  // Every run polled at once listens for cancellation: many run IDs are not a leak.
  setMaxListeners(0, controller.signal)
  const load = async (mode: string) =>
    (await (Object.hasOwn(modes, mode) ? modes[mode as Settings['mode']] : undefined)?.()) as
      Mode<Settings> | undefined
  let face: Mode<Settings> | undefined
  // Left installed after the run: a stray rejection later must still fail the step.
  const onCrash = (error: unknown): void => {
    try {
      if (face) io.setOutputs(face.emptyOutputs)
    } catch {
      // The outputs file may be what failed: the step still ends with its one message.
    }
    io.setFailed(`qa-greenlight crashed: ${errorMessage(error)}`)
    process.exit(1)
  }
  for (const event of ['uncaughtException', 'unhandledRejection']) process.on(event, onCrash)
  const onSignal = (signal: NodeJS.Signals): void => {
    if (controller.signal.aborted) return
    io.info(`Received ${signal}: stopping.`)
    controller.abort()
    process.exitCode = 1
    // The runner kills a cancelled step a few seconds after SIGINT; stop well before that.
    setTimeout(() => process.exit(1), 1800).unref()
  }
  const signals = ['SIGINT', 'SIGTERM'] as const
  for (const signal of signals) process.on(signal, onSignal)
  // Loaded before anything can fail, so that a failure sets the outputs of the mode asked for.
  face = await load(fixedMode ?? core.getInput('mode').toLowerCase())
  const input = (name: string): string =>
    name === 'mode' && fixedMode !== undefined ? fixedMode : core.getInput(name)
  try {
    // Before anything is logged: the one redactor. The runner already masks the token it passes
    // (`github.token`), so only the key gets a mask command.
    const redactor = new Redactor()
    for (const { name, value } of secretInputs(input)) {
      if (name === 'api-key') core.setSecret(value)
      // The summary escapes text, which changes a secret's spelling there too.
      redactor.add(value, summaryForms(value))
    }
    io.useRedactor(redactor)
    const { settings, warnings } = readSettings(input, {
      redactor,
      eventName: process.env['GITHUB_EVENT_NAME']
    })
    for (const warning of warnings) io.warning(warning)
    // For the tests of whole steps only: they cannot wait a request's deadline (up to 5 minutes).
    const testTimeoutMs = Number(process.env['QA_GREENLIGHT_TEST_REQUEST_TIMEOUT_MS'])
    const client = createServiceClient({
      baseUrl: settings.baseUrl,
      apiKey: settings.apiKey,
      redact: text => redactor.redact(text),
      ...(testTimeoutMs > 0 ? { requestTimeoutMs: testTimeoutMs } : {})
    })
    face ??= await load(settings.mode)
    if (face === undefined) throw new Error(`this entry does not run ${settings.mode} mode`)
    const clock: Clock = {
      // Monotonic: a wall-clock step (NTP) must not stretch or cut the wait for a verdict.
      now: () => performance.now(),
      // An abort ends the wait early, without an error.
      sleep: (ms, signal) => sleep(Math.max(0, ms), undefined, { signal }).catch(() => undefined)
    }
    const { signal } = controller
    await face.run(settings, { client, clock, random: Math.random, signal, env: process.env })
  } catch (error) {
    if (face) io.setOutputs(face.emptyOutputs)
    if (!(error instanceof InputError))
      return io.setFailed(`qa-greenlight failed unexpectedly: ${errorMessage(error)}`)
    io.setFailed(error.message)
    // The `summary` input, itself maybe the refused one: true unless it reads as false.
    if (!/^(false|False|FALSE)$/.test(core.getInput('summary')))
      await io.writeSummary(renderInputErrorSummary(error, core.getInput('label')))
  } finally {
    for (const signal of signals) process.off(signal, onSignal)
  }
}

// Once the verdict is out, a socket that a stuck proxy keeps open must not hold the step. The log
// is not always written synchronously, so the step ends when the event loop is empty and is forced
// out a second later (exiting at once could lose the last log lines).
export const exitAfter = (running: Promise<void>): void =>
  void running.finally(() => setTimeout(() => process.exit(), 1000).unref())
