// The API key, end to end, in the places where a careless action would print it: an error body
// that echoes it, service text (bug names and URLs, trigger failure reasons) that contains it,
// debug logging, a rejected key, and keys whose spelling changes when escaped. runAction already
// rejects a run that shows the key verbatim; these tests also look for escaped and cut spellings.
import { describe, expect, it } from '@jest/globals'
import type { EmulatorConfig } from '../../emulator/server.js'
import { runAction, secretExposures, type ActionRun } from '../../scripts/action-runner.js'
import {
  API_KEY,
  closeLater,
  commandsOf,
  emulator,
  greenlightInputs,
  greenlightStep,
  messagesOf,
  notifyStep,
  qaService,
  requestsTo,
  scriptedService,
  terminateStep
} from '../helpers/e2e.js'
import { startTinyServer } from '../helpers/tiny-server.js'

/** A key needing escapes in Markdown (`_`, `*`), and one also in JSON, HTML, URLs and commands. */
const MARKDOWN_KEY = 'qa_live-key*1'
const AWKWARD_KEY = 'qa:live,key"<1>\\&$x|`'

/** Answers the greenlight route with a 500 that echoes the Authorization header, every time. */
const ALWAYS_ECHO: EmulatorConfig['faults'] = {
  greenlight: { random: { seed: 1, probability: 1, kinds: [{ kind: 'echo-key' }] } },
  notify: { random: { seed: 1, probability: 1, kinds: [{ kind: 'echo-key' }] } }
}

/** Masked before anything else is logged, and nowhere else in any spelling. */
function expectKeyProtected(run: ActionRun, key: string): void {
  expect(run.stdout.split('\n')[0]).toBe(`::add-mask::${key}`)
  expect(secretExposures(run, key)).toEqual([])
}

