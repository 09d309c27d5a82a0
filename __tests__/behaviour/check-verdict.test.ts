// verdict-from: check by polling: the step reads QA Wolf's check run on the commit from GitHub's
// API (the emulator's GitHub side, or a loopback GitHub scripted per test). The verdict tables
// themselves are unit-tested (unit/check-verdict.test.ts, unit/check-path.test.ts).
import { describe, expect, it } from '@jest/globals'
import { runAction, type ActionRun } from '../../scripts/action-runner.js'
import type { Emulator } from '../../emulator/server.js'
import { messagesOf, notifyInputs, qaService } from '../helpers/e2e.js'
import {
  checkGate,
  checkRun,
  outcome,
  preset,
  PUSH,
  REPO,
  RUN,
  SHA
} from '../helpers/check-fixtures.js'
import { list, scriptedGitHub as gitHub } from '../helpers/scripted-github.js'

const CHECK_RUNS_PATH = `/repos/${REPO}/commits/${SHA}/check-runs`
const checkReads = (em: Emulator) => em.requests.filter(r => r.path === CHECK_RUNS_PATH)
const errors = (run: ActionRun): string => messagesOf(run, 'error').join('\n')

/** The check gate against the emulator whose GitHub side lists `checkRuns`. */
async function gate(checkRuns: ReturnType<typeof preset>[], extra: Record<string, string> = {}) {
  const em = await qaService({ github: { checkRuns } })
  return { em, run: await checkGate(em, { timeout: '10s', ...extra }) }
}

