// What notify tells, whichever route: explicit inputs first, then what the triggering event says
// (the event table in the README, under Behaviour, notify). Each route shapes its own request from
// these facts. Pure: no I/O, no clock.
import {
  deriveFromEvent,
  readsEventFile,
  type EventValues,
  type GitHubContext
} from '../kernel/event.js'
import type { NotifySettings, RepositoryPath } from '../inputs/settings.js'
import { isHttpUrl } from '../core/urls.js'

/** Where a value came from: an explicit input, the GitHub event/context, or nowhere (omitted). */
export type ValueSource = 'input' | 'event' | 'none'

export type NotificationPlan =
  | {
      kind: 'send'
      derived: {
        sha: ValueSource
        branch: ValueSource
        deploymentUrl: ValueSource
        /** 'event' means the default built from GITHUB_SERVER_URL, the repository and the SHA. */
        commitUrl: ValueSource
      }
      /** What every route reads; each route shapes its own request from it. */
      facts: DeploymentFacts
      /** Why an event value was left out (e.g. a tag push has no branch); for the log. */
      notes: string[]
      /** What the user should fix although something can be sent (a broken event file). */
      warnings: string[]
    }
  /** The event says nothing should be sent (a deployment_status that is not a success). */
  | { kind: 'skip'; reason: string }
  /** Nothing can be sent: the event file is broken and no input names the commit. */
  | { kind: 'fail'; reason: string }

/** The deployment as the inputs and the event describe it, whichever route tells the service. */
export interface DeploymentFacts {
  sha?: string
  branch?: string
  deploymentUrl?: string
  commitUrl?: string
  /** GitHub: the input, else the event's (a pull_request event, a merge queue branch). */
  pullRequestNumber?: number
  /** The `repository` input, else (GitHub only) the workflow's repository. */
  repository?: RepositoryPath
}

export function planNotification(settings: NotifySettings, ctx: GitHubContext): NotificationPlan {
  const event = eventValues(settings, ctx)
  if ('fail' in event) return { kind: 'fail', reason: event.fail }
  if (event.skip !== undefined) return { kind: 'skip', reason: event.skip }

  const gitlab = settings.hostingService === 'GitLab'
  const repository = settings.repository ?? (gitlab ? undefined : repositoryOf(ctx.repository))
  const sha = pick(settings.sha, event.sha)
  const branch = pick(settings.branch, event.branch)
  const deploymentUrl = pick(settings.deploymentUrl, event.deploymentUrl)
  const commitUrl = pick(
    settings.commitUrl,
    gitlab ? undefined : defaultCommitUrl(ctx, repository, sha.value)
  )
  const notes = [...event.notes]
  if (settings.ephemeralEnvironment === true && deploymentUrl.value === undefined) {
    return {
      kind: 'fail',
      reason:
        "Input 'ephemeral-environment' is true but no deployment URL is known: set 'deployment-url' to the preview's address (a preview environment is named by its URL), or leave ephemeral-environment unset."
    }
  }
  if (gitlab && settings.pullRequestNumber !== undefined) {
    notes.push(
      "The input 'pull-request-number' is not sent with hosting-service: GitLab; set 'merge-request-number' instead."
    )
  }
  const pullRequestNumber = gitlab
    ? undefined
    : (settings.pullRequestNumber ?? event.pullRequestNumber)
  return {
    kind: 'send',
    facts: withoutEmpty({
      sha: sha.value,
      branch: branch.value,
      deploymentUrl: deploymentUrl.value,
      commitUrl: commitUrl.value,
      pullRequestNumber,
      repository
    }),
    derived: {
      sha: sha.source,
      branch: branch.source,
      deploymentUrl: deploymentUrl.source,
      commitUrl: commitUrl.source
    },
    notes,
    warnings: event.warning === undefined ? [] : [event.warning]
  }
}

/**
 * The event's values; none when its file is broken, as an empty event would read as one that
 * names no commit or, for deployment_status, as a deployment that did not succeed.
 */
function eventValues(
  settings: NotifySettings,
  ctx: GitHubContext
): (EventValues & { warning?: string }) | { fail: string } {
  const problem = ctx.eventFileProblem
  if (problem === undefined || !readsEventFile(ctx.eventName)) return deriveFromEvent(ctx)
  if (settings.sha === undefined) {
    return {
      fail:
        `${problem} Without it the ${ctx.eventName} event names no commit, so nothing was sent. ` +
        `Set the 'sha' input (with 'branch' and 'deployment-url' as needed) to notify from inputs alone.`
    }
  }
  return {
    notes: [],
    warning: `${problem} Sending the explicit inputs only; nothing is read from the event.`
  }
}

function pick(
  input: string | undefined,
  fromEvent: string | undefined
): { value: string | undefined; source: ValueSource } {
  if (input) return { value: input, source: 'input' }
  if (fromEvent) return { value: fromEvent, source: 'event' }
  return { value: undefined, source: 'none' }
}

const REPOSITORY = /^([^/\s]+)\/([^/\s]+)$/

function repositoryOf(repository: string): RepositoryPath | undefined {
  const match = REPOSITORY.exec(repository)
  return match?.[1] === undefined || match[2] === undefined
    ? undefined
    : { owner: match[1], name: match[2] }
}

function defaultCommitUrl(
  ctx: GitHubContext,
  repository: RepositoryPath | undefined,
  sha: string | undefined
): string | undefined {
  if (!sha || repository === undefined || !isHttpUrl(ctx.serverUrl)) return undefined
  const path = `${repository.owner}/${repository.name}`
  return `${ctx.serverUrl.replace(/\/+$/, '')}/${path}/commit/${sha}`
}

/** Keeps the field order of `body`, dropping undefined, '' and empty objects: never send blanks. */
export function withoutEmpty<T extends object>(body: T): T {
  const kept = Object.entries(body).filter(
    ([, value]) =>
      value !== undefined &&
      value !== '' &&
      !(typeof value === 'object' && value !== null && Object.keys(value).length === 0)
  )
  return Object.fromEntries(kept) as T
}
