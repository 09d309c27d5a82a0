// `npm run demo`: rehearse deploy → notify → greenlight against the emulator with the bundled
// action, as a runner would run it, and print each step's outputs and job summary as text; then
// report the same deployments on QA Wolf's current path (via: report-status) and gate them on
// QA Wolf's check on the commit (verdict-from: check), the emulator playing GitHub too. The
// emulator answers as the live service does: environments as objects (static or preview), entries
// without trigger_id, and a preview environment that needs no run.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { startEmulator, type EmulatorConfig } from '../emulator/server.js'
import { runAction, type ActionRun, type ActionRunOptions } from './action-runner.js'
import { REPO_ROOT } from './node24.mjs'

const readJson = (...file: string[]): unknown =>
  JSON.parse(readFileSync(path.join(REPO_ROOT, 'emulator', ...file), 'utf8'))
const GREEN_SHA = '4b825dc642cb6eb9a060e54bf8d69288fbee4904'
const RED_SHA = '9c1185a5c5e9fc54612808977ee8f548b2258d31'
const PREVIEW_SHA = '2d3f5a7c9e1b3d5f7a9c1e3b5d7f9a1c3e5b7d9f'
const repository = { full_name: 'acme/shop', name: 'shop', owner: { login: 'acme' } }
const poll = { 'poll-interval': '300ms', timeout: '20s' }

const ENTITIES = { lt: '<', gt: '>', quot: '"', amp: '&' }

/** Summary Markdown as terminal text: entities decoded, links as `text <url>`, tags dropped. */
function asText(markdown: string): string {
  return markdown
    .replace(/\[([^\]]*)\]\(([^)]*)\)/g, '$1 <$2>')
    .replace(/<br>/g, '\n')
    .replace(/<\/?(details|summary|b|strong|code)>/g, '')
    .replace(/\*\*([^*]+)\*\*/g, '$1')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&(lt|gt|quot|amp);/g, (_, name: keyof typeof ENTITIES) => ENTITIES[name])
    .trim()
}

/** Runs one step and prints it as a runner shows it: the key's mask and debug lines hidden. */
async function step(title: string, options: ActionRunOptions): Promise<ActionRun> {
  const run = await runAction(options)
  const rule = '─'.repeat(78)
  console.log(`\n${rule}\n${title}  →  exit code ${run.exitCode}\n${rule}\nlog:`)
  for (const line of run.stdout.split('\n')) {
    if (line.trim() !== '' && !/^::(add-mask|debug)::/.test(line)) console.log(`  ${line}`)
  }
  console.log('outputs:')
  for (const [name, value] of Object.entries(run.outputs)) {
    const shown = value.length > 160 ? `${value.slice(0, 157)}...` : value
    console.log(`  ${name} = ${shown.replace(/\n/g, ' | ')}`)
  }
  console.log('job summary:')
  for (const line of asText(run.summary).split('\n')) console.log(`  │ ${line}`)
  return run
}

const emulator = await startEmulator(readJson('examples', 'demo.json') as EmulatorConfig)
console.log(`Service emulator listening on ${emulator.url} (config: emulator/examples/demo.json)`)
const key = { 'api-key': 'demo-key', 'base-url': emulator.url }
const github = { GITHUB_API_URL: emulator.url, GITHUB_REPOSITORY: 'acme/shop' }

/** A successful deployment of a pull request branch, as GitHub sends it. */
const deployed = (environment: string, sha: string) => ({
  eventName: 'deployment_status',
  event: {
    action: 'created',
    deployment_status: {
      state: 'success',
      environment,
      environment_url: `https://${environment}.shop.example.com`
    },
    deployment: { sha, ref: 'feature/checkout-button', environment, payload: {} },
    repository
  }
})

/** examples/deploy-then-gate.yml: notify, then gate on the runs it started. */
async function rehearse(label: string, type: string, sha: string): Promise<ActionRun> {
  const notify = await step(`notify (${label}, deployment-type ${type})`, {
    inputs: { mode: 'notify', ...key, 'deployment-type': type, label },
    ...deployed(label, sha)
  })
  const runIds = notify.outputs['run-ids'] ?? ''
  return step(`greenlight (${label}, run-id ${runIds})`, {
    inputs: { mode: 'greenlight', ...key, 'run-id': runIds, ...poll, label }
  })
}

/**
 * QA Wolf's current path: report the deployment (public.deployment.reportStatus), then gate on the
 * check run QA Wolf's GitHub App posts on the commit (the emulator plays GitHub too). A preview
 * (examples/preview-current-path.yml) is reported for its pull request, and closed at the end.
 */
