// Only the commit that may be promoted: on a `check_run` event, greenlight is green only when the
// checked commit is the tip of `branch` (default: the repository's default branch) when the step
// runs, read by SHAs from GitHub. The bundle against the emulator's GitHub side, whose commit
// graph (emulator/commits.ts) has a `main` with history, a `release` branch, a pull request's
// head, a fork's commit whose branch is also called `main`, and a merge-queue commit; each event
// is the emulator's own `check_run` payload for QA Wolf's successful check on that commit.
import { describe, expect, it } from '@jest/globals'
import { runAction, type ActionRun } from '../../scripts/action-runner.js'
import type { Emulator } from '../../emulator/server.js'
import type { EmulatedCheckRun } from '../../emulator/github.js'
import { checkInputs, REPO } from '../helpers/check-fixtures.js'
import { messagesOf, qaService, sendJson, tinyServer } from '../helpers/e2e.js'

const sha = (n: number): string => n.toString(16).padStart(2, '0').repeat(20)
const MAIN = [sha(0x11), sha(0x12), sha(0x13)]
const TIP = MAIN[2]!
const OLDER = MAIN[1]!
const RELEASE = [sha(0x21), sha(0x22)]
const PR_HEAD = sha(0x31)
const FORK = sha(0x41)
const QUEUE = sha(0x51)

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

/** The emulator's QA Wolf check run on `commit`. */
function checkOn(em: Emulator, commit: string): EmulatedCheckRun {
  const run = em.github.checkRuns.find(r => r.headSha === commit)
  if (run === undefined) throw new Error(`no check run on ${commit}`)
  return run
}

/** The step on the check_run event for QA Wolf's check on `commit`, GITHUB_SHA the tip then. */
function gateOn(
  em: Emulator,
  commit: string,
  headBranch: string | null,
  extra: Record<string, string> = {},
  tipWhenFired = TIP
): Promise<ActionRun> {
  return runAction({
    inputs: checkInputs(em, extra),
    eventName: 'check_run',
    event: em.github.checkRunEvent(checkOn(em, commit), { headBranch }),
    env: { GITHUB_REPOSITORY: REPO, GITHUB_API_URL: em.url, GITHUB_SHA: tipWhenFired }
  })
}

const errors = (run: ActionRun): string => messagesOf(run, 'error').join('\n')

describe('check_run: only the tip of the branch may be promoted', () => {
  it("passes the default branch's tip, in three GitHub requests: the check runs, the repository, the branch", async () => {
    const em = await graphEmulator()
    const run = await gateOn(em, TIP, 'main')
    expect(run.exitCode).toBe(0)
    expect(run.outputs).toMatchObject({ greenlight: 'true', status: 'passed' })
    expect(em.requests.map(r => r.path)).toEqual([
      `/repos/${REPO}/commits/${TIP}/check-runs`,
      `/repos/${REPO}`,
      `/repos/${REPO}/branches/main`
    ])
  })

  it('never passes a pull request head that passed its check: the step fails, naming the commit, its branch and the rule', async () => {
    const em = await graphEmulator()
    const run = await gateOn(em, PR_HEAD, 'feature/payments', { 'fail-on-red': 'false' })
    expect(run.exitCode).toBe(1)
    expect(run.outputs['greenlight']).toBe('false')
    expect(run.outputs['status']).toBe('error')
    const error = errors(run)
    expect(error).toContain(PR_HEAD.slice(0, 12))
    expect(error).toContain("branch 'feature/payments' as the event says")
    expect(error).toContain("only the tip of 'main' may be promoted")
    expect(error).toContain('branch: release')
    expect(run.summary).toContain('not on branch')
  })

  it("never passes a fork's commit whose branch is also called main", async () => {
    const em = await graphEmulator()
    const run = await gateOn(em, FORK, 'main', {
      'fail-on-red': 'false',
      'fail-on-timeout': 'false'
    })
    expect(run.exitCode).toBe(1)
    expect(run.outputs['greenlight']).toBe('false')
    expect(run.outputs['status']).toBe('error')
    expect(errors(run)).toContain(`commit ${FORK.slice(0, 12)} (branch 'main' as the event says)`)
    expect(errors(run)).toContain("is not on branch 'main'")
  })

  it('never passes a merge-queue commit', async () => {
    const em = await graphEmulator()
    const run = await gateOn(em, QUEUE, 'gh-readonly-queue/main/pr-42-' + TIP)
    expect(run.exitCode).toBe(1)
    expect(run.outputs['greenlight']).toBe('false')
    expect(run.outputs['status']).toBe('error')
    expect(errors(run)).toContain("is not on branch 'main'")
  })

  it("is superseded for an older main commit whose check finished late: the newer commit's own check decides", async () => {
    const em = await graphEmulator()
    const run = await gateOn(em, OLDER, 'main', { 'fail-on-red': 'false' })
    expect(run.exitCode).toBe(1)
    expect(run.outputs['greenlight']).toBe('false')
    expect(run.outputs['status']).toBe('superseded')
    const error = errors(run)
    expect(error).toContain(OLDER.slice(0, 12))
    expect(error).toContain(TIP.slice(0, 12))
    expect(error).toContain("the newer commit's own check decides")
  })

  it('is superseded when the tip moved while the job waited (for reviewers, a runner)', async () => {
    const em = await graphEmulator()
    // The event fired with TIP as main's last commit (GITHUB_SHA); a push landed since.
    const newer = em.github.commits.push(REPO, 'main')
    const run = await gateOn(em, TIP, 'main', { 'fail-on-red': 'false' }, TIP)
    expect(run.exitCode).toBe(1)
    expect(run.outputs['status']).toBe('superseded')
    expect(errors(run)).toContain(`whose tip is now ${newer.slice(0, 12)}`)
  })

  it("with branch: release, passes release's tip and nothing older, nor main's tip", async () => {
    const em = await graphEmulator()
    const tip = await gateOn(em, RELEASE[1]!, 'release', { branch: 'release' })
    expect(tip.exitCode).toBe(0)
    expect(tip.outputs['status']).toBe('passed')
    const older = await gateOn(em, RELEASE[0]!, 'release', { branch: 'release' })
    expect(older.exitCode).toBe(1)
    expect(older.outputs['status']).toBe('superseded')
    const main = await gateOn(em, TIP, 'main', { branch: 'release' })
    expect(main.exitCode).toBe(1)
    expect(main.outputs['status']).toBe('error')
    expect(errors(main)).toContain("is not on branch 'release'")
    // With the branch given, the tip case reads no repository: two requests.
    const first = em.requests.slice(0, 2).map(r => r.path)
    expect(first).toEqual([
      `/repos/${REPO}/commits/${RELEASE[1]}/check-runs`,
      `/repos/${REPO}/branches/release`
    ])
  })

  it('is an error when GitHub has no such branch', async () => {
    const em = await graphEmulator()
    const run = await gateOn(em, TIP, 'main', { branch: 'no-such-branch' })
    expect(run.exitCode).toBe(1)
    expect(run.outputs['status']).toBe('error')
    expect(errors(run)).toContain("GitHub has no branch 'no-such-branch'")
  })
})