describe('the API key is never shown, end to end', () => {
  it('redacts a key echoed in a 500 body while greenlight retries, then passes', async () => {
    const em = await qaService({
      runs: [{ id: 'run-1', timeline: [{ stage: 'completed' }] }],
      faults: { greenlight: { script: [{ kind: 'echo-key' }, { kind: 'echo-key' }] } }
    })
    const run = await greenlightStep(em, 'run-1')

    expect(run.exitCode).toBe(0)
    expect(run.outputs['status']).toBe('passed')
    expect(requestsTo(em, 'greenlight').map(r => r.fault ?? 'none')).toEqual([
      'echo-key',
      'echo-key',
      'none'
    ])
    // The echo was shown, with the key replaced: redaction, not silence.
    expect(run.stdout).toContain('could not verify token ***')
    expectKeyProtected(run, API_KEY)
  })

  it('redacts the echoed key in the failure when every greenlight query echoes it', async () => {
    const em = await qaService({
      runs: [{ id: 'run-1', timeline: [{ stage: 'completed' }] }],
      faults: ALWAYS_ECHO
    })
    const run = await greenlightStep(em, 'run-1', { timeout: '1s' })

    expect(run.exitCode).toBe(1)
    expect(run.outputs['status']).toBe('error')
    const [failure] = messagesOf(run, 'error')
    expect(failure).toContain('HTTP 500')
    expect(failure).toContain('could not verify token ***')
    expect(run.summary).toMatch(/HTTP 500/)
    expectKeyProtected(run, API_KEY)
  })

  it('redacts the echoed key when the notification fails after its retries', async () => {
    const em = await qaService({ triggers: [{ id: 'web' }], faults: ALWAYS_ECHO })
    const run = await notifyStep(em, { sha: 'abc1234' })

    expect(run.exitCode).toBe(1)
    expect(requestsTo(em, 'notify').length).toBeGreaterThan(1)
    const [failure] = messagesOf(run, 'error')
    expect(failure).toMatch(/^The deployment notification failed: HTTP 500/)
    expect(failure).toContain('could not verify token ***')
    expect(run.summary).toContain('The notification failed')
    expect(run.outputs['run-ids']).toBe('[]')
    expectKeyProtected(run, API_KEY)
  })

  it('redacts the key inside a bug name and bug URL, even where the name is shortened', async () => {
    const em = await qaService({
      runs: [
        {
          id: 'run-1',
          timeline: [{ stage: 'completed' }],
          bugs: [
            {
              id: 'bug-1',
              name: `Login accepts ${API_KEY} as a password`,
              url: `https://qa.example.com/bugs/1?token=${API_KEY}`
            },
            {
              // The summary and annotations shorten names to 200 characters: here the cut falls
              // inside the key, which redacting only the finished text would miss.
              id: 'bug-2',
              name: `${'x'.repeat(190)}${API_KEY}`,
              priority: 'low',
              url: `https://qa.example.com/${API_KEY}/bugs/2`
            }
          ]
        }
      ]
    })
    const run = await greenlightStep(em, 'run-1')

    expect(run.exitCode).toBe(1)
    expect(run.outputs['status']).toBe('failed')
    expect(JSON.parse(run.outputs['blocking-bug-urls'] ?? '')).toEqual([
      'https://qa.example.com/bugs/1?token=***'
    ])
    expect(JSON.parse(run.outputs['non-blocking-bug-urls'] ?? '')).toEqual([
      'https://qa.example.com/***/bugs/2'
    ])
    const titles = commandsOf(run, 'error').map(c => c.properties['title'])
    expect(titles).toContain('Blocking bug: Login accepts *** as a password')
    expect(run.summary).toContain('Login accepts')
    expectKeyProtected(run, API_KEY)
  })

  it('redacts the key in a trigger failure_reason (annotation, outputs, summary)', async () => {
    const em = await qaService({
      triggers: [
        { id: 'web' },
        { id: 'api', failure_reason: `token ${API_KEY} is not allowed for this environment` }
      ]
    })
    const run = await notifyStep(em, { sha: 'abc1234' })

    expect(run.exitCode).toBe(0)
    expect(run.outputs['run-ids']).toBe('["run-1"]')
    const results = JSON.parse(run.outputs['results'] ?? '') as Record<string, string>[]
    expect(results[1]?.['failure_reason']).toBe('token *** is not allowed for this environment')
    expect(messagesOf(run, 'warning').join('\n')).toContain('token *** is not allowed')
    expect(run.summary).toContain('not allowed for this environment')
    expectKeyProtected(run, API_KEY)
  })

  it('keeps the key out with RUNNER_DEBUG=1 (debug logging on)', async () => {
    const em = await qaService({
      runs: [
        {
          id: 'run-1',
          timeline: [{ stage: 'underReview', polls: 1 }, { stage: 'completed' }],
          bugs: [{ id: 'bug-1', name: `Bug about ${API_KEY}`, priority: 'low' }]
        }
      ],
      faults: { greenlight: { script: [{ kind: 'echo-key' }] } }
    })
    const run = await runAction({
      inputs: greenlightInputs(em, 'run-1'),
      env: { RUNNER_DEBUG: '1' }
    })

    expect(run.exitCode).toBe(0)
    expect(run.outputs['status']).toBe('passed')
    expect(run.stdout).toContain('could not verify token ***')
    expectKeyProtected(run, API_KEY)
  })

  // A rejected key named and never shown, in every mode: input-messages.test.ts (401).
  it('redacts a rejected key that a 401 body quotes back', async () => {
    const wrongKey = 'qa-wrong-key-93c1aa40'
    const server = closeLater(await startTinyServer())
    server.handle = (req, res) => {
      res.statusCode = 401
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify({ error: `unknown key: ${req.headers.authorization ?? ''}` }))
    }
    const run = await greenlightStep(server, 'run-1', { 'api-key': wrongKey, timeout: '5s' })

    expect(run.exitCode).toBe(1)
    expect(run.outputs['status']).toBe('error')
    // 401 is not retried.
    expect(server.requests).toHaveLength(1)
    expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${wrongKey}`)
    const [failure] = messagesOf(run, 'error')
    expect(failure).toMatch(/HTTP 401.*api-key/)
    expect(failure).toContain('unknown key: Bearer ***')
    expectKeyProtected(run, wrongKey)
  })

  it.each([MARKDOWN_KEY, AWKWARD_KEY])(
    'keeps %s out in every spelling: greenlight with the key in bugs and an echo',
    async key => {
      const em = await emulator({
        teams: [{ apiKey: key }],
        runs: [
          {
            id: 'run-1',
            timeline: [{ stage: 'completed' }],
            bugs: [
              {
                id: 'bug-1',
                name: `Bug **${key}** here`,
                url: `https://qa.example.com/bugs/1?k=${encodeURIComponent(key)}&raw=${key}`,
                externalIssueUrl: `https://issues.example.com/${encodeURIComponent(key)}`
              }
            ]
          }
        ],
        faults: { greenlight: { script: [{ kind: 'echo-key' }] } }
      })
      const run = await greenlightStep(em, 'run-1', { 'api-key': key })

      expect(run.exitCode).toBe(1)
      expect(run.outputs['status']).toBe('failed')
      expect(requestsTo(em, 'greenlight')[1]?.headers['authorization']).toBe(`Bearer ${key}`)
      expect(run.stdout).toContain('could not verify token ***')
      expect(run.summary).toContain('Bug')
      expectKeyProtected(run, key)
    }
  )

  it.each([MARKDOWN_KEY, AWKWARD_KEY])(
    'keeps %s out in every spelling: notify with the key in a failure_reason and an echo',
    async key => {
      const em = await emulator({
        teams: [{ apiKey: key }],
        triggers: [{ id: 'web' }, { id: 'api', failure_reason: `rejected _${key}_` }],
        faults: { notify: { script: [{ kind: 'echo-key' }] } }
      })
      const run = await notifyStep(em, { 'api-key': key, sha: 'abc1234' })

      expect(run.exitCode).toBe(0)
      expect(run.outputs['run-ids']).toBe('["run-1"]')
      expect(run.stdout).toContain('could not verify token ***')
      expect(run.summary).toContain('rejected')
      expectKeyProtected(run, key)
    }
  )
})

