// terminate mode: the last step of a preview environment's life. Tells the service the ephemeral
// environment is gone, so that it stops the runs targeting it (`via: environment-terminated`), or
// closes it on the current path (current-path.ts). A clean-up step must be safe to repeat: an
// environment the service does not know (404) or already closed (409) is a warning.
import * as io from '../kernel/io.js'
import type { Clock } from '../core/clock.js'
import { readGitHubContext } from '../github/event-context.js'
import {
  logPrefix,
  type CurrentPathTerminateSettings,
  type LegacyTerminateSettings,
  type TerminateSettings
} from '../inputs/settings.js'
import { postWithRetries } from '../service/post-retries.js'
import type { ServiceClient } from '../service/client.js'
import { ServiceError } from '../service/errors.js'
import { errorMessage } from '../core/error-message.js'
import { displayUrl } from '../core/urls.js'
import {
  readTerminationAnswer,
  renderTerminateSummary,
  terminationBody,
  type TerminateOutcome
} from './termination.js'
import {
  markGitHubDeploymentsInactive,
  reportEnvironmentInactive,
  type CurrentPathResult
} from './current-path.js'

/** Every terminate output with its "nothing happened" value, so that none is ever missing. */
export const EMPTY_TERMINATE_OUTPUTS: Readonly<Record<string, string>> = {
  outcome: '',
  'environment-id': ''
}

export interface TerminateDeps {
  client: ServiceClient
  clock: Clock
  random: () => number
  signal: AbortSignal
  env: NodeJS.ProcessEnv
}

export async function runTerminate(
  settings: TerminateSettings,
  deps: TerminateDeps
): Promise<void> {
  if (settings.via === 'environment-terminated') return terminateLegacy(settings, deps)
  const context = readGitHubContext(deps.env)
  const result =
    settings.via === 'github-deployment'
      ? await markGitHubDeploymentsInactive(settings, { ...deps, context })
      : await reportEnvironmentInactive(settings, { ...deps, context })
  await finishCurrentPath(settings, result)
}

async function finishCurrentPath(
  settings: CurrentPathTerminateSettings,
  result: CurrentPathResult
): Promise<void> {
  const name = settings.environmentName
  if (result.outcome === 'failed') return fail(settings, name, result.message)
  const prefix = logPrefix(settings)
  io.setOutputs({ outcome: result.outcome, 'environment-id': '' })
  if ('warning' in result && result.warning === true) {
    io.warning(`${prefix}${result.message}`, 'Preview environment not closed now')
  } else io.info(`${prefix}${result.message}`)
  await writeSummary(settings, { outcome: result.outcome, name, message: result.message })
}

async function terminateLegacy(
  settings: LegacyTerminateSettings,
  deps: TerminateDeps
): Promise<void> {
  const labelPrefix = logPrefix(settings)
  const body = terminationBody(settings)
  const target = settings.environment
  const [given] = Object.values(target) as [string]
  const name = 'deploymentUrl' in target ? displayUrl(given) : given
  // In words, never the request's field name: "the environment pr-17", not "environmentAlias pr-17".
  const named =
    'environmentAlias' in target
      ? `the environment ${target.environmentAlias}`
      : 'environmentId' in target
        ? `the environment with ID ${target.environmentId}`
        : `the environment at ${displayUrl(target.deploymentUrl)}`
  io.info(`${labelPrefix}Telling ${settings.baseUrl} that ${named} is gone.`)
  let outcome: TerminateOutcome
  let environmentId: string | undefined
  let message: string | undefined
  try {
    const response = await postWithRetries(
      signal => deps.client.terminateEnvironment(body, signal),
      { ...deps, onRetry: line => io.info(`${labelPrefix}${line}`) }
    )
    const answer = readTerminationAnswer(response)
    if (!answer.terminated) return await fail(settings, name, answer.message)
    outcome = 'terminated'
    environmentId = answer.environmentId
    if (answer.warning) io.warning(`${labelPrefix}${answer.warning}`, 'QA service warning')
  } catch (error) {
    // Only the service's own 404 or 409 is its word about the environment; another server's page
    // with that status is a wrong address.
    const serviceSaid = error instanceof ServiceError && !error.foreign
    const status = serviceSaid ? error.status : undefined
    message = errorMessage(error)
    if (status !== 404 && status !== 409) return await fail(settings, name, message)
    outcome = status === 404 ? 'not-found' : 'already-terminated'
    io.warning(`${labelPrefix}${message}`, 'QA environment not terminated now')
  }
  io.setOutputs({ outcome, 'environment-id': environmentId ?? '' })
  if (outcome === 'terminated') io.info(`${labelPrefix}The environment was terminated.`)
  await writeSummary(settings, { outcome, name, environmentId, message })
}

/** The terminate mode as action.ts runs it. */
export const terminateMode = { emptyOutputs: EMPTY_TERMINATE_OUTPUTS, run: runTerminate }

async function fail(settings: TerminateSettings, name: string, message: string): Promise<void> {
  io.setOutputs(EMPTY_TERMINATE_OUTPUTS)
  await writeSummary(settings, { outcome: 'failed', name, message })
  io.setFailed(`${logPrefix(settings)}The environment termination failed: ${message}`)
}

async function writeSummary(
  settings: TerminateSettings,
  content: Parameters<typeof renderTerminateSummary>[0]['result']
): Promise<void> {
  if (!settings.summary) return
  await io.writeSummary(
    renderTerminateSummary({ label: settings.label, via: settings.via, result: content })
  )
}
