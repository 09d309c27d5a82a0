// The ci-greenlight endpoint: `GET /api/v0/ci-greenlight/{runId}`, the run's status now. The run
// ID is the rest of the path, percent-decoded; the answer itself is built in service-model.ts.
import { jsonAnswer, type Answer, type Route } from './http.js'
import type { EmulatorState } from './state.js'

export const GREENLIGHT_PREFIX = '/api/v0/ci-greenlight/'
const OUTCOME_PARAM = 'outcomeWhenBlockingBugsInOtherWorkflows'

/** Whether `path` names one run: a non-empty last segment after the prefix. */
export function isGreenlightPath(path: string): boolean {
  if (!path.startsWith(GREENLIGHT_PREFIX)) return false
  const id = path.slice(GREENLIGHT_PREFIX.length)
  return id !== '' && !id.includes('/')
}

export function greenlightRoute(
  state: EmulatorState,
  baseUrl: () => string,
  error: (status: number, message: string) => Answer
): Route {
  return {
    method: 'GET',
    error,
    answer({ url }, commit) {
      let runId: string
      try {
        runId = decodeURIComponent(url.pathname.slice(GREENLIGHT_PREFIX.length))
      } catch {
        return error(400, 'the run ID in the path is not valid percent-encoding')
      }
      const outcome = url.searchParams.get(OUTCOME_PARAM) ?? 'green'
      if (outcome !== 'green' && outcome !== 'red') {
        return error(400, `${OUTCOME_PARAM} must be "green" or "red"`)
      }
      const result = state.greenlight(runId, outcome, baseUrl(), commit)
      if (result.status === 200) return jsonAnswer(200, result.body)
      return result.status === 404
        ? error(404, `run ${JSON.stringify(runId)} not found`)
        : error(410, `run ${JSON.stringify(runId)} is a legacy run; use a newer run ID`)
    }
  }
}
