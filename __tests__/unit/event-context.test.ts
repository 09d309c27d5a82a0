import { describe, it, expect, beforeAll, afterAll } from '@jest/globals'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { readGitHubContext } from '../../src/github/event-context.js'

const fixture = (name: string): string =>
  fileURLToPath(new URL(`../fixtures/events/${name}`, import.meta.url))

let dir = ''
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'event-context-'))
})
afterAll(() => {
  rmSync(dir, { recursive: true, force: true })
})

function eventFile(content: string): string {
  const file = path.join(dir, `event-${Math.random().toString(36).slice(2)}.json`)
  writeFileSync(file, content)
  return file
}

describe('readGitHubContext', () => {
  it('reads the runner variables and the event payload', () => {
    const ctx = readGitHubContext({
      GITHUB_EVENT_NAME: 'push',
      GITHUB_EVENT_PATH: fixture('push.branch.json'),
      GITHUB_SHA: '5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f',
      GITHUB_REF: 'refs/heads/release/2024-05',
      GITHUB_REF_NAME: 'release/2024-05',
      GITHUB_REF_TYPE: 'branch',
      GITHUB_SERVER_URL: 'https://github.acme.internal',
      GITHUB_API_URL: 'https://github.acme.internal/api/v3',
      GITHUB_REPOSITORY: 'acme/shop',
      GITHUB_RUN_ID: '9123456789',
      GITHUB_RUN_ATTEMPT: '2',
      GITHUB_JOB: 'deploy'
    })
    expect({ ...ctx, payload: undefined }).toEqual({
      eventName: 'push',
      payload: undefined,
      sha: '5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f',
      ref: 'refs/heads/release/2024-05',
      refName: 'release/2024-05',
      refType: 'branch',
      serverUrl: 'https://github.acme.internal',
      apiUrl: 'https://github.acme.internal/api/v3',
      repository: 'acme/shop',
      runId: '9123456789',
      runAttempt: '2',
      job: 'deploy'
    })
    expect(ctx.payload).toMatchObject({
      ref: 'refs/heads/release/2024-05',
      after: '5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f',
      repository: { full_name: 'acme/shop' }
    })
  })

  it('defaults to github.com and leaves unknown values empty', () =>
    expect(readGitHubContext({})).toEqual({
      eventName: '',
      payload: {},
      sha: '',
      ref: '',
      refName: '',
      refType: '',
      serverUrl: 'https://github.com',
      apiUrl: 'https://api.github.com',
      repository: '',
      runId: '',
      runAttempt: '',
      job: '',
      eventFileProblem: 'GITHUB_EVENT_PATH is not set, so there is no event file to read.'
    }))

  it('drops a trailing slash from the server and API URLs', () => {
    const ctx = readGitHubContext({
      GITHUB_SERVER_URL: 'https://ghes.example.com/',
      GITHUB_API_URL: 'https://ghes.example.com/api/v3/'
    })
    expect(ctx.serverUrl).toBe('https://ghes.example.com')
    expect(ctx.apiUrl).toBe('https://ghes.example.com/api/v3')
  })

  it('derives the ref name and type from GITHUB_REF when the runner does not set them', () => {
    expect(readGitHubContext({ GITHUB_REF: 'refs/heads/feature/x' })).toMatchObject({
      refName: 'feature/x',
      refType: 'branch'
    })
    expect(readGitHubContext({ GITHUB_REF: 'refs/tags/v1.0.0' })).toMatchObject({
      refName: 'v1.0.0',
      refType: 'tag'
    })
  })

  // prettier-ignore
  it.each([
    ['a missing file', () => path.join(dir, 'does-not-exist.json'), 'does not exist.'],
    ['a directory', () => dir, 'cannot be read (EISDIR).'],
    ['invalid JSON', () => eventFile('{"action": "opened",'), 'is not valid JSON.'],
    ['an empty file', () => eventFile(''), 'is empty.'],
    ['a blank file', () => eventFile(' \n'), 'is empty.'],
    ['a JSON array', () => eventFile('[{"action": "opened"}]'), 'holds a JSON array, not a JSON object.'],
    ['JSON null', () => eventFile('null'), 'holds null, not a JSON object.'],
    ['a JSON string', () => eventFile('"push"'), 'holds a JSON string, not a JSON object.']
  ])('reads %s as an empty payload, and names the file and what is wrong', (_, file, what) => {
    const at = file()
    const ctx = readGitHubContext({ GITHUB_EVENT_NAME: 'push', GITHUB_EVENT_PATH: at })
    expect(ctx.payload).toEqual({})
    expect(ctx.eventName).toBe('push')
    expect(ctx.eventFileProblem).toBe(`The event file ${at} (GITHUB_EVENT_PATH) ${what}`)
  })

  it('has no problem to name for an event file holding a JSON object, even an empty one', () => {
    const ctx = readGitHubContext({ GITHUB_EVENT_PATH: eventFile('{}') })
    expect(ctx.payload).toEqual({})
    expect(ctx).not.toHaveProperty('eventFileProblem')
  })
})
