// The workflow run's GitHub context, read from the runner's environment. This deliberately avoids
// @actions/github, which loads Octokit and slows every step's start-up.
import { readFileSync } from 'node:fs'
import { isRecord } from '../core/is-record.js'

export interface GitHubContext {
  eventName: string
  /** The webhook payload; {} when the event file is missing, unreadable or not a JSON object. */
  payload: Record<string, unknown>
  /** What is wrong with the event file (naming its path), when `payload` could not be read. */
  eventFileProblem?: string
  sha: string
  ref: string
  refName: string
  /** `branch`, `tag` or ''. */
  refType: string
  /** Without trailing slash, e.g. https://github.com or a GitHub Enterprise Server address. */
  serverUrl: string
  apiUrl: string
  /** owner/repo, or '' when unknown. */
  repository: string
  /** GITHUB_RUN_ID, GITHUB_RUN_ATTEMPT and GITHUB_JOB: which job of which run this is ('' unset). */
  runId?: string
  runAttempt?: string
  job?: string
}

export function readGitHubContext(env: NodeJS.ProcessEnv): GitHubContext {
  const ref = env.GITHUB_REF ?? ''
  const event = readPayload(env.GITHUB_EVENT_PATH)
  return {
    eventName: env.GITHUB_EVENT_NAME ?? '',
    ...event,
    sha: env.GITHUB_SHA ?? '',
    ref,
    refName: env.GITHUB_REF_NAME || refNameOf(ref),
    refType: env.GITHUB_REF_TYPE || refTypeOf(ref),
    serverUrl: withoutTrailingSlash(env.GITHUB_SERVER_URL || 'https://github.com'),
    apiUrl: withoutTrailingSlash(env.GITHUB_API_URL || 'https://api.github.com'),
    repository: env.GITHUB_REPOSITORY ?? '',
    runId: env.GITHUB_RUN_ID ?? '',
    runAttempt: env.GITHUB_RUN_ATTEMPT ?? '',
    job: env.GITHUB_JOB ?? ''
  }
}

type EventFile = { payload: Record<string, unknown>; eventFileProblem?: string }

// A missing or corrupt event file must not stop a step that can use explicit inputs, but it must
// be named: read as an empty event it would look like an event that says nothing (or "skip").
function readPayload(path: string | undefined): EventFile {
  const broken = (problem: string): EventFile => ({ payload: {}, eventFileProblem: problem })
  if (!path) return broken('GITHUB_EVENT_PATH is not set, so there is no event file to read.')
  const file = `The event file ${path} (GITHUB_EVENT_PATH)`
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    return broken(
      code === 'ENOENT' ? `${file} does not exist.` : `${file} cannot be read (${code ?? error}).`
    )
  }
  if (text.trim() === '') return broken(`${file} is empty.`)
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return broken(`${file} is not valid JSON.`)
  }
  if (isRecord(parsed)) return { payload: parsed }
  const kind = Array.isArray(parsed)
    ? 'a JSON array'
    : parsed === null
      ? 'null'
      : `a JSON ${typeof parsed}`
  return broken(`${file} holds ${kind}, not a JSON object.`)
}

// Older runners and local tools (act) may set GITHUB_REF without the derived variables.
function refNameOf(ref: string): string {
  return ref.replace(/^refs\/(heads|tags)\//, '')
}

function refTypeOf(ref: string): string {
  if (ref.startsWith('refs/heads/')) return 'branch'
  if (ref.startsWith('refs/tags/')) return 'tag'
  return ''
}

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '')
}
