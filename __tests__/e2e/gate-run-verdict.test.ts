// greenlight mode with verdict-from: run, end to end: the bundled action under Node 24 polling the
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
  notifyInputs,
  notifyStep,
  qaService,
  requestsTo,
  scriptedService,
  sendJson,
  tinyServer
} from '../helpers/e2e.js'
import { checkGate, checkRun, outcome, PUSH, REPO, RUN, SHA } from '../helpers/check-fixtures.js'
import { list, scriptedGitHub } from '../helpers/scripted-github.js'
import { stageResponse } from '../helpers/responses.js'

// The version users see is package.json's; the bundle must send that one.
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
  bugs: [{ id: 'bug-7', number: 7, name: 'Checkout button does nothing', isNew: true }]
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
      'blocking-bugs-count': '0'
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

  it('fails on an unprioritised bug, and passes once its priority is lowered', async () => {
    const em = await qaService({ runs: [BUGGY_RUN] })
    const red = await greenlightStep(em, 'run-buggy')
    const bugUrl = `${em.url}/bugs/bug-7`
    expect(outcome(red)).toMatchObject({ exitCode: 1, greenlight: 'false', status: 'failed' })
    expect(red.outputs['blocking-bugs-count']).toBe('1')
    expect(JSON.parse(red.outputs['blocking-bug-urls'] ?? '')).toEqual([bugUrl])
    expect(red.summary).toContain(bugUrl)
    const annotations = red.commands.filter(c => c.command === 'error')
    expect(
      annotations.some(a => a.properties['title']?.includes('Checkout button does nothing'))
    ).toBe(true)

    em.setBugPriority('bug-7', 'low')
    const green = await greenlightStep(em, 'run-buggy')
    expect(outcome(green)).toMatchObject({ exitCode: 0, status: 'passed' })
    expect(green.outputs['non-blocking-bugs-count']).toBe('1')
    expect(JSON.parse(green.outputs['non-blocking-bug-urls'] ?? '')).toEqual([bugUrl])
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

  it('fails closed on a bug it classifies itself: a green answer listing a bug of unknown priority is no verdict', async () => {
    const bug = { name: 'Card declined', priority: 'critical' }
    const run = await greenlightStep(
      await scriptedService([ok(completed({ reproducedBugs: [bug] }))]),
      'run-1'
    )
    expect(outcome(run)).toMatchObject({ exitCode: 1, greenlight: 'false', status: 'error' })
    expect(run.outputs['blocking-bugs-count']).toBe('1')
    expect(run.summary).toContain('## ⛔ QA greenlight: error, no verdict')
    expect(run.summary).toContain('**Blocking bugs (1):**')
    expect(run.summary).toContain('Card declined')
  })

  it('with outcome-when-blocking-bugs-in-other-workflows: red, a blocking bug in another workflow makes a green answer red, and the log never says the run passed', async () => {
    const other = {
      name: 'Search broken',
      priority: 'high',
      applicationUrl: 'https://qa.example.com/bugs/9'
    }
    const server = await scriptedService([
      ok(completed({ otherBlockingBugsInEnvironment: [other] }))
    ])
    const run = await greenlightStep(server, 'run-1', {
      'outcome-when-blocking-bugs-in-other-workflows': 'red'
    })
    expect(server.requests[0]?.target).toContain('outcomeWhenBlockingBugsInOtherWorkflows=red')
    expect(outcome(run)).toMatchObject({ exitCode: 1, status: 'failed' })
    expect(run.outputs['other-blocking-bugs-count']).toBe('1')
    expect(run.summary).toContain('## ❌ QA greenlight: not green')
    expect(run.summary).toContain(
      '**Not green** (run run-1): 1 blocking bug in workflows outside this run, with outcome-when-blocking-bugs-in-other-workflows: red.'
    )
    expect(errors(run)).toContain('run-1: failed')
    expect(run.stdout).not.toMatch(/Run run-1: passed/)
    expect(run.stdout).toContain('Run run-1: failed after 1 query.')
  })

  it('never fails the step on drifted fields that only inform: each is left out with one warning naming it', async () => {
    const drifted = {
      ...completed(),
      rootRunUrl: null,
      workflowsInRunCount: '12',
      relevantRunWithBugsUrl: 7,
      reproducedBugs: [
        { name: null, number: 5, priority: 'low', isBlocking: false, externalIssue: null }
      ]
    }
    // Twice, under review then completed: one warning per field for the step, not per answer.
    const service = await scriptedService([
      ok({ ...drifted, runStage: 'underReview', greenlight: false }),
      ok(drifted)
    ])
    const run = await greenlightStep(service, 'run-1')
    expect(outcome(run)).toMatchObject({ exitCode: 0, status: 'passed' })
    expect(run.outputs['workflows-in-run-count']).toBe('0')
    const warnings = messagesOf(run, 'warning')
    for (const field of [
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

describe('run stages', () => {
  it('a stage the action does not know is polled on with one warning naming it; completed green then passes', async () => {
    const waiting = {
      ...stageResponse({ stage: 'initializing', queriedRunId: 'run-1' }),
      runStage: 'qualityGate'
    }
    const service = await scriptedService([ok(waiting), ok(waiting), ok(completed())])
    const run = await greenlightStep(service, 'run-1')
    expect(outcome(run)).toMatchObject({ exitCode: 0, status: 'passed' })
    expect(service.requests).toHaveLength(3)
    const warnings = messagesOf(run, 'warning')
    expect(warnings.filter(w => w.includes("'qualityGate'"))).toHaveLength(1)
    expect(warnings.join('\n')).toMatch(/run stage 'qualityGate', which this action does not know/)
  })

  it('stops polling at canceled and fails, unless fail-on-red is false', async () => {
    const canceled: RunConfig = {
      id: 'run-canceled',
      timeline: [{ stage: 'initializing', polls: 1 }, { stage: 'canceled' }]
    }
    const em = await qaService({ runs: [canceled] })
    const strict = await greenlightStep(em, 'run-canceled')
    expect(outcome(strict)).toMatchObject({ exitCode: 1, status: 'canceled', greenlight: 'false' })
    expect(requestsTo(em, 'greenlight')).toHaveLength(2)
    const lenient = await greenlightStep(em, 'run-canceled', { 'fail-on-red': 'false' })
    expect(outcome(lenient)).toMatchObject({ exitCode: 0, status: 'canceled' })
    // Already canceled: one query, no polling.
    expect(requestsTo(em, 'greenlight')).toHaveLength(3)
  })

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

  it('one run red with a blocking bug, another still under review, fail-on-timeout: false → fails with status failed; an error beside a red fails whatever fail-on-red says', async () => {
    const red: RunConfig = {
      id: 'run-red',
      timeline: [{ stage: 'completed' }],
      bugs: [{ id: 'bug-7', number: 7, name: 'Checkout button does nothing' }]
    }
    const em = await qaService({
      runs: [
        red,
        { id: 'run-pending', timeline: [{ stage: 'underReview' }] },
        { id: 'run-old', legacy: true }
      ]
    })
    const pending = await greenlightStep(em, 'run-red,run-pending', {
      timeout: '1s',
      'fail-on-timeout': 'false'
    })
    expect(outcome(pending)).toMatchObject({ status: 'failed', greenlight: 'false', exitCode: 1 })
    expect(errors(pending)).toMatch(/Checkout button does nothing/)
    const broken = await greenlightStep(em, 'run-red,run-old', { 'fail-on-red': 'false' })
    expect(outcome(broken)).toMatchObject({ status: 'error', exitCode: 1 })
  })
})

describe('superseded runs', () => {
  const superseded = stageResponse({
    stage: 'underReview',
    queriedRunId: 'run-1',
    relevantRunId: 'run-2'
  })
  const newer = (extra: Record<string, unknown>) => ({
    ...stageResponse({ stage: 'completed', queriedRunId: 'run-2' }),
    ...extra
  })

  it.each([
    ['the root', { rootRunId: 'run-1' }],
    ['itself', { rootRunId: 'run-2' }],
    [
      'the root, with a blank relevantRunId (the newer run, not the root)',
      { rootRunId: 'run-1', relevantRunId: '' }
    ]
  ])(
    'on-superseded: follow (the default) keeps the newer run’s verdict when its answer names %s',
    async (_, extra) => {
      const service = await scriptedService([ok(superseded), ok(newer(extra))])
      const run = await greenlightStep(service, 'run-1')
      expect(outcome(run)).toMatchObject({ exitCode: 0, status: 'passed' })
      expect(outcome(run)).toMatchObject({ 'relevant-run-id': 'run-2', 'superseded-by': 'run-2' })
      expect(service.requests.map(r => r.target.split('?')[0]?.split('/').pop())).toEqual([
        'run-1',
        'run-2'
      ])
      expect(run.stdout).not.toMatch(/run-2 was superseded by run run-1/)
      if ('relevantRunId' in extra) {
        expect(run.summary).toContain('superseded root run [run-1]')
        expect(run.summary).not.toContain('superseded by run-1')
      }
    }
  )

  it('on-superseded: fail fails the step with status superseded, naming the newer run, without asking about it', async () => {
    const service = await scriptedService([ok(superseded), ok(newer({ rootRunId: 'run-1' }))])
    const run = await greenlightStep(service, 'run-1', { 'on-superseded': 'fail' })
    expect(outcome(run)).toMatchObject({ exitCode: 1, status: 'superseded', greenlight: 'false' })
    expect(run.outputs['superseded-by']).toBe('run-2')
    expect(errors(run)).toMatch(/run-1 was superseded by run run-2/)
    expect(run.summary).toMatch(/superseded by run run-2/)
    expect(service.requests).toHaveLength(1)
  })

  it('on-superseded: fail changes nothing for a run not superseded; a blank relevantRunId is the root run', async () => {
    const service = await scriptedService([ok({ ...completed(), relevantRunId: '  ' })])
    const run = await greenlightStep(service, 'run-1', { 'on-superseded': 'fail' })
    expect(outcome(run)).toMatchObject({ exitCode: 0, status: 'passed' })
    expect(run.outputs['relevant-run-id']).toBe('run-1')
    expect(run.outputs).toHaveProperty('superseded-by', '')
    expect(run.stdout).not.toMatch(/superseded/)
    expect(logLines(run.stdout)).toContain('Run run-1: stage completed.')
  })
})

describe('errors: never a red verdict, never a green one', () => {
  it('heads a 401 as an error with no verdict, and result is an empty list', async () => {
    const run = await greenlightStep(
      await scriptedService([{ status: 401, body: { error: 'invalid key' } }]),
      'run-1'
    )
    expect(outcome(run)).toMatchObject({ exitCode: 1, status: 'error', result: '[]' })
    const [heading, , lead] = run.summary.split('\n')
    expect(heading).toBe('## ⛔ QA greenlight: error, no verdict')
    expect(lead).toMatch(/^\*\*No verdict\*\* \(run run-1\): error: /)
    expect(run.summary).not.toContain('not green')
  })

  it.each([
    [
      '410, naming a legacy run',
      { runs: [{ id: 'run-1', legacy: true }] },
      {},
      /HTTP 410 .*legacy run/
    ],
    [
      '403, naming the disabled team',
      { runs: [{ id: 'run-1', timeline: [{ stage: 'completed' }] }] },
      { 'api-key': 'dk-4417-b2c9-e5f0' },
      /HTTP 403 .*team is disabled/
    ]
  ] as [string, Partial<EmulatorConfig>, Record<string, string>, RegExp][])(
    'ends with status=error after one query on %s',
    async (_, config, inputs, said) => {
      const em = await qaService(config)
      const run = await greenlightStep(em, 'run-1', inputs)
      expect(outcome(run)).toMatchObject({ exitCode: 1, status: 'error', greenlight: 'false' })
      expect(requestsTo(em, 'greenlight')).toHaveLength(1)
      expect(errors(run)).toMatch(said)
    }
  )

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

  it('retries a 404 while a new run is being indexed, then gives the verdict', async () => {
    const em = await qaService({
      runs: [
        { id: 'run-new', timeline: [{ stage: 'completed' }], workflowsInRun: 4, notFoundPolls: 2 }
      ]
    })
    const run = await greenlightStep(em, 'run-new')
    expect(outcome(run)).toMatchObject({ exitCode: 0, status: 'passed' })
    expect(run.outputs['workflows-in-run-count']).toBe('4')
    expect(requestsTo(em, 'greenlight').map(r => r.status)).toEqual([404, 404, 200])
  })

  /** 404 for every query, each with its own event ID, as the live service answers. */
  async function unknownRun() {
    const server = await tinyServer()
    let n = 0
    server.handle = (_req, res) =>
      sendJson(res, JSON.stringify({ error: 'run not found', eventId: `evt-${++n}` }), 404)
    return server
  }

  it('a run ID the service does not know: says the grace in its first line, collapses the repeats, and ends after the grace', async () => {
    const service = await unknownRun()
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

describe('notify and the gate together', () => {
  it("when notify's answer names only an earlier run (duplicate_suite_id), reported-at is any with a notice, and the check gate with since: reported-at reads that run's check", async () => {
    const em = await qaService({
      triggers: [{ id: 'web' }],
      // The earlier run's check, posted before this (second) report of the same commit.
      github: { checkRuns: [{ repository: REPO, sha: SHA, startedAt: '2026-01-01T00:00:00Z' }] }
    })
    const notify = () =>
      runAction({ inputs: notifyInputs(em, { sha: SHA }), env: { GITHUB_REPOSITORY: REPO } })
    const first = await notify()
    expect(first.outputs['reported-at']).not.toBe('')
    const second = await notify()
    expect(outcome(second)).toMatchObject({ exitCode: 0, 'run-ids': '["run-1"]' })
    expect(second.outputs['reported-at']).toBe('any')
    expect(messagesOf(second, 'notice').join('\n')).toMatch(/run-1.*reported-at/)
    const gated = await checkGate(em, {
      since: second.outputs['reported-at'] ?? '',
      sha: SHA,
      timeout: '10s'
    })
    expect(outcome(gated)).toMatchObject({ status: 'passed', exitCode: 0 })
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
