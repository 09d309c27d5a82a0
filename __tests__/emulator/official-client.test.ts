// The service's official JavaScript client (@qawolf/ci-sdk 0.21.0) against the emulator: if the
// real client accepts what the emulator says, the emulator speaks the real service's language.
// Its ESM build does not load, so it is required as CommonJS.
import { afterEach, describe, expect, it } from '@jest/globals'
import { createRequire } from 'node:module'
import { startEmulator, type Emulator, type EmulatorConfig } from '../../emulator/server.js'
import { KEY, ONE_POLL_EACH, verdict } from './helpers.js'

type Sdk = typeof import('@qawolf/ci-sdk')
const { makeQaWolfSdk } = createRequire(import.meta.url)('@qawolf/ci-sdk') as Sdk

let em: Emulator | undefined
afterEach(async () => {
  await em?.close()
  em = undefined
})

const quiet = { log: { info: () => undefined, warn: () => undefined, error: () => undefined } }
// Polling intervals short enough for a test; the client's defaults are 30 s to 60 min.
const fast = { runInProgressInterval: 20, runUnderReviewInterval: 20, retryInterval: 20 }

async function sdkFor(config: EmulatorConfig, apiKey = KEY) {
  em = await startEmulator(config)
  // The client joins paths onto its service base, which ends with a slash.
  return makeQaWolfSdk(
    { apiKey, serviceBase: `${em.url}/` },
    quiet as unknown as Parameters<Sdk['makeQaWolfSdk']>[1]
  )
}

const bug = {
  id: 'bug-7',
  number: 7,
  name: 'Cart total is wrong',
  priority: 'urgent',
  externalIssue: { platform: 'jira', id: 'SHOP-7', url: 'https://acme.atlassian.net/browse/SHOP-7' }
} as const

describe('the official client against the emulator', () => {
  it('notify: a deployment creates a run', async () => {
    const sdk = await sdkFor({ teams: [{ apiKey: KEY }], triggers: [{ id: 'web' }] })
    const result = await sdk.attemptNotifyDeploy({ sha: 'abc1234', branch: 'main' })
    expect(result).toEqual({ outcome: 'success', runId: 'run-1' })
  })

  it('greenlight: a run that completes without blocking bugs is a success', async () => {
    const sdk = await sdkFor({
      teams: [{ apiKey: KEY }],
      runs: [
        {
          id: 'r-green',
          timeline: [{ stage: 'underReview', polls: 1 }, { stage: 'completed' }],
          bugs: [{ id: 'b-low', name: 'Typo', priority: 'low' }]
        }
      ]
    })
    const result = await sdk.pollCiGreenlightStatus({ runId: 'r-green', ...fast })
    expect(result.outcome).toBe('success')
  })

  it('greenlight: blocking bugs in the real shape make it fail', async () => {
    const sdk = await sdkFor({
      teams: [{ apiKey: KEY }],
      runs: [{ id: 'r-red', timeline: [{ stage: 'completed' }], bugs: [bug] }]
    })
    const result = await sdk.pollCiGreenlightStatus({ runId: 'r-red', ...fast })
    expect(result.outcome).toBe('failed')
    if (result.outcome !== 'failed') return
    const [reported] = result.greenlightStatus.reproducedBugs
    expect(reported).toMatchObject({
      name: 'Cart total is wrong',
      number: 7,
      priority: 'urgent',
      isBlocking: true,
      externalIssue: { externalIssueId: 'SHOP-7', platform: 'jira' }
    })
  })

  it('greenlight: the client sees a superseded run as such', async () => {
    const sdk = await sdkFor({
      teams: [{ apiKey: KEY }],
      runs: [
        { id: 'r-new', timeline: [{ stage: 'completed' }] },
        { id: 'r-old', timeline: [{ stage: 'completed' }], supersededBy: 'r-new' }
      ]
    })
    const result = await sdk.pollCiGreenlightStatus({
      runId: 'r-old',
      abortOnSuperseded: true,
      ...fast
    })
    expect(result).toMatchObject({ outcome: 'aborted', abortReason: 'superseded-run' })
  })

  it('a wrong key is a 401 the client reports as such', async () => {
    const sdk = await sdkFor({ teams: [{ apiKey: KEY }], triggers: [{ id: 'web' }] }, 'wrong-key')
    const result = await sdk.attemptNotifyDeploy({ sha: 'abc1234' })
    expect(result).toMatchObject({ outcome: 'aborted', abortReason: '401-unauthorized' })
  })
})

