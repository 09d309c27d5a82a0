// What the workflow run's event says about the deployment: its commit, branch, pull request and
// URL, or that nothing should be sent (the README's event table). Payload fields may be missing or
// of another type (hand-made events, old GHES), so every value is checked before use. Pure: the
// context is read by kernel/github.ts.
import { isRecord } from './values.js'
import { hasControlChar, nonBlankText, quote } from './text.js'
import { displayUrl, isHttpUrl } from './parsers.js'
import { isCommitSha, isFullCommitSha, isZeroSha } from './parsers.js'

export interface GitHubContext {
  eventName: string
  /** The webhook payload; {} when the event file is missing, unreadable or not a JSON object. */
  payload: Record<string, unknown>
  /** What is wrong with the event file (naming its path), when `payload` could not be read. */
  eventFileProblem?: string
  sha: string
  ref: string
  refName: string
  /** `branch`, `tag` or ''. */
  refType: string
  serverUrl: string
  apiUrl: string
  repository: string
  runId?: string
  runAttempt?: string
  job?: string
  /** On `merge_group`: the pull request the queue ref names, as GitHub answered for it. */
  mergeQueuePull?: { number: number; branch: string }
}

export interface EventValues {
  sha?: string
  branch?: string
  deploymentUrl?: string
  /** The pull request the event belongs to (`pull_request`, `pull_request_target`, `merge_group`). */
  pullRequestNumber?: number
  /** Set when the event says nothing should be sent. */
  skip?: string
  notes: string[]
}

type Raw = { sha?: unknown; branch?: unknown; deploymentUrl?: unknown; pullRequestNumber?: unknown }

export function deriveFromEvent(ctx: GitHubContext): EventValues {
  const notes: string[] = []
  const raw = readEvent(ctx, notes)
  if (typeof raw === 'string') return { skip: raw, notes }
  /** The event's text, or nothing with a note saying why when it fails `ok`. */
  const checked = (value: unknown, ok: (text: string) => boolean, why: string, shown = quote) => {
    const found = text(value)
    if (found === undefined || ok(found)) return found
    notes.push(`The event's ${why.replace('%s', () => shown(found))}`)
    return undefined
  }
  const sha = checked(raw.sha, isCommitSha, 'commit %s is not a commit SHA; no sha is sent.')
  return {
    sha: sha?.toLowerCase(),
    branch: checked(
      raw.branch,
      b => !hasControlChar(b),
      'branch %s contains control characters; no branch is sent.'
    ),
    deploymentUrl: checked(
      raw.deploymentUrl,
      u => isHttpUrl(u) && !hasControlChar(u),
      'deployment URL %s is not an http(s) URL; it is not sent.',
      u => quote(displayUrl(u))
    ),
    pullRequestNumber: positiveInteger(raw.pullRequestNumber),
    notes
  }
}

/** True when the event's row of the table reads the event file (the others read only variables). */
export function readsEventFile(eventName: string): boolean {
  return /^(pull_request(_target)?|push|deployment(_status)?|workflow_run|merge_group|check_(suite|run))$/.test(
    eventName
  )
}

