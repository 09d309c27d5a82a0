// What a new user copies and reads in their first hour, checked where it is written: the README's
// first snippet, pinning before a tag exists, local runs, `npm ci`, and promoting on QA Wolf's check.
import { describe, expect, it } from '@jest/globals'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { parse } from 'yaml'

const root = path.resolve(import.meta.dirname, '..', '..')
const read = (file: string) => readFileSync(path.join(root, file), 'utf8')

describe("the README's first snippet", () => {
  const first = /```yaml\n([\s\S]*?)```/.exec(read('README.md'))?.[1] ?? ''
  const snippet = parse(first) as {
    jobs?: Record<string, { permissions?: Record<string, string>; steps?: unknown[] }>
  }

  it('is a whole job, with the permission its gate needs inside it', () => {
    const jobs = Object.values(snippet.jobs ?? {})
    expect(jobs).toHaveLength(1)
    expect(jobs[0]?.permissions).toEqual({ contents: 'read', checks: 'read' })
    expect(jobs[0]?.steps?.length).toBeGreaterThan(1)
  })
})

describe('pinning when no tag exists yet', () => {
  const versioning = /## Versioning\n([\s\S]*?)\n## /.exec(read('README.md'))?.[1] ?? ''

  it('the README says that no tag exists until one is cut, and how to cut one or pin a commit', () => {
    expect(versioning).toContain('No tag exists until a release is cut in your copy')
    const { version } = JSON.parse(read('package.json')) as { version: string }
    expect(versioning).toContain(`npm run release -- ${version}`)
    expect(versioning).toContain('docs/releasing.md')
    expect(versioning).toMatch(/full commit SHA/)
    expect(versioning).toContain('git rev-parse')
  })
})

describe('local runs', () => {
  const example = read('.env.example')
  const value = (name: string) => new RegExp(`^#? ?${name}=(.*)$`, 'm').exec(example)?.[1] ?? ''

  it('have a check_run event ready to use, named in .env.example and docs/development.md', () => {
    const file = 'emulator/events/check_run.completed.json'
    expect(value('GITHUB_EVENT_PATH')).toBe('')
    expect(example).toContain(`# GITHUB_EVENT_PATH=${file}`)
    expect(example).toContain('# GITHUB_EVENT_NAME=check_run')
    expect(read('docs/development.md')).toContain(file)
    const event = JSON.parse(read(file)) as {
      action: string
      check_run: Record<string, unknown>
      repository: { full_name: string }
    }
    // The event of QA Wolf's check on the commit and repository .env.example sets.
    expect(event.action).toBe('completed')
    expect(event.check_run).toMatchObject({
      name: 'QA Wolf Test Results',
      head_sha: /^GITHUB_SHA=(.*)$/m.exec(example)?.[1],
      status: 'completed',
      conclusion: 'success',
      app: { slug: 'qawolf' },
      check_suite: { head_branch: 'main' }
    })
    expect(event.repository.full_name).toBe(/^GITHUB_REPOSITORY=(.*)$/m.exec(example)?.[1])
  })

  it('write one summary file per run into a folder, and read a copy of the inputs of their own', () => {
    expect(/^GITHUB_STEP_SUMMARY=(.*)$/m.exec(example)?.[1]).toBe('.tmp/summaries/')
    // Never one file that npm test also writes.
    const script = read('scripts/local-action.mjs')
    expect(script).not.toContain("'local-action.env'")
    expect(script).toContain('mkdtempSync(')
  })
})

