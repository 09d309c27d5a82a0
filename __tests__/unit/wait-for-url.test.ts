// notify's wait for the deployment to answer, on a fake clock: the pauses, the words, the end. A
// status below 500 as the answer (a login page's 401) is shown in a whole step in behaviour/notify.test.ts.
import { expect, it } from '@jest/globals'
import { waitForUrl, type UrlProbe } from '../../src/notify/wait-for-url.js'
import { FakeClock } from '../helpers/fake-clock.js'

const URL = 'https://user:pw@staging.example.com/app'

/** A probe on its own clock, answering each try with the next of `answers` (status or error). */
function scripted(answers: (number | Error)[], spendMs = 100) {
  const clock = new FakeClock()
  const tries: number[] = []
  const probe: UrlProbe = async (_url, timeoutMs) => {
    tries.push(timeoutMs)
    await clock.delay(spendMs)
    const answer = answers[Math.min(tries.length - 1, answers.length - 1)]!
    if (answer instanceof Error) throw answer
    return answer
  }
  return { clock, probe, tries }
}

function run(
  clock: FakeClock,
  probe: UrlProbe,
  timeoutMs = 300_000,
  signal = new AbortController().signal
) {
  const log: string[] = []
  const result = waitForUrl(URL, timeoutMs, { clock, signal, probe, log: line => log.push(line) })
  return { result, log }
}

it('resolves at the first status below 500, after pauses that grow to 5 s', async () => {
  const refused = new Error('connect ECONNREFUSED')
  const { clock, probe, tries } = scripted([refused, 503, 503, 503, 503, 302])
  const { result, log } = run(clock, probe)
  expect(await result).toBeUndefined()
  expect(tries).toHaveLength(6)
  expect(clock.sleeps).toEqual([1000, 2000, 4000, 5000, 5000])
  // Credentials in the URL are never shown; one failure line per 30 s at most.
  expect(log).toEqual([
    'Waiting up to 5m for https://staging.example.com/app to answer (any HTTP status below 500) before notifying.',
    'https://staging.example.com/app does not answer yet (connect ECONNREFUSED); trying again.',
    'https://staging.example.com/app answered after 6 tries.'
  ])
})

it('gives up at the time-out with the last problem, after a last try at the deadline', async () => {
  const { clock, probe, tries } = scripted([new Error(''), 500, 502])
  const { result } = run(clock, probe, 10_000)
  expect(await result).toBe(
    'https://staging.example.com/app did not answer with a status below 500 within 10s ' +
      '(wait-for-url-timeout; last try: HTTP 502), so nothing was sent to the service. ' +
      'Check that the deployment is up, or give it longer with wait-for-url-timeout.'
  )
  expect(clock.now()).toBeGreaterThanOrEqual(10_000)
  // Each try waits at most 10 s and at least 1 s, also at the deadline.
  expect(Math.min(...tries)).toBe(1000)
  expect(Math.max(...tries)).toBeLessThanOrEqual(10_000)
  // A probe that throws no message is "no answer".
  const silent = scripted([new Error('')])
  expect(await run(silent.clock, silent.probe, 1000).result).toContain('last try: no answer')
})

it('stops when the job is cancelled, and says nothing was sent', async () => {
  const clock = new FakeClock()
  const controller = new AbortController()
  const probe: UrlProbe = async () => {
    controller.abort()
    return 503
  }
  const { result } = run(clock, probe, 60_000, controller.signal)
  expect(await result).toBe(
    'the job was cancelled while waiting for https://staging.example.com/app to answer; nothing was sent.'
  )
})
