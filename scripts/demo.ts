// `npm run demo`: rehearse deploy → notify → greenlight against the emulator with the bundled
// action, as a runner would run it, and print each step's outputs and job summary as text; then
// report the same deployments on QA Wolf's current path (via: report-status) and gate them on
// QA Wolf's check on the commit (verdict-from: check), the emulator playing GitHub too. The
// emulator answers as the live service does: environments as objects (static or preview), entries
// without trigger_id, and a preview environment that needs no run.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { startEmulator, type EmulatorConfig } from '../emulator/server.js'
import { runAction, type ActionRun } from './action-runner.js'
import { REPO_ROOT } from './node24.mjs'

const config = JSON.parse(
  readFileSync(path.join(REPO_ROOT, 'emulator', 'examples', 'demo.json'), 'utf8')
) as EmulatorConfig
const API_KEY = 'demo-key'

/** A successful deployment of a pull request branch to staging, as GitHub sends it. */
function deploymentStatusEvent(environment: string, sha: string): Record<string, unknown> {
  return {
    action: 'created',
    deployment_status: {
      state: 'success',
      environment,
      environment_url: `https://${environment}.shop.example.com`
    },
    deployment: { sha, ref: 'feature/checkout-button', environment, payload: {} },
    repository: { full_name: 'acme/shop', name: 'shop', owner: { login: 'acme' } }
  }
}

/** Summary Markdown as terminal text: entities decoded, links as `text <url>`, tags dropped. */
function asText(markdown: string): string {
  return markdown
    .replace(/\[([^\]]*)\]\(([^)]*)\)/g, '$1 <$2>')
    .replace(/<br>/g, '\n')
    .replace(/<\/?(details|summary|b|strong|code)>/g, '')
    .replace(/\*\*([^*]+)\*\*/g, '$1')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .trim()
}

function show(title: string, run: ActionRun): void {
  const rule = '─'.repeat(78)
  console.log(`\n${rule}\n${title}  →  exit code ${run.exitCode}\n${rule}`)
  // As a runner shows it: the key's mask and debug lines (seen with step debug logging) hidden.
  const log = run.stdout
    .split('\n')
    .filter(
      line =>
        line.trim() !== '' && !line.startsWith('::add-mask::') && !line.startsWith('::debug::')
    )
  console.log('log:')
  for (const line of log) console.log(`  ${line}`)
  console.log('outputs:')
  for (const [name, value] of Object.entries(run.outputs)) {
    const shown = value.length > 160 ? `${value.slice(0, 157)}...` : value
    console.log(`  ${name} = ${shown.replace(/\n/g, ' | ')}`)
  }
  console.log('job summary:')
  for (const line of asText(run.summary).split('\n')) console.log(`  │ ${line}`)
}

async function rehearse(
  baseUrl: string,
  title: string,
  deploymentType: string,
  sha: string
): Promise<ActionRun> {
  const notify = await runAction({
    inputs: {
      mode: 'notify',
      'api-key': API_KEY,
      'base-url': baseUrl,
      'deployment-type': deploymentType,
      label: title
    },
    eventName: 'deployment_status',
    event: deploymentStatusEvent(title, sha)
  })
  show(`notify (${title}, deployment-type ${deploymentType})`, notify)
  const gate = await runAction({
    inputs: {
      mode: 'greenlight',
      'api-key': API_KEY,
      'base-url': baseUrl,
      'run-id': notify.outputs['run-ids'] ?? '',
      'poll-interval': '300ms',
      timeout: '20s',
      label: title
    }
  })
  show(`greenlight (${title}, run-id ${notify.outputs['run-ids']})`, gate)
  return gate
}

/** A push of `sha` to main, as GitHub sends it. */
function pushEvent(sha: string): Record<string, unknown> {
  return {
    ref: 'refs/heads/main',
    after: sha,
    repository: { full_name: 'acme/shop', name: 'shop', owner: { login: 'acme' } }
  }
}

