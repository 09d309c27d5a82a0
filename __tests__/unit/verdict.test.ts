import { describe, it, expect } from '@jest/globals'
import type { GreenlightResponse } from '../../src/kernel/service.js'
import {
  classOf,
  interruptedWhileReporting,
  judgeResponse as judge,
  judgeRun,
  stepGate
} from '../../src/gate/verdict.js'
import { readBugs } from '../../src/gate/bugs.js'
import type { RunFacts } from '../../src/gate/facts.js'
import { verdictOutputs } from '../../src/gate/render.js'
import {
  completedResponse as response,
  judged,
  runOutcome as run,
  runUrl,
  stageResponse,
  worded
} from '../helpers/responses.js'

/** The judgement of an answer, its reason and contradiction in the words every surface shows. */
const judgeResponse = (r: GreenlightResponse) => worded(judge(r))

describe('judgeResponse', () => {
  const bugs = (...reproducedBugs: Record<string, unknown>[]) => ({
    ...response(),
    reproducedBugs
  })
  const stage = (stage: 'initializing' | 'underReview' | 'canceled', more = {}) => ({
    ...stageResponse({ stage, queriedRunId: 'run-1' }),
    ...more
  })
  const BUG = 'https://qa.example.com/bugs'
  const PASSED = { terminal: true, green: true, status: 'passed' }
  // The whole judgement, one row per line.
  // prettier-ignore
  const exactly: [string, GreenlightResponse, object][] = [
    ['is green for a completed run with a greenlight and zero blocking bugs', response(), PASSED],
    ['stays green with only non-blocking bugs: low or medium priority, or isBlocking false', bugs({ name: 'Typo', priority: 'low' }, { name: 'Slow page', priority: 'medium' }, { name: 'Waived', priority: 'high', isBlocking: false }), PASSED],
    ['keeps polling while initializing', stage('initializing'), { terminal: false, green: false }],
    ['keeps polling while underReview', stage('underReview'), { terminal: false, green: false }],
    ['reports failed for a completed run with blocking bugs', stageResponse({ stage: 'completed', queriedRunId: 'run-1', blockingBugUrls: [`${BUG}/1`, `${BUG}/2`] }), { terminal: true, green: false, status: 'failed', reason: 'the run completed with 2 blocking bugs' }],
    ['ends polling with canceled for a canceled run', stage('canceled'), { terminal: true, green: false, status: 'canceled', reason: 'the run was canceled' }]
  ]
  it.each(exactly)('%s', (_, r, expected) => expect(judgeResponse(r)).toEqual(expected))

  // prettier-ignore
  const partly: [string, GreenlightResponse, object][] = [
    ['takes isBlocking true over a low priority: a green answer listing it is an error', bugs({ name: 'Escalated', priority: 'low', isBlocking: true }), { green: false, status: 'error' }],
    ['is green when non-blocking bugs remain', stageResponse({ stage: 'completed', queriedRunId: 'run-1', nonBlockingBugUrls: [`${BUG}/7`] }), { green: true, status: 'passed' }],
    ['is an error, not green, on a greenlight for a canceled run', stage('canceled', { greenlight: true }), { terminal: true, green: false, status: 'error' }],
    ['reports failed without a greenlight and zero blocking bugs (red for other workflows)', response({ greenlight: false }), { terminal: true, green: false, status: 'failed', reason: expect.stringContaining('other workflows')}],
    ['is an error on a greenlight with blocking bugs', response({ blockingBugsCount: 3 }), { terminal: true, green: false, status: 'error', reason: 'the service reported a greenlight together with 3 blocking bugs', contradiction: 'the service reported a greenlight together with 3 blocking bugs' }],
    ['is an error on a greenlight without a blocking-bug count (absent is not zero)', response({ blockingBugsCount: undefined }), { status: 'error', contradiction: expect.stringContaining('no blocking-bug count') }],
    ['is an error on a greenlight and a zero count, but blocking bug URLs listed', response({ blockingBugUrls: [`${BUG}/9`] }), { status: 'error', contradiction: expect.stringContaining('1 blocking bug URL') }],
    ['notes a greenlight while initializing as a contradiction and keeps polling', stage('initializing', { greenlight: true }), { terminal: false, green: false, contradiction: 'the service reported a greenlight while the run is still initializing' }],
    ['notes a greenlight while underReview as a contradiction and keeps polling', stage('underReview', { greenlight: true }), { terminal: false, green: false, contradiction: 'the service reported a greenlight while the run is still underReview' }]
  ]
  it.each(partly)('%s', (_, r, expected) => expect(judgeResponse(r)).toMatchObject(expected))
})

