// A misconfigured step: every bad input of a step is refused in one error that names
// each input and its accepted form, nothing is sent, and the job summary says so. A refused value
// that cannot be a secret (a choice, a duration, a boolean, a number) is quoted with the nearest
// valid one; one that may be (the key, URLs, free text) is only described, in no spelling shown.
// One step of each mode, each with many bad inputs; every message: unit/inputs.test.ts.
import { describe, expect, it } from '@jest/globals'
import { runAction, secretExposures, type ActionRun } from '../../scripts/action-runner.js'
import { API_KEY, messagesOf, qaService } from '../helpers/e2e.js'

/** A secret as the runner's mask misses it: base64 without its `=` padding. */
const SECRET = 'Zk9vQmFyU2VjcmV0VG9rZW4'
const URL_WITH_SECRET = `https://deploy:${SECRET}@preview.example.com/app`
const KEY_MISSING =
  "Input 'api-key' is required: pass the API key from a secret, e.g. api-key: ${{ secrets.QAWOLF_API_KEY }}."

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The run's one error has a line per input, in action.yml order, each saying `says`. */
function expectRefused(run: ActionRun, lines: [input: string, says: string][]): string[] {
  expect(run.exitCode).toBe(1)
  const errors = messagesOf(run, 'error')
  expect(errors).toHaveLength(1)
  const got = errors[0]!.split('\n')
  expect(got).toEqual(
    lines.map(([input, says]) =>
      expect.stringMatching(new RegExp(`^Input '${input}'.*${escape(says)}`))
    )
  )
  // Whatever the value held, no spelling of it is shown; the input error is the whole story.
  expect(secretExposures(run, SECRET)).toEqual([])
  expect(run.stdout + run.stderr).not.toMatch(/^\s+at /m)
  return got
}

/** The summary's text as a reader sees it rendered: character references decoded. */
const rendered = (markdown: string) =>
  markdown.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))

describe('a refused step', () => {
  it('greenlight: the summary lists each error under the label; the gate still reports a status', async () => {
    const run = await runAction({
      inputs: {
        mode: 'greenlight',
        'api-key': API_KEY,
        label: 'staging',
        'base-url': 'qa.example.com',
        'verdict-from': 'checks',
        // A notify step that started no run: the message names the check gate, not an if:.
        'run-id': '[]',
        wait: SECRET,
        timeout: '2 hours',
        'poll-interval': `-${SECRET}`,
        'outcome-when-blocking-bugs-in-other-workflows': SECRET,
        'fail-on-red': 'yes'
      }
    })

    const lines = expectRefused(run, [
      ['base-url', 'add https:// in front of the host (the value is not shown'],
      ['verdict-from', "got 'checks'. Did you mean 'check'?"],
      ['run-id', 'is an empty list: the notify step started no run'],
      [
        'wait',
        'must be true or false (also True, TRUE, False, FALSE); got a value of 23 characters'
      ],
      ['timeout', "got '2 hours'. Did you mean '2h'?"],
      ['poll-interval', 'got a value of 24 characters (not shown)'],
      ['outcome-when-blocking-bugs-in-other-workflows', 'must be green or red; got a value of'],
      ['fail-on-red', "got 'yes'. Did you mean 'true'?"]
    ])
    expect(lines[2]).toContain('verdict-from: check')
    expect(lines[2]).not.toContain('if: steps.notify.outputs.run-id')
    expect(lines[2]).not.toContain("pass the notify step's output")
    const summary = run.summary.split('\n')
    expect(summary[0]).toBe('## ⛔ qa-greenlight: invalid input — staging')
    // The summary is Markdown: the same words, escaped.
    expect(rendered(run.summary).split('\n')).toEqual(
      expect.arrayContaining(lines.map(l => `- ${l}`))
    )
    expect(summary.at(-3)).toBe('Nothing was sent to the service.')
    // A greenlight step that cannot start still reports a status, so later steps can branch on it.
    expect(run.outputs).toMatchObject({ status: 'error', greenlight: 'false' })
    expect(run.stdout.split('\n')[0]).toBe(`::add-mask::${API_KEY}`)
  })

  it('notify (the sub-action): free text, URLs and the key in another input only described; nothing sent', async () => {
    const em = await qaService({ triggers: [{ id: 'web' }] })
    const run = await runAction({
      subAction: 'notify',
      inputs: {
        'api-key': API_KEY,
        'base-url': em.url,
        sha: SECRET,
        'deployment-type': `${SECRET}\nsecond line`,
        'deployment-url': URL_WITH_SECRET.replace('https:', 'ftp:'),
        'hosting-service': '<img src=x onerror=alert(1)>',
        'commit-url': `not a url ${URL_WITH_SECRET}`,
        variables: `API_URL=https://api.example.com\n${SECRET}`,
        'deduplication-key': `${SECRET}\u0007`,
        'ephemeral-environment': SECRET,
        'pull-request-number': '#42',
        via: 'report_status',
        'fail-on-no-run': SECRET,
        environment: 'staging',
        'workspace-id': API_KEY
      }
    })

    expect(em.requests).toEqual([])
    const notShown = 'a value that is not one (not shown, as it may hold credentials)'
    expectRefused(run, [
      [
        'sha',
        '4 to 64 hexadecimal digits, not all zeros; got a value of 23 characters (not shown)'
      ],
      ['deployment-type', 'a single line without control characters; got a value of 2 lines'],
      ['deployment-url', notShown],
      ['hosting-service', 'must be GitHub or GitLab; got a value of 28 characters (not shown)'],
      ['commit-url', notShown],
      ['variables', "line 2 has no '=' (not shown)"],
      ['deduplication-key', 'got a value of 24 characters (not shown)'],
      ['ephemeral-environment', 'must be true, false or empty (not sent); got a value of 23'],
      ['pull-request-number', "got '#42'. Did you mean '42'?"],
      ['via', "got 'report_status'. Did you mean 'report-status'?"],
      ['fail-on-no-run', 'got a value of 23 characters (not shown)'],
      ['workspace-id', "holds the value of 'api-key', a secret that is sent nowhere else"]
    ])
    // Never markup from a refused value.
    expect(run.summary).not.toMatch(/img/i)
    expect(run.summary).toContain('Nothing was sent to the service.')
  })

  it('terminate: an unevaluated key is unset and masks nothing; summary: false writes none', async () => {
    const em = await qaService()
    const run = await runAction({
      inputs: {
        mode: 'terminate',
        'api-key': '${{ secrets.QAWOLF_API_KEY }}',
        'base-url': em.url,
        'environment-id': `${SECRET}\nx`,
        'deployment-url': `javascript:${URL_WITH_SECRET}`,
        summary: 'false'
      }
    })

    expect(em.requests).toEqual([])
    expectRefused(run, [
      [
        'api-key',
        '(Its value was an expression that nothing evaluated, ${{ … }}, which counts as unset.)'
      ],
      ['environment-id', 'a single line without control characters; got a value of 2 lines'],
      // Both names were given and refused: no second line says one is missing.
      ['deployment-url', 'a value that is not one (not shown, as it may hold credentials)']
    ])
    // Said once: no other line repeats it.
    expect(run.stdout.split(KEY_MISSING)).toHaveLength(2)
    expect(run.stdout).not.toContain('::add-mask::')
    expect(run.stdout).not.toContain('***')
    expect(run.summary).toBe('')
  })
})
