// What the workflow run's event says about the deployment: its commit, branch, pull request and
// URL, or that nothing should be sent (the README's event table). Payload fields may be missing or
// of the wrong type (hand-made events, old GHES), so every value is checked before use. Pure: the
// context is read by kernel/github.ts.
import type {
  CheckRunEvent,
  CheckSuiteEvent,
  DeploymentEvent,
  DeploymentStatusEvent,
  MergeGroupEvent,
  PullRequestEvent,
  PushEvent,
  WorkflowRunEvent
} from '@octokit/webhooks-types'
import { isRecord } from '../core/is-record.js'
import { hasControlChar, nonBlankText, quote } from '../core/text.js'
import { displayUrl, isHttpUrl } from '../core/urls.js'
import { isCommitSha, isFullCommitSha, isZeroSha } from '../core/commit-sha.js'

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
  /** Without trailing slash, e.g. https://github.com or a GitHub Enterprise Server address. */
  serverUrl: string
  apiUrl: string
  /** owner/repo, or '' when unknown. */
  repository: string
  /** GITHUB_RUN_ID, GITHUB_RUN_ATTEMPT and GITHUB_JOB: which job of which run this is ('' unset). */
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

/** The webhook types only name the fields: each may be missing or of another type. */
type Loose<T> = T extends readonly unknown[]
  ? unknown
  : T extends object
    ? { [K in keyof T]?: Loose<T[K]> | null }
    : T | null

export function deriveFromEvent(ctx: GitHubContext): EventValues {
  const notes: string[] = []
  const values = readEvent(ctx, notes)
  if (values.skip !== undefined) return { skip: values.skip, notes }
  return {
    sha: checkSha(values.sha, notes),
    branch: checkBranch(values.branch, notes),
    deploymentUrl: checkDeploymentUrl(values.deploymentUrl, notes),
    pullRequestNumber: checkPullRequestNumber(values.pullRequestNumber),
    notes
  }
}

/** True when the event's row of the table reads the event file (the others read only variables). */
export function readsEventFile(eventName: string): boolean {
  return EVENTS_READING_THE_FILE.has(eventName)
}

const EVENTS_READING_THE_FILE = new Set([
  'pull_request',
  'pull_request_target',
  'push',
  'deployment_status',
  'deployment',
  'workflow_run',
  'merge_group',
  'check_suite',
  'check_run'
])

interface RawValues {
  sha?: unknown
  branch?: unknown
  deploymentUrl?: unknown
  pullRequestNumber?: unknown
  skip?: string
}

