// A cancelled or crashing step, end to end: a job cancelled (SIGTERM, SIGINT) while waiting,
// reading or reporting ends promptly as interrupted, never green; a crash ends with a clear error
// and (in greenlight mode) status=error, never a silent exit 0 or a bare stack trace.
//
// A crash cannot be provoked through the action's inputs, so one is injected from outside: Node
// preloads a small script (NODE_OPTIONS=--require) that, once the action logs a chosen line, throws
// from a timer or leaves a promise rejected. Nothing in the bundle is changed.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { beforeAll, describe, expect, it } from '@jest/globals'
import type { RunConfig } from '../../emulator/server.js'
import { runAction, type ActionRun } from '../../scripts/action-runner.js'
import {
  API_KEY,
  cancelWhen,
  greenlightInputs,
  loadEvent,
  messagesOf,
  notifyInputs,
  qaService,
  requestsTo,
  scriptedService,
  tinyServer
} from '../helpers/e2e.js'
import { completedResponse } from '../helpers/responses.js'
import { webService } from '../helpers/notify-route.js'
import { outcome } from '../helpers/check-fixtures.js'

const PRELOAD = `
'use strict'
// Arms when the action writes QA_CRASH_AFTER to stdout, then crashes QA_CRASH_DELAY_MS later.
const kind = process.env.QA_CRASH_KIND
const marker = process.env.QA_CRASH_AFTER
const delay = Number(process.env.QA_CRASH_DELAY_MS || '0')
const write = process.stdout.write.bind(process.stdout)
let armed = false
process.stdout.write = (chunk, ...rest) => {
  if (!armed && String(chunk).includes(marker)) {
    armed = true
    setTimeout(crash, delay)
  }
  return write(chunk, ...rest)
}
function crash() {
  switch (kind) {
    case 'reject':
      Promise.reject(new Error('injected unhandled rejection'))
      return
    case 'reject-value':
      Promise.reject('a bare string, not an Error')
      return
    case 'throw-with-key':
      throw new Error('injected crash quoting ' + process.env['INPUT_API-KEY'])
  }
}
`

let preloadFile = ''

beforeAll(() => {
  const dir = mkdtempSync(path.join(tmpdir(), 'qa-greenlight-crash-'))
  preloadFile = path.join(dir, 'inject-crash.cjs')
  writeFileSync(preloadFile, PRELOAD)
})

function crashEnv(kind: string, after: string, delayMs = 150): Record<string, string> {
  return {
    NODE_OPTIONS: `--require ${preloadFile}`,
    QA_CRASH_KIND: kind,
    QA_CRASH_AFTER: after,
    QA_CRASH_DELAY_MS: String(delayMs)
  }
}

const STUCK_RUN: RunConfig = { id: 'run-stuck', timeline: [{ stage: 'underReview' }] }
const WAITING = 'Waiting for the QA verdict'

function expectNoStackTrace(run: ActionRun): void {
  expect(run.stdout).not.toMatch(/^\s+at /m)
  expect(run.stderr).not.toMatch(/^\s+at /m)
}

