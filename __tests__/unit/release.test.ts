// What a user pins and reads about a release: the version in package.json has a dated CHANGELOG
// section, the README pins that version, and every input or output newer than v1.0.0 (the first
// release of the v1 major) says since when it exists, so that a workflow pinned to an older v1.x
// tag does not use it unknowingly.
import { describe, expect, it } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parse } from 'yaml'

const root = path.resolve(import.meta.dirname, '..', '..')
const read = (file: string) => readFileSync(path.join(root, file), 'utf8')
const version = (JSON.parse(read('package.json')) as { version: string }).version
const action = parse(read('action.yml')) as {
  inputs: Record<string, { description: string }>
  outputs: Record<string, { description: string }>
}

const words = (text: string) => text.trim().split(/\s+/)

/** The surface of v1.0.0, as released (action.yml of that tag). History: it never changes. */
const V1_0_0 = {
  inputs: words(`
    mode api-key base-url sha branch deployment-type deployment-url hosting-service commit-url
    variables deduplication-key ephemeral-environment fail-on-no-run run-id wait timeout
    poll-interval outcome-when-blocking-bugs-in-other-workflows fail-on-red fail-on-timeout
    comment-on-pr github-token label summary`),
  outputs: words(`
    run-id run-ids results skipped greenlight status run-stage root-run-id relevant-run-id
    relevant-run-url relevant-run-with-bugs-url root-run-url blocking-bugs-count
    non-blocking-bugs-count workflows-in-run-count workflows-under-investigation-count
    blocking-bug-urls non-blocking-bug-urls result`)
}

const SINCE = /\bSince v1\.\d+\.\d+\./

/**
 * Each released CHANGELOG section's SHA-256 (its `## [X.Y.Z]` heading to the next heading, LF line
 * ends, trailing blanks trimmed), as it was when that version was set. A copy tagged by
 * `npm run release` ships what its section says; an entry added afterwards belongs to the next
 * version. Record a new version's hash when its section is complete; never change an old one.
 */
const RELEASED: Record<string, string> = {
  '1.0.0': '4fc5d48d801a0357e9fa40a3c0db9d4b4a12d8fbcf58164bbddff790d321d2f1',
  '1.1.0': '51c306aa85cfab957fd5eaf0b725c6304609d244e04f39708e4fd0e57af829d8',
  '1.2.0': '2a6ec830117d6bbd520d448756f077805d3e30149a0b0af3daa850ff48545711',
  '1.3.0': '23f0e2d2b4491e7df763b7d3748f007305d5fe5f0155a5685973b54dea6def02'
}

describe('the release', () => {
  const changelog = read('CHANGELOG.md').replace(/\r\n/g, '\n')
  const sections = changelog.split(/^(?=## \[)/m).slice(1)

  it('has a dated CHANGELOG section for the version in package.json, under Unreleased', () => {
    expect(sections.map(text => text.split('\n')[0]).slice(0, 2)).toEqual([
      '## [Unreleased]',
      expect.stringMatching(new RegExp(`^## \\[${version}\\] - \\d{4}-\\d{2}-\\d{2}$`))
    ])
    // No link to a placeholder address (YOUR-ORG): a copy's tags are its own, and the changelog
    // cannot know where the copy lives.
    expect(changelog).not.toMatch(/^\[[^\]]+\]: /m)
    expect(changelog).not.toMatch(/https?:\/\/[^\s)]*YOUR-ORG/)
  })

  it('keeps each dated CHANGELOG section as it was released', () => {
    const hashes = Object.fromEntries(
      sections.flatMap(text => {
        const dated = /^## \[(\d+\.\d+\.\d+)\] - \d{4}-\d{2}-\d{2}\n/.exec(text)
        return dated ? [[dated[1], createHash('sha256').update(text.trimEnd()).digest('hex')]] : []
      })
    )
    // A released section that changed: move the new entry to [Unreleased]. A new version: record it.
    expect(hashes).toEqual(RELEASED)
  })

  it('is the version the README tells users to pin', () => {
    const readme = read('README.md')
    expect(readme).toContain(`\`YOUR-ORG/qa-greenlight@v${version}\` is one exact release`)
    expect(readme).toContain(`# v${version}`)
    // Usage examples follow the major tag, which moves with every 1.x release.
    const uses = [...readme.matchAll(/uses: YOUR-ORG\/qa-greenlight(?:\/[a-z]+)?@(\S+)/g)].map(
      m => m[1]
    )
    expect(uses.filter(ref => ref !== `v${version.split('.')[0]}`)).toEqual([
      '4b1f3e0c9d2a8e7f6b5c4d3e2f1a0b9c8d7e6f5a'
    ])
  })

  it.each(['inputs', 'outputs'] as const)(
    'names since when each of the %s newer than v1.0.0 exists',
    kind => {
      const [now, then] = [Object.keys(action[kind]), V1_0_0[kind]]
      expect(then.filter(name => !now.includes(name))).toEqual([])
      const newer = now.filter(name => !then.includes(name))
      expect(newer.length).toBeGreaterThan(0)
      expect(newer.filter(name => !SINCE.test(action[kind][name]!.description))).toEqual([])
    }
  )

  it('names since when terminate mode and terminate deployment-url exist', () => {
    expect(action.inputs['mode']!.description).toContain('`terminate` since v1.1.0')
    expect(action.inputs['deployment-url']!.description).toContain('Terminate since v1.1.0')
  })
})

it('the release script refuses a version not X.Y.Z before it checks or tags anything, and an unknown option', () => {
  const release = (...args: string[]) =>
    spawnSync('bash', [path.join(root, 'scripts', 'release.sh'), ...args], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe']
    })
  for (const bad of ['1.2', 'v1.2.0-rc.1', '01.2.0']) {
    const run = release('--dry-run', bad)
    expect(run.stderr).toContain('the version must be X.Y.Z')
    expect(run.status).toBe(1)
    expect(run.stdout).not.toContain('Bundling')
  }
  const run = release('--force')
  expect(run.status).toBe(2)
  expect(run.stderr).toContain('usage: scripts/release.sh [--dry-run] [X.Y.Z]')
})

it('has Dependabot update npm in groups, and the pinned actions', () => {
  const { updates } = parse(read('.github/dependabot.yml')) as {
    updates: { 'package-ecosystem': string; groups?: object }[]
  }
  expect(updates.map(u => u['package-ecosystem']).sort()).toEqual(['github-actions', 'npm'])
  const npm = updates.find(u => u['package-ecosystem'] === 'npm')
  expect(Object.keys(npm?.groups ?? {})).not.toEqual([])
})
