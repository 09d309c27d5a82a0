// What every notify route shares: the deployment's facts (explicit inputs first, then the event:
// the README's event table), what a route is (the driver, run.ts, runs each the same way: rules,
// facts, request, wait-for-url, one send, the answer's outputs and words, the summary), whether a
// preview is told apart from the others, and the summary of the routes that name no run. Pure.
import type { Clock } from '../kernel/time.js'
import { InputError } from '../kernel/settings.js'
import { truncateText } from '../kernel/text.js'
import { displayUrl, isHttpUrl } from '../kernel/parsers.js'
import type { GitHubContext } from '../kernel/event.js'
import { deriveFromEvent, readsEventFile } from '../kernel/event.js'
import type { NotifyRoute, NotifySettings, RepositoryPath } from '../kernel/settings.js'
import { limitSummary } from '../kernel/markdown.js'
import { escapeText, link, type Markdown } from '../kernel/markdown.js'
import type { ServiceClient } from '../kernel/service.js'

export interface RouteDeps {
  client: ServiceClient
  context: GitHubContext
  clock: Clock
  random: () => number
  signal: AbortSignal
  env: NodeJS.ProcessEnv
}

/** A line for the log, in the order the step did things. */
export type LogLine =
  { kind: 'info'; message: string } | { kind: 'warning' | 'notice'; message: string; title: string }

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

export type Plan =
  /** `notes`: why an event value was left out; `warnings`: what to fix although it can be sent. */
  | { kind: 'send'; facts: DeploymentFacts; notes: string[]; warnings: string[] }
  /** The event says nothing should be sent (a deployment_status that is not a success). */
  | { kind: 'skip'; reason: string }
  /** Nothing can be sent: the event file is broken and no input names the commit. */
  | { kind: 'fail'; reason: string }

export type SendPlan = Extract<Plan, { kind: 'send' }>

export type RouteRequest<Request> =
  /** `describe`: logged once wait-for-url has passed; `lines`: what to fix although it can be sent. */
  | { kind: 'send'; request: Request; describe: string; lines: LogLine[] }
  | { kind: 'fail'; reason: string }

/** An answer, with the time its server put on it (`Date`, a `created_at`) when it gave one. */
export interface Sent<Answer> {
  answer: Answer
  serverTime?: string
}

/** What an answer means: outputs, log lines, and the step's failure although it was answered. */
export interface Reported {
  outputs: Record<string, string | { text: string }>
  lines: LogLine[]
  failure?: string
}

export type SummaryState<Answer> =
  | { kind: 'skipped'; reason: string }
  | { kind: 'failed'; reason: string }
  | { kind: 'reported'; answer: Answer }

export interface SummaryInput<Answer> {
  label: string
  baseUrl: string
  environment?: string
  /** As sent (shown without credentials). */
  deploymentUrl?: string
  state: SummaryState<Answer>
}

/** One way of telling QA Wolf that a deployment succeeded (`via`); run.ts names them all. */
export interface Route<Request, Answer> {
  /** How the step names its failure before and after sending. */
  readonly words: { notSent: string; failed: string }
  /** What the route needs of the inputs, before anything is read or sent. */
  rules(settings: NotifySettings): { errors: InputError[]; warnings: string[] }
  request(settings: NotifySettings, plan: SendPlan, context: GitHubContext): RouteRequest<Request>
  /** The one exchange (with the retries the route allows); throws what failed. */
  send(
    request: Request,
    settings: NotifySettings,
    deps: RouteDeps,
    onRetry: (line: string) => void
  ): Promise<Sent<Answer>>
  /** Why sending failed, and the outputs that still hold. */
  failure(
    error: unknown,
    settings: NotifySettings,
    deps: RouteDeps
  ): { reason: string; outputs?: Record<string, string> }
  report(answer: Answer, settings: NotifySettings): Reported
  summary(input: SummaryInput<Answer>): Markdown
}

