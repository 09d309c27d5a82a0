// What the workflow run's event says about the deployment: its commit, branch, pull request and
// URL, or that nothing should be sent (docs/behaviour.md's event table). Payload fields may be
// missing or of another type (hand-made events, old GHES), so every value is checked before use.
// Pure: the context is read by kernel/github.ts.
import { isRecord } from './values.js'
import { parseJson } from './json.js'
import { hasControlChar, nonBlankText, quote } from './text.js'
import { displayUrl, isCommitSha, isFullCommitSha, isHttpUrl, isZeroSha } from './parsers.js'

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

/** The event's values, each checked (a note says why one is dropped), or `skip`: send nothing. */
export function deriveFromEvent(ctx: GitHubContext) {
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
export const readsEventFile = (eventName: string): boolean =>
  /^(pull_request(_target|_review|_review_comment)?|push|deployment(_status)?|workflow_run|merge_group|check_(suite|run))$/.test(
    eventName
  )

const at = (payload: unknown, path: string): unknown =>
  path.split('.').reduce((value, key) => (isRecord(value) ? value[key] : undefined), payload)

const HEAD_FIELDS = new Map<string, [sha: string, branch: string]>([
  ['workflow_run', ['workflow_run.head_sha', 'workflow_run.head_branch']],
  ['check_suite', ['check_suite.head_sha', 'check_suite.head_branch']],
  // The check run's own head_sha, required in GitHub's schema; the suite's branch is shown only.
  ['check_run', ['check_run.head_sha', 'check_run.check_suite.head_branch']]
])

/** The event's values, unchecked; a string when the event says nothing should be sent. */
function readEvent(ctx: GitHubContext, notes: string[]) {
  const field = (path: string): unknown => at(ctx.payload, path)
  const head = HEAD_FIELDS.get(ctx.eventName)
  if (head !== undefined) return { sha: field(head[0]), branch: field(head[1]) }
  switch (ctx.eventName) {
    case 'pull_request':
    case 'pull_request_target':
    case 'pull_request_review':
    case 'pull_request_review_comment':
      // GITHUB_SHA is the test merge commit here, which the deployment did not build from.
      return {
        sha: field('pull_request.head.sha'),
        branch: field('pull_request.head.ref'),
        pullRequestNumber: field('number') ?? field('pull_request.number')
      }
    case 'push': {
      const after = text(field('after'))
      // A branch deletion's `after` is all zeros, which names no commit.
      const sha = after !== undefined && !isZeroSha(after) ? after : ctx.sha
      const ref = text(field('ref')) ?? ctx.ref
      if (ref.startsWith('refs/heads/')) return { sha, branch: ref.slice('refs/heads/'.length) }
      if (ref.startsWith('refs/tags/')) notes.push('A tag push has no branch; none is sent.')
      return { sha }
    }
    case 'deployment_status':
    case 'deployment': {
      const state = text(field('deployment_status.state'))
      if (ctx.eventName === 'deployment_status' && state !== 'success')
        return `The deployment_status event has state ${state === undefined ? '(missing)' : quote(state)}, not 'success'.`
      return {
        sha: field('deployment.sha'),
        branch: deploymentBranch(text(field('deployment.ref')), notes),
        deploymentUrl:
          ctx.eventName === 'deployment'
            ? webUrlOf(field('deployment.payload'))
            : field('deployment_status.environment_url')
      }
    }
    case 'merge_group': {
      const sha = field('merge_group.head_sha')
      const branch = text(field('merge_group.head_ref'))?.replace(/^refs\/heads\//, '')
      const pull = ctx.mergeQueuePull
      return pull === undefined
        ? { sha, branch, pullRequestNumber: mergeQueuePullRequest(branch) }
        : { sha, branch: pull.branch, pullRequestNumber: pull.number }
    }
    default: {
      // refs/pull/<n>/merge, where some events run, is no branch.
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
const webUrlOf = (payload: unknown): unknown =>
  typeof payload === 'string'
    ? webUrlOf(parseJson(payload))
    : isRecord(payload)
      ? payload['web_url']
      : undefined

// A merge queue tests `gh-readonly-queue/<base>/pr-<N>-<sha>`: the pull request is named in the
// branch only (the event carries no number). The base branch may itself hold slashes.
export function mergeQueuePullRequest(branch: string | undefined): number | undefined {
  const match = /^gh-readonly-queue\/.+\/pr-([1-9][0-9]*)-[0-9a-f]+$/.exec(branch ?? '')
  return match === null ? undefined : Number(match[1])
}

const text = (value: unknown): string | undefined => nonBlankText(value)?.trim()

export const positiveInteger = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined

export const NO_PROVIDER_ID =
  "GITHUB_RUN_ID, GITHUB_RUN_ATTEMPT or GITHUB_JOB is not set, and the report is named by them (as QA Wolf's own client names it). They are set by the GitHub runner."

// `GITHUB_RUN_ID-GITHUB_RUN_ATTEMPT-GITHUB_JOB`, as QA Wolf's client composes it, plus
// `:<label>` so that the legs of a matrix (one job definition) report different deployments.
export function providerDeploymentId(ctx: GitHubContext, label: string): string | undefined {
  const { runId, runAttempt, job } = ctx
  if (!runId || !runAttempt || !job) return undefined
  return `${runId}-${runAttempt}-${job}${label === '' ? '' : `:${label}`}`
}

// Where a verdict's pull request comes from: the event for pull request events (and comments on a
// pull request), else the open pull request whose head is `sha` (a check's commit, when the step
// names one), else the event's commit.
export function pullRequestLookup(ctx: GitHubContext, sha?: string) {
  const event = ctx.eventName || 'unknown'
  const none = (reason: string) => ({ kind: 'none' as const, reason })
  const owner = event === 'issue_comment' ? 'issue' : 'pull_request'
  const number = positiveInteger(at(ctx.payload, `${owner}.number`))
  if (event.startsWith('pull_request'))
    return number !== undefined
      ? { kind: 'number' as const, number }
      : none(`The ${event} event has no pull_request.number.`)
  if (event === 'issue_comment')
    return number !== undefined && isRecord(at(ctx.payload, 'issue.pull_request'))
      ? { kind: 'number' as const, number }
      : none('The issue_comment event is on an issue, not a pull request.')
  const commit = sha ?? eventCommit(ctx)
  return commit === undefined
    ? none(`The ${event} event names no commit to look a pull request up by.`)
    : { kind: 'sha' as const, sha: commit }
}

/** The commit a verdict belongs to, as notify derives it; undefined when the event has none. */
export function eventCommit(ctx: GitHubContext): string | undefined {
  // An issue comment runs on the default branch, which is not the pull request's commit.
  if (ctx.eventName === 'issue_comment') return undefined
  // A non-success deployment_status makes notify skip, but GITHUB_SHA still names its commit.
  const sha = deriveFromEvent(ctx).sha ?? ctx.sha
  return isFullCommitSha(sha) ? sha.toLowerCase() : undefined
}
