// The service's webhook and greenlight endpoints (docs/service-api.md). A notification is checked
// strictly, so a client sending a wrong type gets a 400 naming the field, not silence.
import * as v from 'valibot'
import { isObject, jsonAnswer, type Answer, type Route } from './http.js'
import { spellNotifyBody, type Shape } from './spelling.js'
import { NotificationSchema, type Answered, type EmulatorState } from './state.js'

type ErrorAnswer = (status: number, message: string) => Answer

export const NOTIFY_PATH = '/api/webhooks/deploy_success'
export const TERMINATE_PATH = '/api/webhooks/environment_terminated'
export const GREENLIGHT_PREFIX = '/api/v0/ci-greenlight/'
/** A path naming one run: a non-empty last segment after the prefix. */
export const GREENLIGHT_PATH = /^\/api\/v0\/ci-greenlight\/[^/]+$/
const OUTCOME_PARAM = 'outcomeWhenBlockingBugsInOtherWorkflows'

export function notificationRoute(state: EmulatorState, shape: Shape, error: ErrorAnswer): Route {
  return {
    method: 'POST',
    error,
    answer({ json, authorization }) {
      if (!isObject(json)) return error(400, 'the request body must be a JSON object')
      const checked = v.safeParse(NotificationSchema, json, { abortEarly: true })
      if (!checked.success) {
        const [issue] = checked.issues
        const path = issue.path?.map(item => String(item.key)).join('.')
        return error(400, `"${path}" must be ${issue.message}`)
      }
      // GitLab names the repository's holder `namespace`, GitHub `owner`.
      const { repository, hosting_service } = checked.output
      const holder = hosting_service === 'GitLab' ? 'namespace' : 'owner'
      const holderSchema = v.object({ [holder]: v.string(), name: v.string() })
      if (repository !== undefined && !v.is(holderSchema, repository)) {
        const gitlab = holder === 'namespace' ? ' with GitLab' : ''
        return error(
          400,
          `"repository" must be an object { "${holder}": string, "name": string }${gitlab}`
        )
      }
      const notified = state.notify(checked.output, authorization)
      return notified.status === 200
        ? jsonAnswer(200, spellNotifyBody(notified.body, shape))
        : error(notified.status, notified.error)
    }
  }
}

const answered = (error: ErrorAnswer, result: Answered<unknown, number>): Answer =>
  'error' in result ? error(result.status, result.error) : jsonAnswer(200, result.body)

export function greenlightRoute(
  state: EmulatorState,
  baseUrl: () => string,
  error: ErrorAnswer
): Route {
  return {
    method: 'GET',
    error,
    answer({ url }) {
      let runId: string
      try {
        runId = decodeURIComponent(url.pathname.slice(GREENLIGHT_PREFIX.length))
      } catch {
        return error(400, 'the run ID in the path is not valid percent-encoding')
      }
      const outcome = url.searchParams.get(OUTCOME_PARAM) ?? 'green'
      if (outcome !== 'green' && outcome !== 'red')
        return error(400, `${OUTCOME_PARAM} must be "green" or "red"`)
      return answered(error, state.greenlight(runId, outcome, baseUrl()))
    }
  }
}

/** A preview environment is gone, named by exactly one of its ID, alias or deployment URL. */
export function terminationRoute(state: EmulatorState, error: ErrorAnswer): Route {
  return {
    method: 'POST',
    error,
    answer: ({ json }) =>
      isObject(json)
        ? answered(error, state.terminate(json))
        : error(400, 'the request body must be a JSON object')
  }
}
