// The parts of GitHub's REST API the action uses (point GITHUB_API_URL at the emulator), with
// ETags (a 304 costs no rate limit), `x-ratelimit-*` headers and `Link` pagination. Tests change
// it through the Emulator object, not through routes.
import { createHash } from 'node:crypto'
import type { GitHubConfig, CheckTemplate, PresetCheckRun } from './config.js'
import { isObject, type Answer } from './http.js'
import { CommitGraph } from './commits.js'
import {
  checkRunEvent,
  wholeSeconds,
  type CheckRunEventOptions,
  type RestCheckRun
} from './check-run-event.js'

export const GITHUB_PATH = /^\/(repos\/[^/]+\/[^/]+(\/|$)|user$|graphql$)/

export interface EmulatedCheckRun {
  id: number
  repository: string
  headSha: string
  name: string
  app: string
  status: 'queued' | 'in_progress' | 'completed'
  conclusion: string | null
  startedAt: string
  completedAt: string | null
  suite: number
  title?: string
  summary?: string
  detailsUrl?: string
}

interface PendingResult {
  repository: string
  sha: string
  template: CheckTemplate
  polls: number
  startedAtMs: number
  progress: EmulatedCheckRun
}

export interface EmulatedDeployment {
  id: number
  repository: string
  sha: string
  ref: string
  environment: string
  request: unknown
  statuses: unknown[]
}

export interface EmulatedComment {
  id: number
  repository: string
  issueNumber: number
  body: string
  login: string
}

const RATE_LIMIT = 5000
const DEFAULT_APP = 'qawolf'
const DEFAULT_PER_PAGE = 30
const MAX_PER_PAGE = 100

export interface NotifiedCommit {
  repository: string | undefined
  sha: string | undefined
  environment: string | undefined
}

export class EmulatedGitHub {
  readonly checkRuns: EmulatedCheckRun[] = []
  readonly deployments: EmulatedDeployment[] = []
  readonly comments: EmulatedComment[] = []
  readonly commits: CommitGraph
  /** Answer every GitHub request with this status (e.g. 403 for a token without permission). */
  refuseWith: number | undefined
  private readonly pending: PendingResult[] = []
  private nextId = 7000
  private remaining: number
  private readonly limit: number
  private readonly app: string

  constructor(
    private readonly config: GitHubConfig,
    private readonly clock: () => number,
    private readonly publicUrl: () => string
  ) {
    this.app = config.app ?? DEFAULT_APP
    this.limit = config.rateLimit ?? RATE_LIMIT
    this.remaining = this.limit
    this.refuseWith = config.refuse
    this.commits = new CommitGraph(config)
    for (const preset of config.checkRuns ?? []) this.addCheckRun(preset)
  }

  addCheckRun(preset: PresetCheckRun): EmulatedCheckRun {
    const status = preset.status ?? 'completed'
    const run: EmulatedCheckRun = {
      id: this.nextId++,
      repository: preset.repository,
      headSha: preset.sha.toLowerCase(),
      name: preset.name ?? 'QA Wolf Test Results',
      app: preset.app ?? this.app,
      status,
      conclusion: status === 'completed' ? (preset.conclusion ?? 'success') : null,
      startedAt: preset.startedAt ?? isoAt(this.clock()),
      completedAt: status === 'completed' ? isoAt(this.clock()) : null,
      suite: preset.suite ?? appIdOf(preset.app ?? this.app) * 10,
      ...(preset.title === undefined ? {} : { title: preset.title }),
      ...(preset.summary === undefined ? {} : { summary: preset.summary }),
      ...(preset.detailsUrl === undefined ? {} : { detailsUrl: preset.detailsUrl })
    }
    this.checkRuns.push(run)
    this.commits.heardOf(run.repository, run.headSha)
    return run
  }

  checkRunEvent(
    run: EmulatedCheckRun,
    options: CheckRunEventOptions = {}
  ): Record<string, unknown> {
    return checkRunEvent(this.checkRunJson(run) as RestCheckRun, run.repository, {
      defaultBranch: this.commits.defaultBranch,
      ...options
    })
  }

