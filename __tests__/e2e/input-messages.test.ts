// What a user reads when the step is misconfigured, end to end: malformed inputs refused before
// anything is sent (the whole table of them: unit/inputs.test.ts, "malformed inputs"), the message
// for a base-url without a scheme, each key problem logged exactly once, the job summary of an
// input error, and which refused values are quoted: an enumeration, a duration, a boolean or a
// number is quoted with the nearest valid value; an input that may hold a secret (the key, the
// token, URLs, free text) is only described.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { Emulator } from '../../emulator/server.js'
import { runAction, secretExposures, type ActionRun } from '../../scripts/action-runner.js'
import {
  API_KEY,
  greenlightInputs,
  greenlightStep,
  messagesOf,
  notifyInputs,
  notifyStep,
  qaService,
  terminateInputs
} from '../helpers/e2e.js'

/** A key the emulator does not know; runAction also checks that it never shows. */
const WRONG_KEY = 'qa-e2e-wrong-key-5d1e8b'

const KEY_MISSING =
  "Input 'api-key' is required: pass the API key from a secret, e.g. api-key: ${{ secrets.QAWOLF_API_KEY }}."
const KEY_REJECTED =
  "the API key is missing or invalid. Check the 'api-key' input and the secret it is read from."

function occurrences(text: string, part: string): number {
  return text.split(part).length - 1
}

/** The one `::error::` line carries `text`, and no other line of stdout repeats it. */
function expectLoggedOnce(run: ActionRun, text: string): void {
  expect(messagesOf(run, 'error').filter(message => message.includes(text))).toHaveLength(1)
  expect(occurrences(run.stdout, text)).toBe(1)
}

/** Inputs each mode accepts against `em`; the tests then spoil the key. */
function validInputs(
  em: { url: string },
  mode: 'notify' | 'greenlight' | 'terminate'
): Record<string, string> {
  if (mode === 'notify') return notifyInputs(em)
  if (mode === 'greenlight') return greenlightInputs(em, 'run-1')
  return terminateInputs(em, { 'environment-id': 'env-1' })
}

async function service() {
  return qaService({
    triggers: [{ id: 'web' }],
    runs: [{ id: 'run-1', timeline: [{ stage: 'completed' }] }],
    environments: [{ id: 'env-1' }]
  })
}

describe('input messages, end to end', () => {
  it('says to add https:// to a base-url without a scheme, and writes an input-error summary', async () => {
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
    // The key is masked in the log, and shown nowhere else.
    expect(run.stdout.split('\n')[0]).toBe(`::add-mask::${API_KEY}`)
    expect(run.stdout.split('\n').slice(1).join('\n')).not.toContain(API_KEY)
    expect(run.summary).not.toContain(API_KEY)
  })

  it('never quotes the refused value, so markup in it cannot reach the summary', async () => {
    const em = await service()
    const run = await notifyStep(em, { 'hosting-service': '<img src=x onerror=alert(1)>' })

    expect(run.exitCode).toBe(1)
    expect(messagesOf(run, 'error')[0]).toContain('got a value of 28 characters (not shown)')
    expect(run.summary).toContain(
      'Input &#39;hosting-service&#39; must be GitHub or GitLab; ' +
        'got a value of 28 characters &#40;not shown&#41;.'
    )
    expect(run.summary).not.toMatch(/img/i)
    expect(run.summary).toContain('Nothing was sent to the service.')
  })

  it('writes no summary for an input error when summary is false', async () => {
    const em = await service()
    const run = await notifyStep(em, { 'base-url': 'qa.example.com', summary: 'false' })

    expect(run.exitCode).toBe(1)
    expect(messagesOf(run, 'error')[0]).toContain('add https:// in front')
    expect(run.summary).toBe('')
  })

  it.each(['notify', 'greenlight', 'terminate'] as const)(
    'logs a missing api-key once in %s mode',
    async mode => {
      const em = await service()
      const inputs = validInputs(em, mode)
      const run = await runAction({ inputs: { ...inputs, 'api-key': '' } })

      expect(run.exitCode).toBe(1)
      expect(em.requests).toEqual([])
      expectLoggedOnce(run, KEY_MISSING)
      expect(run.summary).toContain('Nothing was sent to the service.')
    }
  )

  it.each(['notify', 'greenlight', 'terminate'] as const)(
    'logs a key the service rejects (401) once in %s mode',
    async mode => {
      const em = await service()
      const inputs = validInputs(em, mode)
      const run = await runAction({ inputs: { ...inputs, 'api-key': WRONG_KEY } })

      expect(run.exitCode).toBe(1)
      expect(em.requests.map(r => r.status)).toEqual([401])
      expectLoggedOnce(run, KEY_REJECTED)
      expect(messagesOf(run, 'error')[0]).toMatch(/HTTP 401.*api-key/)
      expect(run.stdout.split('\n')[0]).toBe(`::add-mask::${WRONG_KEY}`)
      expect(secretExposures(run, WRONG_KEY)).toEqual([])
    }
  )
})

/**
 * Wiring rows of the unit tests' table of malformed inputs: one per mode and per kind of message (a
 * parsed value, a URL that must not be echoed, a choice, the key, the mode itself, two inputs that
 * exclude each other), each with the input it must name and a fragment of the accepted form.
 */
