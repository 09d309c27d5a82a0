// A simulated QA run service for the chaos tests: seeded scenarios of run timelines (in answers,
// not time), bug sets and priorities, superseding runs, service glitches and transport faults.
// Answers and the expected verdict come from the service model the emulator uses
// (emulator/service-model.ts), independently of src/greenlight/verdict.ts, so that the engine is
// checked against the service's rules rather than against itself.
import { mulberry32 } from '../../emulator/faults.js'
import {
  greenlightResponse,
  isBlocking as blocks,
  isGreen,
  type VisibleBug
} from '../../emulator/service-model.js'
import type { FakeClock } from '../helpers/fake-clock.js'
import type { RunStatus } from '../../src/greenlight/run-outcome.js'
import { ServiceError } from '../../src/kernel/service.js'
import * as zlib from 'node:zlib'
import { decodeBody } from '../../src/kernel/http.js'
import { readJson } from '../../src/kernel/http.js'
import { greenlightSchema } from '../../src/kernel/service.js'
import type { GreenlightResponse, RunStage } from '../../src/kernel/service.js'
import { BASE_URL } from '../helpers/responses.js'

// ---------------------------------------------------------------------------------------------
// Seeded randomness

export type Random = () => number

/** The emulator's seeded PRNG, so scenarios replay from one 32-bit seed. */
export const seededRandom: (seed: number) => Random = mulberry32

/** A well-mixed seed for scenario `index` of a batch, so each scenario can be replayed alone. */
export function scenarioSeed(batchSeed: number, index: number): number {
  let h = (batchSeed ^ Math.imul(index + 1, 0x9e3779b1)) >>> 0
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0
  return (h ^ (h >>> 16)) >>> 0
}

const int = (random: Random, min: number, max: number): number =>
  min + Math.floor(random() * (max - min + 1))
export const pick = <T>(random: Random, items: readonly T[]): T =>
  items[int(random, 0, items.length - 1)] as T
const chance = (random: Random, p: number): boolean => random() < p

// ---------------------------------------------------------------------------------------------
// Scenarios

export type BugPriority = 'high' | 'low' | undefined

export interface Bug {
  url: string
  /** Blocking when `high` or unset: the service model's rule decides. */
  priority: BugPriority
}

/** Ways the service itself misbehaves in an answer; none of them may ever yield a green. */
export type Glitch =
  | 'greenlight-while-running'
  | 'greenlight-with-blocking-bugs'
  | 'greenlight-without-count'
  | 'greenlight-when-canceled'

/** What the service shows about the relevant run for one answer. */
export interface Snapshot {
  stage: RunStage
  relevantRunId: string
  bugs: Bug[]
  workflows: number
  underInvestigation: number
  autoRetrying: number
  /** `outcomeWhenBlockingBugsInOtherWorkflows: red` with blocking bugs elsewhere. */
  redForOtherWorkflows: boolean
  glitch?: Glitch
}

export interface RunPlan {
  rootRunId: string
  /** Answer k shows snapshots[min(k, last)]; the last one is terminal. */
  snapshots: Snapshot[]
  faultRate: number
  faultSeed: number
}

export interface Scenario {
  seed: number
  runs: RunPlan[]
  wait: boolean
  timeoutMs: number
  pollIntervalMs: number
  /** Longest simulated request latency (a `timeout` fault takes CLIENT_TIMEOUT_MS instead). */
  latencyMaxMs: number
  /** Virtual time at which the job is cancelled, if it is. */
  abortAtMs?: number
  /** Or: the job is cancelled while this query (0-based, over all runs) is in flight. */
  abortDuringQuery?: number
}

export const CLIENT_TIMEOUT_MS = 10_000
export const MIN_LATENCY_MS = 20
export const NOT_FOUND_WINDOW_MS = 60_000
export const MAX_RETRY_AFTER_MS = 20_000

export function generateScenario(seed: number): Scenario {
  const random = seededRandom(seed)
  const wait = !chance(random, 0.08)
  const pollIntervalMs = pick(random, [1_000, 5_000, 15_000, 30_000])
  const latencyMaxMs = pick(random, [200, 1_500])
  const runCount = chance(random, 0.15) ? 2 : 1
  const runs = Array.from({ length: runCount }, (_, i) =>
    generateRun(random, `run-${seed.toString(36)}-${i + 1}`, wait)
  )
  const longest = Math.max(...runs.map(r => r.snapshots.length))
  const nominalMs = (longest - 1) * pollIntervalMs
  const timeoutMs = chance(random, 0.65)
    ? nominalMs * 2 + 60 * 60_000
    : int(random, 0, Math.round(nominalMs * 1.3) + 60_000)
  const scenario: Scenario = { seed, runs, wait, timeoutMs, pollIntervalMs, latencyMaxMs }
  if (chance(random, 0.07)) scenario.abortAtMs = int(random, 0, nominalMs + 60_000)
  else if (chance(random, 0.05)) scenario.abortDuringQuery = int(random, 0, 5)
  return scenario
}