  /**
   * A deployment was reported on some route: with the repository connected, QA Wolf's App posts
   * "QA Wolf Test Run" at once and "QA Wolf Test Results" when the run ends (the check template
   * for the environment says how it ends and when).
   */
  notified(commit: NotifiedCommit): void {
    const { repository, sha } = commit
    if (repository === undefined || sha === undefined) return
    this.commits.heardOf(repository, sha)
    if (!(this.config.connected ?? []).includes(repository)) return
    const templates = this.config.checks ?? [{ conclusion: 'success' }]
    // A trailing `*` matches a family of environments, e.g. `pr-*` for every preview.
    const matches = (pattern: string, name = ''): boolean =>
      pattern.endsWith('*') ? name.startsWith(pattern.slice(0, -1)) : pattern === name
    const template =
      templates.find(
        t => t.environment !== undefined && matches(t.environment, commit.environment)
      ) ?? templates.find(t => t.environment === undefined)
    if (template === undefined) return
    const now = this.clock()
    const progress = this.addCheckRun({
      repository,
      sha,
      name: 'QA Wolf Test Run',
      status: 'in_progress',
      startedAt: isoAt(now),
      title: 'Testing',
      summary: 'QA Wolf is testing this deployment.'
    })
    this.pending.push({
      repository,
      sha: sha.toLowerCase(),
      template,
      polls: 0,
      startedAtMs: now,
      progress
    })
    this.settle()
  }

  private settle(): void {
    const now = this.clock()
    for (const run of [...this.pending]) {
      const { template } = run
      const ended =
        template.afterMs !== undefined
          ? now >= run.startedAtMs + template.afterMs
          : run.polls >= (template.afterPolls ?? 1)
      if (!ended) continue
      this.pending.splice(this.pending.indexOf(run), 1)
      const completedAt = isoAt(now)
      Object.assign(run.progress, { status: 'completed', conclusion: 'success', completedAt })
      this.addCheckRun({
        repository: run.repository,
        sha: run.sha,
        name: 'QA Wolf Test Results',
        status: 'completed',
        conclusion: template.conclusion,
        startedAt: isoAt(run.startedAtMs),
        title: template.title ?? RESULT_TITLES[template.conclusion] ?? 'QA Wolf test results',
        summary: template.summary ?? 'See the run in QA Wolf for the details.',
        detailsUrl: template.detailsUrl ?? `${this.publicUrl()}/runs/check-${run.progress.id}`
      })
    }
  }

