// The workflow templates in examples/ and the repository's own workflows are what users copy and
// what CI runs, so they are linted (`npm run actionlint`) and checked against action.yml.
import { beforeAll, describe, expect, it } from '@jest/globals'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { parse } from 'yaml'
import { actionlint, writeWorkflows, type ActionlintRun } from '../helpers/actionlint.js'
import { MODE_INPUTS } from '../../src/kernel/inputs.js'

const root = path.resolve(import.meta.dirname, '..', '..')

interface WorkflowFile {
  /** Repository-relative, e.g. `examples/deploy-then-gate.yml`. */
  path: string
  text: string
}

function yamlFilesIn(dir: string): WorkflowFile[] {
  return readdirSync(path.join(root, dir))
    .filter(name => /\.ya?ml$/.test(name))
    .sort()
    .map(name => ({
      path: `${dir}/${name}`,
      text: readFileSync(path.join(root, dir, name), 'utf8')
    }))
}

const examples = yamlFilesIn('examples')
const ownWorkflows = yamlFilesIn('.github/workflows')
const allWorkflows = [...examples, ...ownWorkflows]

interface ActionSpec {
  inputs: Record<string, { required?: boolean }>
  outputs: Record<string, unknown>
}
const readAction = (file: string) =>
  parse(readFileSync(path.join(root, file), 'utf8')) as ActionSpec
const action = readAction('action.yml')

// --- inputs of this action's steps ----------------------------------------------------------

interface Step {
  id?: string
  uses?: string
  with?: Record<string, unknown>
}
interface Job {
  steps?: Step[]
  permissions?: unknown
}
interface Workflow {
  permissions?: unknown
  jobs?: Record<string, Job>
}

/**
 * `./` (or a sub-action, `./notify`) in this repository, `YOUR-ORG/qa-greenlight@<ref>` (or
 * `YOUR-ORG/qa-greenlight/notify@<ref>`) everywhere else.
 */
function usesThisAction(uses: string | undefined): boolean {
  return subActionOf(uses) !== undefined
}

/** '' for the root action, the mode for a sub-action, undefined for another action. */
function subActionOf(uses: string | undefined): string | undefined {
  const match =
    /^\.\/(?:(notify|greenlight|terminate)\/?)?$/.exec(uses ?? '') ??
    /^YOUR-ORG\/qa-greenlight(?:\/(notify|greenlight|terminate))?@\S+$/.exec(uses ?? '')
  return match ? (match[1] ?? '') : undefined
}

function stepsOf(workflow: Workflow): { job: string; step: Step }[] {
  return Object.entries(workflow.jobs ?? {}).flatMap(([job, spec]) =>
    (spec.steps ?? []).map(step => ({ job, step }))
  )
}

function actionSteps(workflow: Workflow): { job: string; step: Step }[] {
  return stepsOf(workflow).filter(({ step }) => usesThisAction(step.uses))
}

const MODES = Object.keys(MODE_INPUTS) as (keyof typeof MODE_INPUTS)[]

function isMode(mode: string): mode is keyof typeof MODE_INPUTS {
  return (MODES as string[]).includes(mode)
}

/**
 * What is wrong with the steps that use this action or one of its sub-actions: inputs its
 * action.yml does not declare, inputs of another mode (the action warns about those), missing
 * required inputs, a `mode` on a sub-action, a greenlight step without `run-id`, and
 * `steps.<id>.outputs.<name>` references to outputs the step's action.yml lacks.
 */
