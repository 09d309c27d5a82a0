// The parts of GitHub's REST API the action uses (point GITHUB_API_URL at the emulator), with
// ETags (a 304 costs no rate limit), `x-ratelimit-*` headers and `Link` pagination. Tests change
// it through the Emulator object, not through routes.
import { createHash } from 'node:crypto'
import type { GitHubConfig, CheckTemplate, PresetCheckRun } from './config.js'
import { isObject, jsonAnswer, type Answer } from './http.js'
import { CommitGraph, type GitHubRoute } from './commits.js'
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
  title?: string | undefined
  summary?: string | undefined
  detailsUrl?: string | undefined
}

export interface EmulatedDeployment {
  id: number
  repository: string
  sha: string
  ref: string
  environment: string
  transient: boolean
  /** Its statuses as GitHub lists them, oldest first. */
  statuses: Record<string, unknown>[]
}

export interface EmulatedComment {
  id: number
  repository: string
  issueNumber: number
  body: string
  login: string
}

interface GitHubRequest {
  method: string
  url: URL
  headers: Record<string, string | undefined>
  json?: unknown
}

export interface NotifiedCommit {
  repository: string | undefined
  sha: string | undefined
  environment: string | undefined
}

const RATE_LIMIT = 5000
const DEFAULT_PER_PAGE = 30
const DEPLOYMENT_STATES = 'error failure inactive in_progress queued pending success'.split(' ')
const RESULT_TITLES: Record<string, string> = {
  success: 'All tests passed',
  failure: 'Blocking bugs found',
  neutral: 'No tests ran',
  cancelled: 'Run canceled'
}

export class EmulatedGitHub {
  readonly checkRuns: EmulatedCheckRun[] = []
  readonly comments: EmulatedComment[] = []
  readonly commits: CommitGraph
  private readonly deployments: EmulatedDeployment[] = []
  /** The QA Wolf runs behind "QA Wolf Test Run" checks, each to end as its template says. */
  private readonly pending: {
    template: CheckTemplate
    polls: number
    progress: EmulatedCheckRun
  }[] = []
  private nextId = 7000
  private remaining = RATE_LIMIT

  constructor(
    private readonly config: GitHubConfig,
    private readonly clock: () => number,
    private readonly publicUrl: () => string
  ) {
    this.commits = new CommitGraph(config)
    for (const preset of config.checkRuns ?? []) this.addCheckRun(preset)
  }

  private addCheckRun(preset: PresetCheckRun): EmulatedCheckRun {
    const {
      repository,
      sha,
      name,
      app,
      status = 'completed',
      conclusion,
      startedAt,
      ...output
    } = preset
    const completed = status === 'completed'
    const run: EmulatedCheckRun = {
      id: this.nextId++,
      repository,
      headSha: sha.toLowerCase(),
      name: name ?? 'QA Wolf Test Results',
      app: app ?? 'qawolf',
      status,
      conclusion: completed ? (conclusion ?? 'success') : null,
      startedAt: startedAt ?? isoAt(this.clock()),
      completedAt: completed ? isoAt(this.clock()) : null,
      ...output
    }
    this.checkRuns.push(run)
    this.commits.heardOf(run.repository, run.headSha)
    return run
  }

  checkRunEvent(
    run: EmulatedCheckRun,
    options: CheckRunEventOptions = {}
  ): Record<string, unknown> {
    return checkRunEvent(this.checkRunJson(run), run.repository, options)
  }

  /**
   * A deployment was reported on some route: with the repository connected, QA Wolf's App posts
   * "QA Wolf Test Run" at once and "QA Wolf Test Results" when the run ends (the check template
   * for the environment says how it ends and when).
   */
  notified({ repository, sha, environment = '' }: NotifiedCommit): void {
    if (repository === undefined || sha === undefined) return
    this.commits.heardOf(repository, sha)
    if (!(this.config.connected ?? []).includes(repository)) return
    const templates = this.config.checks ?? [{ conclusion: 'success' }]
    // A trailing `*` matches a family of environments, e.g. `pr-*` for every preview.
    const matches = (pattern: string): boolean =>
      pattern.endsWith('*') ? environment.startsWith(pattern.slice(0, -1)) : pattern === environment
    const template =
      templates.find(t => t.environment !== undefined && matches(t.environment)) ??
      templates.find(t => t.environment === undefined)
    if (template === undefined) return
    const progress = this.addCheckRun({
      repository,
      sha,
      name: 'QA Wolf Test Run',
      status: 'in_progress',
      title: 'Testing',
      summary: 'QA Wolf is testing this deployment.'
    })
    this.pending.push({ template, polls: 0, progress })
    this.settle()
  }

