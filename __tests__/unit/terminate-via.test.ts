// terminate's `via`, unit by unit: which inputs each route reads and requires, the ignored-input
// warnings, the summary's words per route; and the preview rule when no pull request is known.
import { describe, expect, it } from '@jest/globals'
import { InputErrors } from '../../src/core/input-error.js'
import { renderTerminateSummary } from '../../src/terminate/termination.js'
import { urlHasDiscriminator } from '../../src/notify/preview.js'
import { refusedValue } from '../../src/kernel/text.js'
import { readInputs, refusal } from '../helpers/unit-inputs.js'

const read = (given: Record<string, string>) => readInputs({ mode: 'terminate', ...given })

function messages(given: Record<string, string>): string[] {
  const error = refusal({ mode: 'terminate', ...given })
  return error instanceof InputErrors ? error.errors.map(e => e.message) : [error.message]
}

describe("terminate's via", () => {
  it('defaults to environment-terminated, as before', () =>
    expect(read({ 'environment-alias': 'pr-7' }).settings).toMatchObject({
      via: 'environment-terminated',
      environment: { environmentAlias: 'pr-7' }
    }))

  it.each(['github-deployment', 'report-status'] as const)(
    '%s reads the environment by name and ignores the legacy names, with a warning',
    via => {
      const { settings, warnings } = read({
        via,
        environment: 'pr-7',
        'workspace-id': 'ws-1',
        'environment-alias': 'pr-7'
      })
      expect(settings).toMatchObject({ via, environmentName: 'pr-7', workspaceId: 'ws-1' })
      expect(warnings).toEqual([
        `Input 'environment-alias' is ignored with via: ${via} (it names the environment by 'environment').`
      ])
    }
  )

  it('warns that environment is ignored by the legacy webhook', () =>
    expect(read({ environment: 'pr-7', 'environment-id': 'env-7' }).warnings).toEqual([
      "Input 'environment' is ignored with via: environment-terminated (it names the environment by 'environment-id', 'environment-alias' or 'deployment-url')."
    ]))

  it('requires what each route needs, all at once', () => {
    expect(messages({ via: 'report-status' })).toEqual([
      "Input 'environment' is required with via: report-status in terminate mode: the environment's name as notify reported it, e.g. pr-42.",
      "Input 'workspace-id' is required with via: report-status: the report names the workspace it belongs to."
    ])
    expect(messages({ via: 'github-deployment', environment: 'pr-7', 'github-token': '' })).toEqual(
      [expect.stringContaining("Input 'github-token' is empty but via is github-deployment")]
    )
  })

  it('refuses a notify route by name, and suggests the nearest', () => {
    expect(messages({ via: 'deploy-success' })).toEqual([
      "Input 'via' must be environment-terminated, github-deployment or report-status; got 'deploy-success'."
    ])
    expect(messages({ via: 'Environment_Terminated' })).toEqual([
      "Input 'via' must be environment-terminated, github-deployment or report-status; got 'Environment_Terminated'. Did you mean 'environment-terminated'?"
    ])
  })
})

describe("terminate's summary, by route", () => {
  it.each([
    ['github-deployment', 'terminated', 'its active GitHub deployments are marked inactive'],
    ['github-deployment', 'already-terminated', 'none of its GitHub deployments is active'],
    ['github-deployment', 'not-found', 'GitHub has no deployment of this environment'],
    ['report-status', 'terminated', 'what QA Wolf then does is not public'],
    ['report-status', 'failed', 'Not reported'],
    ['environment-terminated', 'terminated', 'the service stops the runs that target it']
  ] as const)('%s, %s', (via, outcome, words) =>
    expect(renderTerminateSummary({ label: '', via, result: { outcome, name: 'pr-7' } })).toContain(
      words
    )
  )
})

describe('a preview without a pull request event', () => {
  it.each([
    ['https://pr-7.example.com', true],
    ['https://pr7.example.com', true],
    ['https://preview-7.example.com', true],
    ['https://example.com/pr-7/', true],
    ['https://staging-1.example.com', false],
    ['https://preview.example.com', false]
  ])('%s: %s', (url, expected) => expect(urlHasDiscriminator(url, {})).toBe(expected))
})

describe('refusedValue', () => {
  it.each([
    ['report_status', "'report_status'"],
    ['2 hours', "'2 hours'"],
    ['#42', "'#42'"],
    ['Zk9vQmFyU2VjcmV0VG9rZW4', 'a value of 23 characters (not shown)'],
    ['<b>x</b>', 'a value of 8 characters (not shown)'],
    ['a\nb', 'a value of 2 lines (not shown)'],
    ['x'.repeat(41), 'a value of 41 characters (not shown)']
  ])('%j: %s', (value, shown) => expect(refusedValue(value)).toBe(shown))
})
