// The sub-actions (`uses: YOUR-ORG/qa-greenlight/notify@v1`, …) as a runner runs them: each its own
// bundle (dist/<mode>/index.js) with its own action.yml's defaults and no `mode` input, against
// the emulator over loopback. Then the preview example's steps, wired as the example wires them.
import { afterEach, describe, expect, it } from '@jest/globals'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { parse } from 'yaml'
import { bundleOf, runAction, runnerStep } from '../../scripts/action-runner.js'
import { REPO_ROOT } from '../../scripts/node24.mjs'
import {
  API_KEY,
  baseConfig,
  closeServers,
  emulator,
  loadEvent,
  messagesOf,
  requestsTo
} from '../helpers/e2e.js'

afterEach(closeServers)

const SUB_ACTIONS = ['notify', 'greenlight', 'terminate'] as const

function service(url: string): Record<string, string> {
  return { 'api-key': API_KEY, 'base-url': url }
}

describe('the sub-actions', () => {
  it.each(SUB_ACTIONS.map(mode => [mode]))(
    '%s runs its own bundle, which npm run bundle built, and gets no mode input',
    mode => {
      expect(existsSync(bundleOf(mode))).toBe(true)
      expect(bundleOf(mode)).not.toBe(bundleOf())
      // What the runner gives the step: the sub-action's own inputs, with no INPUT_MODE.
      const step = runnerStep({ subAction: mode, inputs: { 'api-key': API_KEY } })
      expect(Object.keys(step.env).filter(name => name.startsWith('INPUT_MODE'))).toEqual([])
      expect(step.inputs['base-url']).toBe('https://app.qawolf.com')
    }
  )

  it('notify, greenlight and terminate each run with no mode input, as their own bundles', async () => {
    const em = await emulator(
      baseConfig({
        triggers: [
          { id: 'web', deployment_type: 'smoke', run: { timeline: [{ stage: 'completed' }] } }
        ],
        environments: [{ id: 'env-pr-9', alias: 'pr-9' }]
      })
    )
    const notify = await runAction({
      subAction: 'notify',
      inputs: { ...service(em.url), 'deployment-type': 'smoke' }
    })
    expect(notify.stderr).toBe('')
    expect(notify.exitCode).toBe(0)
    expect(messagesOf(notify, 'warning')).toEqual([])
    expect(requestsTo(em, 'notify')).toHaveLength(1)
    const runIds = JSON.parse(notify.outputs['run-ids'] ?? '') as string[]
    expect(runIds).toHaveLength(1)
    // A sub-action sets its own mode's outputs only.
    expect(notify.outputs['greenlight']).toBeUndefined()

    const gate = await runAction({
      subAction: 'greenlight',
      inputs: { ...service(em.url), 'run-id': JSON.stringify(runIds), 'poll-interval': '100ms' }
    })
    expect(gate.exitCode).toBe(0)
    expect(messagesOf(gate, 'warning')).toEqual([])
    expect(gate.outputs).toMatchObject({ greenlight: 'true', status: 'passed' })
    expect(gate.outputs['run-ids']).toBeUndefined()

    const terminate = await runAction({
      subAction: 'terminate',
      inputs: { ...service(em.url), 'environment-alias': 'pr-9' }
    })
    expect(terminate.exitCode).toBe(0)
    expect(terminate.outputs).toEqual({ outcome: 'terminated', 'environment-id': 'env-pr-9' })
    for (const run of [notify, gate, terminate]) {
      expect(run.stdout).not.toMatch(/Input 'mode'/)
    }
  })

  it("refuse bad input as the root action does: the input named, nothing sent, the mode's outputs set", async () => {
    const em = await emulator(baseConfig())
    const run = await runAction({
      subAction: 'greenlight',
      inputs: { ...service(em.url), 'run-id': 'run-1', timeout: 'soon' }
    })
    expect(run.exitCode).toBe(1)
    expect(em.requests).toHaveLength(0)
    expect(messagesOf(run, 'error').join('\n')).toMatch(/Input 'timeout'/)
    expect(run.outputs['status']).toBe('error')
  })
})

// --- examples/preview-deployments.yml ---------------------------------------------------------