describe('verdict-from: check, polling', () => {
  it('reports on the current path, waits for QA Wolf Test Results and is green on success', async () => {
    const em = await qaService({
      github: {
        connected: [REPO],
        checks: [
          { conclusion: 'success', afterPolls: 2, detailsUrl: 'https://app.qawolf.com/runs/r-1' }
        ]
      }
    })
    const report = await runAction({
      inputs: notifyInputs(em, {
        via: 'report-status',
        environment: 'staging',
        'workspace-id': 'ws-1',
        'deployment-url': 'https://staging.shop.example.com'
      }),
      eventName: 'push',
      event: PUSH,
      env: { ...RUN, GITHUB_REPOSITORY: REPO }
    })
    expect(report.exitCode).toBe(0)

    const run = await checkGate(em, { timeout: '10s' })
    expect(run.exitCode).toBe(0)
    expect(run.outputs).toMatchObject({
      greenlight: 'true',
      status: 'passed',
      'check-conclusion': 'success',
      'check-app': 'qawolf',
      'details-url': 'https://app.qawolf.com/runs/r-1'
    })
    expect(run.outputs['check-run-url']).toMatch(/^https:\/\/github\.com\/acme\/shop\/runs\/\d+$/)
    expect(run.outputs['check-run-id']).toMatch(/^\d+$/)
    // The token goes to GitHub's API only, with the check's name as GitHub's filter.
    const reads = checkReads(em)
    expect(reads.length).toBeGreaterThanOrEqual(2)
    expect(reads[0]?.query['check_name']).toBe('QA Wolf Test Results')
    expect(reads[0]?.headers['authorization']).toBe('token ghs_e2eFakeToken')
    expect(run.summary).toContain('QA Wolf Test Results')
    expect(run.summary).toContain('qawolf')
    expect(run.stdout).not.toContain('Reading the check runs failed')
  })

  it("never takes GitHub Actions' success placeholder for QA Wolf's check: timed-out, naming the causes; an unchanged answer read again as a free 304", async () => {
    const { em, run } = await gate([preset({ app: 'github-actions' })], { timeout: '3s' })
    expect(outcome(run)).toMatchObject({ exitCode: 1, greenlight: 'false', status: 'timed-out' })
    expect(errors(run)).toMatch(/not connected/)
    expect(errors(run)).toMatch(/not installed/)
    expect(errors(run)).toMatch(/no run started/)
    // When it reads again is unit-tested (unit/check-path.test.ts, pollCheckRuns).
    const reads = checkReads(em).filter(r => r.query['check_name'] !== undefined)
    expect(reads.length).toBeGreaterThanOrEqual(2)
    expect(reads[0]?.headers['if-none-match']).toBeUndefined()
    expect(reads[1]?.headers['if-none-match']).toMatch(/^W\/"/)
    expect(reads.filter(r => r.status !== 304)).toHaveLength(1)
  })

  it('reads every page, asking each by its number on GITHUB_API_URL whatever origin the Link names; one red of three apps is red', async () => {
    const em = await qaService({
      // The Link header's URLs point elsewhere: the token must not follow them.
      publicUrl: 'https://elsewhere.example',
      github: {
        perPage: 1,
        checkRuns: [
          preset({ app: 'qawolf' }),
          preset({ app: 'qawolf-eu' }),
          preset({ app: 'qawolf-us', conclusion: 'failure' })
        ]
      }
    })
    const run = await checkGate(em, { timeout: '10s' })
    expect(outcome(run)).toMatchObject({ exitCode: 1, status: 'failed' })
    expect(run.outputs['check-app']).toBe('qawolf\nqawolf-eu\nqawolf-us')
    expect(run.outputs['check-conclusion']).toBe('success\nsuccess\nfailure')
    expect(checkReads(em).map(r => r.query['page'])).toEqual(['1', '2', '3'])
  })

  it('sees a same-name newer check run still in progress that filter=latest hides behind a completed one (filter=all)', async () => {
    const { em, run } = await gate(
      [preset(), preset({ startedAt: '2026-11-26T12:20:00Z', status: 'in_progress' })],
      { wait: 'false', 'fail-on-timeout': 'false' }
    )
    expect(checkReads(em).map(r => r.query['filter'])).toEqual(['all'])
    expect(outcome(run)).toMatchObject({ greenlight: 'false', status: 'timed-out' })
  })

  it('refuses a short sha at once, naming the input without quoting it, sending nothing', async () => {
    const server = await gitHub(() => list([checkRun()]))
    const run = await checkGate(server, { sha: SHA.slice(0, 7), timeout: '30s' })
    expect(run.exitCode).toBe(1)
    expect(run.outputs['greenlight']).not.toBe('true')
    expect(errors(run)).toContain("input 'sha' must be the full commit SHA")
    expect(errors(run)).not.toContain(SHA.slice(0, 7))
    expect(server.requests).toHaveLength(0)
  })
})

// What fail-on-red and fail-on-timeout forgive is unit-tested (unit/verdict.test.ts, stepGate), as
// is each conclusion's status (unit/check-verdict.test.ts) and which check run counts
// (unit/check-path.test.ts: since, the commit's case, a null conclusion).
it('fail-on-red: false forgives not-tested, but the output still says not green', async () => {
  const server = await gitHub(() => list([checkRun({ conclusion: 'skipped' })]))
  const run = await checkGate(server, { 'fail-on-red': 'false' })
  expect(outcome(run)).toMatchObject({ exitCode: 0, greenlight: 'false', status: 'not-tested' })
})

describe('a check the step cannot find is said as the user can fix it', () => {
  it('a mistyped check-name: the nearest name warned at the first read, the names on the commit while waiting and at the timeout', async () => {
    const { em, run } = await gate(
      [
        preset({ name: 'QA Wolf Test Run' }),
        preset({ name: 'QA Wolf Test Results', conclusion: 'failure' }),
        preset({ name: 'build', app: 'github-actions' })
      ],
      { 'check-name': 'QA wolf test results', timeout: '2s' }
    )
    expect(outcome(run)).toMatchObject({ exitCode: 1, status: 'timed-out' })
    const warnings = messagesOf(run, 'warning').join('\n')
    expect(warnings).toContain("Did you mean check-name: 'QA Wolf Test Results'?")
    expect(run.stdout.indexOf('::warning')).toBeLessThan(run.stdout.indexOf('::error'))
    const waiting = run.stdout
      .split('\n')
      .find(line => line.includes('QA Wolf Test Results') && !line.startsWith('::error'))
    expect(waiting).toContain('qawolf')
    const failed = errors(run)
    expect(failed).toContain('QA Wolf Test Results')
    expect(failed).toContain('QA Wolf Test Run')
    expect(failed).toContain('github-actions')
    expect(run.summary).toContain('QA Wolf Test Results')
    expect(run.summary).toMatch(/did you mean/i)
    // The names come from unfiltered reads (no check_name), at most two, the second conditional.
    const reads = checkReads(em)
    const unfiltered = reads.filter(r => r.query['check_name'] === undefined)
    expect(unfiltered.length).toBeGreaterThanOrEqual(1)
    expect(unfiltered.length).toBeLessThanOrEqual(2)
    if (unfiltered.length === 2) expect(unfiltered[1]?.headers['if-none-match']).toMatch(/^W\//)
    expect(
      reads.filter(r => r.query['check_name'] === 'QA wolf test results').length
    ).toBeGreaterThan(1)
  })
})