function generateRun(random: Random, rootRunId: string, wait: boolean): RunPlan {
  const startsTerminal = !wait && chance(random, 0.5)
  const initializing = startsTerminal ? 0 : int(random, 0, 4)
  const reviewing = startsTerminal ? 0 : int(random, 0, 8)
  const canceled = chance(random, 0.12)
  const workflows = int(random, 1, 40)

  const finalBugs: Bug[] = chance(random, 0.4)
    ? []
    : Array.from({ length: int(random, 1, 3) }, (_, i) => ({
        url: `${BASE_URL}/bugs/${rootRunId}-${i + 1}`,
        priority: pick(random, ['high', 'low', undefined] as const)
      }))
  const redForOtherWorkflows = chance(random, 0.08)

  // Superseding runs take over at some answer and stay (spec 2.3, superseding rule).
  const total = initializing + reviewing + 1
  const takeovers: { at: number; id: string }[] = []
  if (chance(random, 0.2)) takeovers.push({ at: int(random, 0, total - 1), id: `${rootRunId}-b` })
  if (takeovers.length > 0 && chance(random, 0.25)) {
    takeovers.push({ at: int(random, takeovers[0]?.at ?? 0, total - 1), id: `${rootRunId}-c` })
  }
  const relevantAt = (k: number): string => takeovers.filter(t => t.at <= k).at(-1)?.id ?? rootRunId

  const snapshots: Snapshot[] = []
  for (let k = 0; k < initializing; k++) {
    snapshots.push(base('initializing', relevantAt(k), [], workflows, 0, 0))
  }
  for (let k = 0; k < reviewing; k++) {
    // Bugs are found during review; new bugs have no priority yet, so they are blocking.
    const found = finalBugs.slice(0, Math.round((finalBugs.length * (k + 1)) / reviewing))
    const snapshot = base(
      'underReview',
      relevantAt(initializing + k),
      found.map(b => ({ ...b, priority: undefined })),
      workflows,
      found.length,
      int(random, 0, 3)
    )
    if (chance(random, 0.05)) snapshot.glitch = 'greenlight-while-running'
    snapshots.push(snapshot)
  }
  const last = base(
    canceled ? 'canceled' : 'completed',
    relevantAt(total - 1),
    canceled ? [] : finalBugs,
    workflows,
    canceled ? 0 : finalBugs.length,
    0
  )
  last.redForOtherWorkflows = redForOtherWorkflows
  if (chance(random, 0.05)) {
    last.glitch = canceled
      ? 'greenlight-when-canceled'
      : pick(random, ['greenlight-with-blocking-bugs', 'greenlight-without-count'] as const)
  }
  snapshots.push(last)
  return {
    rootRunId,
    snapshots,
    faultRate: 0.2 + random() * 0.2,
    faultSeed: Math.floor(random() * 2 ** 32)
  }
}

function base(
  stage: RunStage,
  relevantRunId: string,
  bugs: Bug[],
  workflows: number,
  underInvestigation: number,
  autoRetrying: number
): Snapshot {
  return {
    stage,
    relevantRunId,
    bugs,
    workflows,
    underInvestigation,
    autoRetrying,
    redForOtherWorkflows: false
  }
}

const isBlocking = (bug: Bug): boolean => blocks({ priority: bug.priority ?? null })

/** A bug as the service model shows it. */
function visible(bug: Bug, index: number): VisibleBug {
  return {
    id: bug.url.slice(bug.url.lastIndexOf('/') + 1),
    number: index + 1,
    name: `Bug ${index + 1}`,
    priority: bug.priority ?? null,
    isNew: true,
    url: bug.url
  }
}

/** A blocking bug in a workflow outside the run, for `redForOtherWorkflows`. */
const OTHER_BLOCKING_BUG: VisibleBug = {
  id: 'other-1',
  number: 901,
  name: 'Blocking bug in a workflow outside this run',
  priority: 'high',
  isNew: false,
  url: `${BASE_URL}/bugs/other-1`
}