describe('judgeRun: how polling ended decides a run', () => {
  const GREEN = { outcomeWhenBlockingBugsInOtherWorkflows: 'green' } as const
  const underReview = stageResponse({ stage: 'underReview', queriedRunId: 'run-1' })
  const newer = { ...response(), relevantRunId: 'run-2' }
  const error = { kind: 'http', status: 404 }
  const times = { sinceFirstQueryMs: 1000, unreachableForMs: 2000, msLeft: -5 }
  const failed = (stop: string) =>
    ({ why: 'failed', stop, reason: 'HTTP 404', failures: 3, wait: true, error, ...times }) as const
  // prettier-ignore
  it.each([
    [{ why: 'still-running', wait: false }, 'timed-out', 'wait is false and the run is still underReview', underReview, {}],
    [{ why: 'crashed', during: 'polling', message: 'boom' }, 'error', 'internal error while polling: boom', undefined, {}],
    [{ why: 'interrupted' }, 'interrupted', 'cancelled while waiting', undefined, {}],
    [{ why: 'answered' }, 'error', 'no answer to judge', undefined, {}],
    [{ why: 'superseded' }, 'timed-out', 'the run was still underReview', underReview, {}],
    [{ why: 'superseded' }, 'superseded', 'by run run-2, and on-superseded is fail', newer, { onSuperseded: 'fail' }],
    [failed('aborted'), 'interrupted', 'cancelled while waiting', undefined, {}],
    [failed('answered'), 'error', 'HTTP 404', undefined, {}],
    [failed('not-found'), 'error', 'still not found 1s after the first query', undefined, {}],
    [failed('unreachable'), 'error', 'not been reachable for 2s', undefined, {}],
    [failed('retry-after'), 'error', '(0ms left); no answer before that: HTTP 404', undefined, {}],
    [failed('retry-after'), 'timed-out', 'the run was still underReview and the service asked to wait', underReview, {}],
    [failed('deadline'), 'timed-out', 'the last query failed after 3 failed attempts', underReview, {}],
    [failed('attempts'), 'error', 'HTTP 404 (still not found after 3 failed attempts)', undefined, {}]
  ] as const)('%j: %s, %s', (ended, status, words, lastResponse, rules) => {
    const facts = { rootRunId: 'run-1', queries: 2, ended, ...(lastResponse && { lastResponse }) }
    const judged = judgeRun(facts as RunFacts, { ...GREEN, wait: true, timeoutMs: 0, ...rules })
    expect(worded(judged)).toMatchObject({ status, reason: expect.stringContaining(words) })
  })
})

describe('verdictOutputs', () => {
  it('reports one passed run', () => {
    const r = stageResponse({
      stage: 'completed',
      queriedRunId: 'run-1',
      nonBlockingBugUrls: ['https://qa.example.com/bugs/5'],
      workflowsInRun: 12,
      underInvestigation: 2
    })
    const outputs = verdictOutputs(
      judged([{ rootRunId: 'run-1', status: 'passed', queries: 3, lastResponse: r }])
    )
    expect(outputs).toEqual({
      greenlight: 'true',
      status: 'passed',
      'run-stage': 'completed',
      'root-run-id': 'run-1',
      'relevant-run-id': 'run-1',
      'relevant-run-url': 'https://qa.example.com/runs/run-1',
      'relevant-run-with-bugs-url': 'https://qa.example.com/runs/run-1?filter=bugs',
      'root-run-url': 'https://qa.example.com/runs/run-1',
      'blocking-bugs-count': '0',
      'non-blocking-bugs-count': '1',
      'other-blocking-bugs-count': '0',
      'workflows-in-run-count': '12',
      'workflows-under-investigation-count': '2',
      'blocking-bug-urls': '[]',
      'non-blocking-bug-urls': '["https://qa.example.com/bugs/5"]',
      result: JSON.stringify([r]),
      'superseded-by': '',
      // A run's step leaves the check's outputs empty.
      'check-run-id': '',
      'check-run-url': '',
      'details-url': '',
      'check-conclusion': '',
      'check-app': ''
    })
  })

  it('reports two runs: sums, joined URL lists without repeats, one line per run whatever the service sends', () => {
    const first = stageResponse({
      stage: 'completed',
      queriedRunId: 'run-1-new',
      blockingBugUrls: ['https://qa.example.com/bugs/1', 'https://qa.example.com/bugs/2'],
      nonBlockingBugUrls: ['https://qa.example.com/bugs/3'],
      workflowsInRun: 5,
      underInvestigation: 1
    })
    const second = {
      ...stageResponse({
        stage: 'completed',
        queriedRunId: 'run-2',
        blockingBugUrls: ['https://qa.example.com/bugs/2'],
        workflowsInRun: 7,
        underInvestigation: 3
      }),
      relevantRunUrl: 'https://qa.example.com/a\nhttps://evil'
    }
    const outputs = verdictOutputs(
      judged([
        run({ status: 'failed', queries: 4, lastResponse: first, rootRunUrl: runUrl('run-1') }),
        { rootRunId: 'run-2', status: 'failed', queries: 2, lastResponse: second }
      ])
    )
    expect(outputs).toMatchObject({
      greenlight: 'false',
      status: 'failed',
      'run-stage': 'completed\ncompleted',
      'root-run-id': 'run-1\nrun-2',
      'relevant-run-id': 'run-1-new\nrun-2',
      'root-run-url': 'https://qa.example.com/runs/run-1\nhttps://qa.example.com/runs/run-2',
      'blocking-bugs-count': '3',
      'non-blocking-bugs-count': '1',
      'workflows-in-run-count': '12',
      'workflows-under-investigation-count': '4'
    })
    expect(JSON.parse(outputs['blocking-bug-urls'])).toEqual([
      'https://qa.example.com/bugs/1',
      'https://qa.example.com/bugs/2'
    ])
    expect(JSON.parse(outputs['non-blocking-bug-urls'])).toEqual(['https://qa.example.com/bugs/3'])
    expect(JSON.parse(outputs.result)).toEqual([first, second])
    // A line break in a value would add a line: each run keeps one.
    expect(outputs['relevant-run-url'].split('\n')).toEqual([
      'https://qa.example.com/runs/run-1-new',
      'https://qa.example.com/a https://evil'
    ])
  })

  it('keeps every key, with empty lines and zeros for a run that got no answer', () => {
    const answered = stageResponse({ stage: 'underReview', queriedRunId: 'run-2' })
    const outputs = verdictOutputs(
      judged([
        run({ status: 'error', reason: 'HTTP 401', lastResponse: undefined }),
        { rootRunId: 'run-2', status: 'timed-out', queries: 9, lastResponse: answered }
      ])
    )
    expect(outputs).toMatchObject({
      status: 'error',
      'run-stage': '\nunderReview',
      'root-run-id': 'run-1\nrun-2',
      'relevant-run-id': '\nrun-2',
      'root-run-url': '\nhttps://qa.example.com/runs/run-2',
      // underReview reports no bug counts: 0, as the contract says.
      'blocking-bugs-count': '0',
      'workflows-in-run-count': '10'
    })
    // A run without an answer has no entry: `result` never holds null.
    expect(JSON.parse(outputs.result)).toEqual([answered])
  })
})

