// The parsers of the inputs that belong to one mode (notify's commit and pull request, greenlight's
// durations and choices). Each takes one trimmed value and throws InputError naming the input.
import { parseDuration } from '../core/durations.js'
import { InputError } from '../core/input-error.js'
import { quote } from '../core/text.js'
import { isCommitSha } from '../core/commit-sha.js'
import type { HostingService, OutcomeWhenBlockingBugsInOtherWorkflows } from '../service/schemas.js'
import { HEADER_SAFE, parseSingleLine } from './parse-common.js'

// ---- notify --------------------------------------------------------------------------------------

export function parseSha(name: string, value: string): string | undefined {
  if (value === '') return undefined
  if (!isCommitSha(value)) {
    throw new InputError(
      name,
      `Input '${name}' must be a commit SHA of 4 to 64 hexadecimal digits, not all zeros; got ${quote(value)}.`
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
  throw new InputError(name, `Input '${name}' must be GitHub or GitLab; got ${quote(value)}.`)
}

/** Empty means "from the event"; `${{ github.event.pull_request.number }}` is empty elsewhere. */
export function parsePullRequestNumber(name: string, value: string): number | undefined {
  if (value === '') return undefined
  const number = /^[1-9][0-9]*$/.test(value) ? Number(value) : NaN
  if (!Number.isSafeInteger(number)) {
    throw new InputError(
      name,
      `Input '${name}' must be a positive whole number such as 42, or empty to take it from ` +
        `the pull_request event; got ${quote(value)}.`
    )
  }
  return number
}

// ---- greenlight ----------------------------------------------------------------------------------

const MIN_POLL_INTERVAL_MS = 100

export function parseTimeout(name: string, value: string): number {
  const ms = parseDuration(name, value)
  if (ms <= 0) {
    throw new InputError(
      name,
      `Input '${name}' must be greater than zero; to query once without waiting, set wait: false.`
    )
  }
  return ms
}

export function parsePollInterval(name: string, value: string): number {
  const ms = parseDuration(name, value)
  if (ms < MIN_POLL_INTERVAL_MS) {
    throw new InputError(
      name,
      `Input '${name}' must be at least ${MIN_POLL_INTERVAL_MS}ms; got ${quote(value)}.`
    )
  }
  return ms
}

export function parseOutcome(name: string, value: string): OutcomeWhenBlockingBugsInOtherWorkflows {
  const outcome = value.toLowerCase()
  if (outcome === 'green' || outcome === 'red') return outcome
  throw new InputError(name, `Input '${name}' must be green or red; got ${quote(value)}.`)
}

/** What a superseded run means for the step: `follow` the newer run (default) or `fail`. */
export function parseOnSuperseded(name: string, value: string): 'follow' | 'fail' {
  const choice = value.trim().toLowerCase()
  if (choice === 'follow' || choice === 'fail') return choice
  throw new InputError(name, `Input '${name}' must be follow or fail.`)
}

/** Whether a token is needed at all depends on `comment-on-pr`: read-settings.ts checks that. */
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
