// verdict-from: check on a `check_run` event: green only for a completed success of the configured
// check, weighed against the commit's list, on the commit that is the tip of `branch` (default:
// the repository's default branch) when the step runs. The emulator's commit graph has a `main`
// with history, a `release` branch, a pull request's head, a fork's commit whose branch is also
// called `main`, and a merge-queue commit.
import { describe, expect, it } from '@jest/globals'
import { runAction, type ActionRun } from '../../scripts/action-runner.js'
import type { Emulator } from '../../emulator/server.js'
import type { EmulatedCheckRun } from '../../emulator/github.js'
import { messagesOf, qaService } from '../helpers/e2e.js'
import {
  checkGate,
  checkInputs,
  checkRunEvent,
  outcome,
  preset,
  REPO
} from '../helpers/check-fixtures.js'
import {
  checkRunReads,
  list,
  MAIN_BRANCH,
  scriptedGitHub as gitHub
} from '../helpers/scripted-github.js'

const sha = (n: number): string => n.toString(16).padStart(2, '0').repeat(20)
const MAIN = [sha(0x11), sha(0x12), sha(0x13)]
const TIP = MAIN[2]!
const OLDER = MAIN[1]!
const RELEASE = [sha(0x21), sha(0x22)]
const PR_HEAD = sha(0x31)
const FORK = sha(0x41)
const QUEUE = sha(0x51)

const errors = (run: ActionRun): string => messagesOf(run, 'error').join('\n')

async function graphEmulator(): Promise<Emulator> {
  return qaService({
    github: {
      branches: [
        { repository: REPO, name: 'main', commits: MAIN },
        { repository: REPO, name: 'release', commits: RELEASE, from: MAIN[0]! }
      ],
      commits: [
        { repository: REPO, sha: PR_HEAD, parents: [TIP] },
        { repository: REPO, sha: FORK, parents: [OLDER] },
        { repository: REPO, sha: QUEUE, parents: [TIP, PR_HEAD] }
      ],
      checkRuns: [TIP, OLDER, ...RELEASE, PR_HEAD, FORK, QUEUE].map(commit => ({
        repository: REPO,
        sha: commit,
        startedAt: '2026-11-26T12:00:00Z',
        detailsUrl: 'https://app.qawolf.com/runs/r-1'
      }))
    }
  })
}

function checkOn(em: Emulator, commit: string): EmulatedCheckRun {
  return em.github.checkRuns.find(r => r.headSha === commit)!
}

/** The step on the check_run event for QA Wolf's check on `commit`, GITHUB_SHA the tip then. */
function gateOn(
  em: Emulator,
  commit: string,
  headBranch: string | null,
  extra: Record<string, string> = {},
  github = em.url
): Promise<ActionRun> {
  return runAction({
    inputs: checkInputs(em, extra),
    eventName: 'check_run',
    event: em.github.checkRunEvent(checkOn(em, commit), { headBranch }),
    env: { GITHUB_REPOSITORY: REPO, GITHUB_API_URL: github, GITHUB_SHA: TIP }
  })
}

describe('check_run: only the tip of the branch may be promoted', () => {
  it("passes the default branch's tip, in three GitHub requests: the check runs by name, the repository, the branch", async () => {
    const em = await graphEmulator()
    const run = await gateOn(em, TIP, 'main')
    expect(run.exitCode).toBe(0)
    expect(run.outputs).toMatchObject({
      greenlight: 'true',
      status: 'passed',
      'check-app': 'qawolf',
      'details-url': 'https://app.qawolf.com/runs/r-1'
    })
    expect(em.requests.map(r => r.path)).toEqual([
      `/repos/${REPO}/commits/${TIP}/check-runs`,
      `/repos/${REPO}`,
      `/repos/${REPO}/branches/main`
    ])
    expect(em.requests[0]?.query['check_name']).toBe('QA Wolf Test Results')
  })

  // Which commit may be promoted is unit-tested (unit/check-verdict.test.ts: a fork's commit, a
  // merge-queue commit, another branch, a branch GitHub does not have, a tip that moved).
  // prettier-ignore
  it.each([
    ['a pull request head that passed its check', PR_HEAD, 'feature/payments', 'error', [PR_HEAD.slice(0, 12), "branch 'feature/payments' as the event says", "only the tip of 'main' may be promoted", 'branch: release', 'not on branch']],
    ['an older main commit whose check finished late', OLDER, 'main', 'superseded', [OLDER.slice(0, 12), TIP.slice(0, 12), "the newer commit's own check decides"]]
  ])('never passes %s, whatever fail-on-red says, and says why', async (_, commit, headBranch, status, said) => {
    const em = await graphEmulator()
    const lenient = { 'fail-on-red': 'false', 'fail-on-timeout': 'false' }
    const run = await gateOn(em, commit, headBranch, lenient)
    expect(outcome(run)).toMatchObject({ exitCode: 1, greenlight: 'false', status })
    for (const words of said) expect(errors(run) + run.summary).toContain(words)
    if (status === 'superseded') {
      // A newer commit decides: not headed as a failed test.
      const heading = run.summary.split('\n')[0] ?? ''
      expect(heading).toMatch(/superseded/)
      expect(heading).toMatch(/newer commit/)
      expect(heading).not.toMatch(/❌|not green/)
    }
  })

  it("with branch: release, passes release's tip", async () => {
    const em = await graphEmulator()
    const tip = await gateOn(em, RELEASE[1]!, 'release', { branch: 'release' })
    expect(outcome(tip)).toMatchObject({ exitCode: 0, status: 'passed' })
    // With the branch given, the tip case reads no repository: two requests.
    expect(em.requests.map(r => r.path)).toEqual([
      `/repos/${REPO}/commits/${RELEASE[1]}/check-runs`,
      `/repos/${REPO}/branches/release`
    ])
  })

  it('names an expression valid on check_run when the event names no commit, and asks GitHub nothing', async () => {
    const em = await graphEmulator()
    const event = em.github.checkRunEvent(checkOn(em, TIP), { headBranch: 'main' })
    const { head_sha: _dropped, ...withoutSha } = event['check_run'] as Record<string, unknown>
    const run = await runAction({
      inputs: checkInputs(em),
      eventName: 'check_run',
      event: { ...event, check_run: withoutSha },
      env: { GITHUB_REPOSITORY: REPO, GITHUB_API_URL: em.url, GITHUB_SHA: TIP }
    })
    expect(run.exitCode).toBe(1)
    expect(run.outputs['greenlight']).not.toBe('true')
    expect(errors(run)).toContain('sha: ${{ github.event.check_run.head_sha }}')
    expect(errors(run)).not.toContain('github.event.deployment.sha')
    expect(em.requests).toHaveLength(0)
  })
})

