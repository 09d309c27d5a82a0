// `via: environment-terminated`: the legacy `environment_terminated` webhook, which stops the runs
// that target the environment. Only the service's own 404 or 409 is its word about the
// environment (a repeat); `code` decides a 200: only `terminated`, or none, is terminated.
import { errorMessage } from '../kernel/values.js'
import { isRecord } from '../kernel/values.js'
import { MAX_NOTE_CHARS, nonBlankText, truncateText } from '../kernel/text.js'
import { displayUrl } from '../kernel/parsers.js'
import type { LegacyTerminateSettings } from '../kernel/settings.js'
import { ServiceError } from '../kernel/retry.js'
import { postWithRetries } from '../kernel/retry.js'
import type { EnvironmentTermination, TerminationResponse } from '../kernel/answers.js'
import type { Ended, RouteDeps } from './route.js'

const LINES = {
  terminated: '✅ **Terminated:** the service stops the runs that target it.',
  'already-terminated': '⚠️ **Already terminated:** nothing left to do.',
  'not-found': '⚠️ **Not found:** the service knows no such environment; nothing to do.',
  failed: '⛔ **Not terminated:** the request failed.'
}

/** Exactly one way to name the environment, and the workspace when one is given. */
export function terminationBody(settings: LegacyTerminateSettings): EnvironmentTermination {
  return settings.workspaceId === undefined
    ? { ...settings.environment }
    : { ...settings.environment, workspaceId: settings.workspaceId }
}

export async function close(settings: LegacyTerminateSettings, deps: RouteDeps): Promise<Ended> {
  const target = settings.environment
  const name =
    'deploymentUrl' in target
      ? displayUrl(target.deploymentUrl)
      : 'environmentId' in target
        ? target.environmentId
        : target.environmentAlias
  // In words, never the request's field name: "the environment pr-17", not "environmentAlias pr-17".
  const named =
    'environmentAlias' in target
      ? `the environment ${name}`
      : 'environmentId' in target
        ? `the environment with ID ${name}`
        : `the environment at ${name}`
  deps.log(`Telling ${settings.baseUrl} that ${named} is gone.`)
  const failed = (message: string): Ended => ({
    outcome: 'failed',
    line: LINES.failed,
    name,
    message
  })
  let response: TerminationResponse
  try {
    response = await postWithRetries(
      signal => deps.client.terminateEnvironment(terminationBody(settings), signal),
      { ...deps, onRetry: deps.log }
    )
  } catch (error) {
    const status = error instanceof ServiceError && !error.foreign ? error.status : undefined
    if (status !== 404 && status !== 409) return failed(errorMessage(error))
    const outcome = status === 404 ? 'not-found' : 'already-terminated'
    const warning = 'QA environment not terminated now'
    return { outcome, line: LINES[outcome], name, message: errorMessage(error), warning }
  }
  const answer = readTerminationAnswer(response)
  if ('failure' in answer) return failed(answer.failure)
  if (answer.warning !== undefined) deps.warn(answer.warning, 'QA service warning')
  deps.log('The environment was terminated.')
  const id = answer.environmentId
  return {
    outcome: 'terminated',
    line: LINES.terminated,
    name,
    ...(id === undefined ? {} : { environmentId: id })
  }
}

type Answer = { environmentId?: string; warning?: string } | { failure: string }

/**
 * What a 200 says: terminated (with the environment's ID and the service's warning, which only
 * inform and are read as absent unless non-empty strings), or a failure in the service's words.
 * The older answer, `{ results: [{ environmentId, code }] }`, has one entry per environment.
 */
export function readTerminationAnswer(response: TerminationResponse): Answer {
  const results = response['results']
  if (response.code !== undefined || !Array.isArray(results)) return readOne(response)
  const answers = results.filter(isRecord).map(entry => readOne(entry))
  const [first] = answers
  if (first === undefined) return { failure: 'the service answered 200 with no result entry' }
  const failed = answers.find(answer => 'failure' in answer)
  if (failed !== undefined || 'failure' in first) return failed ?? first
  const warning = nonBlankText(response.warning)
  return warning === undefined ? first : { ...first, warning }
}

function readOne(answer: Record<string, unknown>): Answer {
  const code = answer['code']
  if (code !== undefined && code !== null && code !== 'terminated') {
    const said = nonBlankText(answer['error']) ?? nonBlankText(answer['message'])
    const shown = typeof code === 'string' ? `'${code}'` : JSON.stringify(code)
    return {
      failure: `the service answered 200 with code ${shown}, not 'terminated'${said === undefined ? '' : `: ${said}`}`
    }
  }
  const environmentId = nonBlankText(answer['environmentId'])
  const warning = nonBlankText(answer['warning'])
  return {
    ...(environmentId === undefined ? {} : { environmentId }),
    ...(warning === undefined ? {} : { warning: truncateText(warning, MAX_NOTE_CHARS) })
  }
}
