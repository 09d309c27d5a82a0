// One verdict, said the same way on every surface, end to end on the bundle: the per-run log line,
// the outputs, the job summary, the pull request comment and the annotations all render the judged
// verdict and its one bug count (issue 33); the bug's link alone can excuse it and a blank
// relevantRunId is the run that answered (issue 35); a summary a reviewer can act on (issue 34).
import { describe, expect, it } from '@jest/globals'
import { runAction } from '../../scripts/action-runner.js'
import {
  fakeGitHub,
  greenlightInputs,
  greenlightStep,
  loadEvent,
  messagesOf,
  PR_HEAD_SHA,
  scriptedService,
  sendJson,
  tinyServer
} from '../helpers/e2e.js'
import { stageResponse } from '../helpers/responses.js'
import { commentingGate } from '../helpers/pr-gate.js'

const QA = 'https://qa.example.com'

const completed = (extra: Record<string, unknown> = {}) => ({
  ...stageResponse({ stage: 'completed', queriedRunId: 'run-1' }),
  ...extra
})

/** Five blocking bugs counted, two of them listed. */
const FIVE_COUNTED_TWO_LISTED = completed({
  greenlight: false,
  blockingBugsCount: 5,
  blockingBugUrls: [`${QA}/bugs/1`, `${QA}/bugs/2`],
  reproducedBugs: [
    { name: 'Checkout button missing', priority: 'high', applicationUrl: `${QA}/bugs/1` },
    { name: 'Login times out', priority: 'urgent', applicationUrl: `${QA}/bugs/2` }
  ]
})

describe('issue 33: every surface renders the judged verdict', () => {
  // With outcome-when-blocking-bugs-in-other-workflows: red, the log line: honest-edges.test.ts.
  it('5 blocking bugs counted, 2 listed: "and 3 more" in the summary, the PR comment and the annotations, 5 everywhere', async () => {
    const server = await scriptedService([{ status: 200, body: FIVE_COUNTED_TWO_LISTED }])
    const fake = await fakeGitHub()
    const run = await commentingGate(server, 'run-1', fake.apiUrl, {
      env: { GITHUB_RUN_ID: '9123456789' }
    })

    expect(run.exitCode).toBe(1)
    expect(run.outputs['blocking-bugs-count']).toBe('5')

    expect(run.summary).toContain('**Not green** (run run-1): 5 blocking bugs.')
    expect(run.summary).toContain('**Blocking bugs (5):**')
    expect(run.summary).toContain('… and 3 more blocking bugs')
    expect(run.summary).toMatch(/\| 5 \| 0 \|$/m)

    expect(fake.comments).toHaveLength(1)
    const comment = fake.comments[0]!.body
    expect(comment).toContain('5 blocking bugs.')
    expect(comment).toContain('**Blocking bugs (5):**')
    expect(comment).toContain('… and 3 more blocking bugs')

    const errors = messagesOf(run, 'error')
    expect(errors.filter(message => message.startsWith('Blocking bug: '))).toEqual([
      'Blocking bug: Checkout button missing',
      'Blocking bug: Login times out'
    ])
    expect(errors).toContain('… and 3 more blocking bugs: see the job summary.')
  })
  // A PR comment that could not be written, noted in the summary: pr-comment.test.ts (403).
})

describe('issue 35: fail closed on the bug link, credit the run that answered', () => {
  it.each([
    ['a number', { applicationUrl: 17 }],
    ['blank', { applicationUrl: '  ' }],
    ['missing', {}]
  ])(
    'a high bug without isBlocking whose applicationUrl is %s is not excused by its old url field',
    async (_, link) => {
      const bug = { name: 'Card declined', priority: 'high', url: `${QA}/bugs/3`, ...link }
      const server = await scriptedService([
        {
          status: 200,
          body: completed({ nonBlockingBugUrls: [`${QA}/bugs/3`], reproducedBugs: [bug] })
        }
      ])
      const run = await greenlightStep(server, 'run-1')

      expect(run.exitCode).toBe(1)
      expect(run.outputs['greenlight']).toBe('false')
      expect(run.outputs['blocking-bugs-count']).toBe('1')
      expect(run.summary).not.toContain('✅')
      expect(run.summary).toContain('**Blocking bugs (1):**')
    }
  )

  it('a blank relevantRunId in the newer run’s answer is the newer run, not the root', async () => {
    const server = await tinyServer()
    server.handle = (req, res) => {
      const runId = decodeURIComponent((req.url ?? '').split('?')[0]?.split('/').pop() ?? '')
      const answer =
        runId === 'run-1'
          ? stageResponse({ stage: 'underReview', queriedRunId: 'run-1', relevantRunId: 'run-2' })
          : { ...stageResponse({ stage: 'completed', queriedRunId: 'run-2' }), relevantRunId: '' }
      sendJson(res, JSON.stringify(answer))
    }
    const run = await greenlightStep(server, 'run-1')

    expect(run.exitCode).toBe(0)
    expect(run.outputs['relevant-run-id']).toBe('run-2')
    expect(run.outputs['superseded-by']).toBe('run-2')
    expect(run.summary).toContain('superseded root run [run-1]')
    expect(run.summary).not.toContain('superseded by run-1')
    expect(run.stdout).not.toMatch(/run-2 was superseded by run run-1/)
  })
})

describe('issue 34: summaries a reviewer acts on', () => {
  it('a red summary leads with the blocking bugs, names the commit, and says "re-run the job"', async () => {
    const server = await scriptedService([{ status: 200, body: FIVE_COUNTED_TWO_LISTED }])
    const run = await runAction({
      inputs: greenlightInputs(server, 'run-1'),
      eventName: 'pull_request',
      event: loadEvent('pull_request.opened')
    })

    const firstBugLink = run.summary.indexOf(`](${QA}/bugs/`)
    const rules = run.summary.search(/Which bugs block|classification/)
    expect(firstBugLink).toBeGreaterThan(0)
    expect(rules).toBeGreaterThan(firstBugLink)
    expect(run.summary).toMatch(/<details>\n<summary>Which bugs block<\/summary>/)
    expect(run.summary).toContain('re-run the job')
    expect(run.summary).not.toMatch(/re-run this step/i)
    expect(run.summary).toContain(`commit [${PR_HEAD_SHA.slice(0, 7)}](`)
  })

  it('a timed-out summary says the run goes on in QA Wolf, links it and names timeout', async () => {
    const server = await scriptedService([
      { status: 200, body: stageResponse({ stage: 'underReview', queriedRunId: 'run-1' }) }
    ])
    const run = await greenlightStep(server, 'run-1', { timeout: '1s' })

    expect(run.exitCode).toBe(1)
    expect(run.outputs['status']).toBe('timed-out')
    expect(run.summary).toContain('goes on in QA Wolf')
    expect(run.summary).toContain(`[run run-1](${QA}/runs/run-1)`)
    expect(run.summary).toContain('`timeout`')
    expect(run.summary).not.toMatch(/re-run this step/i)
  })
})
