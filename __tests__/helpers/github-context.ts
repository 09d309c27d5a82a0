// The GitHub context a unit test hands to the pure modules: a push to main of acme/shop on
// github.com unless `extra` says otherwise.
import type { GitHubContext } from '../../src/kernel/event.js'

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