/**
 * QA Wolf's current path: report the deployment (public.deployment.reportStatus), then gate on the
 * check run QA Wolf's GitHub App posts on the commit (the emulator plays GitHub too).
 */
async function currentPath(
  baseUrl: string,
  environment: string,
  sha: string
): Promise<{ report: ActionRun; gate: ActionRun }> {
  const github = { GITHUB_API_URL: baseUrl, GITHUB_REPOSITORY: 'acme/shop' }
  const report = await runAction({
    inputs: {
      mode: 'notify',
      'api-key': API_KEY,
      'base-url': baseUrl,
      via: 'report-status',
      environment,
      'workspace-id': 'ws-demo',
      'deployment-url': `https://${environment}.shop.example.com`,
      label: environment
    },
    eventName: 'push',
    event: pushEvent(sha),
    env: { ...github, GITHUB_RUN_ID: '4242', GITHUB_RUN_ATTEMPT: '1', GITHUB_JOB: 'deploy' }
  })
  show(`notify via report-status (${environment}, a workspace on global triggers)`, report)
  const gate = await runAction({
    inputs: {
      mode: 'greenlight',
      'api-key': API_KEY,
      'base-url': baseUrl,
      'verdict-from': 'check',
      since: report.outputs['reported-at'] ?? '',
      'poll-interval': '300ms',
      timeout: '20s',
      label: environment
    },
    eventName: 'push',
    event: pushEvent(sha),
    env: github
  })
  show(
    `greenlight verdict-from: check (${environment}, QA Wolf Test Results on ${sha.slice(0, 7)})`,
    gate
  )
  return { report, gate }
}

/** examples/preview-current-path.yml: report a pr-<n> preview, gate on its check, close it. */
async function previewCurrentPath(baseUrl: string, pr: number, sha: string): Promise<ActionRun> {
  const env = {
    GITHUB_API_URL: baseUrl,
    GITHUB_REPOSITORY: 'acme/shop',
    GITHUB_RUN_ID: '4243',
    GITHUB_RUN_ATTEMPT: '1',
    GITHUB_JOB: 'qa'
  }
  const event = { action: 'opened', number: pr, pull_request: { number: pr, head: { sha } } }
  const common = {
    'api-key': API_KEY,
    'base-url': baseUrl,
    via: 'report-status',
    'workspace-id': 'ws-demo',
    environment: `pr-${pr}`,
    label: `pr-${pr}`
  }
  const step = (mode: string, inputs: Record<string, string>) =>
    runAction({ inputs: { mode, ...inputs }, eventName: 'pull_request', event, env })
  const report = await step('notify', {
    ...common,
    'ephemeral-environment': 'true',
    'deployment-url': `https://pr-${pr}.preview.example.com`
  })
  show(`notify via report-status (pr-${pr}, a preview on the current path)`, report)
  const { via: _via, environment: _env, 'workspace-id': _ws, ...gateInputs } = common
  const gate = await step('greenlight', {
    ...gateInputs,
    'verdict-from': 'check',
    sha,
    since: report.outputs['reported-at'] ?? '',
    'poll-interval': '300ms',
    timeout: '20s'
  })
  show(`greenlight verdict-from: check (pr-${pr}, QA Wolf's check on the head)`, gate)
  show(`terminate via report-status (pr-${pr} closed)`, await step('terminate', common))
  return gate
}

/** examples/promote-on-qa-check.yml: QA Wolf's check_run event on main's tip promotes it. */
async function promotion(baseUrl: string): Promise<ActionRun> {
  const event = JSON.parse(
    readFileSync(path.join(REPO_ROOT, 'emulator', 'events', 'check_run.completed.json'), 'utf8')
  ) as unknown
  const gate = await runAction({
    inputs: { mode: 'greenlight', 'api-key': API_KEY, 'verdict-from': 'check' },
    eventName: 'check_run',
    event,
    env: { GITHUB_API_URL: baseUrl, GITHUB_REPOSITORY: 'octo-org/octo-app' }
  })
  show('greenlight on a check_run event (emulator/events/check_run.completed.json)', gate)
  return gate
}

