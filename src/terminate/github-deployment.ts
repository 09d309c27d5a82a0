// `via: github-deployment`: an `inactive` status on every live GitHub deployment of the environment
// (GitHub shows a transient one as destroyed; QA Wolf's GitHub App reads the statuses). Never a
// live preview reported closed: an answer that cannot be read fails the step. Every page is listed
// first, then each deployment is read once, newest first, one request at a time (as GitHub asks of
// integrations); a run its budget or a cancellation ends names what it marked and what it did not.
import { isRecord } from '../kernel/values.js'
import { plural } from '../kernel/text.js'
import { DEPLOYMENTS_WRITE, tryGitHub } from '../kernel/github.js'
import type { CurrentPathTerminateSettings } from '../kernel/settings.js'
import { endedWith, type Close } from './route.js'

/** The newest status's states under which a deployment is over; any other, even unknown, is live. */
const OVER = new Set(['inactive', 'error', 'failure'])
/** Hundreds of deployments take minutes at GitHub's pace; a hung API must still end the step. */
const BUDGET_MS = 180_000
const NAMED_IDS = 20
const LINES = {
  terminated: '✅ **Closed:** its active GitHub deployments are marked inactive.',
  'already-terminated': '⚠️ **Already closed:** none of its GitHub deployments is active.',
  'not-found': '⚠️ **Not found:** GitHub has no deployment of this environment; nothing to do.',
  failed: '⛔ **Not closed:** marking its GitHub deployments inactive failed.'
}

class Unreadable extends Error {}

export const close: Close<CurrentPathTerminateSettings> = async (settings, deps) => {
  const name = settings.environmentName
  const [owner, repo] = deps.context.repository.split('/')
  const end = endedWith(LINES, name, 'Preview environment not closed now')
  if (!owner || !repo) {
    return end(
      'failed',
      'the repository is unknown (GITHUB_REPOSITORY is not owner/name), so its deployments cannot be read.'
    )
  }
  deps.log(
    `Marking every active GitHub deployment of environment ${name} in ${owner}/${repo} inactive.`
  )
  // So far: the pages listed, and how many of `listed` were read (marked, or not live).
  const [listed, marked]: [number[], number[]] = [[], []]
  let [pages, listedAll, done] = [0, false, 0]
  const failure = await tryGitHub(
    { ...deps, token: settings.githubToken, apiUrl: deps.context.apiUrl },
    async (octokit, signal) => {
      const where = { owner, repo, request: { signal } }
      const what = `the deployments of environment ${name}`
      // Page numbers, never the Link header's URL (github.ts keeps the token on GITHUB_API_URL).
      while (!listedAll) {
        const query = { ...where, environment: name, per_page: 100, page: pages + 1 }
        const answer = await octokit.rest.repos.listDeployments(query)
        const found = listOf(answer.data, what).map(item => (isRecord(item) ? item : {}))
        if (found.some(fields => typeof fields['id'] !== 'number')) {
          throw new Unreadable(`${what} (one has no ID)`)
        }
        // GitHub filters by environment; a deployment of another one is never touched.
        const mine = found.filter(fields => fields['environment'] === name)
        const fresh = mine.map(f => f['id'] as number).filter(id => !listed.includes(id))
        listed.push(...fresh)
        pages++
        listedAll = fresh.length === 0 || !/rel="next"/.test(answer.headers.link ?? '')
      }
      for (const id of listed) {
        // The newest status decides: the highest ID on any page (GitHub documents no order).
        const [states, statuses] = [new Map<number, string>(), `the statuses of deployment ${id}`]
        for (let [page, more] = [1, true]; more; page++) {
          const query = { ...where, deployment_id: id, per_page: 100, page }
          const answer = await octokit.rest.repos.listDeploymentStatuses(query)
          const known = states.size
          for (const status of listOf(answer.data, statuses)) {
            const { id: statusId, state }: Record<string, unknown> = isRecord(status) ? status : {}
            if (typeof statusId !== 'number' || typeof state !== 'string') {
              throw new Unreadable(`${statuses} (one has no ID or no state)`)
            }
            states.set(statusId, state)
          }
          more = states.size > known && /rel="next"/.test(answer.headers.link ?? '')
        }
        const newest = states.get(Math.max(...states.keys()))
        if (newest !== undefined && !OVER.has(newest)) {
          await octokit.rest.repos.createDeploymentStatus({
            ...where,
            deployment_id: id,
            state: 'inactive',
            description: 'Environment closed; marked by qa-greenlight'
          })
          marked.push(id)
        }
        done++
      }
    },
    error => ({
      cancelled: 'the job was cancelled while deployments were being marked.',
      timedOut: within => `GitHub did not answer within ${within}.`,
      said:
        error instanceof Unreadable
          ? `GitHub answered, but the step could not read ${error.message}, so whether a deployment is still live is unknown.`
          : undefined,
      what: listedAll
        ? `GitHub did not mark deployment ${listed[done]} inactive`
        : `GitHub did not list the deployments of environment ${name}`,
      advice: {
        403: listedAll
          ? DEPLOYMENTS_WRITE
          : 'The token needs the deployments: read permission (deployments: write to mark them): add "permissions: deployments: write" to the job.',
        404: "The repository was not found, or the token cannot see it: check 'github-token'."
      },
      rateLimited: 'run the job again once the wait has passed.'
    }),
    BUDGET_MS
  )
  if (failure !== undefined) {
    const ids = (list: number[]): string =>
      `${list.slice(0, NAMED_IDS).join(', ')}${list.length > NAMED_IDS ? ` and ${list.length - NAMED_IDS} more` : ''}`
    const left = listed.slice(done)
    const parts = [
      `marked inactive: ${marked.length > 0 ? ids(marked) : 'none'}`,
      left.length > 0 && `not marked: ${ids(left)} (live or not read yet)`,
      !listedAll && `the list was read to page ${pages} only`
    ].filter(Boolean)
    const rest = ` Deployments ${parts.join('; ')}. Running the step again marks the rest.`
    return end('failed', `${failure}${pages === 0 ? '' : rest}`)
  }
  if (marked.length > 0) {
    return end(
      'terminated',
      `GitHub ${plural(marked.length, 'deployment')} of environment ${name} marked inactive (${marked.join(', ')}); QA Wolf's GitHub App reads the statuses, and GitHub shows a transient deployment as destroyed.`
    )
  }
  return listed.length > 0
    ? end(
        'already-terminated',
        `No GitHub deployment of environment ${name} is active (${plural(listed.length, 'deployment')}, none live); nothing to do.`
      )
    : end(
        'not-found',
        `GitHub has no deployment of environment ${name} in ${owner}/${repo}; nothing to do. Check 'environment': it must be the name notify reported.`
      )
}

function listOf(data: unknown, what: string): unknown[] {
  if (Array.isArray(data)) return data
  const kind = data === null ? 'null' : typeof data === 'string' ? 'text' : `a ${typeof data}`
  throw new Unreadable(
    `${what} (the answer is ${kind.replace('a object', 'an object')}, not a list)`
  )
}