// prettier-ignore
const WIRING_ROWS: { case: string; mode: 'notify' | 'greenlight' | 'terminate'; inputs: Record<string, string>; input: string; accepts: string; hides?: string }[] = [
  { case: 'timeout not a duration', mode: 'greenlight', inputs: { timeout: 'abc' }, input: 'timeout', accepts: '500ms, 90s, 45m, 2h' },
  { case: 'run-id with a slash', mode: 'greenlight', inputs: { 'run-id': 'run/1' }, input: 'run-id', accepts: "letters, digits, '-', '_', '.' and ':'" },
  { case: 'base-url with credentials', mode: 'notify', inputs: { 'base-url': 'https://user:pass@qa.example.com' }, input: 'base-url', accepts: "pass the API key in 'api-key'", hides: 'user:pass' },
  { case: 'hosting-service Bitbucket', mode: 'notify', inputs: { 'hosting-service': 'Bitbucket' }, input: 'hosting-service', accepts: 'GitHub or GitLab' },
  { case: 'pull-request-number not a number', mode: 'notify', inputs: { 'pull-request-number': 'twelve' }, input: 'pull-request-number', accepts: 'a positive whole number such as 42' },
  { case: 'terminate naming two environments', mode: 'terminate', inputs: { 'environment-alias': 'pr-7' }, input: 'environment-alias', accepts: 'set exactly one of them in terminate mode' },
  { case: 'mode deploy', mode: 'notify', inputs: { mode: 'deploy' }, input: 'mode', accepts: 'notify, greenlight or terminate' },
  { case: 'api-key with a Bearer prefix', mode: 'notify', inputs: { 'api-key': 'Bearer qa-e2e-secret-key-7f3c9a' }, input: 'api-key', accepts: "without the 'Bearer ' prefix" }
]
// Other messages of the same kinds (a misspelt mode, a short key, a loopback address without a
// scheme) take the same path: unit/inputs.test.ts checks their wording.

describe('malformed inputs, end to end', () => {
  let em: Emulator

  beforeAll(async () => {
    // A service that would accept every valid request: a row that slips through is seen as a request.
    em = await service()
  })

  afterAll(() => em.close())

  function inputsFor(row: (typeof WIRING_ROWS)[number]): Record<string, string> {
    // A short timeout, so that a row that slips through fails fast rather than polling for long.
    const valid =
      row.mode === 'greenlight'
        ? greenlightInputs(em, 'run-1', { timeout: '2s' })
        : validInputs(em, row.mode)
    return { ...valid, ...row.inputs }
  }

  it('control: the same valid inputs do reach the service, so "nothing sent" means something', async () => {
    const before = em.requests.length
    const greenlight = await greenlightStep(em, 'run-1')
    expect(greenlight.exitCode).toBe(0)
    const notify = await notifyStep(em)
    expect(notify.exitCode).toBe(0)
    expect(em.requests.length).toBe(before + 2)
  })

  it.each(WIRING_ROWS)(
    '$case: exit 1, names $input and its accepted form, sends nothing',
    async row => {
      const before = em.requests.length
      const run = await runAction({ inputs: inputsFor(row) })

      expect(em.requests.length).toBe(before)
      expect(run.exitCode).toBe(1)
      const messages = messagesOf(run, 'error')
      expect(messages).toHaveLength(1)
      const [message] = messages as [string]
      expect(message).toContain(`'${row.input}'`)
      expect(message).toContain(row.accepts)
      if (row.hides !== undefined) expect(run.allText).not.toContain(row.hides)
      // A greenlight step that cannot start still reports a status, so later steps can branch on it.
      if (row.mode === 'greenlight' && row.inputs['mode'] === undefined) {
        expect(run.outputs['status']).toBe('error')
        expect(run.outputs['greenlight']).toBe('false')
      }
      // The input error is the whole story: no stack trace, no summary pretending something ran.
      expect(run.stdout + run.stderr).not.toMatch(/^\s+at /m)
    }
  )

  it('lists every bad input of one step in a single error, still sending nothing', async () => {
    const before = em.requests.length
    const run = await greenlightStep(em, 'run/1', { timeout: 'abc', 'fail-on-red': 'maybe' })

    expect(em.requests.length).toBe(before)
    expect(run.exitCode).toBe(1)
    const [message] = messagesOf(run, 'error')
    expect(message?.split('\n').map(line => /^Input '([^']+)'/.exec(line)?.[1])).toEqual([
      'run-id',
      'timeout',
      'fail-on-red'
    ])
  })
})

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
    const em = await qaService()
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
    const em = await qaService()
    const run = await notifyStep(em, {
      via: 'report-status',
      'workspace-id': 'ws-1',
      [name]: value
    })

    expect(run.exitCode).toBe(1)
    expect(messagesOf(run, 'error').join('\n')).toContain(described)
    expect(run.stdout).not.toContain('line one')
    expect(em.requests).toEqual([])
  })

  it('never quotes the API key, even pasted into an input that is shown', async () => {
    const em = await qaService()
    const run = await notifyStep(em, { via: API_KEY })

    expect(run.exitCode).toBe(1)
    expect(messagesOf(run, 'error').join('\n')).toContain("Input 'via' must be")
    expect(run.stdout.split('\n').slice(1).join('\n')).not.toContain(API_KEY)
    expect(run.summary).not.toContain(API_KEY)
  })

  it('never quotes a value that looks like a key, even in an input that is shown', async () => {
    const em = await qaService()
    const key = 'Zk9vQmFyU2VjcmV0VG9rZW4'
    const run = await greenlightStep(em, 'run-1', { wait: key })
    expect(messagesOf(run, 'error')).toEqual([
      "Input 'wait' must be true or false (also True, TRUE, False, FALSE); got a value of 23 characters (not shown)."
    ])
    expect(run.stdout + run.summary).not.toContain(key.slice(0, 8))
  })
})