function readEvent(ctx: GitHubContext, notes: string[]): RawValues {
  switch (ctx.eventName) {
    case 'pull_request':
    case 'pull_request_target': {
      // GITHUB_SHA is the test merge commit here, which the deployment did not build from.
      const p = ctx.payload as Loose<PullRequestEvent>
      const head = p.pull_request?.head
      return {
        sha: head?.sha,
        branch: head?.ref,
        pullRequestNumber: p.number ?? p.pull_request?.number
      }
    }
    case 'push': {
      const p = ctx.payload as Loose<PushEvent>
      const after = text(p.after)
      // A branch deletion's `after` is all zeros, which names no commit.
      const sha = after !== undefined && !isZeroSha(after) ? after : ctx.sha
      const ref = text(p.ref) ?? ctx.ref
      if (ref.startsWith('refs/heads/')) return { sha, branch: ref.slice('refs/heads/'.length) }
      if (ref.startsWith('refs/tags/')) notes.push('A tag push has no branch; none is sent.')
      return { sha }
    }
    case 'deployment_status': {
      const p = ctx.payload as Loose<DeploymentStatusEvent>
      const state = text(p.deployment_status?.state)
      if (state !== 'success') {
        return {
          skip:
            `The deployment_status event has state ${state === undefined ? '(missing)' : quote(state)}, ` +
            `not 'success'.`
        }
      }
      return {
        sha: p.deployment?.sha,
        branch: branchOfDeploymentRef(text(p.deployment?.ref), notes),
        deploymentUrl: p.deployment_status?.environment_url
      }
    }
    case 'deployment': {
      const p = ctx.payload as Loose<DeploymentEvent>
      return {
        sha: p.deployment?.sha,
        branch: branchOfDeploymentRef(text(p.deployment?.ref), notes),
        deploymentUrl: webUrlOf(p.deployment?.payload)
      }
    }
    case 'workflow_run': {
      const run = (ctx.payload as Loose<WorkflowRunEvent>).workflow_run
      return { sha: run?.head_sha, branch: run?.head_branch }
    }
    case 'merge_group': {
      const group = (ctx.payload as Loose<MergeGroupEvent>).merge_group
      const branch = text(group?.head_ref)?.replace(/^refs\/heads\//, '')
      const pull = ctx.mergeQueuePull
      return pull === undefined
        ? { sha: group?.head_sha, branch, pullRequestNumber: mergeQueuePullRequest(branch) }
        : { sha: group?.head_sha, branch: pull.branch, pullRequestNumber: pull.number }
    }
    case 'check_suite': {
      const suite = (ctx.payload as Loose<CheckSuiteEvent>).check_suite
      return { sha: suite?.head_sha, branch: suite?.head_branch }
    }
    case 'check_run': {
      // The check run's own head_sha, required in GitHub's schema; the suite's branch is shown only.
      const run = (ctx.payload as Loose<CheckRunEvent>).check_run
      return { sha: run?.head_sha, branch: run?.check_suite?.head_branch }
    }
    default: {
      // Events such as pull_request_review run on refs/pull/<n>/merge, which is no branch.
      const isBranch = ctx.refType === 'branch' && !ctx.ref.startsWith('refs/pull/')
      return { sha: ctx.sha, branch: isBranch ? ctx.refName : undefined }
    }
  }
}

/** deployment.ref may be a branch, a tag or a commit SHA; only a branch is a branch. */
function branchOfDeploymentRef(ref: string | undefined, notes: string[]): string | undefined {
  if (ref === undefined) return undefined
  if (isFullCommitSha(ref)) {
    notes.push('The deployment ref is a commit SHA, not a branch; no branch is sent.')
    return undefined
  }
  if (ref.startsWith('refs/heads/')) return ref.slice('refs/heads/'.length)
  if (ref.startsWith('refs/')) {
    notes.push(`The deployment ref ${quote(ref)} is not a branch; no branch is sent.`)
    return undefined
  }
  return ref
}

/** The deployment payload is free-form JSON, and API clients sometimes send it as a string. */
function webUrlOf(payload: unknown): unknown {
  if (typeof payload === 'string') {
    try {
      return webUrlOf(JSON.parse(payload))
    } catch {
      return undefined
    }
  }
  if (typeof payload !== 'object' || payload === null) return undefined
  return (payload as { web_url?: unknown }).web_url
}

/**
 * A merge queue tests `gh-readonly-queue/<base>/pr-<N>-<sha>`: the pull request is named in the
 * branch only (the event carries no number). The base branch may itself hold slashes.
 */
export function mergeQueuePullRequest(branch: string | undefined): number | undefined {
  const match = /^gh-readonly-queue\/.+\/pr-([1-9][0-9]*)-[0-9a-f]+$/.exec(branch ?? '')
  return match?.[1] === undefined ? undefined : Number(match[1])
}

function checkSha(value: unknown, notes: string[]): string | undefined {
  const sha = text(value)
  if (sha === undefined) return undefined
  if (isCommitSha(sha)) return sha.toLowerCase()
  notes.push(`The event's commit ${quote(sha)} is not a commit SHA; no sha is sent.`)
  return undefined
}

function checkBranch(value: unknown, notes: string[]): string | undefined {
  const branch = text(value)
  if (branch === undefined) return undefined
  if (!hasControlChar(branch)) return branch
  notes.push(`The event's branch ${quote(branch)} contains control characters; no branch is sent.`)
  return undefined
}

function checkDeploymentUrl(value: unknown, notes: string[]): string | undefined {
  const url = text(value)
  if (url === undefined) return undefined
  if (isHttpUrl(url) && !hasControlChar(url)) return url
  notes.push(
    `The event's deployment URL ${quote(displayUrl(url))} is not an http(s) URL; it is not sent.`
  )
  return undefined
}

function checkPullRequestNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined
}

/** A non-empty string, trimmed, else undefined: payload values are not trusted to have their types. */
function text(value: unknown): string | undefined {
  return nonBlankText(value)?.trim()
}

/**
 * `GITHUB_RUN_ID-GITHUB_RUN_ATTEMPT-GITHUB_JOB`, as QA Wolf's client composes it, plus
 * `:<label>` so that the legs of a matrix (one job definition) report different deployments.
 */
export function providerDeploymentId(ctx: GitHubContext, label: string): string | undefined {
  const { runId, runAttempt, job } = ctx
  if (!runId || !runAttempt || !job) return undefined
  const id = `${runId}-${runAttempt}-${job}`
  return label === '' ? id : `${id}:${label}`
}

export type PullRequestLookup =
  | { kind: 'number'; number: number }
  | { kind: 'sha'; sha: string }
  | { kind: 'none'; reason: string }

/**
 * Where a verdict's pull request comes from: the event for pull request events (and comments on a
 * pull request), else the open pull request whose head is `sha` (a check's commit, when the step
 * names one), else the event's commit.
 */
export function pullRequestLookup(ctx: GitHubContext, sha?: string): PullRequestLookup {
  const event = ctx.eventName || 'unknown'
  const onPull = ctx.eventName.startsWith('pull_request')
  if (onPull || ctx.eventName === 'issue_comment') {
    const subject = ctx.payload[onPull ? 'pull_request' : 'issue']
    const number = isRecord(subject) ? checkPullRequestNumber(subject['number']) : undefined
    if (onPull && number === undefined) {
      return { kind: 'none', reason: `The ${event} event has no pull_request.number.` }
    }
    if (
      number === undefined ||
      !isRecord(subject) ||
      (!onPull && !isRecord(subject['pull_request']))
    ) {
      return { kind: 'none', reason: 'The issue_comment event is on an issue, not a pull request.' }
    }
    return { kind: 'number', number }
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