  private settle(): void {
    for (const run of [...this.pending]) {
      const { template, progress } = run
      if (run.polls < (template.afterPolls ?? 1)) continue
      this.pending.splice(this.pending.indexOf(run), 1)
      const completedAt = isoAt(this.clock())
      Object.assign(progress, { status: 'completed', conclusion: 'success', completedAt })
      this.addCheckRun({
        repository: progress.repository,
        sha: progress.headSha,
        status: 'completed',
        conclusion: template.conclusion,
        startedAt: progress.startedAt,
        title: template.title ?? RESULT_TITLES[template.conclusion] ?? 'QA Wolf test results',
        summary: template.summary ?? 'See the run in QA Wolf for the details.',
        detailsUrl: template.detailsUrl ?? `${this.publicUrl()}/runs/check-${progress.id}`
      })
    }
  }

  answer(request: GitHubRequest): Answer {
    const answer = this.route(request)
    // GitHub's rate-limit headers; a 304 spends nothing.
    if (answer.status !== 304) this.remaining = Math.max(0, this.remaining - 1)
    const rate = {
      'x-ratelimit-limit': String(RATE_LIMIT),
      'x-ratelimit-remaining': String(this.remaining),
      'x-ratelimit-reset': String(Math.ceil(this.clock() / 1000) + 3600),
      'x-ratelimit-used': String(RATE_LIMIT - this.remaining),
      'x-ratelimit-resource': 'core'
    }
    return { ...answer, headers: { ...rate, ...answer.headers } }
  }

  private route({ method, url, headers, json }: GitHubRequest): Answer {
    const { refuse, tokenLogin } = this.config
    if (refuse !== undefined) {
      const message = refuse === 403 ? 'Resource not accessible by integration' : 'Failure'
      return gitHubError(refuse, message)
    }
    if (headers['authorization'] === undefined) return gitHubError(401, 'Requires authentication')
    const body = isObject(json) && typeof json['body'] === 'string' ? json['body'] : undefined
    const routes: Record<string, GitHubRoute> = {
      'GET /user': () =>
        tokenLogin === undefined
          ? gitHubError(403, 'Resource not accessible by integration')
          : jsonAnswer(200, { login: tokenLogin, type: 'User' }),
      'POST /graphql': () =>
        jsonAnswer(200, { data: { viewer: { login: tokenLogin ?? 'github-actions[bot]' } } }),
      'GET /repos/{owner}/{repo}/commits/{ref}/check-runs': (repository, ref) =>
        this.listCheckRuns(repository, ref.toLowerCase(), url, headers['if-none-match']),
      'POST /repos/{owner}/{repo}/deployments': repository =>
        this.createDeployment(repository, json),
      'GET /repos/{owner}/{repo}/deployments': repository => this.listDeployments(repository, url),
      'POST /repos/{owner}/{repo}/deployments/{id}/statuses': (_, id) =>
        this.createStatus(Number(id), json),
      'GET /repos/{owner}/{repo}/deployments/{id}/statuses': (repository, id) => {
        const deployment = this.deployments.find(
          d => d.id === Number(id) && d.repository === repository
        )
        return deployment && this.page([...deployment.statuses].reverse(), url)
      },
      'GET /repos/{owner}/{repo}/commits/{sha}/pulls': (repository, sha) => {
        const pulls = this.config.pullRequests ?? []
        const open = pulls.filter(pr => pr.repository === repository && pr.headSha === sha)
        return jsonAnswer(
          200,
          open.map(pr => ({
            number: pr.number,
            state: 'open',
            html_url: `https://github.com/${repository}/pull/${pr.number}`,
            head: { sha: pr.headSha, ref: `pr-${pr.number}` }
          }))
        )
      },
      'GET /repos/{owner}/{repo}/issues/{number}/comments': (repository, issue) => {
        const on = this.comments.filter(
          c => c.repository === repository && c.issueNumber === Number(issue)
        )
        return this.page(on.map(commentJson), url)
      },
      'POST /repos/{owner}/{repo}/issues/{number}/comments': (repository, issue) => {
        if (body === undefined) return gitHubError(422, 'Invalid request: body is required')
        const login = tokenLogin ?? 'github-actions[bot]'
        const comment = { id: this.nextId++, repository, issueNumber: Number(issue), body, login }
        this.comments.push(comment)
        return jsonAnswer(201, commentJson(comment))
      },
      'PATCH /repos/{owner}/{repo}/issues/comments/{id}': (_, id) => {
        const comment = this.comments.find(c => c.id === Number(id))
        if (comment === undefined) return undefined
        if (body === undefined) return gitHubError(422, 'Invalid request: body is required')
        comment.body = body
        return jsonAnswer(200, commentJson(comment))
      },
      ...this.commits.routes(url, this.publicUrl())
    }
    for (const [route, handle] of Object.entries(routes)) {
      // Octokit's route syntax: `{owner}/{repo}` is the repository, every other `{name}` one segment.
      const pattern = route
        .replace('{owner}/{repo}', '([^/]+/[^/]+)')
        .replace(/\{\w+\}/g, '([^/]+)')
      const match = new RegExp(`^${pattern}$`).exec(`${method} ${url.pathname}`)
      if (match) return handle(match[1] ?? '', match[2] ?? '') ?? gitHubError(404, 'Not Found')
    }
    return gitHubError(404, 'Not Found')
  }

