// A misconfigured step, end to end: every bad input of a step is refused in one error that names
// each input and its accepted form, nothing is sent, and the job summary says so. A refused value
// that cannot be a secret (a choice, a duration, a boolean, a number) is quoted with the nearest
// valid one; one that may be (the key, URLs, free text) is only described, in no spelling shown.
// The wording of each parser: unit/inputs.test.ts.
import { describe, expect, it } from '@jest/globals'
import { runAction, secretExposures, type ActionRun } from '../../scripts/action-runner.js'
import {
  API_KEY,
  greenlightInputs,
  greenlightStep,
  messagesOf,
  notifyInputs,
  notifyStep,
  qaService,
  scriptedService,
  terminateInputs,
  terminateStep
} from '../helpers/e2e.js'
import { checkGate, checkRunEvent, preset, TOKEN } from '../helpers/check-fixtures.js'

type Mode = 'notify' | 'greenlight' | 'terminate'

/** A service that would accept every valid request: a refusal that slips through is seen. */
function service() {
  return qaService({
    triggers: [{ id: 'web' }],
    runs: [{ id: 'run-1', timeline: [{ stage: 'completed' }] }],
    environments: [{ id: 'env-1' }]
  })
}

/** Valid inputs of each mode against `em`; a short timeout, should a refusal slip through. */
function validInputs(em: { url: string }, mode: Mode): Record<string, string> {
  if (mode === 'notify') return notifyInputs(em)
  if (mode === 'greenlight') return greenlightInputs(em, 'run-1', { timeout: '2s' })
  return terminateInputs(em, { 'environment-id': 'env-1' })
}

/** The lines of the run's one error, each an input error. */
function errorLines(run: ActionRun): string[] {
  const errors = messagesOf(run, 'error')
  expect(errors).toHaveLength(1)
  return errors[0]!.split('\n')
}

/** The summary's text as a reader sees it rendered: character references decoded. */
const unescaped = (markdown: string) =>
  markdown.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))

