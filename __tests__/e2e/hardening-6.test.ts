// Hardening 6, end to end on the bundled action: a known red is never forgiven, a promotion is
// never lost to one 5xx, GitHub's waits are honoured from the answer that asked for them, a spent
// rate limit is named as such, a duplicate run's verdict ends the gate, the check-runs list hides
// no newer run, outside text carries no bidi or zero-width characters, and each sub-action
// declares its inputs' `required` as it holds there. One describe per finding.
import { describe, expect, it } from '@jest/globals'
import type { ServerResponse } from 'node:http'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parse } from 'yaml'
import { REPO_ROOT } from '../../scripts/node24.mjs'
import { runAction, type ActionRun } from '../../scripts/action-runner.js'
import {
  API_KEY,
  greenlightStep,
  messagesOf,
  notifyInputs,
  qaService,
  scriptedService,
  tinyServer
} from '../helpers/e2e.js'
import { stageResponse } from '../helpers/responses.js'
import type { TinyServer } from '../helpers/tiny-server.js'
import {
  checkGate,
  checkRun,
  checkRunEvent,
  PUSH,
  REPO,
  RUN,
  SHA
} from '../helpers/check-fixtures.js'
import {
  checkRunReads,
  list,
  MAIN_BRANCH,
  scriptedGitHub as gitHub,
  type Page
} from '../helpers/scripted-github.js'
import type { RunConfig } from '../../emulator/config.js'

/** The check gate with a short timeout: most scripts here never turn green. */
function gate(
  server: { url: string },
  extra: Record<string, string> = {},
  event?: { name: string; payload: unknown }
): Promise<ActionRun> {
  return checkGate(server, { timeout: '2s', ...extra }, event)
}

describe('1. a known red is never forgiven', () => {
  /** GitHub listing QA Wolf's failed check beside another app's check of the name still running. */
  const redBesideRunning = () =>
    gitHub(() =>
      list([
        checkRun({ conclusion: 'failure', output: { title: '3 failed', summary: 'bugs' } }),
        checkRun({
          id: 4243,
          status: 'in_progress',
          conclusion: null,
          completed_at: null,
          app: { slug: 'other-qa', name: 'Other QA' }
        })
      ])
    )

  it('check: a failed check beside another app’s check still in progress fails the step with status failed, fail-on-timeout: false', async () => {
    const server = await redBesideRunning()
    for (const wait of ['true', 'false']) {
      const run = await gate(server, { 'fail-on-timeout': 'false', timeout: '1s', wait })
      expect(run.outputs['status']).toBe('failed')
      expect(run.outputs['greenlight']).toBe('false')
      expect(run.exitCode).toBe(1)
    }
  })

  it('check: with fail-on-red: false and fail-on-timeout: true, fail-on-red decides (the step passes with a warning, status failed)', async () => {
    const run = await gate(await redBesideRunning(), { 'fail-on-red': 'false', wait: 'false' })
    expect(run.outputs['status']).toBe('failed')
    expect(run.exitCode).toBe(0)
  })

  it('run: one run red with a blocking bug, another still under review, fail-on-timeout: false → fails with status failed', async () => {
    const red: RunConfig = {
      id: 'run-red',
      timeline: [{ stage: 'completed' }],
      bugs: [{ id: 'bug-7', number: 7, name: 'Checkout button does nothing' }]
    }
    const pending: RunConfig = { id: 'run-pending', timeline: [{ stage: 'underReview' }] }
    const em = await qaService({ runs: [red, pending] })
    const run = await greenlightStep(em, 'run-red,run-pending', {
      timeout: '1s',
      'fail-on-timeout': 'false'
    })
    expect(run.outputs['status']).toBe('failed')
    expect(run.outputs['greenlight']).toBe('false')
    expect(run.exitCode).toBe(1)
    expect(messagesOf(run, 'error').join('\n')).toMatch(/Checkout button does nothing/)
  })

  it('run: an error beside a red still fails the step whatever fail-on-red says (status error)', async () => {
    const red: RunConfig = {
      id: 'run-red',
      timeline: [{ stage: 'completed' }],
      bugs: [{ id: 'bug-7', number: 7, name: 'Checkout button does nothing' }]
    }
    const em = await qaService({ runs: [red, { id: 'run-old', legacy: true }] })
    const run = await greenlightStep(em, 'run-red,run-old', { 'fail-on-red': 'false' })
    expect(run.outputs['status']).toBe('error')
    expect(run.exitCode).toBe(1)
  })
})