export function notSendable(reason: string): { kind: 'fail'; reason: string } {
  return { kind: 'fail', reason }
}

export function infoLines(messages: readonly string[]): LogLine[] {
  return messages.map(message => ({ kind: 'info', message }))
}

export function environmentRequired(via: NotifyRoute, why = ''): InputError {
  return new InputError(
    'environment',
    `Input 'environment' is required with via: ${via}: name the environment QA Wolf should test, e.g. staging or pr-42${why}.`
  )
}

export function ignoredInput(name: string, via: NotifyRoute, why: string): string {
  return `Input '${name}' is ignored with via: ${via} (${why}).`
}

/** A short output value: a skip reason, say. */
export function value(text: string | undefined): string {
  return text === undefined ? '' : truncateText(text, 1024)
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
  const problem = ctx.eventFileProblem
  // A broken event file names no commit (and would read as a deployment that did not succeed).
  const broken = problem !== undefined && readsEventFile(ctx.eventName)
  if (broken && settings.sha === undefined) {
    return {
      kind: 'fail',
      reason:
        `${problem} Without it the ${ctx.eventName} event names no commit, so nothing was sent. ` +
        `Set the 'sha' input (with 'branch' and 'deployment-url' as needed) to notify from inputs alone.`
    }
  }
  const event = broken ? { notes: [] } : deriveFromEvent(ctx)
  if (event.skip !== undefined) return { kind: 'skip', reason: event.skip }
  const gitlab = settings.hostingService === 'GitLab'
  const repository = settings.repository ?? (gitlab ? undefined : repositoryOf(ctx.repository))
  const sha = settings.sha || event.sha || undefined
  const deploymentUrl = settings.deploymentUrl || event.deploymentUrl || undefined
  if (settings.ephemeralEnvironment === true && deploymentUrl === undefined) {
    return {
      kind: 'fail',
      reason:
        "Input 'ephemeral-environment' is true but no deployment URL is known: set 'deployment-url' to the preview's address (a preview environment is named by its URL), or leave ephemeral-environment unset."
    }
  }
  const notes = [...event.notes]
  if (gitlab && settings.pullRequestNumber !== undefined) {
    notes.push(
      "The input 'pull-request-number' is not sent with hosting-service: GitLab; set 'merge-request-number' instead."
    )
  }
  const server = ctx.serverUrl.replace(/\/+$/, '')
  const commitUrl =
    settings.commitUrl ||
    (gitlab || !sha || repository === undefined || !isHttpUrl(ctx.serverUrl)
      ? undefined
      : `${server}/${repository.owner}/${repository.name}/commit/${sha}`)
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
    notes,
    warnings: broken
      ? [`${problem} Sending the explicit inputs only; nothing is read from the event.`]
      : []
  }
}

function repositoryOf(repository: string): RepositoryPath | undefined {
  const match = /^([^/\s]+)\/([^/\s]+)$/.exec(repository)
  return match ? { owner: match[1]!, name: match[2]! } : undefined
}

/**
 * What to fix about a preview (`ephemeral-environment: true`) that is not told apart from the
 * others, as QA Wolf's docs warn ("fails silently … a green run for code that was never
 * exercised"): its URL, and the environment's name when the route sends one. A per-deployment
 * part is the pull request number, the commit or the branch, as whole words of one host label,
 * path segment or name; without a pull request event, a number named as one's (`pr-7`) counts.
 */
