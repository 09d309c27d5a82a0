// What terminate sends and the summary it writes, as pure functions of the settings and the result.
import { describe, expect, it } from '@jest/globals'
import {
  readTerminationAnswer,
  renderTerminateSummary,
  terminationBody
} from '../../src/terminate/termination.js'
import type { LegacyTerminateSettings } from '../../src/inputs/settings.js'

const settings = (more: Partial<LegacyTerminateSettings> = {}): LegacyTerminateSettings => ({
  mode: 'terminate',
  via: 'environment-terminated',
  apiKey: 'k',
  baseUrl: 'https://qa.example.com',
  label: '',
  summary: true,
  environment: { environmentId: 'env-1' },
  ...more
})

describe('terminationBody', () => {
  it.each([
    [{ environmentId: 'env-1' }],
    [{ environmentAlias: 'pr-42' }],
    [{ deploymentUrl: 'https://pr-42.preview.example.com' }]
  ])('sends exactly the one name given: %j', environment =>
    expect(terminationBody(settings({ environment }))).toEqual(environment)
  )

  it('adds workspaceId when one is given', () =>
    expect(terminationBody(settings({ workspaceId: 'ws-9' }))).toEqual({
      environmentId: 'env-1',
      workspaceId: 'ws-9'
    }))
})

describe('readTerminationAnswer', () => {
  // prettier-ignore
  it.each([
    [{ code: 'terminated', environmentId: 'env-1' }, { terminated: true, environmentId: 'env-1' }],
    [{}, { terminated: true }],
    [{ code: null, warning: 'w' }, { terminated: true, warning: 'w' }],
    [{ code: 'terminated', environmentId: 7, warning: 3 }, { terminated: true }],
    [{ code: 'terminated', environmentId: '' }, { terminated: true }],
    // The older answer: one entry per environment.
    [{ results: [{ environmentId: 'env-2', code: 'terminated' }] }, { terminated: true, environmentId: 'env-2' }],
    [{ results: [{ environmentId: 'env-3' }], warning: 'w' }, { terminated: true, environmentId: 'env-3', warning: 'w' }]
  ])('only terminated or no code is terminated: %j', (answer, read) => expect(readTerminationAnswer(answer)).toEqual(read))

  // prettier-ignore
  it.each([
    [{ results: [{ environmentId: 'env-2', code: 'failed', error: 'locked' }] }, "the service answered 200 with code 'failed', not 'terminated': locked"],
    [{ results: [] }, 'the service answered 200 with no result entry'],
    [{ code: 'failed', error: 'locked' }, "the service answered 200 with code 'failed', not 'terminated': locked"],
    [{ code: 'TERMINATED' }, "the service answered 200 with code 'TERMINATED', not 'terminated'"],
    [{ code: 1 }, "the service answered 200 with code 1, not 'terminated'"]
  ])('any other code fails with the service error: %j', (answer, message) => expect(readTerminationAnswer(answer)).toEqual({ terminated: false, message }))
})

describe('renderTerminateSummary', () => {
  it('shows the environment, the outcome and the environment ID', () =>
    expect(
      renderTerminateSummary({
        label: 'previews',
        result: { outcome: 'terminated', name: 'pr-42', environmentId: 'env-7' }
      })
    ).toBe(
      [
        '## QA environment — previews',
        '',
        'Environment pr-42',
        '',
        '✅ **Terminated:** the service stops the runs that target it.',
        '',
        'Environment ID: env-7',
        ''
      ].join('\n')
    ))

  it.each([
    ['already-terminated', '⚠️ **Already terminated:** nothing left to do.'],
    ['not-found', '⚠️ **Not found:** the service knows no such environment; nothing to do.'],
    ['failed', '⛔ **Not terminated:** the request failed.']
  ] as const)('words %s as a warning or an error, with the message', (outcome, line) => {
    const out = renderTerminateSummary({
      label: '',
      result: { outcome, name: 'pr-42', message: 'HTTP 409 Conflict: already <b>gone</b>' }
    })
    expect(out.split('\n')[0]).toBe('## QA environment')
    expect(out).toContain(line)
    // Service text is escaped, never markup.
    expect(out).toContain('already &lt;b&gt;gone&lt;/b&gt;')
    expect(out).not.toContain('<b>')
  })

  it('escapes the environment name and the label', () => {
    const out = renderTerminateSummary({
      label: '<script>',
      result: { outcome: 'terminated', name: '[x](javascript:alert(1))' }
    })
    expect(out).not.toContain('<script>')
    expect(out).not.toContain('](javascript:')
  })
})
