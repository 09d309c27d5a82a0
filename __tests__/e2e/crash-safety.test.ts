// Crash safety, end to end: whatever goes wrong inside the bundled action, the step ends with a
// clear error and (in greenlight mode) status=error, never a silent exit 0 or a bare stack trace.
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
  greenlightInputs,
  greenlightStep,
  messagesOf,
  notifyInputs,
  qaService,
  requestsTo
} from '../helpers/e2e.js'
import { stageResponse } from '../helpers/responses.js'
import { webService } from '../helpers/notify-route.js'

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
    case 'throw':
      throw new Error('injected crash in a timer')
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

describe('crashes end the step clearly, end to end', () => {
  it('control: the preload alone changes nothing', async () => {
    const em = await qaService({ runs: [{ id: 'run-green', timeline: [{ stage: 'completed' }] }] })
    const run = await runAction({
      inputs: greenlightInputs(em, 'run-green'),
      env: crashEnv('none', WAITING)
    })
    expect(run.exitCode).toBe(0)
    expect(run.outputs['status']).toBe('passed')
  })

  it.each([
    ['an exception thrown from a timer', 'throw', 'injected crash in a timer'],
    ['an unhandled rejection', 'reject', 'injected unhandled rejection'],
    ['a rejection with a non-Error value', 'reject-value', 'a bare string, not an Error']
  ])('greenlight: %s during the wait gives exit 1 and status=error', async (_, kind, text) => {
    const em = await qaService({ runs: [STUCK_RUN] })
    // After the first answer is logged: on a loaded machine a fixed delay after the waiting line
    // can end before the first query has left.
    const run = await runAction({
      inputs: greenlightInputs(em, 'run-stuck', { timeout: '20s' }),
      env: crashEnv(kind, 'Run run-stuck: stage underReview.')
    })

    expect(run.signal).toBeNull()
    expect(run.exitCode).toBe(1)
    expect(run.outputs['status']).toBe('error')
    expect(run.outputs['greenlight']).toBe('false')
    const errors = messagesOf(run, 'error')
    expect(errors).toHaveLength(1)
    expect(errors[0]).toBe(`qa-greenlight crashed: ${text}`)
    expectNoStackTrace(run)
    // The crash came while waiting: the run was being polled, and polling stopped with it.
    expect(run.stdout.indexOf(WAITING)).toBeLessThan(run.stdout.indexOf('::error::'))
    expect(requestsTo(em, 'greenlight').length).toBeGreaterThan(0)
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

  it('redacts the API key from a crash message', async () => {
    const em = await qaService({ runs: [STUCK_RUN] })
    const run = await runAction({
      inputs: greenlightInputs(em, 'run-stuck'),
      env: crashEnv('throw-with-key', WAITING)
    })

    expect(run.exitCode).toBe(1)
    expect(run.outputs['status']).toBe('error')
    // runAction rejects a run that shows the key; the message is still there, redacted.
    expect(messagesOf(run, 'error')).toEqual(['qa-greenlight crashed: injected crash quoting ***'])
    expect(run.stdout.split('\n')[0]).toBe(`::add-mask::${API_KEY}`)
  })
})

describe('a response of the wrong shape ends greenlight with status=error, end to end', () => {
  const complete = stageResponse({ stage: 'completed', queriedRunId: 'run-1', workflowsInRun: 3 })

  // Three shapes prove the wiring (deciding fields of the wrong type, and no object at all); every
  // other shape is refused by the same check, which read-body.test.ts and the property test of
  // verdict.property.test.ts try one by one.
  it.each<[string, unknown, RegExp]>([
    ['greenlight as a string', { ...complete, greenlight: 'true' }, /field 'greenlight'/],
    [
      'blockingBugsCount as a string',
      { ...complete, blockingBugsCount: '0' },
      /field 'blockingBugsCount'/
    ],
    ['a JSON array', [complete], /does not have the documented shape/]
  ])('%s: status=error, one query, a clear message, no stack trace', async (_, body, cause) => {
    const em = await qaService({
      runs: [{ id: 'run-1', timeline: [{ stage: 'completed' }] }],
      faults: {
        greenlight: {
          script: [body === undefined ? { kind: 'wrong-shape' } : { kind: 'wrong-shape', body }]
        }
      }
    })
    const run = await greenlightStep(em, 'run-1')

    expect(run.exitCode).toBe(1)
    expect(run.outputs['status']).toBe('error')
    expect(run.outputs['greenlight']).toBe('false')
    // Asking again gives the same contract mismatch, so it is not retried.
    expect(requestsTo(em, 'greenlight')).toHaveLength(1)
    const [failure] = messagesOf(run, 'error')
    expect(failure).toMatch(/Invalid response from the QA service/)
    expect(failure).toMatch(cause)
    expect(failure).not.toMatch(/crashed|unexpectedly/)
    expect(run.summary).toMatch(/## ⛔ QA greenlight: error, no verdict/)
    expect(run.summary).toMatch(/Invalid response from the QA service/)
    expectNoStackTrace(run)
  })
})
