// A scripted GitHub for the check gate's behaviour tests: the check-runs list answers request n
// (0-based) with `script(n, req)`; the reads of the `check_run` gate's commit rule (the repository,
// its `main` branch) are answered as GitHub would, outside the script, `main`'s tip being the
// commit of the `check_run` event fixture.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { loadEvent, tinyServer } from './e2e.js'
import { REPO } from './check-fixtures.js'
import type { TinyServer } from './tiny-server.js'

/** `text`, when given, is sent as it is instead of `body` as JSON. */
export type Page = {
  status?: number
  body?: unknown
  text?: string
  headers?: Record<string, string>
}

/** The tip of `main` in the scripted GitHub: the commit of the check_run event fixture. */
export const MAIN_TIP = (loadEvent('check_run.completed')['check_run'] as { head_sha: string })
  .head_sha

/** GitHub's answer to the read of `main`: its tip is MAIN_TIP. */
export const MAIN_BRANCH: Page = { body: { name: 'main', commit: { sha: MAIN_TIP } } }

/** `branch` answers read n (0-based) of `main`, `repository` each read of the repository. */
export async function scriptedGitHub(
  script: (n: number, req: IncomingMessage) => Page,
  branch: (n: number) => Page = () => MAIN_BRANCH,
  repository: Page = { body: { full_name: REPO, default_branch: 'main' } }
): Promise<TinyServer> {
  const server = await tinyServer()
  let n = 0
  let branchReads = 0
  server.handle = (req, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    const page =
      path === `/repos/${REPO}`
        ? repository
        : path === `/repos/${REPO}/branches/main`
          ? branch(branchReads++)
          : script(n++, req)
    const status = page.status ?? 200
    res.writeHead(status, { 'content-type': 'application/json', ...page.headers })
    res.end(status === 304 ? undefined : (page.text ?? JSON.stringify(page.body ?? {})))
  }
  return server
}

/** A page of the check-runs list. */
export function list(runs: unknown[], headers: Record<string, string> = {}): Page {
  return { body: { total_count: runs.length, check_runs: runs }, headers }
}

/** The reads of the check-runs list, not of the branch. */
export function checkRunReads(server: TinyServer): TinyServer['requests'] {
  return server.requests.filter(r => r.target.includes('/check-runs'))
}
