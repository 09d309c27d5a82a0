// A small fake of GitHub's REST API on loopback: issue comments (Link-paginated list, create,
// update), the pull requests of a commit, GraphQL's `viewer`, and deployments with their statuses.
// It records every request, and can be told to refuse, stall or rate-limit.
import * as http from 'node:http'
import { listenOnLoopback } from './loopback.js'

export interface FakeGitHubRequest {
  method: string
  /** Without the query string (API prefix included). */
  path: string
  query: Record<string, string>
  headers: http.IncomingHttpHeaders
  body: string
  json?: unknown
}

export interface FakeComment {
  id: number
  repository: string
  issueNumber: number
  body: string
  login: string
}

export interface FakePullRequest {
  repository: string
  number: number
  state: 'open' | 'closed'
  headSha: string
  /** Other commits of the pull request: GitHub lists a PR for every commit it contains. */
  commits?: string[]
}

export interface FakeGitHubOptions {
  /** API path prefix, e.g. '/api/v3' as on GitHub Enterprise Server. */
  prefix?: string
  /** Server URL for the html_url of comments; default https://github.com. */
  serverUrl?: string
}

export interface FakeGitHubAnswer {
  status: number
  body: unknown
  headers?: Record<string, string>
}

/** What startFakeGitHub returns: the fake, its records and its knobs. */
export type FakeGitHub = Awaited<ReturnType<typeof startFakeGitHub>>

const MAX_PER_PAGE = 100

