// What notify sends: explicit inputs first, then what the triggering event says (the event table
// in the README, under Behaviour, notify). Pure: no I/O, no clock.
import type { GitHubContext } from '../github/event-context.js'
import { deriveFromEvent } from '../github/event-values.js'
import type { DeploymentNotification } from '../service/schemas.js'
import type { NotifySettings } from '../inputs/settings.js'
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
      /** Why an event value was left out (e.g. a tag push has no branch); for the log. */
      notes: string[]
    }
  | { kind: 'skip'; reason: string }

export function planNotification(settings: NotifySettings, ctx: GitHubContext): NotificationPlan {
  const event = deriveFromEvent(ctx)
  if (event.skip !== undefined) return { kind: 'skip', reason: event.skip }

  const sha = pick(settings.sha, event.sha)
  const branch = pick(settings.branch, event.branch)
  const deploymentUrl = pick(settings.deploymentUrl, event.deploymentUrl)
  const commitUrl = pick(
    settings.commitUrl,
    settings.hostingService === 'GitHub' ? defaultCommitUrl(ctx, sha.value) : undefined
  )

  const body = withoutEmpty({
    branch: branch.value,
    sha: sha.value,
    deployment_type: settings.deploymentType,
    deployment_url: deploymentUrl.value,
    hosting_service: settings.hostingService,
    commit_url: commitUrl.value,
    variables: settings.variables,
    deduplication_key: settings.deduplicationKey,
    ephemeral_environment: settings.ephemeralEnvironment,
    workspaceId: settings.workspaceId
  })
  return {
    kind: 'send',
    body,
    derived: {
      sha: sha.source,
      branch: branch.source,
      deploymentUrl: deploymentUrl.source,
      commitUrl: commitUrl.source
    },
    notes: event.notes
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

function defaultCommitUrl(ctx: GitHubContext, sha: string | undefined): string | undefined {
  if (!sha || !/^[^/\s]+\/[^/\s]+$/.test(ctx.repository) || !isHttpUrl(ctx.serverUrl)) {
    return undefined
  }
  return `${ctx.serverUrl.replace(/\/+$/, '')}/${ctx.repository}/commit/${sha}`
}

/** Keeps the field order of `body`, dropping undefined, '' and empty objects: never send blanks. */
function withoutEmpty(body: DeploymentNotification): DeploymentNotification {
  const kept = Object.entries(body).filter(
    ([, value]) =>
      value !== undefined &&
      value !== '' &&
      !(typeof value === 'object' && value !== null && Object.keys(value).length === 0)
  )
  return Object.fromEntries(kept) as DeploymentNotification
}
