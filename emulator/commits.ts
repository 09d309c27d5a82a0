// The commit graph behind the three reads greenlight's commit rule makes (repository, branch,
// compare). Without a configured history, a repository's default branch is the commits the
// emulator heard of there, in that order: a test that notifies a commit gates on the tip.
import { createHash } from 'node:crypto'
import { numericId } from './check-run-event.js'
import type { GitHubConfig } from './config.js'
import { jsonAnswer, type Answer } from './http.js'

interface RepositoryGraph {
  parents: Map<string, string[]>
  tips: Map<string, string>
  /** The default branch has no configured history: the commits heard of make it. */
  implicit: boolean
}

const MAIN = 'main'
let pushes = 0

/** A GitHub route's answer (undefined: 404) from the repository and the path's next parameter. */
export type GitHubRoute = (repository: string, param: string) => Answer | undefined

export class CommitGraph {
  private readonly repositories = new Map<string, RepositoryGraph>()

  constructor(config: GitHubConfig = {}) {
    for (const branch of config.branches ?? []) {
      const graph = this.graph(branch.repository)
      if (branch.from !== undefined) graph.tips.set(branch.name, branch.from.toLowerCase())
      for (const sha of branch.commits) this.extend(graph, branch.name, sha.toLowerCase())
      if (branch.name === MAIN) graph.implicit = false
    }
    for (const commit of config.commits ?? []) {
      this.graph(commit.repository).parents.set(
        commit.sha.toLowerCase(),
        commit.parents.map(p => p.toLowerCase())
      )
    }
  }

  /** `commit` (if new, a child of the tip) becomes the tip of `branch`. */
  private extend(graph: RepositoryGraph, branch: string, commit: string): void {
    const tip = graph.tips.get(branch)
    if (!graph.parents.has(commit)) graph.parents.set(commit, tip === undefined ? [] : [tip])
    graph.tips.set(branch, commit)
  }

  /**
   * The emulator heard of a commit (a notification, a check run). On a default branch without a
   * configured history it becomes the tip, its parent the tip before; otherwise it is only known.
   */
  heardOf(repository: string, sha: string): void {
    const graph = this.graph(repository)
    const commit = sha.toLowerCase()
    if (graph.parents.has(commit)) return
    if (graph.implicit) this.extend(graph, MAIN, commit)
    else graph.parents.set(commit, [])
  }

  /** A new commit on `branch` (a push), made up unless given. */
  push(repository: string, branch: string, sha?: string): string {
    const graph = this.graph(repository)
    const made = createHash('sha1').update(`${repository}:${branch}:${++pushes}`).digest('hex')
    const commit = (sha ?? made).toLowerCase()
    this.extend(graph, branch, commit)
    if (branch === MAIN) graph.implicit = false
    return commit
  }

  /** The commit rule's reads: a repository, a branch, a comparison; undefined for the unknown. */
  routes(url: URL, publicUrl: string): Record<string, GitHubRoute> {
    return {
      'GET /repos/{owner}/{repo}': repository => {
        const [owner = '', name = ''] = repository.split('/')
        return jsonAnswer(200, {
          id: numericId(repository),
          node_id: `R_${numericId(repository)}`,
          name,
          full_name: repository,
          private: false,
          owner: { login: owner, id: numericId(owner), type: 'Organization' },
          html_url: `https://github.com/${repository}`,
          url: `${publicUrl}/repos/${repository}`,
          default_branch: MAIN
        })
      },
      'GET /repos/{owner}/{repo}/branches/{branch}': (repository, encoded) => {
        const branch = decodeURIComponent(encoded)
        const tip = this.repositories.get(repository)?.tips.get(branch)
        const self = `${publicUrl}/repos/${repository}/branches/${encodeURIComponent(branch)}`
        if (tip === undefined) return undefined
        return jsonAnswer(200, {
          name: branch,
          commit: this.commitJson(repository, tip, publicUrl),
          _links: { self, html: `https://github.com/${repository}/tree/${branch}` },
          protected: false,
          protection: {
            enabled: false,
            required_status_checks: { enforcement_level: 'off', contexts: [] }
          },
          protection_url: `${self}/protection`
        })
      },
      'GET /repos/{owner}/{repo}/compare/{basehead}': (repository, basehead) => {
        const refs = decodeURIComponent(basehead).split('...')
        const [base, head] = refs.map(ref => this.resolve(repository, ref))
        if (refs.length !== 2 || base === undefined || head === undefined) return undefined
        return jsonAnswer(200, this.compareJson(repository, base, head, url, publicUrl))
      }
    }
  }