/** The service's answer for a snapshot, from the service model, then bent by its glitch. */
export function toResponse(s: Snapshot, queriedRunId: string): GreenlightResponse {
  const reported = s.stage === 'underReview' || s.stage === 'completed'
  const r = greenlightResponse(
    queriedRunId,
    {
      id: s.relevantRunId,
      stage: s.stage,
      workflowsInRun: s.workflows,
      workflowsUnderInvestigation: s.underInvestigation,
      workflowsDisabledAfterRun: 0,
      workflowsAutoRetrying: s.autoRetrying,
      bugs: reported ? s.bugs.map(visible) : [],
      otherBlockingBugs: s.redForOtherWorkflows ? [OTHER_BLOCKING_BUG] : []
    },
    s.redForOtherWorkflows ? 'red' : 'green',
    BASE_URL
  ) as GreenlightResponse
  switch (s.glitch) {
    case 'greenlight-while-running':
    case 'greenlight-when-canceled':
      r.greenlight = true
      break
    case 'greenlight-with-blocking-bugs':
      r.greenlight = true
      r.blockingBugsCount = Math.max(1, s.bugs.filter(isBlocking).length)
      break
    case 'greenlight-without-count':
      r.greenlight = true
      delete r.blockingBugsCount
      break
  }
  return r
}

/**
 * The verdict a correct engine reaches with no faults and time enough: from the model's final
 * state and the contract's rule, not from src/greenlight/verdict.ts.
 */
export function faultFreeStatus(plan: RunPlan, wait: boolean): RunStatus {
  const first = plan.snapshots[0] as Snapshot
  const final = plan.snapshots.at(-1) as Snapshot
  const decisive = wait ? final : first
  if (decisive.stage === 'canceled') {
    return decisive.glitch === 'greenlight-when-canceled' ? 'error' : 'canceled'
  }
  if (decisive.stage !== 'completed') return 'timed-out'
  if (
    decisive.glitch === 'greenlight-with-blocking-bugs' ||
    decisive.glitch === 'greenlight-without-count'
  ) {
    return 'error'
  }
  const green = isGreen({
    stage: decisive.stage,
    blockingBugs: decisive.bugs.filter(isBlocking).length,
    outcome: decisive.redForOtherWorkflows ? 'red' : 'green',
    otherBlockingBugs: decisive.redForOtherWorkflows ? 1 : 0
  })
  return green ? 'passed' : 'failed'
}

// ---------------------------------------------------------------------------------------------
// The simulated service

export const FAULT_KINDS = [
  'http-500',
  'http-502',
  'http-503',
  'http-504',
  'http-429',
  'http-429-retry-after',
  'network',
  'timeout',
  'invalid-response',
  'not-found',
  'duplicate-key',
  'deep-nesting',
  'cut-after-status-line',
  'header-overflow',
  'compressed'
] as const
export type FaultKind = (typeof FAULT_KINDS)[number]

const FAULT_WEIGHTS: readonly (readonly [FaultKind, number])[] = [
  ['http-500', 1],
  ['http-502', 1],
  ['http-503', 1],
  ['http-504', 1],
  ['http-429', 1],
  ['http-429-retry-after', 1],
  ['network', 2],
  ['timeout', 1],
  ['invalid-response', 1],
  ['not-found', 1],
  ['duplicate-key', 1],
  ['deep-nesting', 1],
  ['cut-after-status-line', 1],
  ['header-overflow', 1],
  ['compressed', 1]
]

function pickFault(random: Random): FaultKind {
  const total = FAULT_WEIGHTS.reduce((sum, [, w]) => sum + w, 0)
  let x = random() * total
  for (const [kind, weight] of FAULT_WEIGHTS) {
    x -= weight
    if (x < 0) return kind
  }
  return 'network'
}

export interface QueryRecord {
  runId: string
  startedAt: number
  durationMs: number
  fault?: FaultKind
  /** The longest wait the fault allows before the retry: the backoff cap, or Retry-After if longer. */
  maxRetryDelayMs?: number
}

/** One run as the service sees it: answers follow the plan, faults follow the seeded stream. */
export class SimulatedRun {
  readonly records: QueryRecord[] = []
  readonly violations: string[] = []
  readonly faults: Partial<Record<FaultKind, number>> = {}
  answered = 0
  lastAnswer?: GreenlightResponse
  private expectedRunId: string
  private readonly random: Random

  constructor(
    readonly plan: RunPlan,
    private readonly clock: FakeClock,
    private readonly latencyMaxMs: number,
    private readonly backoffCapMs: number
  ) {
    this.expectedRunId = plan.rootRunId
    this.random = seededRandom(plan.faultSeed)
  }

  get faultCount(): number {
    return this.records.filter(r => r.fault !== undefined).length
  }