async function currentPath(label: string, sha: string, preview?: number) {
  const push = { eventName: 'push', event: { ref: 'refs/heads/main', after: sha, repository } }
  const pr = { action: 'opened', number: preview, pull_request: { number: preview, head: { sha } } }
  const steps = {
    ...(preview === undefined ? push : { eventName: 'pull_request', event: pr }),
    env: { ...github, GITHUB_RUN_ID: '4242', GITHUB_RUN_ATTEMPT: '1', GITHUB_JOB: 'deploy' }
  }
  const reporting = { ...key, via: 'report-status', 'workspace-id': 'ws-demo', environment: label }
  const target: Record<string, string> =
    preview === undefined
      ? { 'deployment-url': `https://${label}.shop.example.com` }
      : {
          'ephemeral-environment': 'true',
          'deployment-url': `https://${label}.preview.example.com`
        }
  const about =
    preview === undefined ? 'a workspace on global triggers' : 'a preview on the current path'
  const report = await step(`notify via report-status (${label}, ${about})`, {
    inputs: { mode: 'notify', ...reporting, ...target, label },
    ...steps
  })
  const since = report.outputs['reported-at'] ?? ''
  const gate = await step(
    `greenlight verdict-from: check (${label}, QA Wolf Test Results on ${sha.slice(0, 7)})`,
    {
      inputs: { mode: 'greenlight', ...key, 'verdict-from': 'check', sha, since, ...poll, label },
      ...steps
    }
  )
  if (preview !== undefined) {
    await step(`terminate via report-status (${label} closed)`, {
      inputs: { mode: 'terminate', ...reporting, label },
      ...steps
    })
  }
  return { report, gate }
}

try {
  const green = await rehearse('staging', 'smoke', GREEN_SHA)
  const red = await rehearse('qa', 'regression', RED_SHA)
  const preview = await step('notify (pr-12, a preview environment no trigger runs for)', {
    inputs: { mode: 'notify', ...key, 'ephemeral-environment': 'true', label: 'pr-12' },
    ...deployed('pr-12', PREVIEW_SHA)
  })
  // A workspace on global triggers never sees deploy_success: the same deployments, reported on
  // QA Wolf's current path, gated on the check run QA Wolf's GitHub App posts on the commit.
  const current = await currentPath('staging', GREEN_SHA)
  const currentRed = await currentPath('qa-cluster', RED_SHA)
  const previewGate = (await currentPath('pr-12', PREVIEW_SHA, 12)).gate
  // examples/promote-on-qa-check.yml: QA Wolf's check_run event on main's tip promotes it.
  const promoted = await step(
    'greenlight on a check_run event (emulator/events/check_run.completed.json)',
    {
      inputs: { mode: 'greenlight', 'api-key': 'demo-key', 'verdict-from': 'check' },
      eventName: 'check_run',
      event: readJson('events', 'check_run.completed.json'),
      env: { GITHUB_API_URL: emulator.url, GITHUB_REPOSITORY: 'octo-org/octo-app' }
    }
  )
  const verdict = (run: ActionRun, ...outputs: string[]) =>
    `${outputs.map(name => `${name}=${run.outputs[name]}`).join(' ')} (exit ${run.exitCode})`
  const gate = (run: ActionRun) => verdict(run, 'status', 'greenlight')
  const checked = (run: ActionRun) => verdict(run, 'status', 'greenlight', 'check-conclusion')
  console.log(`
Verdicts:
  staging: ${gate(green)}
  qa:      ${gate(red)}

The qa step exits 1 on purpose: its run found blocking bugs, so the gate is red and a
workflow would stop there. That is the red case working, not the demo failing.

The pr-12 notification passes with ${verdict(preview, 'run-ids')}: no run tested that
preview, so no gate on runs can be green there; gate on QA Wolf's check instead (below).

The report-status step passes with ${verdict(current.report, 'via', 'deployment-id')}:
QA Wolf's GitHub App then posts 'QA Wolf Test Results' on the commit, which the current
path gates on (verdict-from: check, no run ID; qa-cluster's check failed, so it exits 1):
  staging:    ${checked(current.gate)}
  qa-cluster: ${checked(currentRed.gate)}
  pr-12 (current path): ${verdict(previewGate, 'status')}
  main's tip on QA Wolf's check_run event: ${verdict(promoted, 'status')}

What to try next:
  npm run emulator -- --config emulator/examples/real-shape.json   a service to rehearse against
  npm run local-action     the sources through @github/local-action (.env.example)
  examples/                workflows to copy, each rehearsed above`)
  const statuses = [green, red, current.gate, currentRed.gate, previewGate, promoted].map(
    run => run.outputs['status']
  )
  const asExpected =
    statuses.join() === 'passed,failed,passed,failed,passed,passed' &&
    preview.exitCode === 0 &&
    preview.outputs['run-ids'] === '[]' &&
    current.report.exitCode === 0 &&
    current.report.outputs['deployment-id'] !== ''
  if (!asExpected) {
    console.error('The demo did not show one green and one red verdict.')
    process.exitCode = 1
  }
} finally {
  await emulator.close()
}
