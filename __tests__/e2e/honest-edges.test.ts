// Edges where the step must not mislead, end to end on the bundle: bugs the action classifies
// itself fail closed, a cancelled step never reads as green, a cancelled POST says it may have
// reached the service, and an error is never headed like a red verdict.
import { describe, expect, it } from '@jest/globals'
import { runAction } from '../../scripts/action-runner.js'
import {
  greenlightInputs,
  greenlightStep,
  loadEvent,
  messagesOf,
  notifyInputs,
  scriptedService,
  terminateInputs,
  terminateStep,
  tinyServer
} from '../helpers/e2e.js'
import { stageResponse } from '../helpers/responses.js'

const green = (extra: Record<string, unknown> = {}) => ({
  ...stageResponse({ stage: 'completed', queriedRunId: 'run-1' }),
  ...extra
})

describe('fail-closed classification', () => {
  it.each([
    ['an unknown priority', { name: 'Card declined', priority: 'critical' }],
    ['a non-boolean isBlocking', { name: 'Card declined', priority: 'low', isBlocking: 'false' }]
  ])('a green answer listing a bug with %s is not green', async (_, bug) => {
    const server = await scriptedService([{ status: 200, body: green({ reproducedBugs: [bug] }) }])
    const run = await greenlightStep(server, 'run-1')

    expect(run.exitCode).toBe(1)
    expect(run.outputs['greenlight']).toBe('false')
    expect(run.outputs['status']).toBe('error')
    expect(run.outputs['blocking-bugs-count']).toBe('1')
    expect(run.summary).toContain('## ⛔ QA greenlight: error, no verdict')
    expect(run.summary).toContain('**Blocking bugs (1):**')
    expect(run.summary).toContain('Card declined')
  })

  it('with outcome-when-blocking-bugs-in-other-workflows: red, a blocking bug in another workflow makes a green answer red, and the log never says the run passed', async () => {
    const other = {
      name: 'Search broken',
      priority: 'high',
      applicationUrl: 'https://qa.example.com/bugs/9'
    }
    const server = await scriptedService([
      { status: 200, body: green({ otherBlockingBugsInEnvironment: [other] }) }
    ])
    const run = await greenlightStep(server, 'run-1', {
      'outcome-when-blocking-bugs-in-other-workflows': 'red'
    })

    expect(server.requests[0]?.target).toContain('outcomeWhenBlockingBugsInOtherWorkflows=red')
    expect(run.exitCode).toBe(1)
    expect(run.outputs['greenlight']).toBe('false')
    expect(run.outputs['status']).toBe('failed')
    expect(run.outputs['other-blocking-bugs-count']).toBe('1')
    expect(run.summary).toContain('## ❌ QA greenlight: not green')
    expect(run.summary).toContain(
      '**Not green** (run run-1): 1 blocking bug in workflows outside this run, with outcome-when-blocking-bugs-in-other-workflows: red.'
    )
    expect(messagesOf(run, 'error').join('\n')).toContain('run-1: failed')
    expect(run.stdout).not.toMatch(/Run run-1: passed/)
    expect(run.stdout).toContain('Run run-1: failed after 1 query.')
  })

  it('with the default (green), the same answer stays green and lists the bug', async () => {
    const other = { name: 'Search broken', priority: 'high' }
    const server = await scriptedService([
      { status: 200, body: green({ otherBlockingBugsInEnvironment: [other] }) }
    ])
    const run = await greenlightStep(server, 'run-1')
    expect(run.exitCode).toBe(0)
    expect(run.outputs['greenlight']).toBe('true')
    expect(run.summary).toContain('**Blocking bugs in workflows outside this run (1):**')
  })
})

describe('cancellation', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    '%s after a green answer, while commenting: status interrupted and a summary that agrees',
    async signal => {
      const server = await scriptedService([{ status: 200, body: green() }])
      // A GitHub API that never answers: the step is still reporting when the signal comes.
      const github = await tinyServer()
      let signalled = false
      let kill: (() => void) | undefined
      github.handle = () => {
        signalled = true
        kill?.()
      }
      const run = await runAction({
        inputs: greenlightInputs(server, 'run-1', { 'comment-on-pr': 'true' }),
        eventName: 'pull_request',
        event: loadEvent('pull_request.opened'),
        env: { GITHUB_API_URL: github.url },
        killAfterMs: 15_000,
        onSpawn: child => {
          kill = () => child.kill(signal)
        }
      })

      expect(signalled).toBe(true)
      expect(run.signal).toBeNull()
      expect(run.exitCode).toBe(1)
      expect(run.outputs['status']).toBe('interrupted')
      expect(run.outputs['greenlight']).toBe('false')
      expect(run.summary).toContain('## ⚠️ QA greenlight: interrupted, no verdict')
      expect(run.summary).toContain(
        '**No verdict** (run run-1): the job was cancelled while the verdict was being reported.'
      )
      expect(run.summary).not.toMatch(/: green$/m)
      expect(messagesOf(run, 'error')).toEqual([
        'The job was cancelled while the verdict was being reported.'
      ])
    }
  )

  it('SIGTERM while the notify POST is in flight says the request may have reached the service', async () => {
    const server = await tinyServer()
    // The service takes the request and never answers.
    let kill: (() => void) | undefined
    server.handle = () => kill?.()
    const run = await runAction({
      inputs: notifyInputs(server, { sha: 'a'.repeat(40) }),
      killAfterMs: 15_000,
      onSpawn: child => {
        kill = () => child.kill('SIGTERM')
      }
    })

    expect(server.requests).toHaveLength(1)
    expect(run.exitCode).not.toBe(0)
    const [error] = messagesOf(run, 'error')
    expect(error).toContain('the job was cancelled while the notification was being sent')
    expect(error).toContain(
      'The request may have reached the service, so runs may have been created'
    )
    expect(run.summary).toContain('runs may have been created')
    expect(run.outputs['run-ids']).toBe('[]')
  })
})

