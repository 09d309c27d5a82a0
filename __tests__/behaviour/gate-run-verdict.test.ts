// greenlight mode with verdict-from: run, as a step: the action polling the
// emulator (or a scripted service) on loopback, from the first query to the verdict on every
// surface. The verdict rules themselves are unit-tested (unit/verdict.test.ts,
// unit/verdict.property.test.ts); here, one witness of each as the user sees it.
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parse } from 'yaml'
import type { EmulatorConfig, RunConfig } from '../../emulator/server.js'
import { REPO_ROOT } from '../../scripts/node24.mjs'
import { runAction, type ActionRun } from '../../scripts/action-runner.js'
import {
  API_KEY,
  emulator,
  greenlightInputs,
  greenlightStep,
  messagesOf,
  notifyStep,
  qaService,
  requestsTo,
  scriptedService,
  sendJson,
  tinyServer
} from '../helpers/e2e.js'
import { checkRun, outcome, PUSH, REPO, RUN } from '../helpers/check-fixtures.js'
import { list, scriptedGitHub } from '../helpers/scripted-github.js'
import { stageResponse } from '../helpers/responses.js'

// The version users see is package.json's; the action must send that one.
const PACKAGE_VERSION = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string
  }
).version

const GREEN_RUN: RunConfig = {
  id: 'run-green',
  timeline: [
    { stage: 'initializing', polls: 1 },
    { stage: 'underReview', polls: 2 },
    { stage: 'completed' }
  ],
  workflowsInRun: 12
}
const BUGGY_RUN: RunConfig = {
  id: 'run-buggy',
  timeline: [{ stage: 'underReview', polls: 1 }, { stage: 'completed' }],
  workflowsInRun: 30,
  workflowsUnderInvestigation: 1,
  bugs: [
    { id: 'bug-7', number: 7, name: 'Checkout button does nothing', isNew: true },
    { id: 'bug-8', number: 8, name: 'Tooltip clipped', priority: 'low' }
  ]
}
const STUCK_RUN: RunConfig = {
  id: 'run-stuck',
  timeline: [{ stage: 'underReview' }],
  workflowsInRun: 5
}

const ok = (body: unknown) => ({ status: 200, body })
const completed = (extra: Record<string, unknown> = {}) => ({
  ...stageResponse({ stage: 'completed', queriedRunId: 'run-1' }),
  ...extra
})
const errors = (run: ActionRun): string => messagesOf(run, 'error').join('\n')
/** The step's own log lines (not workflow commands). */
const logLines = (stdout: string) => stdout.split('\n').filter(l => l !== '' && !l.startsWith('::'))
const queriedRunIds = (em: Awaited<ReturnType<typeof emulator>>) =>
  requestsTo(em, 'greenlight').map(r => decodeURIComponent(r.path.split('/').pop() ?? ''))