describe('an API key that is also a word of the answer', () => {
  it('notify: a key spelt like a field name (isStatic) renames no field: the preview passes', async () => {
    const key = 'isStatic'
    const server = await scriptedService([
      {
        status: 200,
        body: { environment: { id: 'cm-env-12', alias: 'pr-12', isStatic: false }, results: [] }
      }
    ])
    const run = await notifyStep(server, { 'api-key': key })

    expect(run.exitCode).toBe(0)
    expect(run.outputs['environment']).toBe('pr-12')
    expect(run.outputs['environment-id']).toBe('cm-env-12')
    expect(run.outputs['run-ids']).toBe('[]')
    expect(run.stdout).toContain('Preview environment pr-12 is ready; no trigger created a run.')
    expectKeyProtected(run, key)
  })

  it('greenlight: a key spelt like a field the action reads (rootRunId) still gives the green verdict and run', async () => {
    const key = 'rootRunId'
    const em = await qaService({
      teams: [{ apiKey: key }],
      runs: [{ id: 'run-1', timeline: [{ stage: 'completed' }] }]
    })
    const run = await greenlightStep(em, 'run-1', { 'api-key': key })

    expect(run.exitCode).toBe(0)
    expect(run.outputs['greenlight']).toBe('true')
    expect(run.outputs['status']).toBe('passed')
    expect(run.outputs['root-run-id']).toBe('run-1')
    expect(run.summary).toContain('**Green** (run run-1)')
    expect(run.stdout + run.stderr).not.toContain('failed unexpectedly')
    expectKeyProtected(run, key)
  })
})

describe('the API key given by mistake in another input', () => {
  // The label reaches the summary without passing through service data, so only redaction of
  // the finished, escaped text stands between it and the page. A secret in another input is
  // refused (issue 46.9), and the refusal's summary still shows the label.
  it.each([MARKDOWN_KEY, AWKWARD_KEY])('redacts %s used as the label', async key => {
    const em = await emulator({
      teams: [{ apiKey: key }],
      triggers: [{ id: 'web' }],
      runs: [{ id: 'run-1', timeline: [{ stage: 'completed' }] }]
    })
    const greenlight = await greenlightStep(em, 'run-1', { 'api-key': key, label: key })
    const notify = await notifyStep(em, { 'api-key': key, label: key, sha: 'abc1234' })

    for (const run of [greenlight, notify]) {
      expect(run.exitCode).toBe(1)
      expect(em.requests).toEqual([])
      expect(run.summary.split('\n')[0]).toBe('## ⛔ qa-greenlight: invalid input — ***')
      expectKeyProtected(run, key)
    }
  })
})

