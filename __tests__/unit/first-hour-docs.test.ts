// What a new user copies and reads in their first hour, checked where it is written: the README's
// first snippet, pinning before a tag exists, local runs, `npm ci`, and promoting on QA Wolf's check.
import { describe, expect, it } from '@jest/globals'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { parse } from 'yaml'

const root = path.resolve(import.meta.dirname, '..', '..')
const read = (file: string) => readFileSync(path.join(root, file), 'utf8')

describe('the README', () => {
  it('starts with a whole job, with the permission its gate needs inside it', () => {
    const first = /```yaml\n([\s\S]*?)```/.exec(read('README.md'))?.[1] ?? ''
    const jobs = Object.values(
      (parse(first) as { jobs?: Record<string, { permissions?: object; steps?: unknown[] }> })
        .jobs ?? {}
    )
    expect(jobs).toHaveLength(1)
    expect(jobs[0]?.permissions).toEqual({ contents: 'read', checks: 'read' })
    expect(jobs[0]?.steps?.length).toBeGreaterThan(1)
  })

  const versioning = /## Versioning\n([\s\S]*?)\n## /.exec(read('README.md'))?.[1] ?? ''

  it('says that no tag exists until one is cut, and how to cut one or pin a commit', () => {
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

  it('have a check_run event ready to use, named in .env.example and docs/development.md, and a summary folder', () => {
    const file = 'emulator/events/check_run.completed.json'
    expect(value('GITHUB_EVENT_PATH')).toBe('')
    expect(example).toContain(`# GITHUB_EVENT_PATH=${file}`)
    expect(example).toContain('# GITHUB_EVENT_NAME=check_run')
    expect(read('docs/development.md')).toContain(file)
    // The event of QA Wolf's check on the commit and repository .env.example sets.
    expect(JSON.parse(read(file))).toMatchObject({
      action: 'completed',
      check_run: {
        name: 'QA Wolf Test Results',
        head_sha: /^GITHUB_SHA=(.*)$/m.exec(example)?.[1],
        status: 'completed',
        conclusion: 'success',
        app: { slug: 'qawolf' },
        check_suite: { head_branch: 'main' }
      },
      repository: { full_name: /^GITHUB_REPOSITORY=(.*)$/m.exec(example)?.[1] }
    })
    // One summary file per run, into a folder.
    expect(value('GITHUB_STEP_SUMMARY')).toBe('.tmp/summaries/')
  })
})

/** Every installed package (nested ones too) whose package.json has an install script. */
function withInstallScripts(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { withFileTypes: true }).flatMap(entry => {
    const at = path.join(dir, entry.name)
    if (!entry.isDirectory() || entry.name.startsWith('.')) return []
    if (entry.name.startsWith('@')) return withInstallScripts(at)
    const manifest = path.join(at, 'package.json')
    const pkg = existsSync(manifest)
      ? (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string; scripts?: object })
      : {}
    const installs = ['preinstall', 'install', 'postinstall'].some(s => s in (pkg.scripts ?? {}))
    const own = pkg.name && installs ? [pkg.name] : []
    return [...own, ...withInstallScripts(path.join(at, 'node_modules'))]
  })
}

it("npm ci: each dependency's install script is reviewed in allowScripts, so npm 11 warns of none", () => {
  const { allowScripts = {} } = JSON.parse(read('package.json')) as { allowScripts?: object }
  const reviewed = Object.keys(allowScripts).map(key => key.replace(/(.)@.*$/, '$1'))
  const installed = withInstallScripts(path.join(root, 'node_modules'))
  expect([...new Set(installed)].filter(name => !reviewed.includes(name))).toEqual([])
  expect(read('docs/development.md')).toContain('npm install-scripts approve')
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