describe('stepGate: how the step ends on its verdict', () => {
  it.each([
    ['passed', true, true, { ends: 'green' }],
    ['failed', true, true, { ends: 'failed' }],
    ['failed', false, true, { ends: 'warned', forgivenBy: 'fail-on-red' }],
    ['canceled', false, true, { ends: 'warned', forgivenBy: 'fail-on-red' }],
    ['superseded', false, false, { ends: 'failed' }],
    ['timed-out', true, true, { ends: 'failed' }],
    ['timed-out', true, false, { ends: 'warned', forgivenBy: 'fail-on-timeout' }],
    ['interrupted', false, false, { ends: 'failed' }],
    ['error', false, false, { ends: 'failed' }]
  ] as const)(
    '%s, fail-on-red %s, fail-on-timeout %s',
    (status, failOnRed, failOnTimeout, ends) => {
      const rules = { failOnRed, failOnTimeout }
      expect(stepGate({ status, class: classOf(status) }, rules)).toEqual(ends)
    }
  )
})

describe('judgeVerdict', () => {
  const other = { name: 'Search broken', priority: 'high' }
  const red = { outcomeWhenBlockingBugsInOtherWorkflows: 'red' } as const
  const because =
    '1 blocking bug in workflows outside this run, with outcome-when-blocking-bugs-in-other-workflows: red'
  // prettier-ignore
  it.each([
    ['with outcome red, a blocking bug in another workflow turns a passed run red', other, red, 'failed'],
    ['with outcome red, a non-blocking entry of another workflow does not', { name: 'Typo', isBlocking: false }, red, 'passed'],
    ['with outcome green (the default), the service decides', other, {}, 'passed']
  ] as const)('%s', (_, bug, rules, status) => {
    const lastResponse = response({ otherBlockingBugsInEnvironment: [bug] })
    const verdict = worded(judged([run({ lastResponse })], rules).entries[0]!)
    expect([verdict.status, verdict.reason]).toEqual([status, status === 'failed' ? because : undefined])
  })

  it('takes the root URL from the first answer, else from an answer about the root itself', () => {
    const later = response({ relevantRunId: 'run-2', rootRunId: 'run-2', rootRunUrl: 'https://y' })
    expect(judged([run({ lastResponse: later })]).entries[0]?.url).toBeUndefined()
    const root = run({ lastResponse: later, rootRunUrl: 'https://x/1' })
    expect(judged([root]).entries[0]?.url).toBe('https://x/1')
  })

  it('a cancellation while reporting makes any verdict interrupted and not green', () => {
    const verdict = interruptedWhileReporting(judged([run()]))
    expect(verdict).toMatchObject({ green: false, status: 'interrupted', interrupted: 'reporting' })
  })
})

describe('bug classification fails closed', () => {
  it.each([
    [{ priority: 'critical' }, true],
    [{ priority: 'Medium ' }, false],
    [{ priority: 'low' }, false],
    [{ priority: 7 }, true],
    [{ priority: 'unprioritized' }, true],
    [{ priority: 'low', isBlocking: 'false' }, true],
    [{ priority: 'low', isBlocking: null }, true],
    [{ priority: 'low', isBlocking: 0 }, true],
    [{ priority: 'urgent', isBlocking: false }, false],
    [{ priority: 'low', isBlocking: true }, true]
  ])('%j blocks: %s', (bug, blocks) =>
    expect(readBugs([{ name: 'A bug', ...bug }])[0]?.blocking).toBe(blocks)
  )
})
