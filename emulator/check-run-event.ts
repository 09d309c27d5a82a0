// The `check_run` webhook payload GitHub sends when a check run changes, for a check run the
// emulator holds: what a workflow started by `on: check_run` finds in its event file. Shaped as
// GitHub's published webhook schema describes it (a test validates it against
// @octokit/webhooks-schemas), with whole-second timestamps as GitHub sends them.
import { createHash } from 'node:crypto'

const API = 'https://api.github.com'
const WEB = 'https://github.com'
const CREATED = '2026-01-05T09:00:00Z'

export interface CheckRunEventOptions {
  /** `check_suite.head_branch`: a pull request's, a fork's or a merge queue's branch; null: none. */
  headBranch?: string | null
}

/** A check run as the REST API lists it (github.ts's `checkRunJson`): the webhook's starting point. */
export interface RestCheckRun {
  id: number
  head_sha: string
  name: string
  status: string
  conclusion: string | null
  started_at: string
  completed_at: string | null
  details_url: string | null
  html_url: string
  output: Record<string, unknown>
  app: { id: number; slug: string; name: string; [field: string]: unknown }
  [field: string]: unknown
}

/** The event of a check run (`completed`, else `created`) from the app's bot, on a repository whose default branch is `main`. */
export function checkRunEvent(
  run: RestCheckRun,
  repository: string,
  options: CheckRunEventOptions = {}
): Record<string, unknown> {
  const app = appJson(run.app)
  const suiteId = numericId(`suite:${repository}:${run.head_sha}:${run.app.slug}`)
  const completed = run.status === 'completed'
  const checkRun: Record<string, unknown> = {
    id: run.id,
    head_sha: run.head_sha,
    external_id: '',
    url: `${API}/repos/${repository}/check-runs/${run.id}`,
    html_url: run.html_url,
    status: run.status,
    conclusion: completed ? run.conclusion : null,
    started_at: wholeSeconds(run.started_at),
    completed_at: completed && run.completed_at !== null ? wholeSeconds(run.completed_at) : null,
    output: {
      title: run.output['title'] ?? null,
      summary: run.output['summary'] ?? null,
      text: null,
      annotations_count: 0,
      annotations_url: `${API}/repos/${repository}/check-runs/${run.id}/annotations`
    },
    name: run.name,
    check_suite: {
      id: suiteId,
      head_branch: options.headBranch === undefined ? 'main' : options.headBranch,
      head_sha: run.head_sha,
      status: completed ? 'completed' : 'in_progress',
      conclusion: completed ? run.conclusion : null,
      url: `${API}/repos/${repository}/check-suites/${suiteId}`,
      before: null,
      after: run.head_sha,
      pull_requests: [],
      app,
      created_at: wholeSeconds(run.started_at),
      updated_at: wholeSeconds(run.completed_at ?? run.started_at)
    },
    app,
    pull_requests: []
  }
  if (run.details_url !== null) checkRun['details_url'] = run.details_url
  return {
    // GitHub sends `completed` for a completed check run only.
    action: completed ? 'completed' : 'created',
    check_run: checkRun,
    repository: repositoryJson(repository),
    sender: userJson(`${run.app.slug}[bot]`, 'Bot')
  }
}

/** GitHub's timestamps carry whole seconds: `2026-11-26T12:00:00Z`. */
export function wholeSeconds(iso: string): string {
  const ms = Date.parse(iso)
  return Number.isNaN(ms) ? iso : new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z')
}

function appJson(app: { id: number; slug: string; name: string }): Record<string, unknown> {
  return {
    id: app.id,
    slug: app.slug,
    node_id: `A_${app.id}`,
    owner: userJson(app.slug === 'github-actions' ? 'github' : app.slug, 'Organization'),
    name: app.name,
    description: '',
    external_url: `https://${app.slug}.example.com`,
    html_url: `${WEB}/apps/${app.slug}`,
    created_at: CREATED,
    updated_at: CREATED
  }
}

