// The check runs that are on a commit whatever their name, as a step that waits for a check that
// never comes names them: a mistyped `check-name` or `check-app` then shows itself. They inform
// and never decide (check-selection.ts decides what counts). Pure.
import { isRecord } from '../core/is-record.js'
import { nonBlankText, plainText } from '../kernel/text.js'

/** A name and an app are shown up to this length: they are outside text. */
const MAX_NAME_CHARS = 50
/** Names beyond this many are counted, not listed. */
export const MAX_CHECK_NAMES = 6

/** The check the step waits for (`check-name`, `check-app`; '' for any app but GitHub Actions). */
export interface WantedCheck {
  name: string
  app: string
}

/** One check run's name and the slug of the app that posted it, fit to show. */
export interface CheckRunName {
  name: string
  app: string
}

/** What an unfiltered read of the commit's check runs showed. */
export interface CheckNames {
  /** Distinct name and app pairs, in GitHub's order, at most MAX_CHECK_NAMES. */
  listed: CheckRunName[]
  /** Distinct pairs left out. */
  more: number
  /** The nearest listed check to the wanted one, when the wanted one is not listed as such. */
  nearest?: { input: 'check-name' | 'check-app'; value: string }
}

/** The check runs of `raw` (GitHub's objects) by name and app; one without either is skipped. */
export function checkNamesOf(raw: readonly unknown[], rules: WantedCheck): CheckNames {
  const seen = new Map<string, CheckRunName>()
  for (const item of raw) {
    if (!isRecord(item)) continue
    const name = nonBlankText(item['name'])
    const app = isRecord(item['app']) ? nonBlankText(item['app']['slug']) : undefined
    if (name === undefined || app === undefined) continue
    const pair = { name, app: app.toLowerCase() }
    seen.set(JSON.stringify(pair), pair)
  }
  const all = [...seen.values()]
  const nearest = nearestCheck(all, rules)
  const listed = all.slice(0, MAX_CHECK_NAMES).map(({ name, app }) => ({
    name: plainText(name, MAX_NAME_CHARS),
    app: plainText(app, MAX_NAME_CHARS)
  }))
  return { listed, more: all.length - listed.length, ...(nearest === undefined ? {} : { nearest }) }
}

/**
 * The value the user probably meant: a name that differs from `check-name` only in case, spaces,
 * hyphens or underscores, or by a typo or two; else, for the exact name, the app that posted it
 * when `check-app` names another one.
 */
function nearestCheck(
  all: readonly CheckRunName[],
  rules: WantedCheck
): CheckNames['nearest'] | undefined {
  if (all.some(run => run.name === rules.name)) {
    // The name is right: perhaps check-app is not (a GitHub Actions placeholder is never meant).
    const exact = all.filter(run => run.name === rules.name && run.app !== 'github-actions')
    const first = exact[0]
    if (rules.app === '' || first === undefined || exact.some(run => run.app === rules.app)) {
      return undefined
    }
    return { input: 'check-app', value: plainText(first.app, MAX_NAME_CHARS) }
  }
  const wanted = folded(rules.name)
  let best: { name: string; distance: number } | undefined
  for (const { name } of all) {
    const distance =
      folded(name) === wanted ? 0 : editDistance(name.toLowerCase(), rules.name.toLowerCase())
    if (best === undefined || distance < best.distance) best = { name, distance }
  }
  if (best === undefined) return undefined
  const allowed = Math.min(3, Math.floor(rules.name.length / 5))
  return best.distance <= allowed
    ? { input: 'check-name', value: plainText(best.name, MAX_NAME_CHARS) }
    : undefined
}

function folded(name: string): string {
  return name.toLowerCase().replace(/[\s_-]+/g, '')
}

/** Levenshtein distance, bounded: names longer than 200 characters are not compared. */
function editDistance(a: string, b: string): number {
  if (a.length > 200 || b.length > 200) return Number.POSITIVE_INFINITY
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      current[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost
      )
    }
    previous = current
  }
  return previous[b.length] ?? Number.POSITIVE_INFINITY
}