  /**
   * `filter=latest` (GitHub's default) "returns the most recent check runs" by `completed_at`: of
   * each name of each app (one check suite per app), the one completed last, so a newer run of
   * the same name still in progress is hidden behind it (what wait-for-check actions report); a
   * name with nothing completed yet shows its newest. `filter=all` lists every one.
   */
  private listCheckRuns(repository: string, sha: string, url: URL, etag?: string): Answer {
    this.settle()
    const name = url.searchParams.get('check_name')
    const appId = url.searchParams.get('app_id')
    const onCommit = this.checkRuns.filter(
      run =>
        run.repository === repository &&
        run.headSha === sha &&
        (name === null || run.name === name) &&
        (appId === null || String(appIdOf(run.app)) === appId)
    )
    const newest = (a: EmulatedCheckRun, b: EmulatedCheckRun): EmulatedCheckRun => {
      const [ta, tb] = [a.completedAt ?? '', b.completedAt ?? '']
      return ta > tb || (ta === tb && a.id > b.id) ? a : b
    }
    const latest =
      url.searchParams.get('filter') === 'all'
        ? onCommit
        : onCommit.filter(run => {
            const group = onCommit.filter(o => o.name === run.name && o.app === run.app)
            const done = group.filter(o => o.status === 'completed')
            return (done.length > 0 ? done : group).reduce(newest) === run
          })
    const answer = this.page(
      latest.map(run => this.checkRunJson(run)),
      url,
      (items, total) => ({ total_count: total, check_runs: items })
    )
    // Each read of a commit's checks is a poll of the runs behind them, as a greenlight query is.
    for (const run of this.pending)
      if (run.progress.repository === repository && run.progress.headSha === sha) run.polls += 1
    const same = etag !== undefined && answer.headers?.['etag'] === etag
    return same ? { status: 304, body: '', headers: { etag } } : answer
  }

