// The API key, where a careless action would print it: an error body that echoes it,
// service text (bug names and URLs, trigger failure reasons, a redirect) that holds it, debug
// logging, a rejected key, a key whose spelling changes when escaped, and a key that is also a
// word of the answer. runAction already rejects a run that shows the key verbatim;
// secretExposures also looks for escaped and cut spellings. The redactor: unit/kernel.test.ts.
import { describe, expect, it } from '@jest/globals'
import { runAction, secretExposures, type ActionRun } from '../../scripts/action-runner.js'
import {
  API_KEY,
  commandsOf,
  emulator,
  greenlightInputs,
  greenlightStep,
  messagesOf,
  notifyStep,
  qaService,
  requestsTo,
  scriptedService,
  terminateStep,
  tinyServer
} from '../helpers/e2e.js'

/** A key needing escapes in Markdown (`_`, `*`), JSON, HTML, URLs and workflow commands. */
const AWKWARD_KEY = 'qa_live:key*,"<1>\\&$x|`'

/** Masked before anything else is logged, and nowhere else in any spelling. */
function expectKeyProtected(run: ActionRun, key: string): void {
  expect(run.stdout.split('\n')[0]).toBe(`::add-mask::${key}`)
  expect(secretExposures(run, key)).toEqual([])
}

describe('the API key is never shown', () => {
  it('redacts a key echoed in a 500 body while greenlight retries, debug on, and in bug names and URLs', async () => {
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
            // Names are shortened to 200 characters: the cut falls inside the key.
            {
              id: 'bug-2',
              name: `${'x'.repeat(190)}${API_KEY}`,
              priority: 'low',
              url: `https://qa.example.com/${API_KEY}/bugs/2`
            }
          ]
        }
      ],
      faults: { greenlight: { script: [{ kind: 'echo-key' }, { kind: 'echo-key' }] } }
    })
    const run = await runAction({
      inputs: greenlightInputs(em, 'run-1'),
      env: { RUNNER_DEBUG: '1' }
    })

    expect(run.exitCode).toBe(1)
    expect(run.outputs['status']).toBe('failed')
    expect(requestsTo(em, 'greenlight').map(r => r.fault ?? 'none')).toEqual([
      'echo-key',
      'echo-key',
      'none'
    ])
    // The echo was shown, with the key replaced: redaction, not silence.
    expect(run.stdout).toContain('could not verify token ***')
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

  it('redacts a rejected key that a 401 body quotes back, after one request, said once', async () => {
    const wrongKey = 'qa-wrong-key-93c1aa40'
    const server = await tinyServer()
    server.handle = (req, res) => {
      res.writeHead(401, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ error: `unknown key: ${req.headers.authorization ?? ''}` }))
    }
    const run = await greenlightStep(server, 'run-1', { 'api-key': wrongKey, timeout: '5s' })

    expect(run.exitCode).toBe(1)
    expect(run.outputs['status']).toBe('error')
    expect(server.requests).toHaveLength(1)
    expect(server.requests[0]?.headers.authorization).toBe(`Bearer ${wrongKey}`)
    const [failure] = messagesOf(run, 'error')
    expect(failure).toMatch(/HTTP 401.*api-key/)
    expect(failure).toContain('unknown key: Bearer ***')
    const rejected =
      "the API key is missing or invalid. Check the 'api-key' input and the secret it is read from."
    expect(run.stdout.split(rejected)).toHaveLength(2)
    expectKeyProtected(run, wrongKey)
  })

  it("shows a redirect's Location and a deployment-url without their credentials", async () => {
    const secret = 'Zk9vQmFyU2VjcmV0VG9rZW4'
    const location = `https://admin:${secret}@login.example.com/sso?next=%2F`
    const server = await scriptedService([{ status: 302, body: {}, headers: { location } }])
    const url = `https://deploy:${secret}@preview.example.com/app`
    const run = await terminateStep(server, { 'deployment-url': url })

    expect(run.exitCode).toBe(1)
    expect(server.requests).toHaveLength(1)
    expect(messagesOf(run, 'error').join('\n')).toContain(
      'Location: https://login.example.com/sso?next=%2F'
    )
    expect(run.stdout).toContain('https://preview.example.com/app')
    expect(secretExposures(run, secret)).toEqual([])
  })

  it('keeps a key that every format escapes out in every spelling: bugs, failure_reason, echoes, the label', async () => {
    const key = AWKWARD_KEY
    const em = await emulator({
      teams: [{ apiKey: key }],
      triggers: [{ id: 'web' }, { id: 'api', failure_reason: `token _${key}_ is not allowed` }],
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
    const gate = await greenlightStep(em, 'run-1', { 'api-key': key })
    const notify = await notifyStep(em, { 'api-key': key, sha: 'abc1234' })

    expect([gate.exitCode, notify.exitCode]).toEqual([1, 0])
    expect(gate.outputs['status']).toBe('failed')
    expect(requestsTo(em, 'greenlight')[1]?.headers['authorization']).toBe(`Bearer ${key}`)
    expect(gate.summary).toContain('Bug')
    expect(JSON.parse(notify.outputs['run-ids'] ?? '')).toHaveLength(1)
    const results = JSON.parse(notify.outputs['results'] ?? '') as Record<string, string>[]
    expect(results[1]?.['failure_reason']).toBe('token _***_ is not allowed')
    expect(messagesOf(notify, 'warning').join('\n')).toContain('token _***_ is not allowed')
    expect(notify.summary).toContain('is not allowed')
    expect(gate.stdout).toContain('could not verify token ***')
    for (const run of [gate, notify]) expectKeyProtected(run, key)

    // The key given by mistake as the label too: refused, and the label is redacted in the
    // summary of the refusal, which no service text passed through.
    const before = em.requests.length
    const labelled = await notifyStep(em, { 'api-key': key, label: key, sha: 'abc1234' })
    expect(em.requests).toHaveLength(before)
    expect(labelled.exitCode).toBe(1)
    expect(labelled.summary.split('\n')[0]).toBe('## ⛔ qa-greenlight: invalid input — ***')
    expectKeyProtected(labelled, key)
  })
})

describe('an API key that is also a word of the answer', () => {
  it('renames no field, and changes no verdict: isStatic for notify, rootRunId for greenlight', async () => {
    const server = await scriptedService([
      {
        status: 200,
        body: { environment: { id: 'cm-env-12', alias: 'pr-12', isStatic: false }, results: [] }
      }
    ])
    const em = await qaService({
      teams: [{ apiKey: 'rootRunId' }],
      runs: [{ id: 'run-1', timeline: [{ stage: 'completed' }] }]
    })
    const [notify, gate] = await Promise.all([
      notifyStep(server, { 'api-key': 'isStatic' }),
      greenlightStep(em, 'run-1', { 'api-key': 'rootRunId' })
    ])

    expect([notify.exitCode, gate.exitCode]).toEqual([0, 0])
    expect(notify.outputs).toMatchObject({
      environment: 'pr-12',
      'environment-id': 'cm-env-12',
      'run-ids': '[]'
    })
    expect(notify.stdout).toContain('Preview environment pr-12 is ready; no trigger created a run.')
    expectKeyProtected(notify, 'isStatic')
    expect(gate.outputs).toMatchObject({
      greenlight: 'true',
      status: 'passed',
      'root-run-id': 'run-1'
    })
    expect(gate.summary).toContain('**Green** (run run-1)')
    expect(gate.stdout + gate.stderr).not.toContain('failed unexpectedly')
    expectKeyProtected(gate, 'rootRunId')
  })
})