  private compareJson(
    repository: string,
    base: string,
    head: string,
    url: URL,
    publicUrl: string
  ): unknown {
    const fromBase = this.ancestors(repository, base)
    const fromHead = this.ancestors(repository, head)
    const ahead = [...fromHead].filter(sha => !fromBase.has(sha))
    const behind = [...fromBase].filter(sha => !fromHead.has(sha))
    const mergeBase = [...fromHead].find(sha => fromBase.has(sha))
    const STATUSES = ['identical', 'ahead', 'behind', 'diverged']
    const status = STATUSES[(ahead.length > 0 ? 1 : 0) + (behind.length > 0 ? 2 : 0)]
    const perPage = Math.min(100, Math.max(1, Number(url.searchParams.get('per_page')) || 250))
    const page = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1)
    const basehead = `${base}...${head}`
    return {
      url: `${publicUrl}/repos/${repository}/compare/${basehead}`,
      html_url: `https://github.com/${repository}/compare/${basehead}`,
      permalink_url: `https://github.com/${repository}/compare/${basehead}`,
      diff_url: `https://github.com/${repository}/compare/${basehead}.diff`,
      patch_url: `https://github.com/${repository}/compare/${basehead}.patch`,
      base_commit: this.commitJson(repository, base, publicUrl),
      merge_base_commit:
        mergeBase === undefined ? null : this.commitJson(repository, mergeBase, publicUrl),
      status,
      ahead_by: ahead.length,
      behind_by: behind.length,
      total_commits: ahead.length,
      commits: ahead
        .reverse()
        .slice((page - 1) * perPage, page * perPage)
        .map(sha => this.commitJson(repository, sha, publicUrl)),
      files: []
    }
  }

  /** A branch name or a SHA the graph knows (in full, or a prefix of 7 or more), as GitHub resolves them. */
  private resolve(repository: string, ref: string): string | undefined {
    const graph = this.repositories.get(repository)
    if (graph === undefined) return undefined
    const tip = graph.tips.get(ref)
    if (tip !== undefined) return tip
    if (!/^[0-9a-f]{7,64}$/i.test(ref)) return undefined
    const wanted = ref.toLowerCase()
    const matches = [...graph.parents.keys()].filter(sha => sha.startsWith(wanted))
    return matches.length === 1 ? matches[0] : undefined
  }

  private ancestors(repository: string, sha: string): Set<string> {
    const parents = this.repositories.get(repository)?.parents ?? new Map<string, string[]>()
    const seen = new Set<string>()
    const queue = [sha]
    while (queue.length > 0) {
      const next = queue.shift() as string
      if (seen.has(next)) continue
      seen.add(next)
      queue.push(...(parents.get(next) ?? []))
    }
    return seen
  }

  private commitJson(repository: string, sha: string, publicUrl: string): unknown {
    const parents = this.repositories.get(repository)?.parents.get(sha) ?? []
    return {
      sha,
      node_id: `C_${sha.slice(0, 12)}`,
      url: `${publicUrl}/repos/${repository}/commits/${sha}`,
      html_url: `https://github.com/${repository}/commit/${sha}`,
      comments_url: `${publicUrl}/repos/${repository}/commits/${sha}/comments`,
      commit: {
        url: `${publicUrl}/repos/${repository}/git/commits/${sha}`,
        message: `Commit ${sha.slice(0, 7)}`,
        author: {
          name: 'Emulated Author',
          email: 'author@example.com',
          date: '2026-11-26T12:00:00Z'
        },
        committer: { name: 'GitHub', email: 'noreply@github.com', date: '2026-11-26T12:00:00Z' },
        tree: {
          sha: createHash('sha1').update(`tree:${sha}`).digest('hex'),
          url: `${publicUrl}/repos/${repository}/git/trees/${sha}`
        },
        comment_count: 0
      },
      author: null,
      committer: null,
      parents: parents.map(parent => ({
        sha: parent,
        url: `${publicUrl}/repos/${repository}/commits/${parent}`,
        html_url: `https://github.com/${repository}/commit/${parent}`
      }))
    }
  }

  private graph(repository: string): RepositoryGraph {
    let graph = this.repositories.get(repository)
    if (graph === undefined) {
      graph = { parents: new Map(), tips: new Map(), implicit: true }
      this.repositories.set(repository, graph)
    }
    return graph
  }
}