  readonly query = async (runId: string): Promise<GreenlightResponse> => {
    const startedAt = this.clock.now()
    const firstAt = this.records[0]?.startedAt ?? startedAt
    const record: QueryRecord = { runId, startedAt, durationMs: 0 }
    this.records.push(record)
    if (runId !== this.expectedRunId) {
      this.violations.push(
        `query ${this.records.length} asked about ${runId}; the last answer named ${this.expectedRunId}`
      )
    }
    if (this.answered >= this.plan.snapshots.length) {
      this.violations.push(`query ${this.records.length} came after a terminal answer`)
    }

    let fault = chance(this.random, this.plan.faultRate) ? pickFault(this.random) : undefined
    // A 404 is realistic only while a new run is not yet visible.
    if (
      fault === 'not-found' &&
      (this.answered > 0 || startedAt - firstAt >= NOT_FOUND_WINDOW_MS)
    ) {
      fault = 'http-503'
    }
    const latency = int(this.random, MIN_LATENCY_MS, this.latencyMaxMs)
    const retryAfterMs = int(this.random, 0, MAX_RETRY_AFTER_MS / 1000) * 1000

    const snapshot = this.plan.snapshots[
      Math.min(this.answered, this.plan.snapshots.length - 1)
    ] as Snapshot
    if (fault === undefined || fault === 'deep-nesting' || fault === 'compressed') {
      record.durationMs = latency
      await this.clock.delay(latency)
      this.answered++
      let answer = toResponse(snapshot, runId)
      if (fault !== undefined) {
        // The real answer with an unknown field nested far too deep, or compressed by a proxy,
        // read as the client reads it: it must still be the same answer.
        record.fault = fault
        this.faults[fault] = (this.faults[fault] ?? 0) + 1
        answer =
          fault === 'compressed'
            ? readCompressed(JSON.stringify(answer), pick(this.random, ['gzip', 'deflate', 'br']))
            : readAsClient(JSON.stringify(answer).replace(/}$/, `,"extra":${DEEP}}`))
      }
      this.expectedRunId = answer.relevantRunId
      this.lastAnswer = answer
      return answer
    }

    record.fault = fault
    record.maxRetryDelayMs =
      fault === 'http-429-retry-after'
        ? Math.max(retryAfterMs, this.backoffCapMs)
        : this.backoffCapMs
    record.durationMs = fault === 'timeout' ? CLIENT_TIMEOUT_MS : latency
    this.faults[fault] = (this.faults[fault] ?? 0) + 1
    await this.clock.delay(record.durationMs)
    if (fault === 'duplicate-key') {
      // The real answer with its verdict fields repeated as green: a parser keeping the last
      // value would call it green. The client must refuse it.
      const forged = ',"greenlight":true,"runStage":"completed","blockingBugsCount":0}'
      readAsClient(JSON.stringify(toResponse(snapshot, runId)).replace(/}$/, forged))
      this.violations.push(`query ${this.records.length}: a body with repeated keys was accepted`)
    }
    throw faultError(fault, retryAfterMs)
  }
}

/** An unknown field 5,000 levels deep. */
const DEEP = '{"a":'.repeat(5000) + '1' + '}'.repeat(5000)

function readAsClient(text: string): GreenlightResponse {
  return readJson(text, 'application/json', greenlightSchema(), t => t)
}

const COMPRESS = { gzip: zlib.gzipSync, deflate: zlib.deflateSync, br: zlib.brotliCompressSync }

/** A body a proxy compressed, decoded and read as the client does. */
function readCompressed(text: string, encoding: keyof typeof COMPRESS): GreenlightResponse {
  const body = decodeBody(COMPRESS[encoding](text), encoding, 1024 * 1024, BASE_URL, true)
  return readAsClient(body.toString('utf8'))
}

function faultError(fault: FaultKind, retryAfterMs: number): ServiceError {
  const origin = new URL(BASE_URL).host
  switch (fault) {
    case 'http-500':
    case 'http-502':
    case 'http-503':
    case 'http-504': {
      const status = Number(fault.slice(5))
      return new ServiceError('http', `The QA service answered HTTP ${status}.`, { status })
    }
    case 'http-429':
      return new ServiceError('http', 'Too many requests (HTTP 429).', { status: 429 })
    case 'http-429-retry-after':
      return new ServiceError('http', 'Too many requests (HTTP 429).', {
        status: 429,
        retryAfterMs
      })
    case 'network':
      return new ServiceError('network', `Could not reach ${origin}: ECONNRESET.`)
    case 'timeout':
      return new ServiceError(
        'timeout',
        `No response from ${origin} within 10 s (request time-out).`
      )
    case 'invalid-response':
      return new ServiceError('unreadable', 'Invalid response: the body is not JSON.')
    // The service's status line arrived, then the answer broke: a GET may ask again.
    case 'cut-after-status-line':
      return new ServiceError('unreadable', `The answer from ${origin} was cut off.`)
    case 'header-overflow':
      return new ServiceError('unreadable', `${origin} answered, but its headers overflowed.`)
    case 'not-found':
      return new ServiceError('http', 'The run was not found (HTTP 404).', { status: 404 })
    case 'duplicate-key':
    case 'deep-nesting':
    case 'compressed':
      return new ServiceError('invalid-response', `unexpected ${fault} fault`)
  }
}