  answer(
    method: string,
    path: string,
    url: URL,
    headers: Record<string, string | undefined>,
    json: unknown
  ): Answer {
    if (this.refuseWith !== undefined) {
      return gitHubError(
        this.refuseWith,
        this.refuseWith === 403 ? 'Resource not accessible by integration' : 'Failure'
      )
    }
    if (headers['authorization'] === undefined) return gitHubError(401, 'Requires authentication')
    if (path === '/user' && method === 'GET') {
      const login = this.config.tokenLogin
      return login === undefined
        ? gitHubError(403, 'Resource not accessible by integration')
        : this.json(200, { login, type: 'User' })
    }
    if (path === '/graphql' && method === 'POST') {
      return this.json(200, {
        data: { viewer: { login: this.config.tokenLogin ?? 'github-actions[bot]' } }
      })
    }
    let m = /^\/repos\/([^/]+)\/([^/]+)\/commits\/([^/]+)\/check-runs$/.exec(path)
    if (m && method === 'GET')
      return this.listCheckRuns(`${m[1]}/${m[2]}`, m[3] ?? '', url, headers)
    m = /^\/repos\/([^/]+)\/([^/]+)\/deployments$/.exec(path)
    if (m && method === 'POST') return this.createDeployment(`${m[1]}/${m[2]}`, json)
    if (m && method === 'GET') return this.listDeployments(`${m[1]}/${m[2]}`, url)
    m = /^\/repos\/([^/]+)\/([^/]+)\/deployments\/(\d+)\/statuses$/.exec(path)
    if (m && method === 'POST') return this.createStatus(Number(m[3]), json)
    if (m && method === 'GET') return this.listStatuses(`${m[1]}/${m[2]}`, Number(m[3]), url)
    m = /^\/repos\/([^/]+)\/([^/]+)\/commits\/([^/]+)\/pulls$/.exec(path)
    if (m && method === 'GET') {
      const repository = `${m[1]}/${m[2]}`
      const sha = m[3]
      const pulls = (this.config.pullRequests ?? []).filter(
        pr => pr.repository === repository && pr.headSha === sha
      )
      return this.json(
        200,
        pulls.map(pr => ({
          number: pr.number,
          state: 'open',
          html_url: `https://github.com/${repository}/pull/${pr.number}`,
          head: { sha: pr.headSha, ref: `pr-${pr.number}` }
        }))
      )
    }
    m = /^\/repos\/([^/]+)\/([^/]+)\/issues\/(\d+)\/comments$/.exec(path)
    if (m) {
      const repository = `${m[1]}/${m[2]}`
      const issueNumber = Number(m[3])
      if (method === 'GET') {
        const all = this.comments.filter(
          c => c.repository === repository && c.issueNumber === issueNumber
        )
        const page = this.page(
          all.map(c => this.commentJson(c)),
          url,
          list => list
        )
        return { ...page, headers: this.rateHeaders(true, page.headers ?? {}) }
      }
      if (method === 'POST') {
        const body = bodyOf(json)
        if (body === undefined) return gitHubError(422, 'Invalid request: body is required')
        const login = this.config.tokenLogin ?? 'github-actions[bot]'
        const comment = { id: this.nextId++, repository, issueNumber, body, login }
        this.comments.push(comment)
        return this.json(201, this.commentJson(comment))
      }
    }
    m = /^\/repos\/([^/]+)\/([^/]+)\/issues\/comments\/(\d+)$/.exec(path)
    if (m && method === 'PATCH') {
      const comment = this.comments.find(c => c.id === Number(m?.[3]))
      const body = bodyOf(json)
      if (comment === undefined) return gitHubError(404, 'Not Found')
      if (body === undefined) return gitHubError(422, 'Invalid request: body is required')
      comment.body = body
      return this.json(200, this.commentJson(comment))
    }
    const graph = this.commits.answer(method, path, url, this.publicUrl(), this.json.bind(this))
    return graph ?? gitHubError(404, 'Not Found')
  }

  private listCheckRuns(
    repository: string,
    ref: string,
    url: URL,
    headers: Record<string, string | undefined>
  ): Answer {
    this.settle()
    const name = url.searchParams.get('check_name')
    const appId = url.searchParams.get('app_id')
    const onCommit = this.checkRuns.filter(
      run =>
        run.repository === repository &&
        run.headSha === ref.toLowerCase() &&
        (name === null || run.name === name) &&
        (appId === null || String(appIdOf(run.app)) === appId)
    )
    // `filter=latest` (GitHub's default) "returns the most recent check runs" by `completed_at`:
    // of each name in each check suite, the one completed last, so a newer run of the same name
    // still in progress in that suite is hidden behind it (what wait-for-check actions report);
    // a name with nothing completed yet shows its newest. `filter=all` lists every one.
    const latest =
      url.searchParams.get('filter') === 'all'
        ? onCommit
        : onCommit.filter(run => {
            const group = onCommit.filter(o => o.name === run.name && o.suite === run.suite)
            const done = group.filter(o => o.status === 'completed')
            const newest = (a: EmulatedCheckRun, b: EmulatedCheckRun): EmulatedCheckRun =>
              (a.completedAt ?? '') > (b.completedAt ?? '') ||
              ((a.completedAt ?? '') === (b.completedAt ?? '') && a.id > b.id)
                ? a
                : b
            return (done.length > 0 ? done : group).reduce(newest) === run
          })
    const answer = this.page(
      latest.map(run => this.checkRunJson(run)),
      url,
      (items, total) => ({ total_count: total, check_runs: items })
    )
    // Each read of a commit's checks is a poll of the runs behind them, as a greenlight query is.
    for (const run of this.pending)
      if (run.repository === repository && run.sha === ref.toLowerCase()) run.polls += 1
    const etag = answer.headers?.['etag']
    if (etag !== undefined && headers['if-none-match'] === etag)
      return { status: 304, body: '', headers: this.rateHeaders(false, { etag }) }
    return { ...answer, headers: this.rateHeaders(true, answer.headers ?? {}) }
  }