describe('an error is not a red verdict', () => {
  it('heads a 401 as an error with no verdict, and result is an empty list', async () => {
    const server = await scriptedService([{ status: 401, body: { error: 'invalid key' } }])
    const run = await greenlightStep(server, 'run-1')

    expect(run.exitCode).toBe(1)
    expect(run.outputs['status']).toBe('error')
    expect(run.outputs['result']).toBe('[]')
    const [heading, , lead] = run.summary.split('\n')
    expect(heading).toBe('## ⛔ QA greenlight: error, no verdict')
    expect(lead).toMatch(/^\*\*No verdict\*\* \(run run-1\): error: /)
    expect(run.summary).not.toContain('not green')
  })
})

describe('an address that is not the service is blamed on base-url, in every mode', () => {
  /** What a web server that is not the service answers, as Express, nginx and a proxy send it. */
  const pages: [what: string, status: number, type: string, body: string][] = [
    [
      "Express's 404",
      404,
      'text/html; charset=utf-8',
      '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n<body>\n<pre>Cannot POST /qa/api/webhooks/environment_terminated</pre>\n</body>\n</html>\n'
    ],
    [
      "a web server's 501",
      501,
      'text/html',
      '<html><head><title>501 Not Implemented</title></head><body><center><h1>501 Not Implemented</h1></center><hr><center>nginx</center></body></html>'
    ],
    ['a plain-text 404', 404, 'text/plain', 'Not Found'],
    [
      "a sign-in page's 200",
      200,
      'text/html',
      '<!doctype html><title>Sign in &amp; continue</title><form action="/login"></form>'
    ]
  ]
  const modes = ['notify', 'terminate', 'greenlight'] as const
  const cases = modes.flatMap(mode => pages.map(page => [mode, ...page] as const))

  it.each(cases)(
    '%s, %s: fails naming base-url, with no markup',
    async (mode, _, status, type, body) => {
      const server = await tinyServer()
      server.handle = (_req, res) => {
        res.writeHead(status, { 'content-type': type })
        res.end(body)
      }
      const inputs = {
        notify: notifyInputs(server, { sha: 'abc1234' }),
        terminate: terminateInputs(server, { 'environment-id': 'env-1' }),
        greenlight: greenlightInputs(server, 'run-1', { timeout: '2s' })
      }[mode]
      const run = await runAction({ inputs, killAfterMs: 30_000 })

      expect(run.exitCode).toBe(1)
      const said = messagesOf(run, 'error').join('\n')
      expect(said).toContain("not the QA service's JSON")
      expect(said).toContain("Check 'base-url'")
      expect(said).not.toMatch(/contact|knows no such environment|the run was not found/i)
      if (mode === 'terminate') expect(run.outputs['outcome']).toBe('')
      // The page is named by its words, never shown as markup, raw or escaped.
      expect(run.summary).toContain('not the QA service&#39;s JSON')
      expect(run.summary + said).not.toMatch(/<\/?(html|title|pre|h1|form)|&lt;|&#60;|&amp;lt;/i)
    }
  )

  it("terminate still takes the service's own 404 as an environment it does not know", async () => {
    const server = await scriptedService([
      { status: 404, body: { error: 'Environment not found' } }
    ])
    const run = await terminateStep(server, { 'environment-id': 'env-1' })

    expect(run.exitCode).toBe(0)
    expect(run.outputs['outcome']).toBe('not-found')
  })

  it.each(['notify', 'terminate'] as const)('%s: a 304 is not called a redirect', async mode => {
    const server = await tinyServer()
    server.handle = (_req, res) => {
      res.writeHead(304)
      res.end()
    }
    const inputs =
      mode === 'notify'
        ? notifyInputs(server, { sha: 'abc1234' })
        : terminateInputs(server, { 'environment-id': 'env-1' })
    const run = await runAction({ inputs })

    expect(run.exitCode).toBe(1)
    expect(server.requests).toHaveLength(1)
    const said = messagesOf(run, 'error').join('\n')
    expect(said).toContain('HTTP 304 Not Modified')
    expect(said).toContain('a cache or proxy between the runner and the service answered')
    expect(said).not.toContain('redirect')
  })
})
