// The service's official JavaScript client (@qawolf/ci-sdk 0.21.0) against the emulator: if the
// real client accepts what the emulator says, the emulator speaks the real service's language.
// Its ESM build does not load, so it is required as CommonJS.
import { describe, expect, it } from '@jest/globals'
import { createRequire } from 'node:module'
import type { EmulatorConfig } from '../../emulator/server.js'
import { emulators, KEY } from './helpers.js'

type Sdk = typeof import('@qawolf/ci-sdk')
const { makeQaWolfSdk } = createRequire(import.meta.url)('@qawolf/ci-sdk') as Sdk
const emulator = emulators()

const quiet = { log: { info: () => undefined, warn: () => undefined, error: () => undefined } }
// Polling intervals short enough for a test; the client's defaults are 30 s to 60 min.
const fast = { runInProgressInterval: 20, runUnderReviewInterval: 20, retryInterval: 20 }

async function sdkFor(extra: Partial<EmulatorConfig>, apiKey = KEY) {
  const em = await emulator({ teams: [{ apiKey: KEY }], triggers: [{ id: 'web' }], ...extra })
  // The client joins paths onto its service base, which ends with a slash.
  return makeQaWolfSdk(
    { apiKey, serviceBase: `${em.url}/` },
    quiet as unknown as Parameters<Sdk['makeQaWolfSdk']>[1]
  )
}

describe('the official client against the emulator', () => {
  it('notify: a deployment creates a run; a wrong key is a 401', async () => {
    const sdk = await sdkFor({})
    expect(await sdk.attemptNotifyDeploy({ sha: 'abc1234', branch: 'main' })).toEqual({
      outcome: 'success',
      runId: 'run-1'
    })
    expect(await (await sdkFor({}, 'wrong-key')).attemptNotifyDeploy({ sha: 'a' })).toMatchObject({
      outcome: 'aborted',
      abortReason: '401-unauthorized'
    })
  })

  it('greenlight: success, blocking bugs in the real shape, and a superseded run', async () => {
    const sdk = await sdkFor({
      runs: [
        {
          id: 'r-green',
          timeline: [{ stage: 'underReview', polls: 1 }, { stage: 'completed' }],
          bugs: [{ id: 'b-low', name: 'Typo', priority: 'low' }]
        },
        {
          id: 'r-red',
          timeline: [{ stage: 'completed' }],
          bugs: [
            {
              id: 'bug-7',
              number: 7,
              name: 'Cart total is wrong',
              priority: 'urgent',
              externalIssue: { platform: 'jira', id: 'SHOP-7', url: 'https://x.example/SHOP-7' }
            }
          ]
        }
      ]
    })
    const green = await sdk.pollCiGreenlightStatus({ runId: 'r-green', ...fast })
    expect(green.outcome).toBe('success')
    const red = await sdk.pollCiGreenlightStatus({ runId: 'r-red', ...fast })
    expect(red).toMatchObject({
      outcome: 'failed',
      greenlightStatus: {
        reproducedBugs: [
          {
            name: 'Cart total is wrong',
            number: 7,
            priority: 'urgent',
            isBlocking: true,
            externalIssue: { externalIssueId: 'SHOP-7', platform: 'jira' }
          }
        ]
      }
    })
    // A newer deployment of the same branch supersedes the run of the older one.
    await sdk.attemptNotifyDeploy({ sha: 'abc1234', branch: 'main' })
    await sdk.attemptNotifyDeploy({ sha: 'abc1235', branch: 'main' })
    const old = await sdk.pollCiGreenlightStatus({
      runId: 'run-1',
      abortOnSuperseded: true,
      ...fast
    })
    expect(old).toMatchObject({ outcome: 'aborted', abortReason: 'superseded-run' })
  })
})
