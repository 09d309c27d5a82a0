// GitHub's local runner for actions, @github/local-action, run as `npm run local-action` runs it
// (scripts/local-action.mjs): the sources, not the bundle, with inputs from a .env file and every
// input the file leaves out filled from action.yml's defaults as literal text, so greenlight sees
// `github-token: ${{ github.token }}`. notify and greenlight (green and red) against the emulator.
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from '@jest/globals'
import type { Emulator, EmulatorConfig } from '../../emulator/server.js'
import { REPO_ROOT, resolveNode24 } from '../../scripts/node24.mjs'
import { API_KEY, baseConfig, emulator, requestsTo } from '../helpers/e2e.js'

// tsx transpiles the sources on the first run: slower than the bundle.
const SLOW = 120_000
const dir = mkdtempSync(path.join(tmpdir(), 'qa-local-action-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
interface LocalRun {
  exitCode: number
  stdout: string
  outputs: Record<string, string>
}

/** `npm run local-action -- <file>` with these inputs (INPUT_<NAME>, hyphens kept). */
function localAction(name: string, inputs: Record<string, string>): Promise<LocalRun> {
  const envFile = path.join(dir, `${name}.env`)
  const lines = Object.entries(inputs).map(([k, v]) => `INPUT_${k.toUpperCase()}=${v}`)
  writeFileSync(envFile, [...lines, 'GITHUB_REPOSITORY=octo-org/octo-app', ''].join('\n'))
  return localActionWith([envFile])
}

/** `npm run local-action -- <args>`, as scripts/local-action.mjs reads them. */
function localActionWith(args: string[]): Promise<LocalRun> {
  const node = resolveNode24()
  const env = { ...process.env }
  for (const key of Object.keys(env)) if (key.startsWith('INPUT_')) delete env[key]
  return new Promise(resolve => {
    execFile(
      node,
      [path.join(REPO_ROOT, 'scripts', 'local-action.mjs'), ...args],
      { cwd: REPO_ROOT, env: { ...env, FORCE_COLOR: '0', NO_COLOR: '1' }, maxBuffer: 1 << 24 },
      (error, stdout) => {
        const outputs: Record<string, string> = {}
        for (const m of stdout.matchAll(/^::set-output name=([\w-]+)::(.*)$/gm)) {
          outputs[m[1]!] = m[2]!
        }
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1
        resolve({ exitCode: code, stdout, outputs })
      }
    )
  })
}

function service(em: Emulator): Record<string, string> {
  return { 'api-key': API_KEY, 'base-url': em.url }
}

async function demoEmulator(): Promise<Emulator> {
  return emulator(
    baseConfig({
      triggers: [
        { id: 'web', deployment_type: 'smoke', run: { timeline: [{ stage: 'completed' }] } }
      ],
      runs: [
        {
          id: 'run-red',
          timeline: [{ stage: 'completed' }],
          workflowsInRun: 9,
          bugs: [{ id: 'bug-7', number: 7, name: 'Checkout button does nothing' }]
        }
      ]
    })
  )
}

describe('@github/local-action (npm run local-action)', () => {
  it(
    'runs notify, then greenlight to a green verdict: action.yml defaults passed as text do not fail it',
    async () => {
      const em = await demoEmulator()
      const notify = await localAction('notify', {
        mode: 'notify',
        ...service(em),
        'deployment-type': 'smoke',
        sha: '0123456789abcdef0123456789abcdef01234567',
        branch: 'main'
      })
      expect(notify.exitCode).toBe(0)
      expect(notify.stdout).not.toMatch(/^::error/m)
      const [sent] = requestsTo(em, 'notify')
      expect(sent?.json).toMatchObject({
        sha: '0123456789abcdef0123456789abcdef01234567',
        branch: 'main',
        deployment_type: 'smoke',
        repository: expect.objectContaining({ name: 'octo-app' })
      })
      const runIds = notify.outputs['run-ids'] ?? ''
      expect(JSON.parse(runIds)).toHaveLength(1)

      const gate = await localAction('green', {
        mode: 'greenlight',
        ...service(em),
        'run-id': runIds,
        'poll-interval': '100ms'
      })
      expect(gate.exitCode).toBe(0)
      expect(gate.stdout).not.toMatch(/^::error/m)
      // The unevaluated `${{ github.token }}` default is no value, and no warning: not set by hand.
      expect(gate.stdout).not.toMatch(/^::warning/m)
      expect(gate.outputs['greenlight']).toBe('true')
      expect(gate.outputs['status']).toBe('passed')
    },
    SLOW
  )

  it(
    'runs greenlight to a red verdict: the step fails and the script exits 1',
    async () => {
      // A run the service already has: notify through local-action is covered above.
      const em = await demoEmulator()
      const runId = 'run-red'
      const gate = await localAction('red', {
        mode: 'greenlight',
        ...service(em),
        'run-id': runId,
        'poll-interval': '100ms'
      })
      expect(gate.exitCode).toBe(1)
      expect(gate.outputs['greenlight']).toBe('false')
      expect(gate.outputs['status']).toBe('failed')
      expect(gate.outputs['blocking-bugs-count']).toBe('1')
      expect(gate.stdout).toMatch(/^::error::QA verdict: failed/m)
    },
    SLOW
  )

  it(
    'treats an unevaluated expression written by hand as unset, and says so without echoing it',
    async () => {
      const em = await demoEmulator()
      const gate = await localAction('expression', {
        mode: 'greenlight',
        ...service(em),
        'run-id': '${{ steps.qa-notify.outputs.run-ids }}'
      })
      expect(gate.exitCode).toBe(1)
      expect(requestsTo(em, 'greenlight')).toHaveLength(0)
      expect(gate.stdout).toMatch(
        /^::error::Input 'run-id' is required in greenlight mode.*\(Its value was an expression that nothing evaluated/m
      )
      expect(gate.stdout).not.toContain('steps.qa-notify')
    },
    SLOW
  )
})

/**
 * `npm run local-action -- <copy of .env.example> base-url=… GITHUB_API_URL=… [input=value …]`:
 * the file as a user copies it, with only the emulator's address (a free port here, 8080 in the
 * file) and the route's inputs given on the command line, as the README's "Run it locally" shows.
 */
function fromExample(name: string, em: Emulator, args: string[]): Promise<LocalRun> {
  const envFile = path.join(dir, `${name}.env`)
  writeFileSync(envFile, readFileSync(path.join(REPO_ROOT, '.env.example'), 'utf8'))
  const summary = path.join(dir, `${name}-summary.md`)
  return localActionWith([
    envFile,
    `base-url=${em.url}`,
    `GITHUB_API_URL=${em.url}`,
    `GITHUB_STEP_SUMMARY=${summary}`,
    ...args
  ])
}

/** The copy of .env.example's line `NAME=value`, as the file sets it. */
function exampleValue(name: string): string {
  const example = readFileSync(path.join(REPO_ROOT, '.env.example'), 'utf8')
  return new RegExp(`^${name}=(.*)$`, 'm').exec(example)?.[1] ?? ''
}

describe('every route from .env.example alone', () => {
  const demo = JSON.parse(
    readFileSync(path.join(REPO_ROOT, 'emulator', 'examples', 'demo.json'), 'utf8')
  ) as EmulatorConfig

  it('points base-url and GITHUB_API_URL at the address the emulator is started on', () => {
    expect(exampleValue('INPUT_BASE-URL')).toBe('http://127.0.0.1:8080')
    expect(exampleValue('GITHUB_API_URL')).toBe('http://127.0.0.1:8080')
    expect(readFileSync(path.join(REPO_ROOT, '.env.example'), 'utf8')).toContain(
      'npm run emulator -- --config emulator/examples/demo.json --port 8080'
    )
  })

  it(
    'notify through deploy-success and report-status, greenlight with a pull request comment, and terminate a preview',
    async () => {
      const em = await emulator(demo)
      const notify = await fromExample('deploy-success', em, [])
      expect(notify.exitCode).toBe(0)
      expect(notify.stdout).not.toMatch(/^::(error|warning)/m)
      const runIds = JSON.parse(notify.outputs['run-ids'] ?? '[]') as string[]
      expect(runIds).toHaveLength(1)
      expect(readFileSync(path.join(dir, 'deploy-success-summary.md'), 'utf8')).not.toBe('')

      const report = await fromExample('report-status', em, [
        'via=report-status',
        'workspace-id=ws-1',
        'environment=staging',
        'deployment-url=https://staging.example.com'
      ])
      expect(report.stdout).not.toMatch(/^::error/m)
      expect(report.exitCode).toBe(0)
      expect(report.outputs['via']).toBe('report-status')
      const [reported] = em.requests.filter(r => r.path.includes('reportStatus'))
      // Named by GITHUB_RUN_ID, GITHUB_RUN_ATTEMPT and GITHUB_JOB from the file.
      expect(JSON.stringify(reported?.json)).toContain('1001-1-local')

      // The comment goes to the open pull request whose head is the file's GITHUB_SHA.
      const gate = await fromExample('greenlight', em, [
        'mode=greenlight',
        `run-id=${runIds[0]}`,
        'poll-interval=100ms',
        'comment-on-pr=true'
      ])
      expect(gate.stdout).not.toMatch(/^::error/m)
      expect(gate.exitCode).toBe(0)
      expect(gate.outputs['status']).toBe('passed')
      expect(em.github.comments).toEqual([
        expect.objectContaining({
          repository: 'octo-org/octo-app',
          issueNumber: 7,
          body: expect.stringContaining(runIds[0]!)
        })
      ])

      const previewUrl = 'https://pr-7.example.com'
      const preview = await fromExample('preview', em, [
        'ephemeral-environment=true',
        `deployment-url=${previewUrl}`
      ])
      expect(preview.exitCode).toBe(0)
      const end = await fromExample('terminate', em, [
        'mode=terminate',
        `deployment-url=${previewUrl}`
      ])
      expect(end.exitCode).toBe(0)
      expect(end.outputs['outcome']).toBe('terminated')
    },
    5 * SLOW
  )

  it(
    "notify through github-deployment, then greenlight on QA Wolf's check of the commit",
    async () => {
      const em = await emulator(demo)
      const deployed = await fromExample('github-deployment', em, [
        'via=github-deployment',
        'environment=staging',
        'deployment-url=https://staging.example.com'
      ])
      expect(deployed.stdout).not.toMatch(/^::error/m)
      expect(deployed.exitCode).toBe(0)
      expect(deployed.outputs['via']).toBe('github-deployment')
      const sha = exampleValue('GITHUB_SHA')
      expect(em.github.deployments).toEqual([
        expect.objectContaining({ repository: 'octo-org/octo-app', sha, environment: 'staging' })
      ])
      expect(deployed.outputs['github-deployment-id']).toBe(String(em.github.deployments[0]?.id))
      // This route tells QA Wolf through GitHub alone, with the file's github-token.
      expect(requestsTo(em, 'notify')).toEqual([])
      const deploymentPosts = em.requests.filter(r => r.path.endsWith('/deployments'))
      expect(deploymentPosts.map(r => r.headers['authorization'])).toEqual([
        expect.stringContaining(exampleValue('INPUT_GITHUB-TOKEN'))
      ])

      const gate = await fromExample('check', em, [
        'mode=greenlight',
        'verdict-from=check',
        'since=any',
        'poll-interval=100ms',
        'timeout=1m'
      ])
      expect(gate.stdout).not.toMatch(/^::error/m)
      expect(gate.exitCode).toBe(0)
      expect(gate.outputs['status']).toBe('passed')
      expect(gate.outputs['check-conclusion']).toBe('success')
      expect(gate.outputs['check-app']).toBe('qawolf')
    },
    2 * SLOW
  )
})

describe('.env.example', () => {
  it('names every input of action.yml, in its INPUT_<NAME> form', () => {
    const example = readFileSync(path.join(REPO_ROOT, '.env.example'), 'utf8')
    const action = readFileSync(path.join(REPO_ROOT, 'action.yml'), 'utf8')
    const inputs = [...(action.split(/^outputs:/m)[0] ?? '').matchAll(/^ {2}([\w-]+):$/gm)].map(
      m => m[1]!
    )
    expect(inputs.length).toBeGreaterThan(20)
    const missing = inputs.filter(
      name => !new RegExp(`^(# )?INPUT_${name.toUpperCase()}=`, 'm').test(example)
    )
    expect(missing).toEqual([])
  })
})