interface Step {
  id?: string
  uses?: string
  with?: Record<string, string>
}
const example = parse(
  readFileSync(path.join(REPO_ROOT, 'examples', 'preview-deployments.yml'), 'utf8')
) as { jobs: Record<string, { steps: Step[] }> }

function stepUsing(job: string, subAction: string): Step {
  const step = example.jobs[job]?.steps.find(s => s.uses?.includes(`/${subAction}@`))
  if (step === undefined) throw new Error(`no ${subAction} step in the ${job} job`)
  return step
}

/**
 * The step's inputs with the expressions the example uses replaced as the runner would: the
 * event's fields, the API key secret, and the outputs of earlier steps.
 */
function evaluated(
  step: Step,
  context: { event: unknown; stepOutputs: Record<string, Record<string, string>> }
): Record<string, string> {
  const lookup = (expression: string): string => {
    const [root, ...rest] = expression.trim().split('.')
    if (expression.trim() === 'secrets.QAWOLF_API_KEY') return API_KEY
    if (root === 'github' && rest[0] === 'event') {
      let value: unknown = context.event
      for (const key of rest.slice(1)) value = (value as Record<string, unknown>)[key]
      return String(value)
    }
    if (root === 'steps' && rest[1] === 'outputs') {
      return context.stepOutputs[rest[0] ?? '']?.[rest[2] ?? ''] ?? ''
    }
    throw new Error(`the test does not evaluate \${{ ${expression} }}`)
  }
  return Object.fromEntries(
    Object.entries(step.with ?? {}).map(([name, value]) => [
      name,
      String(value).replace(/\$\{\{([^}]+)\}\}/g, (_, expression: string) => lookup(expression))
    ])
  )
}

describe('examples/preview-deployments.yml', () => {
  it('ends the preview notify reported: its clean-up finds it by URL and gets terminated', async () => {
    // A Vercel-style preview: the service names it from its URL, not pr-<number>.
    const previewUrl = 'https://octo-app-git-feature-x-acme.vercel.app'
    const deployed = loadEvent('deployment_status.success') as {
      deployment_status: Record<string, unknown>
      deployment: Record<string, unknown>
    }
    deployed.deployment_status['environment_url'] = previewUrl
    deployed.deployment['transient_environment'] = true
    deployed.deployment['environment'] = 'Preview'
    const em = await emulator(baseConfig())

    const notifyStep = stepUsing('qa', 'notify')
    const notify = await runAction({
      subAction: 'notify',
      eventName: 'deployment_status',
      event: deployed,
      inputs: {
        ...evaluated(notifyStep, { event: deployed, stepOutputs: {} }),
        'base-url': em.url
      }
    })
    expect(notify.exitCode).toBe(0)
    expect(notify.outputs['environment']).toBe('octo-app-git-feature-x-acme')
    expect(notify.outputs['environment-id']).not.toBe('')

    // The clean-up runs later, on pull_request closed. Its lookup step reads from GitHub's API the
    // successful deployment status of the pull request's last commit: the status whose event
    // started the qa job above, so its environment_url.
    const closed = loadEvent('pull_request.opened') as { action: string; number: number }
    closed.action = 'closed'
    const terminateStep = stepUsing('cleanup', 'terminate')
    const stepOutputs = { preview: { url: previewUrl } }
    const terminate = await runAction({
      subAction: 'terminate',
      eventName: 'pull_request',
      event: closed,
      inputs: { ...evaluated(terminateStep, { event: closed, stepOutputs }), 'base-url': em.url }
    })
    expect(terminate.exitCode).toBe(0)
    expect(messagesOf(terminate, 'warning')).toEqual([])
    expect(terminate.outputs['outcome']).toBe('terminated')
    expect(terminate.outputs['environment-id']).toBe(notify.outputs['environment-id'])

    // What the example used to send, an alias rebuilt from the pull request number, ends nothing.
    const byAlias = await runAction({
      subAction: 'terminate',
      inputs: { ...service(em.url), 'environment-alias': `pr-${closed.number}` }
    })
    expect(byAlias.outputs['outcome']).toBe('not-found')
  })
})
