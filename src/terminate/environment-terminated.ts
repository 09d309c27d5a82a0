// `via: environment-terminated`: the legacy `environment_terminated` webhook, which stops the runs
// that target the environment. Only the service's own 404 or 409 is its word about the
// environment (a repeat); `code` decides a 200: only `terminated`, or none, is terminated.
import { errorMessage, isRecord } from '../kernel/values.js'
import { MAX_NOTE_CHARS, nonBlankText, truncateText } from '../kernel/text.js'
import { displayUrl } from '../kernel/parsers.js'
import type { LegacyTerminateSettings } from '../kernel/settings.js'
import { postWithRetries, ServiceError } from '../kernel/retry.js'
import { endedWith, type Ended, type RouteDeps } from './route.js'

const LINES = {
  terminated: '✅ **Terminated:** the service stops the runs that target it.',
  'already-terminated': '⚠️ **Already terminated:** nothing left to do.',
  'not-found': '⚠️ **Not found:** the service knows no such environment; nothing to do.',
  failed: '⛔ **Not terminated:** the request failed.'
}

export async function close(settings: LegacyTerminateSettings, deps: RouteDeps): Promise<Ended> {
  const target = settings.environment
  // In words, never the request's field name: "the environment pr-17", not "environmentAlias pr-17".
  const [name, named] =
    'deploymentUrl' in target
      ? [displayUrl(target.deploymentUrl), 'the environment at']
      : 'environmentId' in target
        ? [target.environmentId, 'the environment with ID']
        : [target.environmentAlias, 'the environment']
  deps.log(`Telling ${settings.baseUrl} that ${named} ${name} is gone.`)
  const end = endedWith(LINES, name, 'QA environment not terminated now')
  let response: Record<string, unknown>
  try {
    // JSON drops an undefined workspaceId.
    const body = { ...target, workspaceId: settings.workspaceId }
    const send = (signal: AbortSignal) => deps.client.terminateEnvironment(body, signal)
    response = await postWithRetries(send, deps, 'terminate')
  } catch (error) {
    const status = error instanceof ServiceError && !error.foreign ? error.status : undefined
    const outcome = status === 404 ? 'not-found' : status === 409 ? 'already-terminated' : 'failed'
    return end(outcome, errorMessage(error))
  }
  const answer = readTerminationAnswer(response)
  if ('failure' in answer) return end('failed', answer.failure)
  if (answer.warning !== undefined) deps.warn(answer.warning, 'QA service warning')
  deps.log('The environment was terminated.')
  return end('terminated', undefined, answer.environmentId)
}

/** What a 200 says: terminated (its ID and warning only inform), or a failure in its words; the
 * older answer, `{ results: [{ environmentId, code }] }`, has one entry per environment. */
export function readTerminationAnswer(response: Record<string, unknown>) {
  const results = response['results']
  if (response['code'] !== undefined || !Array.isArray(results)) return readOne(response)
  const answers = results.filter(isRecord).map(readOne)
  const failed = answers.find(answer => 'failure' in answer)
  if (answers[0] === undefined) return { failure: 'the service answered 200 with no result entry' }
  if (failed !== undefined) return failed
  const warning = nonBlankText(response['warning'])
  return warning === undefined ? answers[0] : { ...answers[0], warning }
}

function readOne(answer: Record<string, unknown>) {
  const code = answer['code']
  if (code !== undefined && code !== null && code !== 'terminated') {
    const said = nonBlankText(answer['error']) ?? nonBlankText(answer['message'])
    const shown = typeof code === 'string' ? `'${code}'` : JSON.stringify(code)
    return {
      failure: `the service answered 200 with code ${shown}, not 'terminated'${said === undefined ? '' : `: ${said}`}`
    }
  }
  const warning = nonBlankText(answer['warning'])
  return {
    environmentId: nonBlankText(answer['environmentId']),
    warning: warning && truncateText(warning, MAX_NOTE_CHARS)
  }
}