export async function startFakeGitHub(options: FakeGitHubOptions = {}) {
  const prefix = (options.prefix ?? '').replace(/\/+$/, '')
  const serverUrl = options.serverUrl ?? 'https://github.com'
  let failure: number | undefined
  let nextId = 1000
  let rateLimited = 0
  let rateLimitSeconds = 1

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake')
      const body = Buffer.concat(chunks).toString('utf8')
      const recorded: FakeGitHubRequest = {
        method: req.method ?? '',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body
      }
      try {
        if (body !== '') recorded.json = JSON.parse(body)
      } catch {
        // Text only.
      }
      fake.requests.push(recorded)
      if (fake.stall === 'hang') return
      const answer =
        fake.override?.(recorded) ??
        (rateLimited > 0
          ? (rateLimited--,
            {
              ...error(403, 'You have exceeded a secondary rate limit. Please wait a few minutes.'),
              headers: { 'retry-after': String(rateLimitSeconds) }
            })
          : route(recorded, url))
      const bytes = Buffer.from(JSON.stringify(answer.body), 'utf8')
      res.writeHead(answer.status, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(bytes.length),
        ...answer.headers
      })
      res.end(bytes)
    })
  })

  type Answer = FakeGitHubAnswer

  const error = (status: number, message: string): Answer => ({
    status,
    body: { message, documentation_url: 'https://docs.github.com/rest', status: String(status) }
  })

  function commentJson(comment: FakeComment) {
    return {
      id: comment.id,
      node_id: `IC_${comment.id}`,
      body: comment.body,
      user: { login: comment.login, type: comment.login.endsWith('[bot]') ? 'Bot' : 'User' },
      html_url: `${serverUrl}/${comment.repository}/pull/${comment.issueNumber}#issuecomment-${comment.id}`,
      created_at: '2024-05-14T10:00:00Z',
      updated_at: '2024-05-14T10:00:00Z'
    }
  }

  function route(request: FakeGitHubRequest, url: URL): Answer {
    if (failure !== undefined) {
      return error(failure, failure === 403 ? 'Resource not accessible by integration' : 'Failure')
    }
    if (!request.headers['authorization']) return error(401, 'Requires authentication')
    // GraphQL lives at /graphql, or /api/graphql beside Enterprise Server's /api/v3.
    if (request.method === 'POST' && request.path === `${prefix.replace(/\/v3$/, '')}/graphql`) {
      const login = fake.tokenLogin ?? fake.appLogin
      return login === undefined
        ? error(403, 'Resource not accessible by integration')
        : { status: 200, body: { data: { viewer: { login } } } }
    }
    if (!request.path.startsWith(`${prefix}/`)) return error(404, 'Not Found')
    const path = request.path.slice(prefix.length)
    if (path === '/user' && request.method === 'GET') {
      return fake.tokenLogin === undefined
        ? error(403, 'Resource not accessible by integration')
        : { status: 200, body: { login: fake.tokenLogin, type: 'User' } }
    }
    let match = /^\/repos\/([^/]+)\/([^/]+)\/issues\/(\d+)\/comments$/.exec(path)
    if (match) {
      const repository = `${match[1]}/${match[2]}`
      const issueNumber = Number(match[3])
      if (request.method === 'GET') return listComments(repository, issueNumber, url)
      if (request.method === 'POST') {
        const text = bodyText(request.json)
        if (text === undefined) return error(422, 'Invalid request: body is required')
        const comment: FakeComment = {
          id: nextId++,
          repository,
          issueNumber,
          body: text,
          login: fake.tokenLogin ?? fake.appLogin ?? 'github-actions[bot]'
        }
        fake.comments.push(comment)
        return { status: 201, body: commentJson(comment) }
      }
      return error(405, 'Method not allowed')
    }
    match = /^\/repos\/([^/]+)\/([^/]+)\/issues\/comments\/(\d+)$/.exec(path)
    if (match && request.method === 'PATCH') {
      const repository = `${match[1]}/${match[2]}`
      const comment = fake.comments.find(
        c => c.id === Number(match?.[3]) && c.repository === repository
      )
      if (comment === undefined) return error(404, 'Not Found')
      const text = bodyText(request.json)
      if (text === undefined) return error(422, 'Invalid request: body is required')
      comment.body = text
      return { status: 200, body: commentJson(comment) }
    }
    match = /^\/repos\/([^/]+)\/([^/]+)\/deployments$/.exec(path)
    if (match && request.method === 'POST') {
      const json = request.json as Record<string, unknown> | undefined
      if (typeof json?.['ref'] !== 'string') return error(422, 'Invalid request: ref is required')
      const deployment = {
        id: nextId++,
        repository: `${match[1]}/${match[2]}`,
        request: json,
        statuses: []
      }
      fake.deployments.push(deployment)
      return {
        status: 201,
        body: {
          id: deployment.id,
          sha: json['ref'],
          ref: json['ref'],
          environment: json['environment']
        }
      }
    }
    match = /^\/repos\/([^/]+)\/([^/]+)\/deployments\/(\d+)\/statuses$/.exec(path)
    if (match && request.method === 'POST') {
      const deployment = fake.deployments.find(d => d.id === Number(match?.[3]))
      if (deployment === undefined) return error(404, 'Not Found')
      deployment.statuses.push(request.json)
      return {
        status: 201,
        body: { id: nextId++, state: (request.json as { state?: unknown }).state }
      }
    }
    match = /^\/repos\/([^/]+)\/([^/]+)\/commits\/([^/]+)\/pulls$/.exec(path)
    if (match && request.method === 'GET') {
      const repository = `${match[1]}/${match[2]}`
      const sha = match[3] ?? ''
      const pulls = fake.pullRequests
        .filter(pr => pr.repository === repository)
        .filter(pr => pr.headSha === sha || (pr.commits ?? []).includes(sha))
        .map(pr => ({
          number: pr.number,
          state: pr.state,
          html_url: `${serverUrl}/${repository}/pull/${pr.number}`,
          head: { sha: pr.headSha, ref: `feature-${pr.number}` }
        }))
      return { status: 200, body: pulls }
    }
    return error(404, 'Not Found')
  }

  function listComments(repository: string, issueNumber: number, url: URL): Answer {
    const all = fake.comments.filter(
      c => c.repository === repository && c.issueNumber === issueNumber
    )
    const perPage = Math.min(
      MAX_PER_PAGE,
      Math.max(1, Number(url.searchParams.get('per_page') ?? 30))
    )
    const page = Math.max(1, Number(url.searchParams.get('page') ?? 1))
    const lastPage = Math.max(1, Math.ceil(all.length / perPage))
    const items = all.slice((page - 1) * perPage, page * perPage).map(commentJson)
    const headers: Record<string, string> = {}
    if (page < lastPage) {
      const pageUrl = (n: number): string => {
        const next = new URL(url.pathname, fake.url)
        next.searchParams.set('per_page', String(perPage))
        next.searchParams.set('page', String(n))
        return next.href
      }
      const next = fake.nextLinkOverride ?? pageUrl(page + 1)
      headers['link'] = `<${next}>; rel="next", <${pageUrl(lastPage)}>; rel="last"`
    }
    return { status: 200, body: items, headers }
  }

  const listening = await listenOnLoopback(server)
  const fake = {
    url: listening.url,
    /** url + prefix: what GITHUB_API_URL should be. */
    apiUrl: `${listening.url}${prefix}`,
    requests: [] as FakeGitHubRequest[],
    comments: [] as FakeComment[],
    pullRequests: [] as FakePullRequest[],
    /** Deployments created, each with the statuses posted to it. */
    deployments: [] as { id: number; repository: string; request: unknown; statuses: unknown[] }[],
    /** Adds a comment as someone else wrote it; returns its id. */
    addComment(repository: string, issueNumber: number, body: string, login = 'octocat') {
      const id = nextId++
      fake.comments.push({ id, repository, issueNumber, body, login })
      return id
    },
    /** Answer every request with this status (e.g. 403), or normally again with undefined. */
    failWith(status: number | undefined) {
      failure = status
    },
    /** GET /user's login (a personal token), or undefined: 403, as for an app token (the default). */
    tokenLogin: undefined as string | undefined,
    /** GraphQL's `viewer` when GET /user refuses (default github-actions[bot]); undefined: 403. */
    appLogin: 'github-actions[bot]' as string | undefined,
    /** The next `count` requests get a secondary rate limit: 403 with `Retry-After: seconds`. */
    rateLimitNext(count: number, retryAfterSeconds: number) {
      rateLimited = count
      rateLimitSeconds = retryAfterSeconds
    },
    /** 'hang': accept requests and never answer. */
    stall: 'none' as 'none' | 'hang',
    /** Asked first about every request: an answer it returns is sent as it is. */
    override: undefined as
      ((request: FakeGitHubRequest) => FakeGitHubAnswer | undefined) | undefined,
    /** When set, comment pages' Link rel="next" names this URL. */
    nextLinkOverride: undefined as string | undefined,
    close: listening.close
  }
  return fake
}

function bodyText(json: unknown): string | undefined {
  if (typeof json !== 'object' || json === null || !('body' in json)) return undefined
  const body = (json as { body: unknown }).body
  return typeof body === 'string' ? body : undefined
}
