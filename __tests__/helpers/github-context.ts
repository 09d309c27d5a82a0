// What a unit test hands to the modules that run a route: the GitHub context (a push to main of
// acme/shop on github.com unless `extra` says otherwise), and a route's fake dependencies.
import type { GitHubContext } from '../../src/kernel/event.js'
import type { ServiceClient } from '../../src/kernel/service.js'
import { FakeClock } from './fake-clock.js'

export function githubContext(extra: Partial<GitHubContext> = {}): GitHubContext {
  return {
    eventName: 'push',
    payload: {},
    sha: '0123456789abcdef0123456789abcdef01234567',
    ref: 'refs/heads/main',
    refName: 'main',
    refType: 'branch',
    serverUrl: 'https://github.com',
    apiUrl: 'https://api.github.com',
    repository: 'acme/shop',
    ...extra
  }
}

/**
 * A route's dependencies on a fake clock: a service whose POSTs are kept in `sent` and answered in
 * turn by `answers` (an Error is thrown), dated Tue, 01 Oct 2024 10:00:00 GMT; the lines it logs
 * and the titles of its warnings are kept.
 */
export function fakeRouteDeps(answers: unknown[], context = githubContext()) {
  const [sent, lines, titles]: [unknown[], string[], string[]] = [[], [], []]
  const post = async (body: unknown, _signal: unknown, onDate?: (date: string) => void) => {
    sent.push(body)
    onDate?.('Tue, 01 Oct 2024 10:00:00 GMT')
    const answer = answers.shift()
    if (answer instanceof Error) throw answer
    return answer
  }
  const posts = ['notifyDeploySuccess', 'reportDeploymentStatus', 'terminateEnvironment']
  const deps = {
    client: Object.fromEntries(posts.map(name => [name, post])) as unknown as ServiceClient,
    clock: new FakeClock(),
    random: () => 0,
    signal: new AbortController().signal,
    env: {},
    context,
    log: (line: string) => void lines.push(line),
    warn: (line: string, title: string) => {
      lines.push(line)
      titles.push(title)
    }
  }
  return { deps, sent, lines, titles }
}
