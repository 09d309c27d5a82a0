// What every notify route shares: the deployment's facts (explicit inputs first, then the event:
// docs/behaviour.md's event table), what a route is given and gives back, whether a preview is
// told apart from the others, and the summaries. Pure.
import type { ModeDeps } from '../kernel/action.js'
import type { Redacted } from '../kernel/io.js'
import { InputError, type NotifyRoute, type NotifySettings } from '../kernel/settings.js'
import type { RepositoryPath } from '../kernel/settings.js'
import { truncateText } from '../kernel/text.js'
import { displayUrl, isHttpUrl } from '../kernel/parsers.js'
import { deriveFromEvent, readsEventFile, type GitHubContext } from '../kernel/event.js'
import { escapeText, limitSummary, link, type Markdown } from '../kernel/markdown.js'

/** What run.ts gives a route: the event, the log (with the step's prefix) and wait-for-url. */
export interface Step extends ModeDeps {
  context: GitHubContext
  log(message: string): void
  warn(message: string, title: string, kind?: 'warning' | 'notice'): void
  /** Waits for the deployment when asked to, then logs `describe`; else says why nothing is sent. */
  ready(describe: string): Promise<string | undefined>
}

export interface DeploymentFacts {
  sha?: string
  branch?: string
  deploymentUrl?: string
  commitUrl?: string
  pullRequestNumber?: number
  repository?: RepositoryPath
}

/** `notes`: why an event value was left out; `warnings`: what to fix although it can be sent. */
export type SendPlan = { kind: 'send'; facts: DeploymentFacts; notes: string[]; warnings: string[] }
export type TellPlan = SendPlan | { kind: 'fail'; reason: string }
type Plan = TellPlan | { kind: 'skip'; reason: string }

export interface Told {
  outputs?: Record<string, string | Redacted>
  failure?: string
  summary: Markdown
}

export interface Route {
  /** Its refusals of the inputs, and its warnings (`false`: nothing to say). */
  rules(settings: NotifySettings): (InputError | string | false)[]
  /** A plan that failed is only summarized; one to send is sent, once wait-for-url has passed. */
  tell(settings: NotifySettings, plan: TellPlan, step: Step): Promise<Told>
}

export function environmentRequired(via: NotifyRoute, why = ''): InputError {
  return new InputError(
    'environment',
    `Input 'environment' is required with via: ${via}: name the environment QA Wolf should test, e.g. staging or pr-42${why}.`
  )
}

export const ignoredInput = (name: string, via: NotifyRoute, why: string): string =>
  `Input '${name}' is ignored with via: ${via} (${why}).`

export const value = (text?: string): string => (text === undefined ? '' : truncateText(text, 1024))

/** When the report was accepted, ISO 8601 UTC: by the answering server's clock when it said. */
export function reportedAt(serverTime: string | undefined): string {
  const server = serverTime === undefined ? NaN : Date.parse(serverTime)
  return new Date(Number.isFinite(server) ? server : Date.now()).toISOString()
}

/** Keeps the field order, dropping undefined, '' and empty objects: never send blanks. */
export function withoutEmpty<T extends object>(body: T): T {
  const kept = Object.entries(body).filter(
    ([, field]) =>
      field !== undefined &&
      field !== '' &&
      !(typeof field === 'object' && field !== null && Object.keys(field).length === 0)
  )
  return Object.fromEntries(kept) as T
}

export function planNotification(settings: NotifySettings, ctx: GitHubContext): Plan {
  const fail = (reason: string): Plan => ({ kind: 'fail', reason })
  const problem = ctx.eventFileProblem
  // A broken event file names no commit (and would read as a deployment that did not succeed).
  const broken = problem !== undefined && readsEventFile(ctx.eventName)
  if (broken && settings.sha === undefined) {
    return fail(
      `${problem} Without it the ${ctx.eventName} event names no commit, so nothing was sent. Set the 'sha' input (with 'branch' and 'deployment-url' as needed) to notify from inputs alone.`
    )
  }
  const derived: Partial<ReturnType<typeof deriveFromEvent>> = broken ? {} : deriveFromEvent(ctx)
  const event = { notes: [], ...derived }
  if (event.skip !== undefined) return { kind: 'skip', reason: event.skip }
  const gitlab = settings.hostingService === 'GitLab'
  const named = /^([^/\s]+)\/([^/\s]+)$/.exec(ctx.repository)
  const repository =
    settings.repository ?? (gitlab || !named ? undefined : { owner: named[1]!, name: named[2]! })
  const sha = settings.sha || event.sha || undefined
  const deploymentUrl = settings.deploymentUrl || event.deploymentUrl || undefined
  if (settings.ephemeralEnvironment === true && deploymentUrl === undefined) {
    return fail(
      "Input 'ephemeral-environment' is true but no deployment URL is known: set 'deployment-url' to the preview's address (a preview environment is named by its URL), or leave ephemeral-environment unset."
    )
  }
  const unsentPull =
    "The input 'pull-request-number' is not sent with hosting-service: GitLab; set 'merge-request-number' instead."
  const commitUrl =
    settings.commitUrl ||
    (gitlab || !sha || repository === undefined || !isHttpUrl(ctx.serverUrl)
      ? undefined
      : `${ctx.serverUrl.replace(/\/+$/, '')}/${repository.owner}/${repository.name}/commit/${sha}`)
  return {
    kind: 'send',
    facts: withoutEmpty({
      sha,
      branch: settings.branch || event.branch || undefined,
      deploymentUrl,
      commitUrl,
      pullRequestNumber: gitlab
        ? undefined
        : (settings.pullRequestNumber ?? event.pullRequestNumber),
      repository
    }),
    notes:
      gitlab && settings.pullRequestNumber !== undefined
        ? [...event.notes, unsentPull]
        : event.notes,
    warnings: broken
      ? [`${problem} Sending the explicit inputs only; nothing is read from the event.`]
      : []
  }
}