/** The event's values, unchecked; a string when the event says nothing should be sent. */
function readEvent(ctx: GitHubContext, notes: string[]): Raw | string {
  const at = (...path: string[]): unknown =>
    path.reduce<unknown>((value, key) => (isRecord(value) ? value[key] : undefined), ctx.payload)
  switch (ctx.eventName) {
    case 'pull_request':
    case 'pull_request_target': {
      // GITHUB_SHA is the test merge commit here, which the deployment did not build from.
      const number = at('number') ?? at('pull_request', 'number')
      return {
        sha: at('pull_request', 'head', 'sha'),
        branch: at('pull_request', 'head', 'ref'),
        pullRequestNumber: number
      }
    }
    case 'push': {
      const after = text(at('after'))
      // A branch deletion's `after` is all zeros, which names no commit.
      const sha = after !== undefined && !isZeroSha(after) ? after : ctx.sha
      const ref = text(at('ref')) ?? ctx.ref
      if (ref.startsWith('refs/heads/')) return { sha, branch: ref.slice('refs/heads/'.length) }
      if (ref.startsWith('refs/tags/')) notes.push('A tag push has no branch; none is sent.')
      return { sha }
    }
    case 'deployment_status':
    case 'deployment': {
      const state = text(at('deployment_status', 'state'))
      if (ctx.eventName === 'deployment_status' && state !== 'success') {
        return `The deployment_status event has state ${state === undefined ? '(missing)' : quote(state)}, not 'success'.`
      }
      return {
        sha: at('deployment', 'sha'),
        branch: deploymentBranch(text(at('deployment', 'ref')), notes),
        deploymentUrl:
          ctx.eventName === 'deployment'
            ? webUrlOf(at('deployment', 'payload'))
            : at('deployment_status', 'environment_url')
      }
    }
    case 'workflow_run':
      return { sha: at('workflow_run', 'head_sha'), branch: at('workflow_run', 'head_branch') }
    case 'merge_group': {
      const sha = at('merge_group', 'head_sha')
      const branch = text(at('merge_group', 'head_ref'))?.replace(/^refs\/heads\//, '')
      const pull = ctx.mergeQueuePull
      return pull === undefined
        ? { sha, branch, pullRequestNumber: mergeQueuePullRequest(branch) }
        : { sha, branch: pull.branch, pullRequestNumber: pull.number }
    }
    case 'check_suite':
      return { sha: at('check_suite', 'head_sha'), branch: at('check_suite', 'head_branch') }
    case 'check_run':
      // The check run's own head_sha, required in GitHub's schema; the suite's branch is shown only.
      return {
        sha: at('check_run', 'head_sha'),
        branch: at('check_run', 'check_suite', 'head_branch')
      }
    default: {
      // Events such as pull_request_review run on refs/pull/<n>/merge, which is no branch.
      const isBranch = ctx.refType === 'branch' && !ctx.ref.startsWith('refs/pull/')
      return { sha: ctx.sha, branch: isBranch ? ctx.refName : undefined }
    }
  }
}

/** deployment.ref may be a branch, a tag or a commit SHA; only a branch is a branch. */
function deploymentBranch(ref: string | undefined, notes: string[]): string | undefined {
  if (ref === undefined || ref.startsWith('refs/heads/')) return ref?.slice('refs/heads/'.length)
  const sha = isFullCommitSha(ref)
  if (!sha && !ref.startsWith('refs/')) return ref
  notes.push(
    sha
      ? 'The deployment ref is a commit SHA, not a branch; no branch is sent.'
      : `The deployment ref ${quote(ref)} is not a branch; no branch is sent.`
  )
  return undefined
}

/** The deployment payload is free-form JSON, and API clients sometimes send it as a string. */
function webUrlOf(payload: unknown): unknown {
  if (typeof payload !== 'string') return isRecord(payload) ? payload['web_url'] : undefined
  try {
    return webUrlOf(JSON.parse(payload))
  } catch {
    return undefined
  }
}

/** A merge queue tests `gh-readonly-queue/<base>/pr-<N>-<sha>`: the pull request is named in the
 * branch only (the event carries no number). The base branch may itself hold slashes. */
export function mergeQueuePullRequest(branch: string | undefined): number | undefined {
  const match = /^gh-readonly-queue\/.+\/pr-([1-9][0-9]*)-[0-9a-f]+$/.exec(branch ?? '')
  return match?.[1] === undefined ? undefined : Number(match[1])
}

function text(value: unknown): string | undefined {
  return nonBlankText(value)?.trim()
}

export function positiveInteger(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined
}

export const NO_PROVIDER_ID =
  "GITHUB_RUN_ID, GITHUB_RUN_ATTEMPT or GITHUB_JOB is not set, and the report is named by them (as QA Wolf's own client names it). They are set by the GitHub runner."

/** `GITHUB_RUN_ID-GITHUB_RUN_ATTEMPT-GITHUB_JOB`, as QA Wolf's client composes it, plus
 * `:<label>` so that the legs of a matrix (one job definition) report different deployments. */
export function providerDeploymentId(ctx: GitHubContext, label: string): string | undefined {
  const { runId, runAttempt, job } = ctx
  if (!runId || !runAttempt || !job) return undefined
  return `${runId}-${runAttempt}-${job}${label === '' ? '' : `:${label}`}`
}

export type PullRequestLookup =
  | { kind: 'number'; number: number }
  | { kind: 'sha'; sha: string }
  | { kind: 'none'; reason: string }

/** Where a verdict's pull request comes from: the event for pull request events (and comments on a
 * pull request), else the open pull request whose head is `sha` (a check's commit, when the step
 * names one), else the event's commit. */
export function pullRequestLookup(ctx: GitHubContext, sha?: string): PullRequestLookup {
  const event = ctx.eventName || 'unknown'
  const pull = ctx.payload['pull_request']
  const issue = ctx.payload['issue']
  if (event.startsWith('pull_request')) {
    const number = isRecord(pull) ? positiveInteger(pull['number']) : undefined
    if (number !== undefined) return { kind: 'number', number }
    return { kind: 'none', reason: `The ${event} event has no pull_request.number.` }
  }
  if (event === 'issue_comment') {
    const number = isRecord(issue) ? positiveInteger(issue['number']) : undefined
    if (number !== undefined && isRecord(issue) && isRecord(issue['pull_request'])) {
      return { kind: 'number', number }
    }
    return { kind: 'none', reason: 'The issue_comment event is on an issue, not a pull request.' }
  }
  const commit = sha ?? eventCommit(ctx)
  return commit === undefined
    ? { kind: 'none', reason: `The ${event} event names no commit to look a pull request up by.` }
    : { kind: 'sha', sha: commit }
}

/** The commit a verdict belongs to, as notify derives it; undefined when the event has none. */
export function eventCommit(ctx: GitHubContext): string | undefined {
  // An issue comment runs on the default branch, which is not the pull request's commit.
  if (ctx.eventName === 'issue_comment') return undefined
  // A non-success deployment_status makes notify skip, but GITHUB_SHA still names its commit.
  const sha = deriveFromEvent(ctx).sha ?? ctx.sha
  return isFullCommitSha(sha) ? sha.toLowerCase() : undefined
}
