// What terminate sends and how its result reads: pure, so it is tested without a service.
import type { LegacyTerminateSettings, TerminateRoute } from '../inputs/settings.js'
import { MAX_NOTE_CHARS, nonBlankText, truncateText } from '../kernel/text.js'
import { isRecord } from '../core/is-record.js'
import { escapeText, limitSummary, type Markdown } from '../kernel/markdown.js'
import type { EnvironmentTermination, TerminationResponse } from '../service/schemas.js'

export type TerminateOutcome = 'terminated' | 'already-terminated' | 'not-found'

/** Exactly one way to name the environment, and the workspace when one is given. */
export function terminationBody(settings: LegacyTerminateSettings): EnvironmentTermination {
  return settings.workspaceId === undefined
    ? { ...settings.environment }
    : { ...settings.environment, workspaceId: settings.workspaceId }
}

/** What a 200 answer says: terminated (with what it tells), or a failure in the service's words. */
export type TerminationAnswer =
  | { terminated: true; environmentId?: string; warning?: string }
  | { terminated: false; message: string }

/**
 * `code` decides: only `terminated`, or no code at all, means the environment is gone; any other
 * code is a failure, shown with the answer's `error`. The other fields only inform: one that is
 * not a non-empty string is read as absent.
 */
export function readTerminationAnswer(response: TerminationResponse): TerminationAnswer {
  const results = response['results']
  if (response.code === undefined && Array.isArray(results)) {
    // The older answer, `{ results: [{ environmentId, code }] }`: one entry per environment.
    const entries = results.filter(isRecord)
    if (entries.length === 0) {
      return { terminated: false, message: 'the service answered 200 with no result entry' }
    }
    const answers = entries.map(entry => readTerminationAnswer(entry))
    const failed = answers.find(answer => !answer.terminated)
    if (failed !== undefined) return failed
    const warning = nonBlankText(response.warning)
    const first = answers[0]
    if (first === undefined || !first.terminated) return { terminated: false, message: '' }
    return warning === undefined ? first : { ...first, warning }
  }
  return readOneAnswer(response)
}

function readOneAnswer(answer: TerminationResponse): TerminationAnswer {
  const code = answer.code
  if (code !== undefined && code !== null && code !== 'terminated') {
    const said = nonBlankText(answer['error']) ?? nonBlankText(answer['message'])
    const shown = typeof code === 'string' ? `'${code}'` : JSON.stringify(code)
    return {
      terminated: false,
      message: `the service answered 200 with code ${shown}, not 'terminated'${said === undefined ? '' : `: ${said}`}`
    }
  }
  const environmentId = nonBlankText(answer.environmentId)
  const said = nonBlankText(answer.warning)
  // Only shown: a warning of any length leaves the log and the summary readable.
  const warning = said === undefined ? undefined : truncateText(said, MAX_NOTE_CHARS)
  return {
    terminated: true,
    ...(environmentId === undefined ? {} : { environmentId }),
    ...(warning === undefined ? {} : { warning })
  }
}

const OUTCOME_LINES: Readonly<Record<TerminateOutcome | 'failed', string>> = {
  terminated: '✅ **Terminated:** the service stops the runs that target it.',
  'already-terminated': '⚠️ **Already terminated:** nothing left to do.',
  'not-found': '⚠️ **Not found:** the service knows no such environment; nothing to do.',
  failed: '⛔ **Not terminated:** the request failed.'
}

/** On the current path the words say what was done, not what QA Wolf then does. */
const CURRENT_PATH_LINES: Readonly<
  Record<Exclude<TerminateRoute, 'environment-terminated'>, Partial<typeof OUTCOME_LINES>>
> = {
  'github-deployment': {
    terminated: '✅ **Closed:** its active GitHub deployments are marked inactive.',
    'already-terminated': '⚠️ **Already closed:** none of its GitHub deployments is active.',
    'not-found': '⚠️ **Not found:** GitHub has no deployment of this environment; nothing to do.',
    failed: '⛔ **Not closed:** marking its GitHub deployments inactive failed.'
  },
  'report-status': {
    terminated: '✅ **Reported inactive** to QA Wolf (what QA Wolf then does is not public).',
    failed: '⛔ **Not reported:** the request failed.'
  }
}

export interface TerminateSummaryInput {
  label: string
  /** Absent: environment-terminated. */
  via?: TerminateRoute
  result: {
    outcome: TerminateOutcome | 'failed'
    /** How the environment was named: its ID, alias or deployment URL. */
    name: string
    environmentId?: string
    message?: string
  }
}

export function renderTerminateSummary({ label, via, result }: TerminateSummaryInput): Markdown {
  const own = via === undefined || via === 'environment-terminated' ? {} : CURRENT_PATH_LINES[via]
  const title =
    escapeText(label) === '' ? 'QA environment' : `QA environment — ${escapeText(label)}`
  const lines = [
    `## ${title}`,
    '',
    `Environment ${escapeText(result.name)}`,
    '',
    own[result.outcome] ?? OUTCOME_LINES[result.outcome]
  ]
  if (result.environmentId !== undefined) {
    lines.push('', `Environment ID: ${escapeText(result.environmentId)}`)
  }
  if (result.message !== undefined) lines.push('', escapeText(result.message, 1000))
  return limitSummary(`${lines.join('\n')}\n`)
}