  private page(
    items: unknown[],
    url: URL,
    wrap: (items: unknown[], total: number) => unknown = items => items
  ): Answer {
    const asked = Number(url.searchParams.get('per_page') ?? DEFAULT_PER_PAGE) || DEFAULT_PER_PAGE
    const perPage = Math.min(this.config.perPage ?? 100, 100, Math.max(1, asked))
    const page = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1)
    const last = Math.max(1, Math.ceil(items.length / perPage))
    const body = JSON.stringify(
      wrap(items.slice((page - 1) * perPage, page * perPage), items.length)
    )
    const headers: Record<string, string> = {
      etag: `W/"${createHash('sha256').update(body).digest('hex').slice(0, 40)}"`
    }
    const link = (n: number, rel: string): string => {
      const next = new URL(url.pathname + url.search, this.publicUrl())
      next.searchParams.set('per_page', String(perPage))
      next.searchParams.set('page', String(n))
      return `<${next.href}>; rel="${rel}"`
    }
    const links = [
      ...(page < last ? [link(page + 1, 'next'), link(last, 'last')] : []),
      ...(page > 1 ? [link(1, 'first'), link(page - 1, 'prev')] : [])
    ]
    if (links.length > 0) headers['link'] = links.join(', ')
    return { status: 200, body, headers }
  }

  private createDeployment(repository: string, json: unknown): Answer {
    if (!isObject(json) || typeof json['ref'] !== 'string')
      return gitHubError(422, 'Invalid request: ref is required')
    const ref = json['ref']
    const sha = /^[0-9a-f]{40}$/i.test(ref)
      ? ref.toLowerCase()
      : createHash('sha1').update(ref).digest('hex')
    const environment = typeof json['environment'] === 'string' ? json['environment'] : 'production'
    const transient = json['transient_environment'] === true
    const deployment = this.deploy({ repository, sha, ref, environment, transient })
    return jsonAnswer(201, { ...this.deploymentJson(deployment), created_at: isoAt(this.clock()) })
  }

  private deploy(fields: Omit<EmulatedDeployment, 'id' | 'statuses'>): EmulatedDeployment {
    const deployment = { id: this.nextId++, ...fields, statuses: [] }
    this.deployments.push(deployment)
    return deployment
  }

  private deploymentJson(d: EmulatedDeployment): Record<string, unknown> {
    return {
      id: d.id,
      sha: d.sha,
      ref: d.ref,
      environment: d.environment,
      transient_environment: d.transient,
      url: `${this.publicUrl()}/repos/${d.repository}/deployments/${d.id}`
    }
  }

  private listDeployments(repository: string, url: URL): Answer {
    const wanted = (d: EmulatedDeployment): boolean =>
      (['environment', 'sha', 'ref'] as const).every(
        name => (url.searchParams.get(name) ?? d[name]) === d[name]
      )
    const list = this.deployments.filter(d => d.repository === repository && wanted(d))
    return this.page(
      list.reverse().map(d => this.deploymentJson(d)),
      url
    )
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
    const sha = preset.sha.toLowerCase()
    const { repository, environment, transient = true } = preset
    const deployment = this.deploy({ repository, sha, ref: sha, environment, transient })
    for (const state of preset.states ?? []) this.createStatus(deployment.id, { state })
    return deployment
  }

  deploymentState(id: number): string | undefined {
    const deployment = this.deployments.find(d => d.id === id)
    return deployment?.statuses.at(-1)?.['state'] as string | undefined
  }

  private createStatus(id: number, json: unknown): Answer | undefined {
    const deployment = this.deployments.find(d => d.id === id)
    if (deployment === undefined) return undefined
    const state = isObject(json) ? json['state'] : undefined
    if (typeof state !== 'string' || !DEPLOYMENT_STATES.includes(state))
      return gitHubError(422, 'Validation Failed: state is not included in the list')
    const record = {
      id: this.nextId++,
      state,
      description: isObject(json) ? (json['description'] ?? '') : '',
      environment: deployment.environment,
      created_at: isoAt(this.clock())
    }
    deployment.statuses.push(record)
    // QA Wolf's App hears of the deployment through its success status.
    if (state === 'success') this.notified(deployment)
    return jsonAnswer(201, record)
  }

  private checkRunJson(run: EmulatedCheckRun): RestCheckRun {
    const appId = appIdOf(run.app)
    const api = `${this.publicUrl()}/repos/${run.repository}/check-runs/${run.id}`
    return {
      id: run.id,
      head_sha: run.headSha,
      node_id: `CR_${run.id}`,
      external_id: '',
      url: api,
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
        annotations_url: `${api}/annotations`
      },
      name: run.name,
      check_suite: { id: appId * 10 },
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
}

const APP_NAMES: Record<string, string> = { 'github-actions': 'GitHub Actions', qawolf: 'QA Wolf' }
const isoAt = (ms: number): string => wholeSeconds(new Date(ms).toISOString())

function commentJson(c: EmulatedComment): unknown {
  return {
    id: c.id,
    body: c.body,
    user: { login: c.login, type: c.login.endsWith('[bot]') ? 'Bot' : 'User' },
    html_url: `https://github.com/${c.repository}/pull/${c.issueNumber}#issuecomment-${c.id}`
  }
}

function appIdOf(slug: string): number {
  if (slug === 'github-actions') return 15368
  return 100000 + (createHash('sha1').update(slug).digest().readUInt16BE(0) % 90000)
}

export function gitHubError(status: number, message: string): Answer {
  return jsonAnswer(status, {
    message,
    documentation_url: 'https://docs.github.com/rest',
    status: String(status)
  })
}
