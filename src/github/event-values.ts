// The event table: what the triggering GitHub event says about the deployment (its commit, its
// branch, its URL), or that nothing should be sent. Read by notify (the README's event table) and
// by the PR comment (which pull request a commit belongs to). Pure: no I/O.
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
import type { GitHubContext } from './event-context.js'
import { hasControlChar, nonBlankText, quote } from '../kernel/text.js'
import { displayUrl, isHttpUrl } from '../core/urls.js'
import { isCommitSha, isFullCommitSha, isZeroSha } from '../core/commit-sha.js'

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

/**
 * Payload fields may be missing or of the wrong type (hand-made events, old GHES versions), so the
 * webhook types only name the fields; every value is checked before use.
 */
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
      const branch = withoutHeadsPrefix(text(group?.head_ref))
      return { sha: group?.head_sha, branch, pullRequestNumber: mergeQueuePullRequest(branch) }
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
function mergeQueuePullRequest(branch: string | undefined): number | undefined {
  const match = /^gh-readonly-queue\/.+\/pr-([1-9][0-9]*)-[0-9a-f]+$/.exec(branch ?? '')
  return match?.[1] === undefined ? undefined : Number(match[1])
}

function withoutHeadsPrefix(ref: string | undefined): string | undefined {
  return ref?.replace(/^refs\/heads\//, '')
}

// ---- checks on event values ----------------------------------------------------------------------

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
