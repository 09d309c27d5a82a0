// The parsers of the inputs that belong to one mode (notify's commit and pull request, greenlight's
// durations and choices). Each takes one trimmed value and throws InputError naming the input.
import { parseDuration } from '../core/durations.js'
import { InputError } from '../core/input-error.js'
import { refusedValue, unshownValue } from '../kernel/text.js'
import { isCommitSha } from '../core/commit-sha.js'
import { isoTimeMs } from '../core/iso-time.js'
import type { HostingService, OutcomeWhenBlockingBugsInOtherWorkflows } from '../service/schemas.js'
import {
  didYouMean,
  HEADER_SAFE,
  nearestChoice,
  parseChoice,
  parseSingleLine
} from './parse-common.js'
import {
  NOTIFY_ROUTES,
  TERMINATE_ROUTES,
  type NotifyRoute,
  type RepositoryPath,
  type TerminateRoute
} from './settings.js'

// ---- notify --------------------------------------------------------------------------------------

export function parseSha(name: string, value: string): string | undefined {
  if (value === '') return undefined
  if (!isCommitSha(value)) {
    throw new InputError(
      name,
      `Input '${name}' must be a commit SHA of 4 to 64 hexadecimal digits, not all zeros; got ${unshownValue(value)}.`
    )
  }
  return value.toLowerCase()
}

