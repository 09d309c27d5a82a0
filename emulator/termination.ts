// The environment_terminated endpoint: a preview environment is gone, named by exactly one of its
// ID, alias or deployment URL (the rules are in state.ts, which holds the environments).
import { jsonAnswer, type Answer, type Route } from './http.js'
import type { EmulatorState } from './state.js'

export const TERMINATE_PATH = '/api/webhooks/environment_terminated'

export function terminationRoute(
  state: EmulatorState,
  error: (status: number, message: string) => Answer
): Route {
  return {
    method: 'POST',
    error,
    answer({ json }, commit) {
      const terminated = state.terminate(json, commit)
      return terminated.status === 200
        ? jsonAnswer(200, terminated.body)
        : error(terminated.status, terminated.error)
    }
  }
}