describe("a secret in an input's refused value is never shown", () => {
  /** A secret as the runner's mask misses it: base64 without its `=` padding. */
  const SECRET = 'Zk9vQmFyU2VjcmV0VG9rZW4'
  const url = `https://deploy:${SECRET}@preview.example.com/app`
  // Every parser that can refuse a value, each given one that carries the secret.
  const cases: [mode: string, input: string, value: string][] = [
    ['notify', 'variables', `API_URL=https://api.example.com\n${SECRET}`],
    ['notify', 'variables', `API_URL=https://api.example.com\nexport ${SECRET}=`],
    ['notify', 'variables', `{"A": "1", "${SECRET} x": "2"}`],
    ['notify', 'variables', `{"${SECRET}\\u0007": "x"}`],
    ['notify', 'deployment-url', url.replace('https:', 'ftp:')],
    ['notify', 'commit-url', `not a url ${url}`],
    ['notify', 'sha', SECRET],
    ['notify', 'hosting-service', SECRET],
    ['notify', 'pull-request-number', SECRET],
    ['notify', 'ephemeral-environment', SECRET],
    ['notify', 'fail-on-no-run', SECRET],
    ['notify', 'deployment-type', `${SECRET}\nsecond line`],
    ['notify', 'deduplication-key', `${SECRET}\u0007`],
    ['terminate', 'deployment-url', `javascript:${url}`],
    ['terminate', 'environment-id', `${SECRET}\nx`],
    ['greenlight', 'run-id', `run-1, ${SECRET}/x`],
    ['greenlight', 'run-id', `["run-1", "${SECRET} x"]`],
    ['greenlight', 'timeout', `${SECRET}s`],
    ['greenlight', 'poll-interval', `-${SECRET}`],
    ['greenlight', 'outcome-when-blocking-bugs-in-other-workflows', SECRET],
    ['greenlight', 'wait', SECRET],
    ['greenlight', 'mode', SECRET]
  ]

  it.each(cases)(
    '%s, %s: names the input, sends nothing, shows no piece of it',
    async (mode, input, value) => {
      const service = await scriptedService([{ status: 500, body: {} }])
      const base = { mode, 'api-key': API_KEY, 'base-url': service.url }
      const needed: Record<string, Record<string, string>> = {
        notify: { sha: 'abc1234' },
        terminate: input === 'deployment-url' ? {} : { 'environment-id': 'env-1' },
        greenlight: { 'run-id': 'run-1' }
      }
      const run = await runAction({ inputs: { ...base, ...needed[mode], [input]: value } })

      expect(run.exitCode).toBe(1)
      expect(service.requests).toHaveLength(0)
      expect(messagesOf(run, 'error').join('\n')).toContain(`Input '${input}'`)
      expect(secretExposures(run, SECRET)).toEqual([])
    }
  )

  it('a variables line is named by its number', async () => {
    const service = await scriptedService([{ status: 500, body: {} }])
    const run = await notifyStep(service, { sha: 'abc1234', variables: `A=1\n\nMY ${SECRET}=` })
    expect(messagesOf(run, 'error').join('\n')).toContain(
      "Input 'variables' has a variable name with spaces or control characters (line 3; a value of 26 characters (not shown))"
    )
  })

  it("a redirect's Location and a refused deployment-url are shown without credentials", async () => {
    const service = await scriptedService([
      {
        status: 302,
        body: {},
        headers: { location: `https://admin:${SECRET}@login.example.com/sso?next=%2F` }
      }
    ])
    const run = await terminateStep(service, { 'deployment-url': url })

    expect(run.exitCode).toBe(1)
    expect(service.requests).toHaveLength(1)
    const message = messagesOf(run, 'error').join('\n')
    expect(message).toContain('Location: https://login.example.com/sso?next=%2F')
    expect(run.stdout).toContain('https://preview.example.com/app')
    expect(secretExposures(run, SECRET)).toEqual([])
  })
})