export function parseBranch(name: string, value: string): string | undefined {
  // `${{ github.ref }}` is a common thing to pass; the service wants the bare branch name.
  const branch = parseSingleLine(name, value).replace(/^refs\/heads\//, '')
  return branch === '' ? undefined : branch
}

export function parseHostingService(name: string, value: string): HostingService {
  switch (value.toLowerCase()) {
    case 'github':
      return 'GitHub'
    case 'gitlab':
      return 'GitLab'
  }
  const guess = nearestChoice(value, ['github', 'gitlab'] as const)
  throw new InputError(
    name,
    `Input '${name}' must be GitHub or GitLab; got ${refusedValue(value)}.${didYouMean(guess && (guess === 'github' ? 'GitHub' : 'GitLab'))}`
  )
}

/** Empty means "from the event"; `${{ github.event.pull_request.number }}` is empty elsewhere. */
export function parsePullRequestNumber(name: string, value: string): number | undefined {
  return positiveWholeNumber(name, value, 'or empty to take it from the pull_request event')
}

/** Empty means "none": GitLab's merge request is never read from a GitHub event. */
export function parseMergeRequestNumber(name: string, value: string): number | undefined {
  return positiveWholeNumber(name, value, 'or empty for none')
}

function positiveWholeNumber(name: string, value: string, empty: string): number | undefined {
  if (value === '') return undefined
  const number = /^[1-9][0-9]*$/.test(value) ? Number(value) : NaN
  if (!Number.isSafeInteger(number)) {
    // `#42`, `42.0`, `PR 42`: the number meant is the one in it.
    const digits = /^(?:#|pr[ #-]?)?([1-9][0-9]{0,8})(?:\.0+)?$/i.exec(value)?.[1]
    throw new InputError(
      name,
      `Input '${name}' must be a positive whole number such as 42, ${empty}; ` +
        `got ${refusedValue(value)}.${didYouMean(digits)}`
    )
  }
  return number
}

/** Empty: the mode's own default (deploy-success in notify), read-settings.ts decides. */
export function parseVia(name: string, value: string): NotifyRoute | undefined {
  return value === '' ? undefined : parseChoice(name, value, NOTIFY_ROUTES)
}

/** terminate's `via`; empty: environment-terminated. */
export function parseTerminateVia(name: string, value: string): TerminateRoute | undefined {
  return value === '' ? undefined : parseChoice(name, value, TERMINATE_ROUTES)
}

/**
 * `owner/name`; everything before the last slash is the owner, since a GitLab namespace may hold
 * groups (`group/subgroup/name`). Whether several slashes fit the hosting service is checked with
 * `hosting-service` in read-settings.ts.
 */
export function parseRepository(name: string, value: string): RepositoryPath | undefined {
  if (value === '') return undefined
  const cut = value.lastIndexOf('/')
  const owner = value.slice(0, cut)
  const repo = value.slice(cut + 1)
  const parts = value.split('/')
  if (cut <= 0 || repo === '' || parts.some(part => part === '' || /\s/.test(part))) {
    throw new InputError(
      name,
      `Input '${name}' must be owner/name, e.g. acme/shop (GitLab: namespace/name, e.g. acme/web/shop); got ${unshownValue(value)}.`
    )
  }
  return { owner, name: repo }
}

// ---- greenlight ----------------------------------------------------------------------------------

const MIN_POLL_INTERVAL_MS = 100

/** A duration greater than zero; `withoutWaiting` says how to not wait at all. */
function positiveDuration(name: string, value: string, withoutWaiting: string): number {
  const ms = parseDuration(name, value)
  if (ms <= 0) {
    throw new InputError(
      name,
      `Input '${name}' must be greater than zero, e.g. 5m; ${withoutWaiting}.`
    )
  }
  return ms
}

export const parseTimeout = (name: string, value: string): number =>
  positiveDuration(name, value, 'to query once without waiting, set wait: false')

export const parseWaitForUrlTimeout = (name: string, value: string): number =>
  positiveDuration(name, value, 'to notify without waiting, set wait-for-url: false')

export function parsePollInterval(name: string, value: string): number {
  const ms = parseDuration(name, value)
  if (ms < MIN_POLL_INTERVAL_MS) {
    throw new InputError(
      name,
      `Input '${name}' must be at least ${MIN_POLL_INTERVAL_MS}ms; got ${refusedValue(value)}.`
    )
  }
  return ms
}

export function parseOutcome(name: string, value: string): OutcomeWhenBlockingBugsInOtherWorkflows {
  return parseChoice(name, value, ['green', 'red'] as const)
}

/** What a superseded run means for the step: `follow` the newer run (default) or `fail`. */
export function parseOnSuperseded(name: string, value: string): 'follow' | 'fail' {
  return parseChoice(name, value.trim(), ['follow', 'fail'] as const)
}

/**
 * The error for an empty `github-token` that a feature needs (`because`), worded alike for every
 * feature: the permission it needs, and how the job grants it.
 */
export function emptyGitHubToken(because: string, permission: string, otherwise = ''): InputError {
  return new InputError(
    'github-token',
    `Input 'github-token' is empty but ${because}: pass a token with ${permission} permission ` +
      `(the default is \${{ github.token }}, with permissions: ${permission} in the job)${otherwise}.`
  )
}

/** Whether a token is needed at all depends on the mode's features: the settings check that. */
export function parseToken(name: string, value: string): string {
  if (value !== '' && !HEADER_SAFE.test(value)) {
    throw new InputError(
      name,
      `Input '${name}' contains spaces, line breaks or other characters that cannot be sent in ` +
        `an HTTP header (the value is not shown).`
    )
  }
  return value
}

// ---- greenlight, verdict-from: check ---------------------------------------------------------

export type VerdictFrom = 'run' | 'check'

export function parseVerdictFrom(name: string, value: string): VerdictFrom {
  return parseChoice(name, value, ['run', 'check'] as const)
}

/** An empty value never arrives here: it means the default, QA Wolf Test Results. */
export function parseCheckName(name: string, value: string): string {
  return parseSingleLine(name, value)
}

/** A GitHub App's slug as check runs carry it (`app.slug`): lower-case letters, digits and '-'. */
export function parseCheckApp(name: string, value: string): string {
  const slug = value.toLowerCase()
  if (slug !== '' && !/^[a-z0-9][a-z0-9-]{0,99}$/.test(slug)) {
    throw new InputError(
      name,
      `Input '${name}' must be a GitHub App's slug (letters, digits and '-', as in the app's page github.com/apps/<slug>), or empty for any app but GitHub Actions; got ${unshownValue(value)}.`
    )
  }
  return slug
}

/** A point in time from the `since` input: as given (shown in the summary) and in ms since the epoch. */
export interface SinceTime {
  iso: string
  ms: number
}

/**
 * An ISO 8601 date and time with its time zone (a time without one means a different instant on
 * every runner); empty: none.
 */
export function parseSince(name: string, value: string): SinceTime | undefined {
  if (value === '') return undefined
  const ms = isoTimeMs(value)
  if (ms === undefined) {
    throw new InputError(
      name,
      `Input '${name}' must be an ISO 8601 time with a time zone, e.g. 2026-11-26T12:00:00Z or ` +
        `2026-11-26T13:00:00+01:00 (notify's reported-at output), or empty; got ${unshownValue(value)}.`
    )
  }
  return { iso: new Date(ms).toISOString(), ms }
}
