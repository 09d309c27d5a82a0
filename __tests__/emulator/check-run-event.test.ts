// The emulator's `check_run` webhook payloads are what GitHub sends: valid against GitHub's
// published webhook schema, with whole-second timestamps; and the commit graph's reads answer as
// GitHub's REST API describes them.
import { describe, expect, it } from '@jest/globals'
import type { Emulator } from '../../emulator/server.js'
import { emulators } from './helpers.js'
import { webhookValidator } from '../helpers/webhook-schema.js'

const REPO = 'acme/shop'
const SHA = 'ab'.repeat(20)
const WHOLE_SECONDS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/

const start = emulators()

async function emulated(): Promise<Emulator> {
  return start({
    teams: [{ apiKey: 'qa-key-for-the-schema' }],
    github: {
      connected: [REPO],
      checkRuns: [
        { repository: REPO, sha: SHA, detailsUrl: 'https://app.qawolf.com/runs/r-1' },
        { repository: REPO, sha: SHA, conclusion: 'failure', app: 'qawolf-eu' },
        { repository: REPO, sha: SHA, status: 'in_progress', name: 'QA Wolf Test Run' },
        { repository: REPO, sha: SHA, status: 'queued', app: 'github-actions' }
      ]
    }
  })
}

describe("check_run payloads against GitHub's webhook schema", () => {
  const validate = webhookValidator('check_run_event')

  it("validates every payload the emulator sends, with GitHub's whole-second times", async () => {
    const em = await emulated()
    expect(validate({ action: 'completed', check_run: {} })).not.toEqual([])
    for (const run of em.github.checkRuns) {
      for (const headBranch of ['main', 'feature/payments', null]) {
        const payload = em.github.checkRunEvent(run, { headBranch })
        expect(validate(payload)).toEqual([])
        const checkRun = payload['check_run'] as Record<string, unknown>
        expect(checkRun['head_sha']).toBe(SHA)
        expect(checkRun['started_at']).toMatch(WHOLE_SECONDS)
        if (checkRun['completed_at'] !== null) {
          expect(checkRun['completed_at']).toMatch(WHOLE_SECONDS)
        }
      }
    }
  })
})

describe("the commit graph, as GitHub's REST API answers it", () => {
  const get = async (em: Emulator, path: string): Promise<unknown> =>
    (await fetch(`${em.url}${path}`, { headers: { authorization: 'token x' } })).json()

  it('makes the commits it hears of the default branch, the last the tip, when no history is given', async () => {
    const em = await emulated()
    const newer = 'cd'.repeat(20)
    em.github.notified({ repository: REPO, sha: newer, environment: 'staging' })
    expect(await get(em, `/repos/${REPO}`)).toMatchObject({ default_branch: 'main' })
    expect(await get(em, `/repos/${REPO}/branches/main`)).toMatchObject({
      name: 'main',
      commit: { sha: newer }
    })
    expect(await get(em, `/repos/${REPO}/compare/${newer}...${SHA}`)).toMatchObject({
      status: 'behind',
      ahead_by: 0,
      behind_by: 1,
      merge_base_commit: { sha: SHA }
    })
    expect(await get(em, `/repos/${REPO}/compare/${SHA}...${newer}`)).toMatchObject({
      status: 'ahead',
      ahead_by: 1
    })
    expect(await get(em, `/repos/${REPO}/compare/main...${newer}`)).toMatchObject({
      status: 'identical'
    })
  })
})