describe('npm ci', () => {
  /** Every installed package (nested ones too) whose package.json has an install script. */
  function withInstallScripts(dir: string, found = new Set<string>()): Set<string> {
    if (!existsSync(dir)) return found
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name.startsWith('.')) continue
      const at = path.join(dir, entry.name)
      if (entry.name.startsWith('@')) {
        withInstallScripts(at, found)
        continue
      }
      const manifest = path.join(at, 'package.json')
      if (existsSync(manifest)) {
        const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as {
          name?: string
          scripts?: Record<string, string>
        }
        const scripts = pkg.scripts ?? {}
        if (pkg.name && ['preinstall', 'install', 'postinstall'].some(s => s in scripts)) {
          found.add(pkg.name)
        }
      }
      withInstallScripts(path.join(at, 'node_modules'), found)
    }
    return found
  }

  it("has each dependency's install script reviewed in allowScripts, so npm 11 warns of none", () => {
    const allow = (JSON.parse(read('package.json')) as { allowScripts?: Record<string, boolean> })
      .allowScripts
    const reviewed = Object.keys(allow ?? {}).map(key => key.replace(/(.)@.*$/, '$1'))
    const unreviewed = [...withInstallScripts(path.join(root, 'node_modules'))].filter(
      name => !reviewed.includes(name)
    )
    expect(unreviewed).toEqual([])
    expect(read('docs/development.md')).toContain('npm install-scripts approve')
  })
})

describe("promoting on QA Wolf's check: what GitHub does not promise, said where it matters", () => {
  const workflows = read('docs/workflows.md')
  const section = (heading: string) =>
    new RegExp(`\\n${heading}\\n([\\s\\S]*?)(?=\\n#{2,3} |$)`).exec(workflows)?.[1] ?? ''
  const promote = read('examples/promote-on-qa-check.yml')

  it('the example for the default branch suggests no other branch; it points to the release variant', () => {
    // Its job's `if:` (head_sha == github.sha) never starts for a release branch's commit.
    expect(promote).toContain('github.event.check_run.head_sha == github.sha')
    expect(promote).not.toMatch(/^\s*#?\s*branch:/m)
    expect(promote).toContain('docs/workflows.md#from-a-release-branch')
    const variant = parse(
      /```yaml\n([\s\S]*?)```/.exec(section('### From a release branch'))?.[1] ?? ''
    ) as {
      jobs: Record<string, { if: string; steps: { with?: Record<string, string> }[] }>
    }
    const job = Object.values(variant.jobs)[0]!
    expect(job.if).toContain("check_suite.head_branch == 'release'")
    expect(job.if).not.toContain('github.sha')
    expect(job.steps[0]?.with?.['branch']).toBe('release')
  })

  it('says what GitHub leaves open, in docs/workflows.md and the example', () => {
    const open = section('### What GitHub does not promise')
    expect(open).toMatch(/created with\s+status `completed`/) // sends `completed`? undocumented
    expect(open).toMatch(/merge-queue commit finishes before `main` moves/)
    expect(open).toMatch(/head_branch` is `null`/)
    expect(open).toMatch(/commit status of that name/)
    expect(open).toMatch(
      /expected source[\s\S]*placeholder check run that\s+a GitHub Actions job posts/
    )
    expect(promote).toContain('docs/workflows.md#what-github-does-not-promise')
    expect(promote).toMatch(/created already completed/)
  })

  it("never says a fork's commit is on a branch called main; names commit statuses and the pinned source's cost", () => {
    for (const file of [
      'README.md',
      'docs/workflows.md',
      'docs/behaviour.md',
      'examples/promote-on-qa-check.yml'
    ]) {
      expect(read(file)).not.toMatch(/(branch may be|branch) called `main`/)
    }
    const readme = read('README.md')
    expect(readme).toMatch(/or a\s+commit status of that name/)
    expect(readme).toMatch(
      /pins the source to QA Wolf's App, which then also\s+refuses a placeholder check posted by GitHub Actions/
    )
  })

  it("explains npm's EBADENGINE warnings beside the README's set-up command", () => {
    const development = /## Development\n([\s\S]*?)\n## /.exec(read('README.md'))?.[1] ?? ''
    expect(development).toContain('npm ci')
    expect(development).toContain('`EBADENGINE`')
    expect(development).toContain('docs/development.md#install-on-node-20-or-22')
    expect(read('docs/development.md')).toContain('### Install on Node 20 or 22')
  })
})
