// terminate mode: the last step of a preview environment's life. Tells the service the ephemeral
// environment is gone, so that it stops the runs targeting it. A clean-up step must be safe to
// repeat: an environment the service does not know (404) or already closed (409) is a warning.
import * as io from '../render/action-io.js'
import type { Clock } from '../core/clock.js'
import { logPrefix, type TerminateSettings } from '../inputs/settings.js'
import { postWithRetries } from '../service/post-retries.js'
import type { ServiceClient } from '../service/client.js'
import { ServiceError } from '../service/errors.js'
import { errorMessage } from '../core/error-message.js'
import { displayUrl } from '../core/urls.js'
import { renderTerminateSummary, terminationBody, type TerminateOutcome } from './termination.js'

export interface TerminateDeps {
  client: ServiceClient
  clock: Clock
  random: () => number
  signal: AbortSignal
}

export async function runTerminate(
  settings: TerminateSettings,
  deps: TerminateDeps
): Promise<void> {
  const labelPrefix = logPrefix(settings)
  const body = terminationBody(settings)
  const [[field, given]] = Object.entries(settings.environment) as [[string, string]]
  const name = field === 'deploymentUrl' ? displayUrl(given) : given
  io.info(
    `${labelPrefix}Telling ${settings.baseUrl} that the environment ${field} ${name} is gone.`
  )
  let outcome: TerminateOutcome
  let environmentId: string | undefined
  let message: string | undefined
  try {
    const response = await postWithRetries(
      signal => deps.client.terminateEnvironment(body, signal),
      { ...deps, onRetry: line => io.info(`${labelPrefix}${line}`) }
    )
    outcome = 'terminated'
    environmentId = response.environmentId ?? undefined
    if (response.warning) io.warning(`${labelPrefix}${response.warning}`, 'QA service warning')
  } catch (error) {
    const status = error instanceof ServiceError ? error.status : undefined
    message = errorMessage(error)
    if (status !== 404 && status !== 409) {
      io.setOutputs({ outcome: '', 'environment-id': '' })
      await writeSummary(settings, { outcome: 'failed', name, message })
      io.setFailed(`${labelPrefix}The environment termination failed: ${message}`)
      return
    }
    outcome = status === 404 ? 'not-found' : 'already-terminated'
    io.warning(`${labelPrefix}${message}`, 'QA environment not terminated now')
  }
  io.setOutputs({ outcome, 'environment-id': environmentId ?? '' })
  if (outcome === 'terminated') io.info(`${labelPrefix}The environment was terminated.`)
  await writeSummary(settings, { outcome, name, environmentId, message })
}

async function writeSummary(
  settings: TerminateSettings,
  content: Parameters<typeof renderTerminateSummary>[0]['result']
): Promise<void> {
  if (!settings.summary) return
  await io.writeSummary(renderTerminateSummary({ label: settings.label, result: content }))
}
