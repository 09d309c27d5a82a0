// What notify sends: explicit inputs first, then what the triggering event says (the event table
// in the README, under Behaviour, notify), shaped as the service's own client sends it. Pure: no
// I/O, no clock.
import type { GitHubContext } from '../github/event-context.js'
import { deriveFromEvent, readsEventFile, type EventValues } from '../github/event-values.js'
import type { DeploymentNotification } from '../service/schemas.js'
import type { NotifySettings, RepositoryPath } from '../inputs/settings.js'
import { isHttpUrl } from '../core/urls.js'

/** Where a value came from: an explicit input, the GitHub event/context, or nowhere (omitted). */
export type ValueSource = 'input' | 'event' | 'none'

export type NotificationPlan =
  | {
      kind: 'send'
      body: DeploymentNotification
      derived: {
        sha: ValueSource
        branch: ValueSource
        deploymentUrl: ValueSource
        /** 'event' means the default built from GITHUB_SERVER_URL, the repository and the SHA. */
        commitUrl: ValueSource
      }
      /** What every route reads, before the deploy_success body's rules leave any of it out. */
      facts: DeploymentFacts
      /** Why an event value was left out (e.g. a tag push has no branch); for the log. */
      notes: string[]
      /** Why an input is not in the deploy_success body (that route's rules); for its log. */
      bodyNotes: string[]
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
  const bodyNotes: string[] = []
  // As the service's own client: an ephemeral environment is linked to no repository or pull
  // request; any other deployment is, which is what links its runs to the pull request.
  const ephemeral = settings.ephemeralEnvironment === true
  if (ephemeral && deploymentUrl.value === undefined) {
    return {
      kind: 'fail',
      reason:
        "Input 'ephemeral-environment' is true but no deployment URL is known: set 'deployment-url' to the preview's address (a preview environment is named by its URL), or leave ephemeral-environment unset."
    }
  }
  if (ephemeral && settings.pullRequestNumber !== undefined) {
    bodyNotes.push(
      "The input 'pull-request-number' is not sent with ephemeral-environment: true (an ephemeral environment is linked to no pull request)."
    )
  }
  if (gitlab && settings.pullRequestNumber !== undefined) {
    bodyNotes.push(
      "The input 'pull-request-number' is not sent with hosting-service: GitLab; set 'merge-request-number' instead."
    )
  }
  const pullRequestNumber = gitlab
    ? undefined
    : (settings.pullRequestNumber ?? event.pullRequestNumber)
  const link = ephemeral
    ? {}
    : gitlab
      ? {
          hosting_service: settings.hostingService,
          // The vendor's client sends a GitLab project only as the user names it.
          repository: repository && { namespace: repository.owner, name: repository.name },
          merge_request_number: settings.mergeRequestNumber
        }
      : {
          hosting_service: settings.hostingService,
          repository: repository && { owner: repository.owner, name: repository.name },
          pull_request_number: pullRequestNumber
        }

  const body = withoutEmpty({
    branch: branch.value,
    sha: sha.value,
    deployment_type: settings.deploymentType,
    deployment_url: deploymentUrl.value,
    ...link,
    commit_url: commitUrl.value,
    variables: settings.variables,
    deduplication_key: settings.deduplicationKey,
    ephemeral_environment: settings.ephemeralEnvironment,
    workspaceId: settings.workspaceId
  })
  return {
    kind: 'send',
    body,
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
    notes: event.notes,
    bodyNotes,
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
