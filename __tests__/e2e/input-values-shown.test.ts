// A refused value is shown where it cannot be a secret, end to end: an enumeration (`via`,
// `verdict-from`), a duration (`timeout`), a boolean or a number is quoted with the nearest valid
// value, in the log and in the job summary; an input that may hold a secret (the key, the token,
// URLs, free text) is still only described. Nothing is sent either way.
import { afterEach, describe, expect, it } from '@jest/globals'
import { runAction } from '../../scripts/action-runner.js'
import {
  API_KEY,
  baseConfig,
  closeServers,
  emulator,
  greenlightInputs,
  messagesOf,
  notifyInputs,
  terminateInputs
} from '../helpers/e2e.js'

afterEach(closeServers)

/** The summary's text as a reader sees it rendered: character references decoded. */
function unescaped(markdown: string): string {
  return markdown.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
}

describe('a refused value that cannot be a secret is shown, with the nearest valid one', () => {
  it.each([
    [
      'notify',
      { via: 'report_status', environment: 'staging', 'workspace-id': 'ws-1' },
      "Input 'via' must be deploy-success, github-deployment or report-status; got 'report_status'. Did you mean 'report-status'?"
    ],
    [
      'terminate',
      { via: 'GitHub Deployment', environment: 'pr-42' },
      "Input 'via' must be environment-terminated, github-deployment or report-status; got 'GitHub Deployment'. Did you mean 'github-deployment'?"
    ],
    [
      'greenlight',
      { timeout: '2 hours' },
      "Input 'timeout' must be a duration such as 500ms, 90s, 45m, 2h or a bare number of seconds; got '2 hours'. Did you mean '2h'?"
    ],
    [
      'greenlight',
      { 'verdict-from': 'checks' },
      "Input 'verdict-from' must be run or check; got 'checks'. Did you mean 'check'?"
    ],
    [
      'greenlight',
      { 'fail-on-red': 'yes' },
      "Input 'fail-on-red' must be true or false (also True, TRUE, False, FALSE); got 'yes'. Did you mean 'true'?"
    ],
    [
      'notify',
      { 'pull-request-number': '#42' },
      "Input 'pull-request-number' must be a positive whole number such as 42, or empty to take it from the pull_request event; got '#42'. Did you mean '42'?"
    ]
  ] as const)('%s %j', async (mode, inputs, message) => {
    const em = await emulator(baseConfig())
    const base =
      mode === 'notify'
        ? notifyInputs(em)
        : mode === 'terminate'
          ? terminateInputs(em)
          : greenlightInputs(em, 'run-1')
    const run = await runAction({ inputs: { ...base, ...inputs } })

    expect(run.exitCode).toBe(1)
    expect(messagesOf(run, 'error')).toEqual([message])
    // The summary is Markdown: the same words, escaped.
    expect(unescaped(run.summary)).toContain(message)
    expect(em.requests).toEqual([])
  })
})

describe('a value that may be a secret is still only described', () => {
  it.each([
    ['deployment-type', 'line one\nline two', 'a value of 2 lines (not shown)'],
    ['environment', 'pr-\u00077', 'a value of 5 characters (not shown)']
  ])('%s', async (name, value, described) => {
    const em = await emulator(baseConfig())
    const run = await runAction({
      inputs: notifyInputs(em, { via: 'report-status', 'workspace-id': 'ws-1', [name]: value })
    })

    expect(run.exitCode).toBe(1)
    expect(messagesOf(run, 'error').join('\n')).toContain(described)
    expect(run.stdout).not.toContain('line one')
    expect(em.requests).toEqual([])
  })

  it('never quotes the API key, even pasted into an input that is shown', async () => {
    const em = await emulator(baseConfig())
    const run = await runAction({ inputs: notifyInputs(em, { via: API_KEY }) })

    expect(run.exitCode).toBe(1)
    expect(messagesOf(run, 'error').join('\n')).toContain("Input 'via' must be")
    expect(run.stdout.split('\n').slice(1).join('\n')).not.toContain(API_KEY)
    expect(run.summary).not.toContain(API_KEY)
  })

  it('never quotes a value that looks like a key, even in an input that is shown', async () => {
    const em = await emulator(baseConfig())
    const key = 'Zk9vQmFyU2VjcmV0VG9rZW4'
    const run = await runAction({ inputs: greenlightInputs(em, 'run-1', { wait: key }) })
    expect(messagesOf(run, 'error')).toEqual([
      "Input 'wait' must be true or false (also True, TRUE, False, FALSE); got a value of 23 characters (not shown)."
    ])
    expect(run.stdout + run.summary).not.toContain(key.slice(0, 8))
  })

  it('never quotes markup or a long value, whatever the input', async () => {
    const em = await emulator(baseConfig())
    const run = await runAction({
      inputs: notifyInputs(em, { 'hosting-service': '<img src=x onerror=alert(1)>' })
    })
    expect(messagesOf(run, 'error')[0]).toContain('got a value of 28 characters (not shown)')
  })
})