const EVENT = checkRunEvent()
const EVENT_CHECK_RUN = EVENT['check_run'] as Record<string, unknown>

/** GitHub answering the check-runs list with `status` (and `headers`) first, then the list. */
function failingOnce(status: number, runs: unknown[], headers: Record<string, string> = {}) {
  return gitHub(n =>
    n === 0 ? { status, body: { message: 'Server Error' }, headers } : list(runs)
  )
}

describe('2. a promotion is never lost to one 5xx', () => {
  it('on a check_run event, a 502 on the one read is asked again within seconds at the default poll-interval, and the promotion is green', async () => {
    const server = await failingOnce(502, [EVENT_CHECK_RUN])
    // No poll-interval input: its default (30 s) must not decide when a one-shot read is retried.
    const run = await gate(
      server,
      { 'poll-interval': '30s', timeout: '2h' },
      { name: 'check_run', payload: EVENT }
    )
    expect(checkRunReads(server)).toHaveLength(2)
    expect(run.outputs['status']).toBe('passed')
    expect(run.exitCode).toBe(0)
  })

  it('with wait: false, a 503 on the one read is asked again, not after poll-interval', async () => {
    const server = await failingOnce(503, [checkRun()])
    const run = await gate(server, { 'poll-interval': '30s', wait: 'false' })
    expect(server.requests).toHaveLength(2)
    expect(run.outputs['status']).toBe('passed')
    expect(run.exitCode).toBe(0)
  })
  it("on a check_run event, a 502 on the branch's read (the commit rule) is asked again within seconds, and the promotion is green", async () => {
    const server = await gitHub(
      () => list([EVENT_CHECK_RUN]),
      n => (n === 0 ? { status: 502, body: { message: 'Server Error' } } : MAIN_BRANCH)
    )
    const run = await gate(
      server,
      { 'poll-interval': '30s', timeout: '2h' },
      { name: 'check_run', payload: EVENT }
    )
    expect(server.requests.filter(r => r.target.includes('/branches/main'))).toHaveLength(2)
    expect(run.outputs['status']).toBe('passed')
    expect(run.exitCode).toBe(0)
  })
})

describe('6. the check-runs list hides no newer run (filter=all)', () => {
  it('sees a same-name newer check run still in progress that filter=latest hides behind a completed one in the same check suite', async () => {
    const em = await qaService({
      github: {
        checkRuns: [
          { repository: REPO, sha: SHA, startedAt: '2026-11-26T12:00:00Z' },
          // The app ran the check again in the same suite; the new run is still going.
          {
            repository: REPO,
            sha: SHA,
            startedAt: '2026-11-26T12:20:00Z',
            status: 'in_progress'
          }
        ]
      }
    })
    const run = await gate(em, { wait: 'false', 'fail-on-timeout': 'false' })
    const reads = em.requests.filter(r => r.path.endsWith('/check-runs'))
    expect(reads.map(r => r.query['filter'])).toEqual(['all'])
    expect(run.outputs['greenlight']).toBe('false')
    expect(run.outputs['status']).toBe('timed-out')
    // The emulator models GitHub's default: without filter=all only the completed one is listed.
    const latest = await fetch(`${em.url}/repos/${REPO}/commits/${SHA}/check-runs`, {
      headers: { authorization: 'token x' }
    })
    const body = (await latest.json()) as { check_runs: { status: string }[] }
    expect(body.check_runs.map(c => c.status)).toEqual(['completed'])
  })
})

