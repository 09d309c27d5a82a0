// 7. The check path (verdict-from: check): what waiting costs in GitHub API requests, and what the
// check_run path costs in runner time. Polling is measured against the emulator's GitHub side with
// a check run that stays in progress: every read after the first is conditional, and GitHub
// answers an unchanged list 304, which its rate limit does not count. The check_run path reads the
// verdict from the event with one read of the commit's check runs (a newer re-run or another
// app's check must not hide behind the event's success) and two of the branch (only its tip may
// be promoted), and holds the runner only for the step itself, however long QA Wolf's review took.
import { startEmulator, type Emulator } from '../../emulator/server.js'
import type { Row, Section } from './report.js'
import { median, ms } from './stats.js'
import { runBundle, type Target } from './measure.js'

const API_KEY = 'qb7-Ch3ckP4thBench'
const REPO = 'acme/shop'
const SHA = 'c0ffee0000000000000000000000000000c0ffee'
/** The commit of the check_run path: its check run completed, as GitHub lists it beside the event. */
const EVENT_SHA = 'c0ffee0000000000000000000000000000beef00'
/** The emulator numbers preset check runs from 7000, in order: the second is the event's. */
const EVENT_CHECK_RUN_ID = 7001
const CHECK_RUNS = `/repos/${REPO}/commits/${SHA}/check-runs`
const WAIT_MS = 5000
const INTERVAL_MS = 250
/** The action's default poll-interval: what a user's hour of waiting costs. */
const DEFAULT_INTERVAL_S = 30
/** GITHUB_TOKEN's rate limit per repository and hour. */
const GITHUB_TOKEN_LIMIT = 1000
const EVENT_RUNS = 9
const MAX_EVENT_STEP_MS = 2000
/** The check runs' read, the repository's default branch and its tip (the commit rule). */
const MAX_EVENT_REQUESTS = 3

function gateInputs(emulator: Emulator, extra: Record<string, string>): Record<string, string> {
  return {
    mode: 'greenlight',
    'api-key': API_KEY,
    'base-url': emulator.url,
    'verdict-from': 'check',
    ...extra
  }
}

function env(emulator: Emulator): Record<string, string> {
  return { GITHUB_REPOSITORY: REPO, GITHUB_API_URL: emulator.url }
}

export async function checkPath(target: Target): Promise<Section> {
  const emulator = await startEmulator({
    teams: [{ apiKey: API_KEY }],
    github: {
      checkRuns: [
        { repository: REPO, sha: SHA, status: 'in_progress', startedAt: new Date().toISOString() },
        {
          repository: REPO,
          sha: EVENT_SHA,
          conclusion: 'success',
          startedAt: new Date().toISOString()
        }
      ]
    }
  })
  try {
    await runBundle(
      target,
      gateInputs(emulator, {
        sha: SHA,
        timeout: `${WAIT_MS}ms`,
        'poll-interval': `${INTERVAL_MS}ms`,
        'fail-on-timeout': 'false'
      }),
      { env: env(emulator) }
    )
    const reads = emulator.requests.filter(r => r.path === CHECK_RUNS)
    const counted = reads.filter(r => r.status !== 304).length
    const perHour = 3600 / DEFAULT_INTERVAL_S
    // Only the answers that changed count against the rate limit: while nothing changes, the first.
    const countedPerHour = counted
    // The emulator's own check_run payload for QA Wolf's check on EVENT_SHA, the default branch's
    // tip (the last commit it heard of): the tip case of the commit rule.
    const eventRun = emulator.github.checkRuns.find(run => run.id === EVENT_CHECK_RUN_ID)
    if (eventRun === undefined) throw new Error('the event check run is missing')
    const event = emulator.github.checkRunEvent(eventRun, { headBranch: 'main' })
    const walls: number[] = []
    let requestsOnEvent = 0
    let mostInOneRun = 0
    for (let i = 0; i < EVENT_RUNS; i++) {
      const before = emulator.requests.length
      const run = await runBundle(target, gateInputs(emulator, {}), {
        env: env(emulator),
        eventName: 'check_run',
        event
      })
      if (run.outputs['greenlight'] !== 'true') {
        throw new Error(`the check_run path was not green:\n${run.stdout}${run.stderr}`)
      }
      const requests = emulator.requests.length - before
      requestsOnEvent += requests
      mostInOneRun = Math.max(mostInOneRun, requests)
      walls.push(run.wallMs)
    }
    const stepMs = median(walls)
    const rows: Row[] = [
      {
        benchmark: 'Check path',
        measure: `GitHub API requests per hour of waiting (poll-interval ${DEFAULT_INTERVAL_S}s)`,
        result: `${perHour}, of which ${countedPerHour} counted by the rate limit (the rest 304)`,
        target: `≤ 1% of GITHUB_TOKEN's ${GITHUB_TOKEN_LIMIT}/h counted`,
        met: countedPerHour <= GITHUB_TOKEN_LIMIT / 100
      },
      {
        benchmark: 'Check path',
        measure: 'Runner time of the check_run path (one step, median)',
        result: `${ms(stepMs)}, ${requestsOnEvent} requests in ${EVENT_RUNS} runs`,
        target: `one short step (< ${ms(MAX_EVENT_STEP_MS)}), at most ${MAX_EVENT_REQUESTS} requests, whatever the review takes`,
        met: stepMs < MAX_EVENT_STEP_MS && mostInOneRun <= MAX_EVENT_REQUESTS
      }
    ]
    return {
      rows,
      notes: [
        `One gate waited ${ms(WAIT_MS)} polling every ${ms(INTERVAL_MS)} for a check run that stayed in progress: ${reads.length} reads, ${reads.length - counted} answered 304 (If-None-Match with the last ETag), ${counted} counted by the rate limit.`,
        `An hour at the default poll-interval makes ${perHour} reads; as long as the check does not change, only the first is counted, and each change costs one more.`,
        `The check_run path was run ${EVENT_RUNS} times on a completed event for the default branch's tip: the verdict comes from the event, one read of the commit's check runs of that name and two of where the commit stands (the repository's default branch, that branch's tip), so the step's time is the action's start-up, those reads and a summary, not the review's length.`
      ]
    }
  } finally {
    await emulator.close()
  }
}
