// `npm run local-action` (scripts/local-action.mjs), the README's "Run it locally": GitHub's local
// runner, @github/local-action, runs the sources with the inputs of a copy of .env.example, and
// fills every input the file leaves out with action.yml's default as literal text. Then
// .env.example's values through the bundle. Every route from the file: the bundle's own tests.
// And the check_run event the docs offer for local runs, against the demo emulator: red as the
// event's conclusion says (green as it comes: `npm run demo` runs it, demo.test.ts).
import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from '@jest/globals'
import type { EmulatorConfig } from '../../emulator/server.js'
import { runAction } from '../../scripts/action-runner.js'
import { REPO_ROOT, resolveNode24 } from '../../scripts/node24.mjs'
import { API_KEY, emulator, loadEvent, PR_HEAD_SHA, qaService, requestsTo } from '../helpers/e2e.js'

const dir = mkdtempSync(path.join(tmpdir(), 'qa-local-action-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const example = readFileSync(path.join(REPO_ROOT, '.env.example'), 'utf8')
const read = (...file: string[]) => JSON.parse(readFileSync(path.join(REPO_ROOT, ...file), 'utf8'))
const DEMO = ['emulator', 'examples', 'demo.json']

/** `npm run local-action -- <args>`: its exit code, log and outputs. */
function localAction(args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' }
  for (const key of Object.keys(env)) if (key.startsWith('INPUT_')) delete env[key]
  const script = path.join(REPO_ROOT, 'scripts', 'local-action.mjs')
  return new Promise<{ exitCode: number; stdout: string; outputs: Record<string, string> }>(
    resolve => {
      execFile(
        resolveNode24(),
        [script, ...args],
        { cwd: REPO_ROOT, env, maxBuffer: 1 << 24 },
        (error, stdout) => {
          const outputs = Object.fromEntries(
            [...stdout.matchAll(/^::set-output name=([\w-]+)::(.*)$/gm)].map(m => [m[1]!, m[2]!])
          )
          const exitCode = error === null ? 0 : typeof error.code === 'number' ? error.code : -1
          resolve({ exitCode, stdout, outputs })
        }
      )
    }
  )
}

describe('@github/local-action (npm run local-action)', () => {
  it('gates green from a copy of .env.example, its github-token left to the default', async () => {
    const em = await emulator(read(...DEMO) as EmulatorConfig)
    // Commented out, the input reaches the action as its default's text, `${{ github.token }}`.
    const copy = path.join(dir, 'copy.env')
    writeFileSync(copy, example.replace(/^INPUT_GITHUB-TOKEN=/m, '# INPUT_GITHUB-TOKEN='))
    const summary = path.join(dir, 'summary.md')
    // Only the emulator's address differs from the file's (8080 there).
    const gate = await localAction([
      copy,
      `base-url=${em.url}`,
      `GITHUB_API_URL=${em.url}`,
      `GITHUB_STEP_SUMMARY=${summary}`,
      'mode=greenlight',
      'run-id=demo-green',
      'poll-interval=100ms'
    ])
    // The unevaluated default is no value, and no warning: it was not set by hand.
    expect(gate.stdout).not.toMatch(/^::error/m)
    expect(gate.stdout).not.toMatch(/^::warning.*github-token/m)
    expect(gate.exitCode).toBe(0)
    expect(gate.outputs).toMatchObject({ greenlight: 'true', status: 'passed' })
    expect(readFileSync(summary, 'utf8')).not.toBe('')
  }, 400_000)
})

describe('.env.example', () => {
  const value = (name: string) => new RegExp(`^${name}=(.*)$`, 'm').exec(example)?.[1] ?? ''

  it('names every input of action.yml, and the address the emulator is started on', () => {
    const action = readFileSync(path.join(REPO_ROOT, 'action.yml'), 'utf8')
    const inputs = [...(action.split(/^outputs:/m)[0] ?? '').matchAll(/^ {2}([\w-]+):$/gm)]
    expect(inputs.length).toBeGreaterThan(20)
    const missing = inputs
      .map(m => m[1]!)
      .filter(name => !new RegExp(`^(# )?INPUT_${name.toUpperCase()}=`, 'm').test(example))
    expect(missing).toEqual([])
    expect(value('INPUT_BASE-URL')).toBe('http://127.0.0.1:8080')
    expect(value('GITHUB_API_URL')).toBe('http://127.0.0.1:8080')
    expect(example).toContain(
      'npm run emulator -- --config emulator/examples/demo.json --port 8080'
    )
  })

  it("presets no commit: a pull_request event's is the pull request's head, as on a runner", async () => {
    const em = await qaService({ triggers: [{ id: 'web', deployment_type: 'smoke' }] })
    const inputs: Record<string, string> = {}
    const env: Record<string, string> = {}
    for (const [, name, text] of example.matchAll(/^([A-Z_][\w-]*)=(.*)$/gm)) {
      if (name!.startsWith('INPUT_')) inputs[name!.slice(6).toLowerCase()] = text!
      // The runner's summary file and the emulator's address stand in for the file's.
      else if (!['GITHUB_STEP_SUMMARY', 'GITHUB_API_URL'].includes(name!)) env[name!] = text!
    }
    const run = await runAction({
      inputs: { ...inputs, 'api-key': API_KEY, 'base-url': em.url },
      eventName: 'pull_request',
      event: loadEvent('pull_request.opened'),
      env: { ...env, GITHUB_API_URL: em.url }
    })
    expect(run.stdout).not.toMatch(/^::error/m)
    expect(run.exitCode).toBe(0)
    expect(requestsTo(em, 'notify')[0]?.json).toMatchObject({ sha: PR_HEAD_SHA })
  })
})

describe('emulator/events/check_run.completed.json against the demo emulator', () => {
  it('concluded failure: the gate ends 1 with status failed', async () => {
    const em = await emulator(read(...DEMO) as EmulatorConfig)
    const event = read('emulator', 'events', 'check_run.completed.json') as {
      check_run: Record<string, unknown>
    }
    const run = await runAction({
      inputs: { mode: 'greenlight', 'api-key': 'demo-key', 'verdict-from': 'check' },
      eventName: 'check_run',
      event: { ...event, check_run: { ...event.check_run, conclusion: 'failure' } },
      env: { GITHUB_API_URL: em.url, GITHUB_REPOSITORY: 'octo-org/octo-app' }
    })
    expect(run.stdout).not.toContain("has no branch 'main'")
    expect(run.outputs['status']).toBe('failed')
    expect(run.exitCode).toBe(1)
  })
})