function userJson(login: string, type: 'User' | 'Organization' | 'Bot'): Record<string, unknown> {
  const id = numericId(`user:${login}`)
  // A bot's login has brackets (`qawolf[bot]`), which a URL carries encoded.
  const path = encodeURIComponent(login)
  const url = `${API}/users/${path}`
  return {
    login,
    id,
    node_id: `U_${id}`,
    avatar_url: `https://avatars.githubusercontent.com/u/${id}?v=4`,
    gravatar_id: '',
    url,
    html_url: `${WEB}/${path}`,
    followers_url: `${url}/followers`,
    following_url: `${url}/following{/other_user}`,
    gists_url: `${url}/gists{/gist_id}`,
    starred_url: `${url}/starred{/owner}{/repo}`,
    subscriptions_url: `${url}/subscriptions`,
    organizations_url: `${url}/orgs`,
    repos_url: `${url}/repos`,
    events_url: `${url}/events{/privacy}`,
    received_events_url: `${url}/received_events`,
    type,
    site_admin: false
  }
}

const REPOSITORY_URLS: Readonly<Record<string, string>> = {
  forks_url: '/forks',
  keys_url: '/keys{/key_id}',
  collaborators_url: '/collaborators{/collaborator}',
  teams_url: '/teams',
  hooks_url: '/hooks',
  issue_events_url: '/issues/events{/number}',
  events_url: '/events',
  assignees_url: '/assignees{/user}',
  branches_url: '/branches{/branch}',
  tags_url: '/tags',
  blobs_url: '/git/blobs{/sha}',
  git_tags_url: '/git/tags{/sha}',
  git_refs_url: '/git/refs{/sha}',
  trees_url: '/git/trees{/sha}',
  statuses_url: '/statuses/{sha}',
  languages_url: '/languages',
  stargazers_url: '/stargazers',
  contributors_url: '/contributors',
  subscribers_url: '/subscribers',
  subscription_url: '/subscription',
  commits_url: '/commits{/sha}',
  git_commits_url: '/git/commits{/sha}',
  comments_url: '/comments{/number}',
  issue_comment_url: '/issues/comments{/number}',
  contents_url: '/contents/{+path}',
  compare_url: '/compare/{base}...{head}',
  merges_url: '/merges',
  archive_url: '/{archive_format}{/ref}',
  downloads_url: '/downloads',
  issues_url: '/issues{/number}',
  pulls_url: '/pulls{/number}',
  milestones_url: '/milestones{/number}',
  notifications_url: '/notifications{?since,all,participating}',
  labels_url: '/labels{/name}',
  releases_url: '/releases{/id}',
  deployments_url: '/deployments'
}

function repositoryJson(repository: string): Record<string, unknown> {
  const [owner = 'acme', name = 'shop'] = repository.split('/')
  const id = numericId(`repository:${repository}`)
  const url = `${API}/repos/${repository}`
  return {
    id,
    node_id: `R_${id}`,
    name,
    full_name: repository,
    private: false,
    owner: userJson(owner, 'Organization'),
    html_url: `${WEB}/${repository}`,
    description: null,
    fork: false,
    url,
    ...Object.fromEntries(Object.entries(REPOSITORY_URLS).map(([key, path]) => [key, url + path])),
    created_at: CREATED,
    updated_at: CREATED,
    pushed_at: CREATED,
    git_url: `git://github.com/${repository}.git`,
    ssh_url: `git@github.com:${repository}.git`,
    clone_url: `${WEB}/${repository}.git`,
    svn_url: `${WEB}/${repository}`,
    homepage: null,
    size: 0,
    stargazers_count: 0,
    watchers_count: 0,
    language: 'TypeScript',
    has_issues: true,
    has_projects: true,
    has_downloads: true,
    has_wiki: true,
    has_pages: false,
    forks_count: 0,
    mirror_url: null,
    archived: false,
    disabled: false,
    open_issues_count: 0,
    license: null,
    forks: 0,
    open_issues: 0,
    watchers: 0,
    default_branch: 'main',
    is_template: false,
    topics: [],
    visibility: 'public',
    web_commit_signoff_required: false,
    custom_properties: {}
  }
}

export function numericId(text: string): number {
  return 1000 + (createHash('sha1').update(text).digest().readUInt32BE(0) % 900_000_000)
}