/** Warns about a preview whose URL (or environment name, when sent) names no pull request number,
 * commit or branch as whole words of one host label, path segment or name: QA Wolf's docs warn
 * that such previews "fail silently". */
export function previewWarnings(
  settings: Pick<NotifySettings, 'ephemeralEnvironment'>,
  facts: DeploymentFacts,
  warn: (message: string, title: string) => void,
  name?: string
): void {
  if (settings.ephemeralEnvironment !== true) return
  const url = facts.deploymentUrl
  if (url !== undefined && !hasDiscriminator(urlPieces(url), facts)) {
    warn(
      `The preview URL ${displayUrl(url)} names no pull request number, commit or branch. QA Wolf's docs warn that previews with a static URL fail silently: a green run for code that was never exercised. Give each preview its own URL.`,
      'Preview URL not per deployment'
    )
  }
  if (name !== undefined && !hasDiscriminator([name], facts)) {
    warn(
      `The preview environment's name names no pull request number, commit or branch, so every pull request's preview is one environment in QA Wolf, and a run may test another pull request's code. Name it per pull request, e.g. pr-${facts.pullRequestNumber ?? '<number>'}.`,
      'Preview environment not per pull request'
    )
  }
}

function urlPieces(url: string): string[] {
  if (!URL.canParse(url)) return []
  const { hostname, pathname } = new URL(url)
  const decode = (segment: string): string => {
    try {
      return decodeURIComponent(segment)
    } catch {
      return segment
    }
  }
  return [...hostname.split('.'), ...pathname.split('/').map(decode)]
}

const wordsOf = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)

function hasDiscriminator(pieces: readonly string[], facts: DeploymentFacts): boolean {
  const pr = facts.pullRequestNumber
  const sha = facts.sha?.toLowerCase() ?? ''
  const branch = wordsOf(facts.branch ?? '')
  return pieces.map(wordsOf).some(words =>
    words.some(
      (word, i) =>
        // `pr42` names pull request 42; without a known number, `pr-7`, `preview-7`, `mr7` count.
        (pr !== undefined
          ? new RegExp(`^[a-z]*${pr}$`).test(word)
          : /^(pr|mr)[0-9]+$/.test(word) ||
            (/^[0-9]+$/.test(word) &&
              ['pr', 'pull', 'mr', 'preview'].includes(words[i - 1] ?? ''))) ||
        (sha.length >= 7 && word.length >= 7 && sha.startsWith(word)) ||
        (branch.length > 0 && branch.every((part, j) => words[i + j] === part))
    )
  )
}

export function notifyHeading(label: string): Markdown {
  const shown = escapeText(label)
  return shown === '' ? '## QA notify' : `## QA notify — ${shown}`
}

export function skippedSummary(label: string, reason: string): Markdown {
  const why = escapeText(reason, 1000)
  return `${notifyHeading(label)}\n\n⏭️ **Nothing was sent**${why === '' ? '.' : `: ${why}`}\n`
}

/** How a route on QA Wolf's current path (its answer names no run) ends, with its summary. */
export function currentPath(settings: NotifySettings, plan: TellPlan, route: Markdown) {
  const url = plan.kind === 'send' ? plan.facts.deploymentUrl : undefined
  const summary = (end: Markdown): Markdown => {
    const environment = `**Environment:** ${escapeText(settings.environment ?? '')}`
    const lines = [notifyHeading(settings.label), `**Route:** ${route}`, environment]
    if (url !== undefined) lines.push(`**Deployment URL:** ${link(url, url)}`)
    return limitSummary(`${[...lines, end].join('\n\n')}\n`)
  }
  return {
    failed: (reason: string, outputs?: Record<string, string>): Told => ({
      failure: `The deployment was not reported: ${reason}`,
      summary: summary(`❌ **Not reported:** ${escapeText(reason, 2000)}`),
      outputs
    }),
    reported: (what: Markdown, outputs: Record<string, string>): Told => ({
      outputs,
      summary: summary(
        `✅ **Reported:** ${what}\n\nQA Wolf evaluates its triggers on this report; the answer names no run, so this step cannot say whether anything was tested. To gate on the result, use greenlight with \`verdict-from: check\` and \`since\` set to this step’s \`reported-at\` (QA Wolf’s check on the commit).`
      )
    })
  }
}