function actionStepProblems(text: string): string[] {
  const workflow = parse(text) as Workflow
  const problems: string[] = []
  const outputsOf = new Map<string, Set<string>>()
  for (const { job, step } of actionSteps(workflow)) {
    const where = `job "${job}", step ${step.id ?? step.uses}`
    const sub = subActionOf(step.uses) ?? ''
    const spec = sub === '' ? action : readAction(`${sub}/action.yml`)
    const inputs = step.with ?? {}
    if (step.id) outputsOf.set(step.id, new Set(Object.keys(spec.outputs)))
    for (const name of Object.keys(inputs)) {
      if (!Object.hasOwn(spec.inputs, name)) {
        problems.push(`${where}: input "${name}" is not in ${sub || '.'}/action.yml`)
      }
    }
    for (const name of sub === '' ? ['mode', 'api-key'] : ['api-key']) {
      if (inputs[name] === undefined || inputs[name] === '') {
        problems.push(`${where}: input "${name}" is missing`)
      }
    }
    const mode = sub === '' ? String(inputs.mode ?? '') : sub
    if (!isMode(mode)) {
      problems.push(`${where}: mode is "${mode}", expected ${MODES.join(', ')}`)
      continue
    }
    const own = new Set<string>(MODE_INPUTS[mode])
    for (const name of Object.keys(inputs)) {
      if (own.has(name)) continue
      const owners = MODES.filter(m => MODE_INPUTS[m].includes(name))
      if (owners.length > 0) {
        problems.push(`${where}: input "${name}" belongs to ${owners.join(' or ')} mode`)
      }
    }
    if (mode === 'greenlight' && !inputs['run-id'] && inputs['verdict-from'] !== 'check') {
      problems.push(`${where}: a greenlight step needs "run-id" (or verdict-from: check)`)
    }
  }
  for (const match of text.matchAll(/steps\.([\w-]+)\.outputs\.([\w-]+)/g)) {
    const [, id = '', output = ''] = match
    const outputs = outputsOf.get(id)
    if (outputs !== undefined && !outputs.has(output)) {
      problems.push(`steps.${id}.outputs.${output}: its action.yml has no output "${output}"`)
    }
  }
  return problems
}

// --- pinning --------------------------------------------------------------------------------

const PINNED = /^[\w.-]+\/[\w.-]+(\/[\w./-]+)?@[0-9a-f]{40}$/
const VERSION_COMMENT = /^#\s*v\d+(\.\d+){0,2}\s*$/