const emulator = await startEmulator(config)
console.log(`Service emulator listening on ${emulator.url} (config: emulator/examples/demo.json)`)
try {
  const green = await rehearse(
    emulator.url,
    'staging',
    'smoke',
    '4b825dc642cb6eb9a060e54bf8d69288fbee4904'
  )
  const red = await rehearse(
    emulator.url,
    'qa',
    'regression',
    '9c1185a5c5e9fc54612808977ee8f548b2258d31'
  )
  const preview = await runAction({
    inputs: {
      mode: 'notify',
      'api-key': API_KEY,
      'base-url': emulator.url,
      'ephemeral-environment': 'true',
      label: 'pr-12'
    },
    eventName: 'deployment_status',
    event: deploymentStatusEvent('pr-12', '2d3f5a7c9e1b3d5f7a9c1e3b5d7f9a1c3e5b7d9f')
  })
  show('notify (pr-12, a preview environment no trigger runs for)', preview)
  // A workspace on global triggers never sees deploy_success: the same deployments, reported on
  // QA Wolf's current path, gated on the check run QA Wolf's GitHub App posts on the commit.
  const current = await currentPath(
    emulator.url,
    'staging',
    '4b825dc642cb6eb9a060e54bf8d69288fbee4904'
  )
  const currentRed = await currentPath(
    emulator.url,
    'qa-cluster',
    '9c1185a5c5e9fc54612808977ee8f548b2258d31'
  )
  const reported = current.report
  const previewGate = await previewCurrentPath(
    emulator.url,
    12,
    '2d3f5a7c9e1b3d5f7a9c1e3b5d7f9a1c3e5b7d9f'
  )
  const promoted = await promotion(emulator.url)
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

The pr-12 notification passes with ${verdict(preview, 'run-ids')}: the service
answers a preview environment with no run, so QA Wolf tested nothing there: never a green
gate. examples/preview-deployments.yml fails its required check for it; on the current
path, gate with verdict-from: check instead (QA Wolf's check on the commit, shown below).

The report-status step passes with ${verdict(reported, 'via', 'deployment-id')}:
QA Wolf evaluates its global triggers on it and its GitHub App posts 'QA Wolf Test Results' on the commit.

Current path (verdict-from: check, no run ID):
  staging:    ${checked(current.gate)}
  qa-cluster: ${checked(currentRed.gate)}

The qa-cluster gate exits 1 on purpose too: QA Wolf concluded its check failure. Neither gate
needed a run ID: the current path reports no run, so the gate reads the check on the commit.

  pr-12 (current path): ${verdict(previewGate, 'status')}
  main's tip on QA Wolf's check_run event: ${verdict(promoted, 'status')}

Each workflow of examples/ above: deploy-then-gate, gate-existing-run and matrix-environments
(staging, qa), preview-deployments (pr-12, no run), gate-on-qa-check (staging, qa-cluster),
preview-current-path (pr-12 reported, gated, closed), promote-on-qa-check (the check_run event).

What to try next:
  npm run emulator -- --config emulator/examples/real-shape.json   a service to rehearse against
  npm run local-action                                             the sources through @github/local-action (.env.example)
  docs/development.md "Run it by hand": dist/index.js with INPUT_* variables against that emulator
  examples/                                                        workflows to copy
  npm test                                                         the whole test suite`)
  const asExpected =
    green.outputs['status'] === 'passed' &&
    red.outputs['status'] === 'failed' &&
    preview.exitCode === 0 &&
    preview.outputs['run-ids'] === '[]' &&
    reported.exitCode === 0 &&
    reported.outputs['deployment-id'] !== '' &&
    current.gate.outputs['status'] === 'passed' &&
    currentRed.gate.outputs['status'] === 'failed' &&
    previewGate.outputs['status'] === 'passed' &&
    promoted.outputs['status'] === 'passed'
  if (!asExpected) {
    console.error('The demo did not show one green and one red verdict.')
    process.exitCode = 1
  }
} finally {
  await emulator.close()
}