/**
 * The client's declared types, `CiGreenlightStatus` and `CiGreenlightBugDetails`, checked at run
 * time on what the emulator sends (a JSON body cannot carry `undefined`: an absent key is it).
 */
function satisfiesCiGreenlightStatus(body: Record<string, unknown>): string[] {
  const problems: string[] = []
  const want = (ok: boolean, what: string) => ok || problems.push(what)
  for (const key of [
    'relevantRunId',
    'relevantRunUrl',
    'relevantRunWithBugsUrl',
    'rootRunId',
    'rootRunUrl'
  ]) {
    want(typeof body[key] === 'string', `${key}: string`)
  }
  for (const key of [
    'workflowsDisabledAfterRunCount',
    'workflowsInRunCount',
    'workflowsUnderInvestigationCount'
  ]) {
    want(typeof body[key] === 'number', `${key}: number`)
  }
  want(typeof body['greenlight'] === 'boolean', 'greenlight: boolean')
  want(
    ['initializing', 'underReview', 'completed', 'canceled'].includes(String(body['runStage'])),
    'runStage'
  )
  if (body['runStage'] !== 'completed') want(body['greenlight'] === false, 'greenlight: false')
  if (body['runStage'] === 'completed') {
    want(typeof body['blockingBugsCount'] === 'number', 'blockingBugsCount: number')
    want(typeof body['nonBlockingBugsCount'] === 'number', 'nonBlockingBugsCount: number')
    for (const key of ['blockingBugUrls', 'nonBlockingBugUrls']) {
      const list = body[key]
      want(Array.isArray(list) && list.every(u => typeof u === 'string'), `${key}: string[]`)
    }
    for (const key of ['reproducedBugs', 'otherBlockingBugsInEnvironment']) {
      const list = body[key]
      want(Array.isArray(list), `${key}: array`)
      for (const entry of (Array.isArray(list) ? list : []) as Record<string, unknown>[]) {
        want(typeof entry['applicationUrl'] === 'string', `${key}[].applicationUrl: string`)
        want(typeof entry['isBlocking'] === 'boolean', `${key}[].isBlocking: boolean`)
        want(typeof entry['isNew'] === 'boolean', `${key}[].isNew: boolean`)
        want(typeof entry['name'] === 'string', `${key}[].name: string`)
        want(typeof entry['number'] === 'number', `${key}[].number: number`)
        want(
          ['medium', 'unprioritized', 'low', 'high', 'urgent'].includes(String(entry['priority'])),
          `${key}[].priority`
        )
        const issue = entry['externalIssue'] as Record<string, unknown> | undefined
        if (issue !== undefined) {
          for (const field of ['applicationUrl', 'externalIssueId', 'platform']) {
            want(typeof issue[field] === 'string', `${key}[].externalIssue.${field}: string`)
          }
        }
      }
    }
  }
  return problems
}

describe("the emulator's bodies satisfy the client's declared types", () => {
  it('in every stage, with every kind of bug', async () => {
    em = await startEmulator({
      teams: [{ apiKey: KEY }],
      runs: [
        {
          id: 'r',
          timeline: ONE_POLL_EACH,
          otherWorkflowsBlockingBugs: 1,
          bugs: [
            bug,
            { id: 'b-high', name: 'Waived', priority: 'high', isBlocking: false },
            { id: 'b-new', name: 'New', isNew: true },
            { id: 'b-low', name: 'Low', priority: 'low', isNew: false }
          ]
        },
        { id: 'c', timeline: [{ stage: 'canceled' }] }
      ]
    })
    const bodies = [
      await verdict(em.url, 'r'),
      await verdict(em.url, 'r'),
      await verdict(em.url, 'r'),
      await verdict(em.url, 'c')
    ]
    expect(bodies.map(b => b['runStage'])).toEqual([
      'initializing',
      'underReview',
      'completed',
      'canceled'
    ])
    for (const body of bodies) expect(satisfiesCiGreenlightStatus(body)).toEqual([])
    // The check can fail: the bodies of the emulator's first version would not pass it.
    expect(
      satisfiesCiGreenlightStatus({
        ...bodies[2],
        reproducedBugs: [{ id: 'b', name: 'x', priority: null, isNew: true, url: 'https://x' }]
      })
    ).not.toEqual([])
  })
})