describe('4. the real cause is named', () => {
  it('a rate limit spent until after the timeout is named with its reset, not as "no check run"', async () => {
    const reset = Math.ceil(Date.now() / 1000) + 3600
    const server = await gitHub(() =>
      list([], { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(reset) })
    )
    const run = await gate(server, { timeout: '1m' })
    expect(server.requests).toHaveLength(1)
    const said = [...messagesOf(run, 'error'), run.summary].join('\n')
    expect(said).toMatch(/rate limit/i)
    expect(said).toContain(new Date(reset * 1000).toISOString().slice(11, 19))
    expect(said).not.toMatch(/posted no check run|not connected|not installed|longer `?timeout/i)
    expect(run.outputs['greenlight']).toBe('false')
    expect(run.exitCode).toBe(1)
  })

  it('a bare secondary rate limit (403, no headers) with a short timeout never says the step asks again once it has ended', async () => {
    const server = await gitHub(() => ({
      status: 403,
      body: { message: 'You have exceeded a secondary rate limit. Please wait a few minutes.' }
    }))
    const run = await gate(server, { timeout: '2s' })
    const said = [...messagesOf(run, 'error'), run.summary].join('\n')
    expect(said).toMatch(/rate limit/i)
    expect(said).not.toMatch(/asks again/i)
    expect(run.exitCode).toBe(1)
  })

  it('a check_run event excluded by since does not tell the user to add the if: the job already has', async () => {
    const server = await gitHub(() => list([EVENT_CHECK_RUN]))
    const run = await gate(
      server,
      { since: '2030-01-01T00:00:00Z' },
      { name: 'check_run', payload: EVENT }
    )
    const said = [...messagesOf(run, 'error'), run.summary].join('\n')
    expect(said).toMatch(/since/)
    expect(said).not.toMatch(/if: github\.event\.check_run/)
    expect(run.outputs['greenlight']).toBe('false')
    expect(run.exitCode).toBe(1)
  })
})

/**
 * GitHub's check-runs endpoint that records, on its own clock, when each request arrived and the
 * earliest moment each answer allowed the next one (`notBefore`): a causal check, not a duration.
 */
async function pacedGitHub(
  script: (n: number, sentAtMs: number) => Page & { notBeforeMs: number; delayMs?: number }
): Promise<{ server: TinyServer; arrivals: number[]; notBefore: number[] }> {
  const server = await tinyServer()
  const arrivals: number[] = []
  const notBefore: number[] = []
  server.handle = (_req, res: ServerResponse) => {
    const n = arrivals.length
    arrivals.push(Date.now())
    const first = script(n, 0)
    setTimeout(() => {
      const sentAt = Date.now()
      const page = script(n, sentAt)
      notBefore.push(page.notBeforeMs)
      res.writeHead(page.status ?? 200, { 'content-type': 'application/json', ...page.headers })
      res.end(JSON.stringify(page.body ?? {}))
    }, first.delayMs ?? 0)
  }
  return { server, arrivals, notBefore }
}

describe('3. every pause starts from the answer that asked for it', () => {
  it('429 Retry-After on every read: no read reaches GitHub before the wait the previous answer asked for, across the inner retry and the poll loop', async () => {
    const { server, arrivals, notBefore } = await pacedGitHub((_n, sentAt) => ({
      status: 429,
      body: { message: 'API rate limit exceeded' },
      headers: { 'retry-after': '1' },
      notBeforeMs: sentAt + 1000
    }))
    const run = await gate(server, { timeout: '7s', 'poll-interval': '100ms' })
    expect(run.exitCode).toBe(1)
    // More reads than the inner retry makes (4), so the poll loop's own pause is seen too.
    expect(arrivals.length).toBeGreaterThan(4)
    for (let i = 1; i < arrivals.length; i++) {
      expect(arrivals[i]).toBeGreaterThanOrEqual(notBefore[i - 1] ?? Infinity)
    }
  })

  it('after x-ratelimit-remaining: 0 on a slow answer, the next read reaches GitHub at or after the reset it announced', async () => {
    const { server, arrivals, notBefore } = await pacedGitHub((n, sentAt) => {
      if (n > 0) return { ...list([checkRun()]), notBeforeMs: 0 }
      const reset = Math.ceil(sentAt / 1000) + 1
      return {
        ...list([checkRun({ status: 'in_progress', conclusion: null, completed_at: null })], {
          'x-ratelimit-remaining': '0',
          'x-ratelimit-reset': String(reset)
        }),
        notBeforeMs: reset * 1000,
        // Slow: the answer comes long after the read started.
        delayMs: 1500
      }
    })
    const run = await gate(server, { timeout: '20s', 'poll-interval': '100ms' })
    expect(run.outputs['status']).toBe('passed')
    expect(arrivals).toHaveLength(2)
    expect(arrivals[1]).toBeGreaterThanOrEqual(notBefore[0] ?? Infinity)
  })
})

describe("5. a duplicate run ends the gate with that run's verdict", () => {
  it("when notify's answer names only an earlier run (duplicate_suite_id), reported-at is any with a notice, and greenlight with since: reported-at reads that run's check", async () => {
    const em = await qaService({
      triggers: [{ id: 'web' }],
      // The earlier run's check, posted before this (second) report of the same commit.
      github: { checkRuns: [{ repository: REPO, sha: SHA, startedAt: '2026-01-01T00:00:00Z' }] }
    })
    const notify = (): Promise<ActionRun> =>
      runAction({
        inputs: notifyInputs(em, { sha: SHA }),
        env: { GITHUB_REPOSITORY: REPO }
      })
    const first = await notify()
    expect(first.outputs['reported-at']).not.toBe('')
    const second = await notify()
    expect(second.exitCode).toBe(0)
    expect(second.outputs['run-ids']).toBe('["run-1"]')
    expect(second.outputs['reported-at']).toBe('any')
    expect(messagesOf(second, 'notice').join('\n')).toMatch(/run-1.*reported-at/)
    const gated = await gate(em, { since: second.outputs['reported-at'] ?? '', sha: SHA })
    expect(gated.outputs['status']).toBe('passed')
    expect(gated.exitCode).toBe(0)
  })
})

describe('8. each sub-action declares an input required only where it always is', () => {
  const subActionInputs = (mode: string): Record<string, { required?: boolean }> =>
    (
      parse(readFileSync(path.join(REPO_ROOT, mode, 'action.yml'), 'utf8')) as {
        inputs: Record<string, { required?: boolean }>
      }
    ).inputs

  it('the greenlight sub-action runs the documented check gate without run-id, which it does not declare required', async () => {
    expect(subActionInputs('greenlight')['run-id']?.required).toBe(false)
    // Nor api-key: the check gate reads only GitHub (issue 47.5).
    expect(subActionInputs('greenlight')['api-key']?.required).toBe(false)
    const server = await gitHub(() => list([checkRun()]))
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
    expect(run.outputs['status']).toBe('passed')
    expect(run.exitCode).toBe(0)
  })

  it.each([['notify'], ['terminate']] as const)(
    'every input the %s sub-action declares required fails the step, named, when it is left out',
    async mode => {
      const required = Object.entries(subActionInputs(mode))
        .filter(([, input]) => input.required === true)
        .map(([name]) => name)
      expect(required.length).toBeGreaterThan(0)
      for (const name of required) {
        const run = await runAction({ subAction: mode, inputs: { [name]: '' } })
        expect(run.exitCode).toBe(1)
        expect(messagesOf(run, 'error').join('\n')).toContain(`'${name}'`)
      }
    }
  )
})

describe('7. text from outside carries no bidi or zero-width characters into the log or the summary', () => {
  const HIDDEN = '\u202e\u2066\u200b'
  /** The characters, raw or as the character references a summary may escape them to. */
  const hidden =
    /[\u202a-\u202e\u2066-\u2069\u200b-\u200f\u2060\ufeff]|&#(8238|8294|8203|x202e|x2066|x200b);/i
  const shown = (run: ActionRun): string => `${run.stdout}\n${run.stderr}\n${run.summary}`

  it("a check's conclusion", async () => {
    const server = await gitHub(() => list([checkRun({ conclusion: `bad${HIDDEN}news` })]))
    const run = await gate(server, { wait: 'false' })
    expect(run.outputs['status']).toBe('error')
    expect(shown(run)).toMatch(/badnews/)
    expect(shown(run)).not.toMatch(hidden)
  })

  it("a check_run event's name and app slug", async () => {
    const event = checkRunEvent({
      name: `e2e${HIDDEN}suite`,
      app: { slug: `evil${HIDDEN}app`, name: `Evil${HIDDEN}` }
    })
    const server = await gitHub(() => list([]))
    const run = await gate(server, {}, { name: 'check_run', payload: event })
    expect(run.exitCode).toBe(1)
    expect(shown(run)).toMatch(/e2esuite/)
    expect(shown(run)).not.toMatch(hidden)
  })

  it("a canceled run's message and reason", async () => {
    const service = await scriptedService([
      {
        status: 200,
        body: {
          ...stageResponse({ stage: 'canceled', queriedRunId: 'run-1' }),
          message: `Canceled${HIDDEN} by a newer deploy`,
          reason: `super${HIDDEN}seded`
        }
      }
    ])
    const run = await greenlightStep(service, 'run-1')
    expect(run.outputs['status']).toBe('canceled')
    expect(shown(run)).toMatch(/superseded/)
    expect(shown(run)).not.toMatch(hidden)
  })
})
