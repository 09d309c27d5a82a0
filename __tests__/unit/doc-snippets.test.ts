// Every fenced `yaml` block in the README and docs/ is what a user copies into a workflow: it must
// parse, and when it is a workflow, a job or a list of steps it must pass actionlint once wrapped
// into the smallest workflow that holds it.
import { beforeAll, describe, expect, it } from '@jest/globals'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { parse } from 'yaml'
import { actionlint, writeWorkflows, type ActionlintRun } from '../helpers/actionlint.js'

const root = path.resolve(import.meta.dirname, '..', '..')

const read = (file: string) => readFileSync(path.join(root, file), 'utf8')

/** The fenced `yaml` blocks of a Markdown file, each with the line it starts on. */
const yamlBlocks = (file: string) =>
  [...read(file).matchAll(/^([ \t]*)```ya?ml\s*\n([\s\S]*?)^\s*```\s*$/gm)].map(block => ({
    where: `${file}:${read(file).slice(0, block.index).split('\n').length}`,
    text: block[2]!.replace(new RegExp(`^${block[1]}`, 'gm'), '')
  }))
const snippets = [
  'README.md',
  'CONTRIBUTING.md',
  'emulator/README.md',
  ...readdirSync(path.join(root, 'docs'), { recursive: true }).map(f => `docs/${String(f)}`)
]
  .filter(file => file.endsWith('.md') && existsSync(path.join(root, file)))
  .flatMap(yamlBlocks)
  .map(block => {
    try {
      return { ...block, data: parse(block.text) as unknown, error: undefined }
    } catch (error) {
      return { ...block, data: undefined, error }
    }
  })

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
  const steps = [data].flat()
  if (steps.length > 0 && steps.every(isStep)) return asWorkflow({ steps })
  if (isMap(data) && Array.isArray(data['steps']) && !('jobs' in data)) {
    return asWorkflow({ jobs: { snippet: { ...data, steps: withNamedSteps(data['steps']) } } })
  }
  if (!isMap(data) || !isMap(data['jobs'])) return undefined
  const jobs = Object.entries(data['jobs']).map(([id, job]) => [
    id,
    { 'runs-on': 'ubuntu-latest', steps: [{ run: 'true' }], ...(isMap(job) ? job : {}) }
  ])
  return { on: 'push', ...data, jobs: Object.fromEntries(jobs) }
}

describe('the yaml blocks of the README and docs/', () => {
  it.each(snippets.map(s => [s.where, s] as const))('%s parses as YAML', (_where, snippet) =>
    expect(snippet.error).toBeUndefined()
  )

  // One actionlint run for every snippet that is part of a workflow, each in its own file.
  const wrapped = snippets.flatMap(snippet => {
    const workflow = asWorkflow(snippet.data)
    return workflow === undefined ? [] : [[snippet.where, JSON.stringify(workflow, null, 2)]]
  })
  const files = writeWorkflows(wrapped.map(([, text]) => text!))
  let run: ActionlintRun | undefined
  beforeAll(() => {
    run = actionlint(...files)
  })

  it.each(wrapped.map(([where], i) => [where, files[i]!] as const))(
    '%s passes actionlint when it is a workflow, a job or steps',
    (_where, file) => expect(run?.findings.get(file) ?? []).toEqual([])
  )
})

/**
 * The greenlight steps of a workflow, job or steps that poll QA Wolf's check without `since`, an
 * input error (any earlier check of the commit would count): each passes notify's `reported-at`,
 * or says `any`. On a `check_run` event (the workflow's `on`, a job's `if`) the verdict is read
 * from the event, and `since` stays optional.
 */
function pollingWithoutSince(data: unknown): string[] {
  if (Array.isArray(data)) return data.flatMap(pollingWithoutSince)
  if (!isMap(data) || JSON.stringify([data['on'], data['if']]).includes('check_run')) return []
  const given = data['with']
  const polls = /greenlight@/.test(String(data['uses'])) && isMap(given)
  if (polls && given['verdict-from'] === 'check' && !given['since']) {
    return [String(data['name'] ?? data['uses'])]
  }
  return Object.values(data).flatMap(pollingWithoutSince)
}

const examples = readdirSync(path.join(root, 'examples'))
  .filter(name => name.endsWith('.yml'))
  .map(name => ({ where: `examples/${name}`, data: parse(read(`examples/${name}`)) as unknown }))

it.each([...snippets, ...examples].map(s => [s.where, s.data] as const))(
  "%s: a greenlight step that polls QA Wolf's check passes since",
  (_where, data) => expect(pollingWithoutSince(data)).toEqual([])
)
