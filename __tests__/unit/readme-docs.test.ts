import { describe, expect, it } from '@jest/globals'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { renderTables, updateReadme } from '../../scripts/readme-tables.js'

const root = path.resolve(import.meta.dirname, '..', '..')
const text = (file: string) => readFileSync(path.join(root, file), 'utf8')

describe('README tables generated from action.yml', () => {
  it('are up to date (run `npm run docs` when this fails)', () => {
    const readme = text('README.md')
    expect(updateReadme(readme, text('action.yml'))).toBe(readme)
  })

  it('keeps the README under 300 lines: the rest belongs in docs/', () => {
    expect(text('README.md').trimEnd().split('\n').length).toBeLessThan(300)
  })

  it('escapes pipes in descriptions so the table keeps its columns', () => {
    const yaml = 'inputs:\n  a:\n    description: "x | y"\noutputs: {}\n'
    expect(renderTables(yaml).inputs).toContain('x \\| y')
  })
})

/**
 * The repository-relative link targets of a Markdown text (inline links and images, reference
 * definitions, HTML src/href), outside code; external targets and pure #anchors left out.
 */
function relativeLinks(markdown: string): string[] {
  const prose = markdown
    .replace(/^( {0,3})(```|~~~)[^\n]*\n[\s\S]*?^ {0,3}\2[^\n]*$/gm, '')
    .replace(/(`+)[^`\n]+?\1/g, 'code')
  const targets: string[] = []
  const patterns = [
    /!?\[(?:[^[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g,
    /^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm,
    /\b(?:src|href)\s*=\s*["']([^"']+)["']/gi
  ]
  for (const pattern of patterns) {
    for (const match of prose.matchAll(pattern)) targets.push(match[1] ?? '')
  }
  return targets
    .filter(target => target !== '' && !target.startsWith('#'))
    .filter(target => !/^(?:https?|mailto):/i.test(target))
    .map(target => decodeURI(target.replace(/[?#].*$/, '')))
}

/** Each link of `file` whose target is missing or lies outside the repository; '/x' is the root's. */
function brokenLinks(file: string): string[] {
  return relativeLinks(text(file)).flatMap(target => {
    const base = target.startsWith('/') ? root : path.join(root, path.dirname(file))
    const resolved = path.relative(root, path.join(base, target))
    const inside = resolved !== '' && !resolved.startsWith('..') && !path.isAbsolute(resolved)
    return inside && existsSync(path.join(root, resolved))
      ? []
      : [`${file}: (${target}) → ${resolved || '.'}`]
  })
}

const SKIPPED_DIRS = new Set(['node_modules', '.git', '.tmp', 'dist', 'coverage'])

function markdownFilesUnder(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap(entry => {
    const relative = dir === '.' ? entry.name : `${dir}/${entry.name}`
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : markdownFilesUnder(relative)
    return entry.name.endsWith('.md') ? [relative] : []
  })
}
const DOCUMENTS = markdownFilesUnder('.')

it.each(DOCUMENTS)('%s has every relative link resolve to a file or directory', file =>
  expect(brokenLinks(file)).toEqual([])
)

it.each([...DOCUMENTS, ...readdirSync(path.join(root, 'examples')).map(f => `examples/${f}`)])(
  '%s mentions no ../shared folder and no CONTRACT.md',
  file => expect(text(file)).not.toMatch(/\.\.\/shared|contract\.md/i)
)

it("the docs say what the code does, and state the suite's time in one place", () => {
  // A POST is repeated only when its connection was never made.
  expect(text('README.md')).not.toMatch(/never sent twice/)
  expect(text('README.md')).toMatch(/repeated only when its\s+connection was never made/)
  // Where mocks are allowed, what the emulator plays, and its size as a budget.
  const development = text('docs/development.md')
  expect(development).not.toMatch(/without mocks/)
  expect(development).toMatch(/`deployment\.reportStatus`[\s\S]*part of GitHub's API/)
  expect(text('docs/adr/0010-emulator-bounds.md')).not.toMatch(/about [\d,]+ lines/)
  const elsewhere = DOCUMENTS.filter(f => /^docs\/[^/]+$/.test(f)).filter(
    file =>
      file !== 'docs/development.md' && /wall time|npm test` (?:takes|within)/.test(text(file))
  )
  expect(elsewhere).toEqual([])
  expect(development).toContain('is said here and only here')
})
