// terminate's routes to QA Wolf as functions of a fake service: the request, how the answer reads
// (only `terminated` or no code is terminated; 404 and 409 are repeats), and the summary's words.
import { describe, expect, it } from '@jest/globals'
import {
  close as closeLegacy,
  readTerminationAnswer
} from '../../src/terminate/environment-terminated.js'
import { close as closeReported } from '../../src/terminate/report-status.js'
import { terminateSummary } from '../../src/terminate/run.js'
import { endedWith, type RouteDeps } from '../../src/terminate/route.js'
import { ServiceError } from '../../src/kernel/retry.js'
import type {
  CurrentPathTerminateSettings,
  LegacyTerminateSettings
} from '../../src/kernel/settings.js'
import { fakeRouteDeps, githubContext } from '../helpers/github-context.js'

const common = {
  mode: 'terminate',
  apiKey: 'k',
  baseUrl: 'https://qa.example.com',
  label: '',
  summary: true
} as const
const legacy = (environment: LegacyTerminateSettings['environment']): LegacyTerminateSettings => ({
  ...common,
  via: 'environment-terminated',
  environment
})
const current: CurrentPathTerminateSettings = {
  ...common,
  via: 'report-status',
  environmentName: 'pr-42',
  workspaceId: 'ws-1',
  githubToken: ''
}

/** Route deps whose service answers each POST with the next of `answers` (thrown when an Error). */
function deps(answers: unknown[], extra: Partial<RouteDeps> = {}) {
  const fake = fakeRouteDeps(answers, githubContext({ runId: '9', runAttempt: '1', job: 'clean' }))
  return { ...fake, routeDeps: { ...fake.deps, ...extra } }
}

describe('via: environment-terminated', () => {
  it('sends the one name with the workspace, and reads terminated with its ID and warning', async () => {
    const { routeDeps, sent, lines, titles } = deps([
      { code: 'terminated', environmentId: 'env-1', warning: 'Used Main' }
    ])
    const settings = { ...legacy({ environmentAlias: 'pr-17' }), workspaceId: 'w' }
    const ended = await closeLegacy(settings, routeDeps)
    expect(sent).toEqual([{ environmentAlias: 'pr-17', workspaceId: 'w' }])
    expect(ended).toMatchObject({ outcome: 'terminated', name: 'pr-17', environmentId: 'env-1' })
    expect(lines).toEqual([
      'Telling https://qa.example.com that the environment pr-17 is gone.',
      'Used Main',
      'The environment was terminated.'
    ])
    expect(titles).toEqual(['QA service warning'])
  })

  it.each([
    [404, false, 'not-found'],
    [409, false, 'already-terminated'],
    [409, true, 'failed'],
    [403, false, 'failed']
  ])('a %i (foreign: %s) is %s', async (status, foreign, outcome) => {
    const error = new ServiceError('http', `HTTP ${status}`, { status, foreign })
    const { routeDeps } = deps([error])
    const ended = await closeLegacy(
      legacy({ deploymentUrl: 'https://u:p@pr-1.example.com/' }),
      routeDeps
    )
    expect(ended).toMatchObject({
      outcome,
      name: 'https://pr-1.example.com/',
      message: `HTTP ${status}`
    })
  })

  it('names an environment by its ID in words', async () => {
    const { routeDeps, lines } = deps([new Error('socket hang up')])
    const ended = await closeLegacy(legacy({ environmentId: 'env-9' }), routeDeps)
    expect(lines[0]).toContain('that the environment with ID env-9 is gone.')
    expect(ended).toMatchObject({ outcome: 'failed', name: 'env-9', message: 'socket hang up' })
  })

  // prettier-ignore
  it.each([
    [{}, {}],
    [{ code: null, environmentId: 3 }, {}],
    [{ code: 'failed', error: 'locked' }, { failure: "the service answered 200 with code 'failed', not 'terminated': locked" }],
    [{ code: 7 }, { failure: "the service answered 200 with code 7, not 'terminated'" }],
    [{ results: [{ code: 'terminated', environmentId: 'a' }], warning: 'w' }, { environmentId: 'a', warning: 'w' }],
    [{ results: [{}, { code: 'gone' }] }, { failure: "the service answered 200 with code 'gone', not 'terminated'" }],
    [{ results: ['x'] }, { failure: 'the service answered 200 with no result entry' }]
  ])('reads %j as %j', (answer, read) => expect(readTerminationAnswer(answer)).toEqual(read))
})

describe('via: report-status', () => {
  it('says what the answer to the inactive report does not tell; sends none without GITHUB_RUN_ID', async () => {
    // The request: behaviour/terminate.test.ts.
    const { routeDeps } = deps([{ result: { data: { json: { id: 'd1' } } } }])
    const ended = await closeReported(current, routeDeps)
    expect(ended.outcome).toBe('terminated')
    expect(ended.message).toContain('does not say whether QA Wolf knew environment pr-42')
    expect(ended.message).toContain('is not public')
    const unnamed = deps([], { context: githubContext() })
    expect((await closeReported(current, unnamed.routeDeps)).message).toContain('GITHUB_RUN_ID')
    expect(unnamed.sent).toEqual([])
  })

  const cancelled = new AbortController()
  cancelled.abort()
  const unreadable = new ServiceError('unreadable', 'The QA service answered …', {
    answered: true,
    cause: new Error('cut off after 34 bytes')
  })
  // prettier-ignore
  it.each([
    [unreadable, {}, 'The QA service answered but the answer could not be read; it may have taken the inactive report of environment pr-42 (reporting again is safe). cut off after 34 bytes'],
    [new Error('aborted'), { signal: cancelled.signal }, 'the job was cancelled while the report was being sent. It may have reached the service; reporting again is safe.'],
    [new ServiceError('http', 'HTTP 401: check the API key', { status: 401 }), {}, 'HTTP 401: check the API key']
  ])('words a failed report for terminate (%s)', async (error, extra, message) => {
    const ended = await closeReported(current, deps([error], extra).routeDeps)
    expect(ended).toMatchObject({ outcome: 'failed', message })
  })
})

it('heads with the label, then the environment, the line, the ID and the message, escaped', () => {
  expect(
    terminateSummary(
      'pr <7>',
      endedWith({ terminated: '✅ done' }, 'pr-7')('terminated', '<b>', 'e')
    )
  ).toBe(
    '## QA environment — pr &lt;7&gt;\n\nEnvironment pr-7\n\n✅ done\n\nEnvironment ID: e\n\n&lt;b&gt;\n'
  )
  expect(terminateSummary('', endedWith({ failed: '⛔' }, 'x')('failed'))).toBe(
    '## QA environment\n\nEnvironment x\n\n⛔\n'
  )
})
