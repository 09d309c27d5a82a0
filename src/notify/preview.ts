// A preview (`ephemeral-environment: true`) must be told apart from every other preview: QA Wolf's
// docs warn that a per-pull-request name with a static URL (or the reverse) "fails silently ... a
// green run for code that was never exercised". These checks warn, on every route, when the
// environment's name or the URL carries no per-deployment part: the pull request number, the
// commit or the branch. A part counts only as whole words of one host label or one path segment,
// so the branch `web` is not found inside `webshop`. Without a pull request event, a number named
// as a pull request's (`pr-7`) counts: there is nothing to compare it with. Pure.
import { displayUrl } from '../core/urls.js'
import type { NotifySettings } from '../inputs/settings.js'
import type { DeploymentFacts } from './payload.js'
import type { LogLine } from './route.js'

const TITLE_URL = 'Preview URL not per deployment'
const TITLE_NAME = 'Preview environment not per pull request'

/**
 * What the user should fix about a preview (`ephemeral-environment: true`) that is not told apart
 * from the others: its URL, and the environment's name when the route sends one. None for any
 * other deployment.
 */
export function previewWarnings(
  settings: Pick<NotifySettings, 'ephemeralEnvironment'>,
  facts: DeploymentFacts,
  name?: string
): LogLine[] {
  if (settings.ephemeralEnvironment !== true) return []
  const url = facts.deploymentUrl
  const warnings = [
    url === undefined ? undefined : previewUrlWarning(url, facts),
    name === undefined ? undefined : previewNameWarning(name, facts)
  ]
  return warnings.filter(warning => warning !== undefined)
}

/** The warning for a preview URL with no per-deployment part, or undefined. */
function previewUrlWarning(url: string, facts: DeploymentFacts): LogLine | undefined {
  if (urlHasDiscriminator(url, facts)) return undefined
  return {
    kind: 'warning',
    title: TITLE_URL,
    message: `The preview URL ${displayUrl(url)} names no pull request number, commit or branch. QA Wolf's docs warn that previews with a static URL fail silently: a green run for code that was never exercised. Give each preview its own URL.`
  }
}

/** The warning for a preview environment whose name has no per-pull-request part, or undefined. */
function previewNameWarning(name: string, facts: DeploymentFacts): LogLine | undefined {
  if (hasDiscriminator([name], facts)) return undefined
  return {
    kind: 'warning',
    title: TITLE_NAME,
    message: `The preview environment's name names no pull request number, commit or branch, so every pull request's preview is one environment in QA Wolf, and a run may test another pull request's code. Name it per pull request, e.g. pr-${facts.pullRequestNumber ?? '<number>'}.`
  }
}

/** Whether the URL's host labels or path segments carry a per-deployment part. */
export function urlHasDiscriminator(url: string, facts: DeploymentFacts): boolean {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return false
  }
  const pieces = [
    ...parsed.hostname.split('.'),
    ...parsed.pathname.split('/').map(segment => safeDecode(segment))
  ]
  return hasDiscriminator(pieces, facts)
}

/** Whether one of `pieces` (a label, a segment, a name) holds the number, the commit or the branch. */
function hasDiscriminator(pieces: readonly string[], facts: DeploymentFacts): boolean {
  const words = pieces.map(piece => wordsOf(piece)).filter(list => list.length > 0)
  const pr = facts.pullRequestNumber
  // A number may follow letters in one word: `pr42` names pull request 42.
  if (
    pr !== undefined &&
    words.some(list => list.some(word => new RegExp(`^[a-z]*${pr}$`).test(word)))
  ) {
    return true
  }
  // Without a pull request event no number is known to compare with, and `pr-8` is what the
  // warning itself asks for: a number named as a pull request's counts.
  if (pr === undefined && words.some(list => list.some((_, i) => namesPullRequest(list, i)))) {
    return true
  }
  const sha = facts.sha?.toLowerCase()
  if (
    sha !== undefined &&
    sha.length >= 7 &&
    words.some(list => list.some(word => word.length >= 7 && sha.startsWith(word)))
  ) {
    return true
  }
  const branch = facts.branch === undefined ? [] : wordsOf(facts.branch)
  return branch.length > 0 && words.some(list => containsRun(list, branch))
}

/** `pr7`, `mr7`, or a number right after `pr`, `pull`, `mr` or `preview` (`pr-7`, `preview-7`). */
function namesPullRequest(words: readonly string[], index: number): boolean {
  const word = words[index] ?? ''
  if (/^(pr|mr)[0-9]+$/.test(word)) return true
  return /^[0-9]+$/.test(word) && ['pr', 'pull', 'mr', 'preview'].includes(words[index - 1] ?? '')
}

function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(word => word !== '')
}

/** Whether `run` appears in `list` as consecutive whole words. */
function containsRun(list: readonly string[], run: readonly string[]): boolean {
  for (let start = 0; start + run.length <= list.length; start++) {
    if (run.every((word, i) => list[start + i] === word)) return true
  }
  return false
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}
