// What terminate sends and how its result reads: pure, so it is tested without a service.
import type { TerminateSettings } from '../inputs/settings.js'
import { escapeText, limitSummary, type Markdown } from '../render/markdown.js'
import type { EnvironmentTermination } from '../service/schemas.js'

export type TerminateOutcome = 'terminated' | 'already-terminated' | 'not-found'

/** Exactly one way to name the environment, and the workspace when one is given. */
export function terminationBody(settings: TerminateSettings): EnvironmentTermination {
  return settings.workspaceId === undefined
    ? { ...settings.environment }
    : { ...settings.environment, workspaceId: settings.workspaceId }
}

const OUTCOME_LINES: Readonly<Record<TerminateOutcome | 'failed', string>> = {
  terminated: '✅ **Terminated:** the service stops the runs that target it.',
  'already-terminated': '⚠️ **Already terminated:** nothing left to do.',
  'not-found': '⚠️ **Not found:** the service knows no such environment; nothing to do.',
  failed: '⛔ **Not terminated:** the request failed.'
}

export interface TerminateSummaryInput {
  label: string
  result: {
    outcome: TerminateOutcome | 'failed'
    /** How the environment was named: its ID, alias or deployment URL. */
    name: string
    environmentId?: string
    message?: string
  }
}

export function renderTerminateSummary({ label, result }: TerminateSummaryInput): Markdown {
  const title =
    escapeText(label) === '' ? 'QA environment' : `QA environment — ${escapeText(label)}`
  const lines = [
    `## ${title}`,
    '',
    `Environment ${escapeText(result.name)}`,
    '',
    OUTCOME_LINES[result.outcome]
  ]
  if (result.environmentId !== undefined) {
    lines.push('', `Environment ID: ${escapeText(result.environmentId)}`)
  }
  if (result.message !== undefined) lines.push('', escapeText(result.message, 1000))
  return limitSummary(`${lines.join('\n')}\n`)
}