describe('a refused step', () => {
  it('says to add https:// to a base-url without a scheme, in the log and the summary', async () => {
    const em = await service()
    const run = await greenlightStep(em, 'run-1', {
      'base-url': 'qa.example.com',
      label: 'staging'
    })

    expect(run.exitCode).toBe(1)
    expect(em.requests).toEqual([])
    expect(messagesOf(run, 'error')).toEqual([
      "Input 'base-url' must start with https:// (or http:// for localhost); " +
        'add https:// in front of the host (the value is not shown, as it may hold credentials).'
    ])
    expect(run.summary).toBe(
      [
        '## ⛔ qa-greenlight: invalid input — staging',
        '',
        'Input &#39;base-url&#39; must start with https:// &#40;or http:// for localhost&#41;; ' +
          'add https:// in front of the host &#40;the value is not shown, as it may hold credentials&#41;.',
        '',
        'Nothing was sent to the service.',
        '',
        ''
      ].join('\n')
    )
    // A greenlight step that cannot start still reports a status, so later steps can branch on it.
    expect(run.outputs).toMatchObject({ status: 'error', greenlight: 'false' })
    expect(run.stdout.split('\n')[0]).toBe(`::add-mask::${API_KEY}`)
    expect(run.stdout.split('\n').slice(1).join('\n')).not.toContain(API_KEY)
    expect(run.summary).not.toContain(API_KEY)
    // The input error is the whole story: no stack trace.
    expect(run.stdout + run.stderr).not.toMatch(/^\s+at /m)
  })

  it('never quotes markup in a refused value, and writes no summary with summary: false', async () => {
    const em = await service()
    const run = await notifyStep(em, { 'hosting-service': '<img src=x onerror=alert(1)>' })
    const quiet = await notifyStep(em, { 'base-url': 'qa.example.com', summary: 'false' })

    expect([run.exitCode, quiet.exitCode]).toEqual([1, 1])
    expect(em.requests).toEqual([])
    expect(messagesOf(run, 'error')[0]).toContain('got a value of 28 characters (not shown)')
    expect(run.summary).toContain(
      'Input &#39;hosting-service&#39; must be GitHub or GitLab; ' +
        'got a value of 28 characters &#40;not shown&#41;.'
    )
    expect(run.summary).not.toMatch(/img/i)
    expect(run.summary).toContain('Nothing was sent to the service.')
    expect(messagesOf(quiet, 'error')[0]).toContain('add https:// in front')
    expect(quiet.summary).toBe('')
  })

  it('control: the same valid inputs do reach the service, so "nothing sent" means something', async () => {
    const em = await service()
    const runs = [await greenlightStep(em, 'run-1'), await notifyStep(em)]
    expect(runs.map(r => r.exitCode)).toEqual([0, 0])
    expect(em.requests).toHaveLength(2)
  })

  // Several bad inputs of one step: each named with its accepted form, in one error.
  it.each([
    [
      'greenlight',
      { 'run-id': 'run/1', timeout: 'abc', 'fail-on-red': 'maybe' },
      [
        ['run-id', "letters, digits, '-', '_', '.' and ':'"],
        ['timeout', '500ms, 90s, 45m, 2h'],
        ['fail-on-red', 'true or false']
      ]
    ],
    [
      'notify',
      {
        'base-url': 'https://user:pass@qa.example.com',
        'hosting-service': 'Bitbucket',
        'pull-request-number': 'twelve'
      },
      [
        ['base-url', "pass the API key in 'api-key'"],
        ['hosting-service', 'GitHub or GitLab'],
        ['pull-request-number', 'a positive whole number such as 42']
      ]
    ]
  ] as [Mode, Record<string, string>, [string, string][]][])(
    '%s %j: exit 1, each input named with its accepted form, nothing sent',
    async (mode, inputs, named) => {
      const em = await service()
      const run = await runAction({ inputs: { ...validInputs(em, mode), ...inputs } })

      expect(em.requests).toEqual([])
      expect(run.exitCode).toBe(1)
      const lines = errorLines(run)
      expect(lines).toHaveLength(named.length)
      named.forEach(([input, accepts], i) => {
        expect(lines[i]).toContain(`'${input}'`)
        expect(lines[i]).toContain(accepts)
      })
      expect(run.allText).not.toContain('user:pass')
    }
  )

  it.each([
    [
      'notify',
      {
        via: 'report_status',
        'pull-request-number': '#42',
        environment: 'staging',
        'workspace-id': 'ws-1'
      },
      [
        "Input 'via' must be deploy-success, github-deployment or report-status; got 'report_status'. Did you mean 'report-status'?",
        "Input 'pull-request-number' must be a positive whole number such as 42, or empty to take it from the pull_request event; got '#42'. Did you mean '42'?"
      ]
    ],
    [
      'terminate',
      { via: 'GitHub Deployment', environment: 'pr-42' },
      [
        "Input 'via' must be environment-terminated, github-deployment or report-status; got 'GitHub Deployment'. Did you mean 'github-deployment'?"
      ]
    ],
    [
      'greenlight',
      { timeout: '2 hours', 'verdict-from': 'checks', 'fail-on-red': 'yes' },
      [
        "Input 'timeout' must be a duration such as 500ms, 90s, 45m, 2h or a bare number of seconds; got '2 hours'. Did you mean '2h'?",
        "Input 'verdict-from' must be run or check; got 'checks'. Did you mean 'check'?",
        "Input 'fail-on-red' must be true or false (also True, TRUE, False, FALSE); got 'yes'. Did you mean 'true'?"
      ]
    ]
  ] as [Mode, Record<string, string>, string[]][])(
    '%s %j: quotes a value that cannot be a secret, with the nearest valid one',
    async (mode, inputs, messages) => {
      const em = await qaService()
      const base = mode === 'terminate' ? terminateInputs(em) : validInputs(em, mode)
      const run = await runAction({ inputs: { ...base, ...inputs } })

      expect(run.exitCode).toBe(1)
      expect([...errorLines(run)].sort()).toEqual([...messages].sort())
      // The summary is Markdown: the same words, escaped.
      for (const message of messages) expect(unescaped(run.summary)).toContain(message)
      expect(em.requests).toEqual([])
    }
  )

  it('only describes free text, the API key in a shown input, or a value that looks like a key', async () => {
    const em = await qaService()
    const described = await notifyStep(em, {
      via: 'report-status',
      'workspace-id': 'ws-1',
      'deployment-type': 'line one\nline two',
      environment: 'pr-\u00077'
    })
    const key = await notifyStep(em, { via: API_KEY })
    const lookalike = 'Zk9vQmFyU2VjcmV0VG9rZW4'
    const wait = await greenlightStep(em, 'run-1', { wait: lookalike })

    expect(em.requests).toEqual([])
    const lines = errorLines(described).join('\n')
    expect(lines).toContain('a value of 2 lines (not shown)')
    expect(lines).toContain('a value of 5 characters (not shown)')
    expect(described.stdout).not.toContain('line one')
    expect(messagesOf(key, 'error').join('\n')).toContain("Input 'via' must be")
    expect(key.stdout.split('\n').slice(1).join('\n')).not.toContain(API_KEY)
    expect(key.summary).not.toContain(API_KEY)
    expect(messagesOf(wait, 'error')).toEqual([
      "Input 'wait' must be true or false (also True, TRUE, False, FALSE); got a value of 23 characters (not shown)."
    ])
    expect(wait.stdout + wait.summary).not.toContain(lookalike.slice(0, 8))
  })
})