describe('a cancelled job', () => {
  it('stops on SIGTERM while polling a run, writes the summary and reports interrupted', async () => {
    const em = await qaService({ runs: [STUCK_RUN] })
    // A process still alive 20 s after the signal is killed, failing below.
    const cancel = cancelWhen(() => requestsTo(em, 'greenlight').length >= 2)
    const run = await runAction({
      inputs: greenlightInputs(em, 'run-stuck', { timeout: '5m', 'poll-interval': '200ms' }),
      onSpawn: cancel.onSpawn
    })
    expect(cancel.signalled()).toBe(true)
    expect(run.signal).toBeNull()
    expect(run.exitCode).not.toBe(0)
    expect(run.outputs['status']).toBe('interrupted')
    expect(run.summary).toMatch(/interrupted|cancel/i)
    expect(run.summary).toContain(`](${em.url}/runs/run-stuck)`)
  })

  it('SIGINT after a green answer, while commenting: status interrupted and a summary that agrees', async () => {
    const server = await scriptedService([{ status: 200, body: completedResponse() }])
    // A GitHub API that never answers: the step is still reporting when the signal comes.
    const github = await tinyServer()
    github.handle = () => undefined
    const cancel = cancelWhen(() => github.requests.length > 0, 'SIGINT')
    const run = await runAction({
      inputs: greenlightInputs(server, 'run-1', { 'comment-on-pr': 'true' }),
      eventName: 'pull_request',
      event: loadEvent('pull_request.opened'),
      env: { GITHUB_API_URL: github.url },
      onSpawn: cancel.onSpawn
    })
    expect(cancel.signalled()).toBe(true)
    expect(run.signal).toBeNull()
    expect(outcome(run)).toMatchObject({ exitCode: 1, status: 'interrupted', greenlight: 'false' })
    expect(run.summary).toContain('## ⚠️ QA greenlight: interrupted, no verdict')
    expect(run.summary).toContain(
      '**No verdict** (run run-1): the job was cancelled while the verdict was being reported.'
    )
    expect(run.summary).not.toMatch(/: green$/m)
    expect(messagesOf(run, 'error')).toEqual([
      'The job was cancelled while the verdict was being reported.'
    ])
  })

  it('SIGTERM while the notify POST is in flight says the request may have reached the service', async () => {
    // The service takes the request and never answers.
    const server = await tinyServer()
    server.handle = () => undefined
    const cancel = cancelWhen(() => server.requests.length > 0)
    const run = await runAction({
      inputs: notifyInputs(server, { sha: 'a'.repeat(40) }),
      onSpawn: cancel.onSpawn
    })
    expect(server.requests).toHaveLength(1)
    expect(run.exitCode).not.toBe(0)
    const [error] = messagesOf(run, 'error')
    expect(error).toContain('the job was cancelled while the notification was being sent')
    expect(error).toContain(
      'The request may have reached the service, so runs may have been created'
    )
    expect(run.summary).toContain('runs may have been created')
    expect(run.outputs['run-ids']).toBe('[]')
  })
})

describe('a crash ends the step clearly', () => {
  it('greenlight: an unhandled rejection of a non-Error value during the wait gives exit 1 and status=error', async () => {
    const em = await qaService({ runs: [STUCK_RUN] })
    // After the first answer is logged: on a loaded machine a fixed delay after the waiting line
    // can end before the first query has left.
    const run = await runAction({
      inputs: greenlightInputs(em, 'run-stuck', { timeout: '20s' }),
      env: crashEnv('reject-value', 'Run run-stuck: stage underReview.')
    })
    expect(run.signal).toBeNull()
    expect(outcome(run)).toMatchObject({ exitCode: 1, status: 'error', greenlight: 'false' })
    expect(messagesOf(run, 'error')).toEqual(['qa-greenlight crashed: a bare string, not an Error'])
    expectNoStackTrace(run)
    // The crash came while waiting: the run was being polled, and polling stopped with it.
    expect(run.stdout.indexOf(WAITING)).toBeLessThan(run.stdout.indexOf('::error::'))
    expect(requestsTo(em, 'greenlight').length).toBeGreaterThan(0)
  })

  it('redacts the API key from the message of an exception thrown from a timer', async () => {
    const em = await qaService({ runs: [STUCK_RUN] })
    const run = await runAction({
      inputs: greenlightInputs(em, 'run-stuck'),
      env: crashEnv('throw-with-key', WAITING)
    })
    expect(outcome(run)).toMatchObject({ exitCode: 1, status: 'error' })
    // runAction rejects a run that shows the key; the message is still there, redacted.
    expect(messagesOf(run, 'error')).toEqual(['qa-greenlight crashed: injected crash quoting ***'])
    expect(run.stdout.split('\n')[0]).toBe(`::add-mask::${API_KEY}`)
    expectNoStackTrace(run)
  })

  it('notify: a crash while the request is in flight gives exit 1 and a clear error', async () => {
    const em = await webService({ kind: 'slow', delayMs: 10_000 })
    const run = await runAction({
      inputs: notifyInputs(em, { sha: 'abc1234' }),
      env: crashEnv('reject', 'Notifying ')
    })
    expect(run.exitCode).toBe(1)
    expect(messagesOf(run, 'error')).toEqual([
      'qa-greenlight crashed: injected unhandled rejection'
    ])
    expect(run.outputs['status']).toBeUndefined()
    expectNoStackTrace(run)
  })
})