describe("check_run: the event's check run weighed against the commit's list", () => {
  const EVENT = checkRunEvent({})
  const EVENT_SHA = (EVENT['check_run'] as { head_sha: string }).head_sha
  const EVENT_CHECK_RUNS_PATH = `/repos/${REPO}/commits/${EVENT_SHA}/check-runs`
  /** The event's check run is older than every one the emulator lists (its IDs start at 7000). */
  const OLD_EVENT = checkRunEvent({ id: 6999 })
  const onCommit = (over: Record<string, unknown> = {}) => preset({ sha: EVENT_SHA, ...over })
  const gate = async (checkRuns: ReturnType<typeof preset>[], payload = OLD_EVENT) => {
    const em = await qaService({ github: { checkRuns } })
    const run = await checkGate(em, { timeout: '10s' }, { name: 'check_run', payload })
    return { em, run }
  }

  it('is not green when the same app has re-run the check and the newer run is still in progress', async () => {
    const { em, run } = await gate([onCommit({ status: 'in_progress' })])
    expect(outcome(run)).toMatchObject({ exitCode: 1, greenlight: 'false', status: 'timed-out' })
    expect(errors(run)).toContain('a newer check run of that name is still in progress')
    expect(run.summary).toContain('**What to do:** nothing here')
    expect(run.summary).toContain('event starts this workflow again')
    expect(em.requests.filter(r => r.path === EVENT_CHECK_RUNS_PATH)).toHaveLength(1)
  })

  it("is red when another app posted a check of the same name that failed, whatever the event's success", async () => {
    const { run } = await gate([onCommit({ app: 'qawolf-eu', conclusion: 'failure' })], EVENT)
    expect(outcome(run)).toMatchObject({ exitCode: 1, status: 'failed' })
    expect(run.outputs['check-app']).toBe('qawolf-eu\nqawolf')
    expect(run.outputs['check-conclusion']).toBe('failure\nsuccess')
  })

  it('a 502 on the one read of the check runs and on the branch read is asked again within seconds at poll-interval 30s: the promotion is green', async () => {
    const server = await gitHub(
      n =>
        n === 0 ? { status: 502, body: { message: 'Server Error' } } : list([EVENT['check_run']]),
      n => (n === 0 ? { status: 502, body: { message: 'Server Error' } } : MAIN_BRANCH)
    )
    const run = await checkGate(
      server,
      { 'poll-interval': '30s', timeout: '2h' },
      { name: 'check_run', payload: EVENT }
    )
    expect(checkRunReads(server)).toHaveLength(2)
    expect(server.requests.filter(r => r.target.includes('/branches/main'))).toHaveLength(2)
    expect(outcome(run)).toMatchObject({ status: 'passed', exitCode: 0 })
  })
})

describe('check_run: an event the step must not take for a verdict', () => {
  // The words for a check-name, sha or since that does not fit the event are unit-tested
  // (unit/check-verdict.test.ts, the words of a check verdict).
  const onEvent = async (payload: unknown) => {
    const em = await qaService({ github: {} })
    const run = await checkGate(em, { timeout: '2s' }, { name: 'check_run', payload })
    expect(outcome(run)).toMatchObject({ greenlight: 'false', exitCode: 1 })
    return { em, run }
  }

  it('a rerequested event, even when its check run is a completed success: types: [completed], nothing asked', async () => {
    const { em, run } = await onEvent({ ...checkRunEvent(), action: 'rerequested' })
    expect(run.outputs['status']).toBe('error')
    expect(errors(run)).toContain('types: [completed]')
    expect(em.requests).toHaveLength(0)
  })

  it('an event for another check names the job-level if: to add, and asks GitHub nothing', async () => {
    const { em, run } = await onEvent(checkRunEvent({ name: 'e2e' }))
    expect(errors(run)).toContain("if: github.event.check_run.name == 'QA Wolf Test Results'")
    expect(em.requests).toHaveLength(0)
  })
})