/** Every `uses:` line whose action is not this one, with what it references and its comment. */
function thirdPartyUses(text: string): { line: number; ref: string; comment: string }[] {
  const found: { line: number; ref: string; comment: string }[] = []
  text.split('\n').forEach((content, index) => {
    const match = /^\s*(?:-\s+)?uses:\s*['"]?([^'"\s#]+)['"]?\s*(#.*)?$/.exec(content)
    if (!match || usesThisAction(match[1]) || match[1]?.startsWith('docker://')) return
    found.push({ line: index + 1, ref: match[1] ?? '', comment: (match[2] ?? '').trim() })
  })
  return found
}

function pinProblems(file: string, text: string): string[] {
  return thirdPartyUses(text).flatMap(({ line, ref, comment }) => {
    const problems: string[] = []
    if (!PINNED.test(ref))
      problems.push(`${file}:${line}: ${ref} is not pinned to a full commit SHA`)
    if (!VERSION_COMMENT.test(comment)) {
      problems.push(
        `${file}:${line}: ${ref} needs the version in a trailing comment, e.g. # v5.0.0`
      )
    }
    return problems
  })
}

function allUses(text: string): string[] {
  const workflow = parse(text) as Workflow
  return stepsOf(workflow)
    .map(({ step }) => step.uses)
    .filter((uses): uses is string => typeof uses === 'string')
}

// --- tests ----------------------------------------------------------------------------------

describe('actionlint', () => {
  const broken = [
    'on: push',
    'jobs:',
    '  build:',
    '    runs-on: ubuntu-latest',
    '    steps:',
    '      - run: echo "${{ steps.nope.outputs.x }}"',
    '      - uses: YOUR-ORG/qa-greenlight@v1',
    '        with:',
    '          base-url: ${{ varz.QA_BASE_URL }}',
    '          api-key: ${{ vars.QA_API_KEY }}',
    '  release:',
    '    needs: [buidl]',
    '    runs-on: ubuntu-latest',
    '    steps:',
    '      - run: echo release',
    ''
  ].join('\n')
  // One run over a broken workflow and every real one.
  let run: ActionlintRun | undefined
  let brokenFile = ''
  beforeAll(() => {
    ;[brokenFile = ''] = writeWorkflows([broken])
    run = actionlint(brokenFile, ...allWorkflows.map(f => f.path))
  })

  it('reports problems in a broken workflow, with line and column', () => {
    const findings = run?.findings.get(brokenFile) ?? []
    expect(findings).toEqual([
      expect.stringMatching(/^6:\d+: property "nope" is not defined/),
      expect.stringMatching(/^9:\d+: undefined variable "varz"/),
      expect.stringMatching(/^11:\d+: job "release" needs job "buidl" which does not exist/)
    ])
    // `vars` is a real context: no finding for it.
    expect(findings.join('\n')).not.toContain('undefined variable "vars"')
    expect(run?.status).toBe(1)
  })

  it('finds nothing in the templates and the repository workflows', () => {
    // Every file was read, and the broken one's are the only findings.
    expect(run?.stdout).toContain(`actionlint: ${allWorkflows.length + 1} files, 3 findings`)
    // Compared as lists so that a failure prints every finding with its line and column.
    for (const file of allWorkflows) {
      expect({ file: file.path, findings: run?.findings.get(file.path) ?? [] }).toEqual({
        file: file.path,
        findings: []
      })
    }
  })
})

describe('steps that use this action', () => {
  it('are found in every template and in the self-test', () => {
    for (const file of [...examples, ...ownWorkflows.filter(f => f.path.includes('self-test'))]) {
      const found = actionSteps(parse(file.text) as Workflow).length > 0
      expect({ file: file.path, found }).toEqual({ file: file.path, found: true })
    }
  })

  it.each(allWorkflows.map(f => [f.path, f] as const))(
    'pass only declared inputs of their mode, and the required ones, in %s',
    (_, file) => {
      expect(actionStepProblems(file.text)).toEqual([])
    }
  )
})

describe('third-party actions', () => {
  it.each(allWorkflows.map(f => [f.path, f] as const))(
    'are pinned to a full commit SHA with a version comment in %s',
    (_, file) => {
      // The line scan must see every `uses:` the YAML parser sees, or a pin could slip past it.
      const scanned = thirdPartyUses(file.text).map(u => u.ref)
      expect(scanned).toEqual(allUses(file.text).filter(u => !usesThisAction(u)))
      expect(pinProblems(file.path, file.text)).toEqual([])
    }
  )
})

describe('permissions', () => {
  it.each(allWorkflows.map(f => [f.path, f] as const))(
    'are read-only at the top and least-privilege per job in %s',
    (_, file) => {
      const workflow = parse(file.text) as Workflow
      expect(workflow.permissions).toEqual(expect.objectContaining({ contents: 'read' }))
      expect(writesOf(workflow.permissions)).toEqual([])
      for (const [name, job] of Object.entries(workflow.jobs ?? {})) {
        const commentsOnPr = (job.steps ?? []).some(
          step => usesThisAction(step.uses) && String(step.with?.['comment-on-pr']) === 'true'
        )
        // CodeQL's analyze step uploads its results to code scanning, which needs this write.
        const uploadsScanning = (job.steps ?? []).some(step =>
          (step.uses ?? '').startsWith('github/codeql-action/analyze@')
        )
        // A job without its own permissions gets the workflow's.
        const effective = job.permissions ?? workflow.permissions
        expect({ job: name, writes: writesOf(effective) }).toEqual({
          job: name,
          writes: [
            ...(commentsOnPr ? ['pull-requests'] : []),
            ...(uploadsScanning ? ['security-events'] : [])
          ]
        })
      }
    }
  )
})

/** The scopes a `permissions:` block grants `write`; `write-all` / `read-all` strings fail. */
function writesOf(grant: unknown): string[] {
  if (grant === undefined) return []
  // The strings grant far more than any of these workflows needs.
  expect(typeof grant).toBe('object')
  return Object.entries(grant as Record<string, string>)
    .filter(([, level]) => level === 'write')
    .map(([scope]) => scope)
}
