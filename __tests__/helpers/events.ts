// The recorded webhook payloads in __tests__/fixtures/events, and the commits they name.
import { readFileSync } from 'node:fs'
import path from 'node:path'

export function loadEvent(name: string): Record<string, unknown> {
  const file = path.join(import.meta.dirname, '..', 'fixtures', 'events', `${name}.json`)
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>
}

/** The head commit of the pull request in pull_request.opened.json. */
export const PR_HEAD_SHA = '8f3e1c2a9b7d4e6f0a1b2c3d4e5f60718293a4b5'

/** The deployed commit in deployment_status.success.json. */
export const DEPLOYED_SHA = '4b825dc642cb6eb9a060e54bf8d69288fbee4904'
