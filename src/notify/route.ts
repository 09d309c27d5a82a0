// What a notify route is: one way of telling QA Wolf that a deployment succeeded (`via`). The
// driver (run-notify.ts) runs every route the same way, in this order: the route's input rules,
// the deployment's facts (payload.ts), the route's request, wait-for-url, one send, the outputs,
// what the answer means, the job summary. Everything that is one route's own lives in its module,
// which is loaded only when `via` names it; the exchange it sends lives in the layer of the server
// it speaks to (service/ or github/). CONTRIBUTING.md, "Adding a notify route", lists every file.
import type { Clock } from '../core/clock.js'
import { InputError } from '../core/input-error.js'
import type { GitHubContext } from '../github/event-context.js'
import type { NotifyRoute as Via, NotifySettings } from '../inputs/settings.js'
import type { Markdown } from '../kernel/markdown.js'
import type { Redacted } from '../kernel/io.js'
import type { OnAnswered, ServiceClient } from '../service/client.js'
import { postWithRetries } from '../service/post-retries.js'
import type { NotificationPlan } from './payload.js'

export interface RouteDeps {
  client: ServiceClient
  context: GitHubContext
  clock: Clock
  random: () => number
  signal: AbortSignal
  env: NodeJS.ProcessEnv
}

/** What a route's input rules found: errors send nothing, warnings are shown. */
export interface RuleFindings {
  errors: InputError[]
  warnings: string[]
}

/** A line for the log, in the order the step did things. */
export type LogLine =
  { kind: 'info'; message: string } | { kind: 'warning' | 'notice'; message: string; title: string }

/** The facts of a deployment that is to be told, with the plan they came from. */
export type SendPlan = Extract<NotificationPlan, { kind: 'send' }>

export type RouteRequest<Request> =
  | {
      kind: 'send'
      request: Request
      /** What is about to be sent, logged once wait-for-url has passed: "Notifying …". */
      describe: string
      /** What the user should fix although it can be sent (a preview URL shared by every PR). */
      lines: LogLine[]
    }
  | { kind: 'fail'; reason: string }

/** An answer, with the time its server put on it (`Date`, a `created_at`) when it gave one. */
export interface Sent<Answer> {
  answer: Answer
  serverTime?: string
}

/** What an answer means for the step. */
export interface Reported {
  outputs: Record<string, string | Redacted>
  lines: LogLine[]
  /** Set when the step fails although the request was answered (no run, and runs were expected). */
  failure?: string
}

/** The one state the job summary renders. */
export type SummaryState<Answer> =
  | { kind: 'skipped'; reason: string }
  | { kind: 'failed'; reason: string }
  | { kind: 'reported'; answer: Answer }

export interface SummaryInput<Answer> {
  label: string
  baseUrl: string
  environment?: string
  /** The deployment URL as sent (shown without credentials). */
  deploymentUrl?: string
  state: SummaryState<Answer>
}

export interface Route<Request, Answer> {
  readonly via: Via
  /** How the step names its failure before and after sending: "The deployment notification …". */
  readonly words: { notSent: string; failed: string }
  /** What the route needs of the inputs, checked before anything is read or sent. Pure. */
  rules(settings: NotifySettings): RuleFindings
  /** The request from the deployment's facts, or why none can go out. Pure. */
  request(settings: NotifySettings, plan: SendPlan, context: GitHubContext): RouteRequest<Request>
  /** Sends it (once, or with the retries the route allows); throws what failed. */
  send(
    request: Request,
    settings: NotifySettings,
    deps: RouteDeps,
    onRetry: (line: string) => void
  ): Promise<Sent<Answer>>
  /** Why sending failed, for the step's error, and the outputs that still hold. */
  failure(
    error: unknown,
    settings: NotifySettings,
    deps: RouteDeps
  ): { reason: string; outputs?: Record<string, string> }
  /** What the answer says: outputs, log lines, and whether the step fails. */
  report(answer: Answer, settings: NotifySettings): Reported
  summary(input: SummaryInput<Answer>): Markdown
}

/** Why the route's request cannot go out: the step fails before anything is sent. */
export function notSendable(reason: string): { kind: 'fail'; reason: string } {
  return { kind: 'fail', reason }
}

/** Notes for the log (what was left out of the request, and why), as its first lines. */
export function infoLines(messages: readonly string[]): LogLine[] {
  return messages.map(message => ({ kind: 'info', message }))
}

/** An input the route needs and does not have; `why` says more after its example. */
export function environmentRequired(via: Via, why = ''): InputError {
  return new InputError(
    'environment',
    `Input 'environment' is required with via: ${via}: name the environment QA Wolf should test, e.g. staging or pr-42${why}.`
  )
}

/** An input the route does not send, and why. */
export function ignoredInput(name: string, via: Via, why: string): string {
  return `Input '${name}' is ignored with via: ${via} (${why}).`
}

/**
 * A POST to the QA service with its retries (post-retries.ts), its answer as the route reads it,
 * and the time the service put on the answer that was read (its `Date` header), for `reported-at`.
 */
export async function postToService<Response, Answer>(
  post: (signal: AbortSignal, onAnswered: OnAnswered) => Promise<Response>,
  read: (response: Response) => Answer,
  deps: RouteDeps,
  onRetry: (line: string) => void
): Promise<Sent<Answer>> {
  let serverTime: string | undefined
  const response = await postWithRetries(
    signal =>
      post(signal, date => {
        serverTime = date
      }),
    { ...deps, onRetry }
  )
  const answer = read(response)
  return serverTime === undefined ? { answer } : { answer, serverTime }
}
