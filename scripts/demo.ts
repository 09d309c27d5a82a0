// `npm run demo`: rehearse deploy → notify → greenlight against the emulator with the bundled
// action, as a runner would run it, and print each step's outputs and job summary as text; then
// report the same deployment on QA Wolf's current path (via: report-status). The
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
  // A workspace on global triggers never sees deploy_success: the same deployment, reported on
  // QA Wolf's current path.
  const reported = await runAction({
    inputs: {
      mode: 'notify',
      'api-key': API_KEY,
      'base-url': emulator.url,
      via: 'report-status',
      environment: 'staging',
      'workspace-id': 'ws-demo',
      'deployment-url': 'https://staging.shop.example.com',
      label: 'staging'
    },
    // Reported from the deploy job itself (a push): on a deployment_status event QA Wolf's App
    // already has the deployment, and report-status is refused.
    eventName: 'push',
    event: {
      after: '4b825dc642cb6eb9a060e54bf8d69288fbee4904',
      ref: 'refs/heads/main',
      repository: { full_name: 'acme/shop', name: 'shop', owner: { login: 'acme' } }
    },
    env: { GITHUB_RUN_ID: '4242', GITHUB_RUN_ATTEMPT: '1', GITHUB_JOB: 'deploy' }
  })
  show('notify via report-status (staging, a workspace on global triggers)', reported)
  console.log('\nVerdicts:')
  console.log(
    `  staging: status=${green.outputs['status']} greenlight=${green.outputs['greenlight']} (exit ${green.exitCode})`
  )
  console.log(
    `  qa:      status=${red.outputs['status']} greenlight=${red.outputs['greenlight']} (exit ${red.exitCode})`
  )
  console.log(
    '\nThe qa step exits 1 on purpose: its run found blocking bugs, so the gate is red and a' +
      '\nworkflow would stop there. That is the red case working, not the demo failing.'
  )
  console.log(
    `\nThe pr-12 notification passes with run-ids=${preview.outputs['run-ids']} (exit ${preview.exitCode}): the service` +
      '\nanswers a preview environment with no run, and a gate step skips when run-ids is [].'
  )
  console.log(
    `\nThe report-status step passes with via=${reported.outputs['via']} deployment-id=${reported.outputs['deployment-id']} (exit ${reported.exitCode}):` +
      '\nQA Wolf evaluates its global triggers on it; gating on that path is not built yet.'
  )
  console.log(
    [
      '',
      'What to try next:',
      '  npm run emulator -- --config emulator/examples/real-shape.json   a service to rehearse against',
      '  npm run local-action                                             the sources through @github/local-action (.env.example)',
      '  docs/development.md "Run it by hand": dist/index.js with INPUT_* variables against that emulator',
      '  examples/                                                        workflows to copy',
      '  npm test                                                         the whole test suite'
    ].join('\n')
  )
  const asExpected =
    green.outputs['status'] === 'passed' &&
    red.outputs['status'] === 'failed' &&
    preview.exitCode === 0 &&
    preview.outputs['run-ids'] === '[]' &&
    reported.exitCode === 0 &&
    reported.outputs['deployment-id'] !== ''
  if (!asExpected) {
    console.error('The demo did not show one green and one red verdict.')
    process.exitCode = 1
  }
} finally {
  await emulator.close()
}