describe('the API key', () => {
  const KEY_MISSING =
    "Input 'api-key' is required: pass the API key from a secret, e.g. api-key: ${{ secrets.QAWOLF_API_KEY }}."
  const KEY_REJECTED =
    "the API key is missing or invalid. Check the 'api-key' input and the secret it is read from."
  /** The one `::error::` line carries `text`, and no other line of stdout repeats it. */
  function expectLoggedOnce(run: ActionRun, text: string): void {
    expect(messagesOf(run, 'error').filter(message => message.includes(text))).toHaveLength(1)
    expect(run.stdout.split(text)).toHaveLength(2)
  }

  it.each(['notify', 'greenlight', 'terminate'] as const)(
    'missing or rejected (401), is logged once in %s mode',
    async mode => {
      const em = await service()
      const missing = await runAction({ inputs: { ...validInputs(em, mode), 'api-key': '' } })
      expect(missing.exitCode).toBe(1)
      expect(em.requests).toEqual([])
      expectLoggedOnce(missing, KEY_MISSING)
      expect(missing.summary).toContain('Nothing was sent to the service.')

      const wrongKey = 'qa-e2e-wrong-key-5d1e8b'
      const rejected = await runAction({
        inputs: { ...validInputs(em, mode), 'api-key': wrongKey }
      })
      expect(rejected.exitCode).toBe(1)
      expect(em.requests.map(r => r.status)).toEqual([401])
      expectLoggedOnce(rejected, KEY_REJECTED)
      expect(messagesOf(rejected, 'error')[0]).toMatch(/HTTP 401.*api-key/)
      expect(rejected.stdout.split('\n')[0]).toBe(`::add-mask::${wrongKey}`)
      expect(secretExposures(rejected, wrongKey)).toEqual([])
    }
  )

  it('is refused in another input, named, never shown: workspace-id, or a variables value', async () => {
    const em = await qaService({ triggers: [{ id: 'web' }] })
    const run = await runAction({
      subAction: 'notify',
      inputs: {
        'api-key': API_KEY,
        'base-url': em.url,
        'workspace-id': API_KEY,
        variables: `TOKEN=${TOKEN}`
      }
    })
    expect(run.exitCode).toBe(1)
    expect(em.requests).toEqual([])
    expect([...errorLines(run)].sort()).toEqual([
      "Input 'variables' holds the value of 'github-token', a secret that is sent nowhere else " +
        "(the value is not shown): give 'variables' its own value.",
      "Input 'workspace-id' holds the value of 'api-key', a secret that is sent nowhere else " +
        "(the value is not shown): give 'workspace-id' its own value."
    ])
    expect(run.allText).not.toContain(TOKEN)
  })

  it('is not required with verdict-from: check: that gate reads only GitHub', async () => {
    const em = await qaService({ github: { checkRuns: [preset()] } })
    const run = await checkGate(em, { 'api-key': '', since: 'any', timeout: '10s' })
    expect(messagesOf(run, 'error')).toEqual([])
    expect(run.exitCode).toBe(0)
    expect(run.outputs['greenlight']).toBe('true')
  })
})