  private page(
    items: unknown[],
    url: URL,
    wrap: (items: unknown[], total: number) => unknown
  ): Answer {
    const cap = Math.min(MAX_PER_PAGE, this.config.perPage ?? MAX_PER_PAGE)
    const perPage = Math.min(
      cap,
      Math.max(1, Number(url.searchParams.get('per_page') ?? DEFAULT_PER_PAGE) || DEFAULT_PER_PAGE)
    )
    const page = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1)
    const last = Math.max(1, Math.ceil(items.length / perPage))
    const body = JSON.stringify(
      wrap(items.slice((page - 1) * perPage, page * perPage), items.length)
    )
    const extra: Record<string, string> = {
      etag: `W/"${createHash('sha256').update(body).digest('hex').slice(0, 40)}"`
    }
    const links: string[] = []
    const pageUrl = (n: number): string => {
      const next = new URL(url.pathname + url.search, this.publicUrl())
      next.searchParams.set('per_page', String(perPage))
      next.searchParams.set('page', String(n))
      return next.href
    }
    if (page < last)
      links.push(`<${pageUrl(page + 1)}>; rel="next"`, `<${pageUrl(last)}>; rel="last"`)
    if (page > 1) links.push(`<${pageUrl(1)}>; rel="first"`, `<${pageUrl(page - 1)}>; rel="prev"`)
    if (links.length > 0) extra['link'] = links.join(', ')
    return { status: 200, body, headers: extra }
  }

  private createDeployment(repository: string, json: unknown): Answer {
    if (!isObject(json) || typeof json['ref'] !== 'string')
      return gitHubError(422, 'Invalid request: ref is required')
    const ref = json['ref']
    const sha = /^[0-9a-f]{40}$/i.test(ref)
      ? ref.toLowerCase()
      : createHash('sha1').update(ref).digest('hex')
    const environment = typeof json['environment'] === 'string' ? json['environment'] : 'production'
    const deployment: EmulatedDeployment = {
      id: this.nextId++,
      repository,
      sha,
      ref,
      environment,
      request: json,
      statuses: []
    }
    this.deployments.push(deployment)
    return this.json(201, {
      id: deployment.id,
      sha,
      ref,
      environment,
      created_at: isoAt(this.clock()),
      url: `${this.publicUrl()}/repos/${repository}/deployments/${deployment.id}`
    })
  }

  private listDeployments(repository: string, url: URL): Answer {
    const wanted = (name: string, value: string): boolean => {
      const filter = url.searchParams.get(name)
      return filter === null || filter === value
    }
    const list = this.deployments
      .filter(
        d =>
          d.repository === repository &&
          wanted('environment', d.environment) &&
          wanted('sha', d.sha) &&
          wanted('ref', d.ref)
      )
      .reverse()
      .map(d => ({
        id: d.id,
        sha: d.sha,
        ref: d.ref,
        environment: d.environment,
        transient_environment: isObject(d.request) && d.request['transient_environment'] === true,
        url: `${this.publicUrl()}/repos/${repository}/deployments/${d.id}`
      }))
    return this.page(list, url, items => items)
  }

  private listStatuses(repository: string, id: number, url: URL): Answer {
    const deployment = this.deployments.find(d => d.id === id && d.repository === repository)
    if (deployment === undefined) return gitHubError(404, 'Not Found')
    const list = [...(this.statusRecords.get(id) ?? [])].reverse()
    return this.page(list, url, items => items)
  }

  /**
   * A deployment as another workflow would have made it (tests and the demo), with its statuses
   * in order, e.g. `['success']`.
   */
  addDeployment(preset: {
    repository: string
    sha: string
    environment: string
    transient?: boolean
    states?: string[]
  }): EmulatedDeployment {
    const deployment: EmulatedDeployment = {
      id: this.nextId++,
      repository: preset.repository,
      sha: preset.sha.toLowerCase(),
      ref: preset.sha.toLowerCase(),
      environment: preset.environment,
      request: { transient_environment: preset.transient ?? true },
      statuses: []
    }
    this.deployments.push(deployment)
    for (const state of preset.states ?? []) this.createStatus(deployment.id, { state })
    return deployment
  }

  deploymentState(id: number): string | undefined {
    return this.statusRecords.get(id)?.at(-1)?.['state'] as string | undefined
  }

  private readonly statusRecords = new Map<number, Record<string, unknown>[]>()

  private createStatus(id: number, json: unknown): Answer {
    const deployment = this.deployments.find(d => d.id === id)
    if (deployment === undefined) return gitHubError(404, 'Not Found')
    const state = isObject(json) ? json['state'] : undefined
    if (typeof state !== 'string' || !DEPLOYMENT_STATES.includes(state))
      return gitHubError(422, 'Validation Failed: state is not included in the list')
    deployment.statuses.push(json)
    const record = {
      id: this.nextId++,
      state,
      description: isObject(json) ? (json['description'] ?? '') : '',
      environment: deployment.environment,
      created_at: isoAt(this.clock())
    }
    this.statusRecords.set(id, [...(this.statusRecords.get(id) ?? []), record])
    // QA Wolf's App hears of the deployment through its success status.
    if (state === 'success') {
      this.notified({
        repository: deployment.repository,
        sha: deployment.sha,
        environment: deployment.environment
      })
    }
    return this.json(201, record)
  }

  private checkRunJson(run: EmulatedCheckRun): unknown {
    const appId = appIdOf(run.app)
    return {
      id: run.id,
      head_sha: run.headSha,
      node_id: `CR_${run.id}`,
      external_id: '',
      url: `${this.publicUrl()}/repos/${run.repository}/check-runs/${run.id}`,
      html_url: `https://github.com/${run.repository}/runs/${run.id}`,
      details_url: run.detailsUrl ?? null,
      status: run.status,
      conclusion: run.conclusion,
      started_at: run.startedAt,
      completed_at: run.completedAt,
      output: {
        title: run.title ?? null,
        summary: run.summary ?? null,
        text: null,
        annotations_count: 0,
        annotations_url: `${this.publicUrl()}/repos/${run.repository}/check-runs/${run.id}/annotations`
      },
      name: run.name,
      check_suite: { id: run.suite },
      app: {
        id: appId,
        slug: run.app,
        node_id: `A_${appId}`,
        name: APP_NAMES[run.app] ?? run.app,
        owner: { login: run.app === 'github-actions' ? 'github' : run.app, type: 'Organization' }
      },
      pull_requests: []
    }
  }

  private commentJson(c: EmulatedComment): unknown {
    return {
      id: c.id,
      body: c.body,
      user: { login: c.login, type: c.login.endsWith('[bot]') ? 'Bot' : 'User' },
      html_url: `https://github.com/${c.repository}/pull/${c.issueNumber}#issuecomment-${c.id}`
    }
  }

  private json(status: number, value: unknown): Answer {
    return { status, body: JSON.stringify(value), headers: this.rateHeaders(true, {}) }
  }

  /** GitHub's rate-limit headers; a 304 spends nothing. */
  private rateHeaders(spend: boolean, extra: Record<string, string>): Record<string, string> {
    if (spend) this.remaining = Math.max(0, this.remaining - 1)
    return {
      'x-ratelimit-limit': String(this.limit),
      'x-ratelimit-remaining': String(this.remaining),
      'x-ratelimit-reset': String(Math.ceil(this.clock() / 1000) + 3600),
      'x-ratelimit-used': String(this.limit - this.remaining),
      'x-ratelimit-resource': 'core',
      ...extra
    }
  }
}

const APP_NAMES: Record<string, string> = { 'github-actions': 'GitHub Actions', qawolf: 'QA Wolf' }
const DEPLOYMENT_STATES = 'error failure inactive in_progress queued pending success'.split(' ')
const bodyOf = (json: unknown): string | undefined =>
  isObject(json) && typeof json['body'] === 'string' ? json['body'] : undefined
const isoAt = (ms: number): string => wholeSeconds(new Date(ms).toISOString())

const RESULT_TITLES: Record<string, string> = {
  success: 'All tests passed',
  failure: 'Blocking bugs found',
  neutral: 'No tests ran',
  cancelled: 'Run canceled'
}

function appIdOf(slug: string): number {
  if (slug === 'github-actions') return 15368
  return 100000 + (createHash('sha1').update(slug).digest().readUInt16BE(0) % 90000)
}

export function gitHubError(status: number, message: string): Answer {
  return {
    status,
    body: JSON.stringify({
      message,
      documentation_url: 'https://docs.github.com/rest',
      status: String(status)
    })
  }
}
