// The one retry policy of every request to QA Wolf's service (docs/retries.md). Pure.
import { formatDuration, type Clock } from './time.js'

/** The kinds that mean an answer came: `unreadable`, it cannot be read; `invalid-response`, it is
 * not the documented one. */
const ANSWERED = ['http', 'unreadable', 'invalid-response', 'too-large'] as const
export type ServiceErrorKind = 'network' | 'tls' | 'timeout' | 'aborted' | (typeof ANSWERED)[number]

export type ServiceErrorDetails = { cause?: unknown } & Partial<
  Pick<ServiceError, 'status' | 'retryAfterMs' | 'answered' | 'reached' | 'unreachable' | 'foreign'>
>

export class ServiceError extends Error {
  override readonly name = 'ServiceError'
  readonly status?: number
  readonly retryAfterMs?: number
  /** Headers (or bytes Node could not parse as them) had arrived. */
  readonly answered: boolean
  /** A connection was made (or the proxy's tunnel): the server may have the request. */
  readonly reached: boolean
  /** The host was not found or refused the connection. */
  readonly unreachable: boolean
  /** For `http`: the body is not JSON at all, so some other server answered. */
  readonly foreign: boolean

  constructor(
    readonly kind: ServiceErrorKind,
    message: string,
    details: ServiceErrorDetails = {}
  ) {
    const { status, retryAfterMs: after, answered, reached, unreachable, cause } = details
    super(message, cause === undefined ? undefined : { cause })
    this.status = status
    // A negative or endless Retry-After is no instruction at all.
    if (after !== undefined && Number.isFinite(after) && after >= 0) this.retryAfterMs = after
    this.answered = ANSWERED.some(answer => answer === kind) || !!answered
    this.reached = this.answered || !!reached
    this.unreachable = kind === 'network' && !!unreachable
    this.foreign = kind === 'http' && !!details.foreign
  }
}

/** What a POST may have done once the service had it: said when it is not sent again. */
export const POST_CONSEQUENCE = {
  notify: 'runs may have been created (look in the QA service before notifying again)',
  terminate: 'the environment may have been terminated',
  'report-status':
    'the deployment may have been recorded and its triggers evaluated (look in the QA service before reporting again)'
}
export type PostEndpoint = keyof typeof POST_CONSEQUENCE

/** A Retry-After longer than this ends a POST instead: a deploy step should not hang for minutes. */
const POST_MAX_RETRY_AFTER_MS = 60_000
/** A new run may answer 404 for a while after the notification that created it. */
export const DEFAULT_NOT_FOUND_GRACE_MS = 60_000
/** This long of nothing but "not reached at all" ends the step (the contract's 60 s, less 5 s). */
export const DEFAULT_UNREACHABLE_LIMIT_MS = 55_000
/** No pause is shorter: "Retry-After: 0" or a jitter draw near 0 never makes a tight loop. */
const PAUSE_FLOOR_MS = 100

/** Retry-After as delay-seconds or an HTTP-date (RFC 9110 10.2.3), in ms; else undefined. */
export function parseRetryAfterMs(header: string | undefined, nowMs: number): number | undefined {
  const value = header?.trim() ?? ''
  if (/^\d+$/.test(value)) return Number(value) * 1000
  // Every HTTP-date form names its month; without one, Date.parse reads "-5" or "1.5" as a year.
  const date = /[a-z]{3}/i.test(value) ? Date.parse(value) : NaN
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs)
}

export interface RetrySituation {
  method: 'GET' | 'POST'
  /** Failed attempts in a row, this one included. */
  failures: number
  /** Until the caller's deadline; a POST has none (Infinity). */
  msLeft: number
  /** GET: false when the step asks once (3 attempts at most, as a POST). */
  wait?: boolean
  /** POST: it may be sent again after any "not now" (reportStatus, by its providerDeploymentId). */
  idempotent?: boolean
  /** How long nothing but "not reached at all" failures have come. */
  unreachableForMs?: number
  unreachableLimitMs?: number
  /** GET: time since the run's first query, for the grace period of a new run's 404. */
  sinceFirstQueryMs?: number
  notFoundGraceMs?: number
  /** A uniform draw in [0, 1) for the full-jitter backoff. */
  jitter: number
}

/** Why a failure is not asked again: `permanent` (4xx, TLS, the wrong shape, too large), a POST
 * `answered` (the service may have acted on it), or a bound reached. */