describe("a secret in an input's refused value is never shown", () => {
  /** A secret as the runner's mask misses it: base64 without its `=` padding. */
  const SECRET = 'Zk9vQmFyU2VjcmV0VG9rZW4'
  const url = `https://deploy:${SECRET}@preview.example.com/app`

  // Every parser that can refuse a value, each given one that carries the secret, several a step.
  it.each([
    [
      'notify',
      {
        sha: SECRET,
        variables: `API_URL=https://api.example.com\n${SECRET}`,
        'deployment-url': url.replace('https:', 'ftp:'),
        'commit-url': `not a url ${url}`,
        'hosting-service': SECRET,
        'pull-request-number': SECRET,
        'ephemeral-environment': SECRET,
        'fail-on-no-run': SECRET,
        'deployment-type': `${SECRET}\nsecond line`,
        'deduplication-key': `${SECRET}\u0007`
      }
    ],
    ['notify', { sha: 'abc1234', variables: `{"A": "1", "${SECRET} x": "2"}` }],
    ['terminate', { 'deployment-url': `javascript:${url}`, 'environment-id': `${SECRET}\nx` }],
    [
      'greenlight',
      {
        'run-id': `run-1, ${SECRET}/x`,
        timeout: `${SECRET}s`,
        'poll-interval': `-${SECRET}`,
        'outcome-when-blocking-bugs-in-other-workflows': SECRET,
        wait: SECRET
      }
    ],
    ['greenlight', { 'run-id': 'run-1', mode: SECRET }]
  ] as [string, Record<string, string>][])(
    '%s %#: names each input, sends nothing',
    async (mode, inputs) => {
      const server = await scriptedService([{ status: 500, body: {} }])
      const run = await runAction({
        inputs: { mode, 'api-key': API_KEY, 'base-url': server.url, ...inputs }
      })

      expect(run.exitCode).toBe(1)
      expect(server.requests).toHaveLength(0)
      const errors = messagesOf(run, 'error').join('\n')
      for (const input of Object.keys(inputs).filter(name => inputs[name]!.includes(SECRET))) {
        expect(errors).toContain(`Input '${input}'`)
      }
      expect(secretExposures(run, SECRET)).toEqual([])
    }
  )

  it('a variables line is named by its number', async () => {
    const server = await scriptedService([{ status: 500, body: {} }])
    const run = await notifyStep(server, { sha: 'abc1234', variables: `A=1\n\nMY ${SECRET}=` })
    expect(messagesOf(run, 'error').join('\n')).toContain(
      "Input 'variables' has a variable name with spaces or control characters (line 3; a value of 26 characters (not shown))"
    )
    expect(secretExposures(run, SECRET)).toEqual([])
  })

  it("a redirect's Location and a deployment-url are shown without credentials", async () => {
    const server = await scriptedService([
      {
        status: 302,
        body: {},
        headers: { location: `https://admin:${SECRET}@login.example.com/sso?next=%2F` }
      }
    ])
    const run = await terminateStep(server, { 'deployment-url': url })

    expect(run.exitCode).toBe(1)
    expect(server.requests).toHaveLength(1)
    expect(messagesOf(run, 'error').join('\n')).toContain(
      'Location: https://login.example.com/sso?next=%2F'
    )
    expect(run.stdout).toContain('https://preview.example.com/app')
    expect(secretExposures(run, SECRET)).toEqual([])
  })
})

describe('rules on which inputs a gate needs', () => {
  it('a polling check gate refuses an empty since, naming reported-at and any; nothing is read', async () => {
    const em = await qaService({ github: { checkRuns: [preset()] } })
    const run = await checkGate(em, { since: '', timeout: '10s' })
    expect(run.exitCode).toBe(1)
    expect(messagesOf(run, 'error')).toEqual([
      "Input 'since' is required with verdict-from: check while polling: pass notify's reported-at output " +
        '(e.g. since: ${{ steps.notify.outputs.reported-at }}), so that only a check run of this deployment ' +
        'counts, or since: any to let any check run of the commit count (also one of an earlier deployment).'
    ])
    expect(run.outputs['status']).toBe('error')
    expect(em.requests).toEqual([])
  })

  it('needs no since on a check_run event', async () => {
    const em = await qaService({ github: { checkRuns: [preset()] } })
    const run = await checkGate(em, { since: '' }, { name: 'check_run', payload: checkRunEvent() })
    expect(messagesOf(run, 'error').join('\n')).not.toContain("Input 'since'")
  })

  it('an empty run-id names verdict-from: check, never an if: that skips the gate', async () => {
    const em = await qaService()
    const run = await greenlightStep(em, '')
    expect(run.exitCode).toBe(1)
    const [error = ''] = messagesOf(run, 'error')
    expect(error).toMatch(/^Input 'run-id' /)
    expect(error).toContain('verdict-from: check')
    expect(error).not.toContain('if: steps.notify.outputs.run-id')
    expect(em.requests).toEqual([])
  })
})