export function previewWarnings(
  settings: Pick<NotifySettings, 'ephemeralEnvironment'>,
  facts: DeploymentFacts,
  name?: string
): LogLine[] {
  if (settings.ephemeralEnvironment !== true) return []
  const lines: LogLine[] = []
  const url = facts.deploymentUrl
  if (url !== undefined && !hasDiscriminator(urlPieces(url), facts)) {
    lines.push({
      kind: 'warning',
      title: 'Preview URL not per deployment',
      message: `The preview URL ${displayUrl(url)} names no pull request number, commit or branch. QA Wolf's docs warn that previews with a static URL fail silently: a green run for code that was never exercised. Give each preview its own URL.`
    })
  }
  if (name !== undefined && !hasDiscriminator([name], facts)) {
    lines.push({
      kind: 'warning',
      title: 'Preview environment not per pull request',
      message: `The preview environment's name names no pull request number, commit or branch, so every pull request's preview is one environment in QA Wolf, and a run may test another pull request's code. Name it per pull request, e.g. pr-${facts.pullRequestNumber ?? '<number>'}.`
    })
  }
  return lines
}

function urlPieces(url: string): string[] {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return []
  }
  const decode = (segment: string): string => {
    try {
      return decodeURIComponent(segment)
    } catch {
      return segment
    }
  }
  return [...parsed.hostname.split('.'), ...parsed.pathname.split('/').map(decode)]
}

const wordsOf = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)

function hasDiscriminator(pieces: readonly string[], facts: DeploymentFacts): boolean {
  const lists = pieces.map(wordsOf)
  const pr = facts.pullRequestNumber
  const sha = facts.sha?.toLowerCase() ?? ''
  const branch = wordsOf(facts.branch ?? '')
  return lists.some(words =>
    words.some((word, i) => {
      // `pr42` names pull request 42; without a known number, `pr-7`, `preview-7`, `mr7` count.
      if (pr !== undefined && new RegExp(`^[a-z]*${pr}$`).test(word)) return true
      if (
        pr === undefined &&
        (/^(pr|mr)[0-9]+$/.test(word) ||
          (/^[0-9]+$/.test(word) && ['pr', 'pull', 'mr', 'preview'].includes(words[i - 1] ?? '')))
      ) {
        return true
      }
      if (sha.length >= 7 && word.length >= 7 && sha.startsWith(word)) return true
      return branch.length > 0 && branch.every((part, j) => words[i + j] === part)
    })
  )
}

/** The heading of a notify step's summary, whichever route it took. */
export function notifyHeading(label: string): Markdown {
  const shown = escapeText(label)
  return shown === '' ? '## QA notify' : `## QA notify — ${shown}`
}

/** The summary of a notify step that sent nothing. */
export function skippedSummary(lines: Markdown[], reason: string): Markdown {
  const why = escapeText(reason, 1000)
  lines.push(`⏭️ **Nothing was sent**${why === '' ? '.' : `: ${why}`}`)
  return limitSummary(`${lines.join('\n')}\n`)
}

/**
 * The summary of a route on QA Wolf's current path, whose answer names no run: what was reported
 * (`route`: how; `reported`: what, after "Reported:"), where to look, and how to gate on it.
 */
export function currentPathSummary<Answer>(
  input: SummaryInput<Answer>,
  words: (answer: Answer | undefined) => { route: Markdown; reported: Markdown }
): Markdown {
  const lines = [notifyHeading(input.label), '']
  const { state } = input
  if (state.kind === 'skipped') return skippedSummary(lines, state.reason)
  const said = words(state.kind === 'reported' ? state.answer : undefined)
  lines.push(
    `**Route:** ${said.route}`,
    '',
    `**Environment:** ${escapeText(input.environment ?? '')}`
  )
  if (input.deploymentUrl !== undefined) {
    lines.push('', `**Deployment URL:** ${link(input.deploymentUrl, input.deploymentUrl)}`)
  }
  if (state.kind === 'failed') {
    lines.push('', `❌ **Not reported:** ${escapeText(state.reason, 2000)}`)
  } else {
    lines.push(
      '',
      `✅ **Reported:** ${said.reported}`,
      '',
      'QA Wolf evaluates its triggers on this report; the answer names no run, so this step cannot say whether anything was tested. To gate on the result, use greenlight with `verdict-from: check` and `since` set to this step’s `reported-at` (QA Wolf’s check on the commit).'
    )
  }
  return limitSummary(`${lines.join('\n')}\n`)
}