describe('check_run: the branch cannot be read', () => {
  it('is an error naming contents: read when GitHub refuses the repository read, whatever fail-on-red says', async () => {
    const em = await graphEmulator()
    const event = em.github.checkRunEvent(checkOn(em, TIP), { headBranch: 'main' })
    // GitHub answers the check runs, and refuses the repository to a token without contents: read.
    const server = await tinyServer()
    server.handle = (req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname
      if (path.endsWith('/check-runs')) {
        sendJson(res, JSON.stringify({ total_count: 1, check_runs: [event['check_run']] }))
      } else {
        sendJson(res, JSON.stringify({ message: 'Resource not accessible by integration' }), 403)
      }
    }
    const run = await runAction({
      inputs: checkInputs(em, { 'fail-on-red': 'false', 'fail-on-timeout': 'false' }),
      eventName: 'check_run',
      event,
      env: { GITHUB_REPOSITORY: REPO, GITHUB_API_URL: server.url, GITHUB_SHA: TIP }
    })
    expect(run.exitCode).toBe(1)
    expect(run.outputs['greenlight']).toBe('false')
    expect(run.outputs['status']).toBe('error')
    expect(errors(run)).toContain('contents: read')
    expect(server.requests.map(r => r.target.split('?')[0])).toEqual([
      `/repos/${REPO}/commits/${TIP}/check-runs`,
      `/repos/${REPO}`
    ])
  })
})

describe("check_run: the commit is the check run's head_sha", () => {
  it('names an expression valid on check_run when the event names no commit, and asks GitHub nothing', async () => {
    const em = await graphEmulator()
    const event = em.github.checkRunEvent(checkOn(em, TIP), { headBranch: 'main' })
    const { head_sha: _dropped, ...checkRun } = event['check_run'] as Record<string, unknown>
    const run = await runAction({
      inputs: checkInputs(em),
      eventName: 'check_run',
      event: { ...event, check_run: checkRun },
      env: { GITHUB_REPOSITORY: REPO, GITHUB_API_URL: em.url, GITHUB_SHA: TIP }
    })
    expect(run.exitCode).toBe(1)
    expect(run.outputs['greenlight']).not.toBe('true')
    expect(errors(run)).toContain('sha: ${{ github.event.check_run.head_sha }}')
    expect(errors(run)).not.toContain('github.event.deployment.sha')
    expect(em.requests).toHaveLength(0)
  })
})

describe('branch outside check_run', () => {
  it('warns that branch is read only on a check_run event, and polling gates its commit as before', async () => {
    const em = await graphEmulator()
    const run = await runAction({
      inputs: checkInputs(em, { sha: OLDER, branch: 'release' }),
      eventName: 'workflow_dispatch',
      event: {},
      env: { GITHUB_REPOSITORY: REPO, GITHUB_API_URL: em.url }
    })
    expect(run.outputs['status']).toBe('passed')
    expect(messagesOf(run, 'warning').join('\n')).toContain(
      "Input 'branch' is read only on a check_run event"
    )
    expect(em.requests.every(r => r.path.endsWith('/check-runs'))).toBe(true)
  })
})