describe('the run verdict', () => {
  it('passes a run that completes without blocking bugs, with no extra query, one debug line per query', async () => {
    const em = await qaService({ runs: [GREEN_RUN] })
    const run = await runAction({
      inputs: greenlightInputs(em, 'run-green'),
      env: { RUNNER_DEBUG: '1' }
    })
    expect(run.exitCode).toBe(0)
    expect(run.outputs).toMatchObject({
      greenlight: 'true',
      status: 'passed',
      'run-stage': 'completed',
      'workflows-in-run-count': '12',
      'blocking-bugs-count': '0',
      'superseded-by': ''
    })
    // initializing (1 poll) + underReview (2 polls) + the completed answer.
    const queries = requestsTo(em, 'greenlight')
    expect(queries).toHaveLength(4)
    expect(queries[0]?.headers['authorization']).toBe(`Bearer ${API_KEY}`)
    expect(queries[0]?.query['outcomeWhenBlockingBugsInOtherWorkflows']).toBe('green')
    expect(run.summary.split('\n')[0]).toMatch(/^## ✅ QA greenlight: green$/)
    const debug = messagesOf(run, 'debug').filter(line =>
      line.startsWith('Greenlight of run-green:')
    )
    expect(debug).toHaveLength(4)
    expect(debug.at(-1)).toMatch(/^Greenlight of run-green: completed \(\d+ ms\)\.$/)
  })

  it('fails on an unprioritised bug, listing it apart from a low one, in outputs, summary and annotations', async () => {
    const em = await qaService({ runs: [BUGGY_RUN] })
    const red = await greenlightStep(em, 'run-buggy')
    const bugUrl = `${em.url}/bugs/bug-7`
    expect(outcome(red)).toMatchObject({ exitCode: 1, greenlight: 'false', status: 'failed' })
    expect(red.outputs['blocking-bugs-count']).toBe('1')
    expect(JSON.parse(red.outputs['blocking-bug-urls'] ?? '')).toEqual([bugUrl])
    expect(JSON.parse(red.outputs['non-blocking-bug-urls'] ?? '')).toEqual([`${em.url}/bugs/bug-8`])
    expect(red.summary).toContain(bugUrl)
    const annotations = red.commands.filter(c => c.command === 'error')
    expect(
      annotations.some(a => a.properties['title']?.includes('Checkout button does nothing'))
    ).toBe(true)
  })

  it('gets the verdict of the runs a notification created, sending its version as user-agent', async () => {
    const em = await qaService({
      triggers: [
        { id: 'web', run: { timeline: [{ stage: 'completed' }], workflowsInRun: 3 } },
        { id: 'api', run: { timeline: [{ stage: 'completed' }], workflowsInRun: 5 } }
      ]
    })
    const notify = await notifyStep(em, { sha: 'abc1234' })
    expect(notify.exitCode).toBe(0)
    const runIds = notify.outputs['run-ids'] ?? ''
    const created = JSON.parse(runIds) as string[]
    expect(created).toHaveLength(2)
    const greenlight = await greenlightStep(em, runIds)
    expect(outcome(greenlight)).toMatchObject({ exitCode: 0, status: 'passed' })
    expect(greenlight.outputs['root-run-id']).toBe(created.join('\n'))
    expect(greenlight.outputs['workflows-in-run-count']).toBe('8')
    expect(new Set(queriedRunIds(em))).toEqual(new Set(created))
    for (const query of requestsTo(em, 'greenlight')) {
      expect(query.headers['user-agent']).toBe(`qa-greenlight/${PACKAGE_VERSION}`)
    }
  })

  it('polls on through a stage it does not know and never fails on drifted fields that only inform: one warning each', async () => {
    const drifted = {
      ...completed(),
      rootRunUrl: null,
      workflowsInRunCount: '12',
      relevantRunWithBugsUrl: 7,
      reproducedBugs: [
        { name: null, number: 5, priority: 'low', isBlocking: false, externalIssue: null }
      ]
    }
    // Thrice, an unknown stage then completed: one warning per field for the step, not per answer.
    const waiting = { ...drifted, runStage: 'qualityGate', greenlight: false }
    const service = await scriptedService([ok(waiting), ok(waiting), ok(drifted)])
    const run = await greenlightStep(service, 'run-1')
    expect(outcome(run)).toMatchObject({ exitCode: 0, status: 'passed' })
    expect(service.requests).toHaveLength(3)
    expect(run.outputs['workflows-in-run-count']).toBe('0')
    const warnings = messagesOf(run, 'warning')
    expect(warnings.join('\n')).toMatch(/run stage 'qualityGate', which this action does not know/)
    for (const field of [
      'qualityGate',
      'rootRunUrl',
      'workflowsInRunCount',
      'relevantRunWithBugsUrl',
      'reproducedBugs[].name',
      'reproducedBugs[].externalIssue'
    ]) {
      expect(warnings.filter(w => w.includes(`'${field}'`))).toHaveLength(1)
    }
  })
})

// Which status wins over which, and what fail-on-red and fail-on-timeout forgive, are unit-tested
// (unit/verdict.test.ts, stepGate and judgeVerdict; unit/polling.test.ts, how one run ends:
// canceled at once).
describe('run stages', () => {
  it('times out within one poll interval and says the run goes on in QA Wolf', async () => {
    const em = await qaService({ runs: [STUCK_RUN] })
    const inputs = greenlightInputs(em, 'run-stuck', { timeout: '1s', 'poll-interval': '250ms' })
    const strict = await runAction({ inputs })
    expect(outcome(strict)).toMatchObject({ exitCode: 1, status: 'timed-out', greenlight: 'false' })
    expect(strict.outputs['run-stage']).toBe('underReview')
    // No more queries than the interval allows (the deadline itself is unit-tested on a fake clock).
    expect(requestsTo(em, 'greenlight').length).toBeLessThanOrEqual(6)
    expect(strict.summary).toMatch(/timed out/i)
    expect(strict.summary).toContain('goes on in QA Wolf')
    expect(strict.summary).toContain(`[run run-stuck](${em.url}/runs/run-stuck)`)
    expect(strict.summary).toContain('`timeout`')
    expect(strict.summary).not.toMatch(/re-run this step/i)
  })

  it('queries once with wait: false and reports an unfinished run as timed-out, forgiven by fail-on-timeout: false', async () => {
    const em = await qaService({ runs: [STUCK_RUN] })
    const run = await greenlightStep(em, 'run-stuck', { wait: 'false', 'fail-on-timeout': 'false' })
    expect(outcome(run)).toMatchObject({ exitCode: 0, status: 'timed-out' })
    expect(requestsTo(em, 'greenlight')).toHaveLength(1)
    expect(run.summary).toMatch(/queried once/i)
    expect(run.summary).not.toMatch(/timed out after/i)
  })
})

// Which run decides, and when, is unit-tested (unit/polling.test.ts, on-superseded).
describe('superseded runs', () => {
  const superseded = stageResponse({
    stage: 'underReview',
    queriedRunId: 'run-1',
    relevantRunId: 'run-2'
  })
  const newer = {
    ...stageResponse({ stage: 'completed', queriedRunId: 'run-2' }),
    rootRunId: 'run-1',
    relevantRunId: ''
  }

  it('on-superseded: follow (the default) keeps the newer run’s verdict', async () => {
    const service = await scriptedService([ok(superseded), ok(newer)])
    const run = await greenlightStep(service, 'run-1')
    expect(outcome(run)).toMatchObject({ exitCode: 0, status: 'passed' })
    expect(outcome(run)).toMatchObject({ 'relevant-run-id': 'run-2', 'superseded-by': 'run-2' })
    expect(service.requests.map(r => r.target.split('?')[0]?.split('/').pop())).toEqual([
      'run-1',
      'run-2'
    ])
    expect(run.summary).toContain('superseded root run [run-1]')
    expect(run.summary).not.toContain('superseded by run-1')
  })

  it('on-superseded: fail fails the step with status superseded, naming the newer run, without asking about it', async () => {
    const service = await scriptedService([ok(superseded), ok(newer)])
    const run = await greenlightStep(service, 'run-1', { 'on-superseded': 'fail' })
    expect(outcome(run)).toMatchObject({ exitCode: 1, status: 'superseded', greenlight: 'false' })
    expect(run.outputs['superseded-by']).toBe('run-2')
    expect(errors(run)).toMatch(/run-1 was superseded by run run-2/)
    expect(run.summary).toMatch(/superseded by run run-2/)
    expect(service.requests).toHaveLength(1)
  })
})

// Which answers are retried and which end the step is unit-tested (unit/polling.test.ts: 404,
// 410, 401, 5xx, Retry-After); here, one witness each on the wire.
describe('errors: never a red verdict, never a green one', () => {
  it('heads a 401 as an error with no verdict after one query, and result is an empty list', async () => {
    const service = await scriptedService([{ status: 401, body: { error: 'invalid key' } }])
    const run = await greenlightStep(service, 'run-1')
    expect(outcome(run)).toMatchObject({ exitCode: 1, status: 'error', result: '[]' })
    expect(service.requests).toHaveLength(1)
    const [heading, , lead] = run.summary.split('\n')
    expect(heading).toBe('## ⛔ QA greenlight: error, no verdict')
    expect(lead).toMatch(/^\*\*No verdict\*\* \(run run-1\): error: /)
    expect(run.summary).not.toContain('not green')
  })

  it('retries 500, 500 and a 429 with Retry-After, then gives the right verdict; summary: false writes none', async () => {
    const em = await qaService({
      runs: [{ id: 'run-flaky', timeline: [{ stage: 'completed' }], workflowsInRun: 3 }],
      faults: {
        greenlight: {
          script: [
            { kind: 'status', status: 500 },
            { kind: 'status', status: 500 },
            { kind: 'rate-limit', retryAfter: '1' }
          ]
        }
      }
    })
    const run = await greenlightStep(em, 'run-flaky', { summary: 'false' })
    expect(outcome(run)).toMatchObject({ exitCode: 0, status: 'passed' })
    expect(run.summary).toBe('')
    const requests = requestsTo(em, 'greenlight')
    expect(requests.map(r => r.status)).toEqual([500, 500, 429, 200])
    // Retry-After: 1 is honoured: the query after the 429 waits at least a second.
    expect(requests[3]!.receivedAt - requests[2]!.receivedAt).toBeGreaterThanOrEqual(1000)
  })

  it('a run ID the service does not know: says the grace in its first line, collapses the repeats, and ends after the grace', async () => {
    // 404 for every query, each with its own event ID, as the live service answers.
    const service = await tinyServer()
    let n = 0
    service.handle = (_req, res) =>
      sendJson(res, JSON.stringify({ error: 'run not found', eventId: `evt-${++n}` }), 404)
    const run = await runAction({
      inputs: greenlightInputs(service, 'run-l', { timeout: '1h' }),
      env: { QA_GREENLIGHT_TEST_NOT_FOUND_GRACE_MS: '2500' },
      killAfterMs: 60_000
    })
    expect(outcome(run)).toMatchObject({ exitCode: 1, status: 'error' })
    expect(service.requests.length).toBeGreaterThan(2)
    const retries = logLines(run.stdout).filter(line => /run-l/.test(line) && /retry/.test(line))
    // Within the 30 s between repeat lines: the first line only, however many 404s came.
    expect(retries).toHaveLength(1)
    expect(retries[0]).toMatch(
      /^run-l not found; the service may not have indexed a new run yet, retrying until 2\.5s after the first query \(.* left; then the step fails: check the run-id input\)/
    )
    expect(errors(run)).toMatch(/still not found .* after the first query; check the run-id input/)
  })
})

describe('each sub-action declares an input required only where it always is', () => {
  const subActionInputs = (mode: string) =>
    (
      parse(readFileSync(path.join(REPO_ROOT, mode, 'action.yml'), 'utf8')) as {
        inputs: Record<string, { required?: boolean }>
      }
    ).inputs

  it('the greenlight sub-action runs the documented check gate without run-id and api-key, which it does not declare required', async () => {
    expect(subActionInputs('greenlight')['run-id']?.required).toBe(false)
    expect(subActionInputs('greenlight')['api-key']?.required).toBe(false)
    const server = await scriptedGitHub(() => list([checkRun()]))
    const run = await runAction({
      subAction: 'greenlight',
      inputs: {
        'api-key': API_KEY,
        'base-url': server.url,
        'verdict-from': 'check',
        since: 'any',
        wait: 'false'
      },
      eventName: 'push',
      event: PUSH,
      env: { ...RUN, GITHUB_REPOSITORY: REPO, GITHUB_API_URL: server.url }
    })
    expect(outcome(run)).toMatchObject({ status: 'passed', exitCode: 0 })
  })
})

// emulator/examples/real-shape.json answers as the service's docs and its shipped client show.
describe('against the documented shapes (emulator/examples/real-shape.json)', () => {
  const realShape = async () =>
    emulator(
      JSON.parse(
        readFileSync(path.join(REPO_ROOT, 'emulator/examples/real-shape.json'), 'utf8')
      ) as EmulatorConfig
    )
  const KEY = 'real-shape-key'

  it('red with urgent and unprioritized bugs; a high bug the service does not count stays non-blocking', async () => {
    const em = await realShape()
    const run = await runAction({
      inputs: greenlightInputs({ url: em.url }, 'run-red', { 'api-key': KEY })
    })
    expect(run.exitCode).toBe(1)
    expect(run.outputs).toMatchObject({
      status: 'failed',
      'blocking-bugs-count': '2',
      'non-blocking-bugs-count': '1'
    })
    expect(run.summary).toContain(
      `[Cart total ignores the coupon](${em.url}/bugs/bug-cart) — bug 305, priority urgent, new — [jira SHOP-7](https://acme.atlassian.net/browse/SHOP-7)`
    )
    expect(run.summary.match(/Tooltip clipped on Safari/g)).toHaveLength(1)
  })

  it('notify reports every outcome and the deployment', async () => {
    const em = await realShape()
    const run = await runAction({
      inputs: { mode: 'notify', 'api-key': KEY, 'base-url': em.url, sha: 'abc1234', branch: 'main' }
    })
    expect(run.exitCode).toBe(0)
    expect(run.outputs).toMatchObject({
      'run-ids': '["run-1"]',
      'deployment-id': 'deployment-1',
      environment: 'Staging'
    })
    expect(messagesOf(run, 'warning')).toContain(
      'Trigger: no run created: The mobile environment is still being provisioned (environment-not-ready)'
    )
    expect(run.stdout).toContain('Trigger: skipped: The trigger runs only on the main branch')
  })
})
