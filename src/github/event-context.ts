// The workflow run's GitHub context, read from the runner's environment. This deliberately avoids
// @actions/github, which loads Octokit and slows every step's start-up.
import { readFileSync } from 'node:fs'

export interface GitHubContext {
  eventName: string
  /** The webhook payload; {} when the event file is missing, unreadable or not a JSON object. */
  payload: Record<string, unknown>
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
}

export function readGitHubContext(env: NodeJS.ProcessEnv): GitHubContext {
  const ref = env.GITHUB_REF ?? ''
  return {
    eventName: env.GITHUB_EVENT_NAME ?? '',
    payload: readPayload(env.GITHUB_EVENT_PATH),
    sha: env.GITHUB_SHA ?? '',
    ref,
    refName: env.GITHUB_REF_NAME || refNameOf(ref),
    refType: env.GITHUB_REF_TYPE || refTypeOf(ref),
    serverUrl: withoutTrailingSlash(env.GITHUB_SERVER_URL || 'https://github.com'),
    apiUrl: withoutTrailingSlash(env.GITHUB_API_URL || 'https://api.github.com'),
    repository: env.GITHUB_REPOSITORY ?? ''
  }
}

function readPayload(path: string | undefined): Record<string, unknown> {
  if (!path) return {}
  try {
    const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'))
    return isRecord(parsed) ? parsed : {}
  } catch {
    // A missing or corrupt event file must not stop a step that can use explicit inputs.
    return {}
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
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