export type StopReason = Extract<ReturnType<typeof retryDecision>, { retry: false }>['stop']

export function retryDecision(error: ServiceError, s: RetrySituation) {
  const post = s.method === 'POST'
  const { kind, status = 0, retryAfterMs } = error
  const unreachableLeftMs =
    (s.unreachableLimitMs ?? DEFAULT_UNREACHABLE_LIMIT_MS) - (s.unreachableForMs ?? 0)
  const graceLeftMs = (s.notFoundGraceMs ?? DEFAULT_NOT_FOUND_GRACE_MS) - (s.sinceFirstQueryMs ?? 0)
  // 408, 429 and every 5xx say "not now", and so does a run's own 404 (another server's 404 page is
  // a wrong address). Only 408, 429 and 503 (TRANSACTION_TIMEOUT) say a POST was not acted on.
  const notNow = status >= 500 || [408, 429].includes(status) || (status === 404 && !error.foreign)
  const notActedOn = kind === 'http' && (s.idempotent || [408, 429, 503].includes(status))
  // The first that holds ends the asking.
  const stops = [
    ['aborted', kind === 'aborted'],
    // A kind not named here as passing is permanent: a new kind is never retried by default.
    ['permanent', kind === 'http' ? !notNow : !['network', 'timeout', 'unreadable'].includes(kind)],
    ['not-found', kind === 'http' && status === 404 && (post || graceLeftMs < 0)],
    ['answered', post && error.reached && !notActedOn],
    ['unreachable', error.unreachable && unreachableLeftMs <= 0],
    ['attempts', s.failures >= (post || s.wait === false ? 3 : Infinity)],
    ['deadline', s.msLeft <= 0],
    // The service said when it will answer again; asking sooner, at the deadline, ignores it.
    ['retry-after', (retryAfterMs ?? 0) > (post ? POST_MAX_RETRY_AFTER_MS : s.msLeft)]
  ] as const
  const stop = stops.find(([, holds]) => holds)?.[0]
  if (stop !== undefined) return { retry: false as const, stop }
  // Full jitter: uniform in [0, min(cap, base × 2^(failures - 1))).
  const [baseMs, capMs] = post ? [1000, 10_000] : [500, 30_000]
  const backoffMs = Math.floor(s.jitter * Math.min(capMs, baseMs * 2 ** (s.failures - 1)))
  // A closing window (the unreachable limit, a new run's 404 grace) gets its last try at its end.
  const windowMs = error.unreachable ? unreachableLeftMs : status === 404 ? graceLeftMs : Infinity
  const delayMs = Math.max(PAUSE_FLOOR_MS, retryAfterMs ?? 0, backoffMs)
  return { retry: true as const, delayMs: Math.min(delayMs, Math.max(PAUSE_FLOOR_MS, windowMs)) }
}

/** A POST with its retries: `retryDecision` decides, this loop waits. */
export async function postWithRetries<T>(
  send: (signal: AbortSignal) => Promise<T>,
  deps: { clock: Clock; random: () => number; signal: AbortSignal; log: (line: string) => void },
  endpoint: PostEndpoint
): Promise<T> {
  const idempotent = endpoint === 'report-status'
  for (let failures = 1; ; failures++) {
    try {
      return await send(deps.signal)
    } catch (error) {
      if (!(error instanceof ServiceError) || deps.signal.aborted) throw error
      const situation = { method: 'POST' as const, failures, msLeft: Infinity, idempotent }
      const decision = retryDecision(error, { ...situation, jitter: deps.random() })
      if (!decision.retry) {
        const acted = decision.stop === 'answered' && error.kind === 'http'
        if (decision.stop !== 'retry-after' && !acted) throw error
        const why = acted
          ? `Not sent again, as ${POST_CONSEQUENCE[endpoint]}.`
          : `The service asked to wait ${formatDuration(error.retryAfterMs ?? 0)} before trying again (Retry-After), longer than the ${formatDuration(POST_MAX_RETRY_AFTER_MS)} this step waits.`
        const message = `${error.message.replace(/\.?$/, '.')} ${why}`
        throw new ServiceError(error.kind, message, { ...error, cause: error })
      }
      deps.log(`Attempt ${failures} failed (${error.message}); retrying in ${decision.delayMs} ms.`)
      await deps.clock.sleep(decision.delayMs, deps.signal)
    }
  }
}
