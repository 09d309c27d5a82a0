// Shared set-up for the behaviour tests of notify's routes (deploy-success, report-status,
// github-deployment): the job a step runs in, each route's usual inputs, and one step run.
import { runAction, type ActionRun } from '../../scripts/action-runner.js'
import type { FaultSpec } from '../../emulator/config.js'
import type { Emulator } from '../../emulator/server.js'
import { API_KEY, baseConfig, emulator, loadEvent, notifyInputs } from './e2e.js'

/** Attempt 2 of job `deploy`: report-status's providerDeploymentId is `9123456789-2-deploy`. */
const RUN = { GITHUB_RUN_ID: '9123456789', GITHUB_RUN_ATTEMPT: '2', GITHUB_JOB: 'deploy' }
const STAGING_URL = 'https://staging.shop.example.com'

/** The reportStatus requests the emulator saw. */
export function reportsTo(em: Emulator) {
  return em.requests.filter(r => r.path === '/api/trpc/public.deployment.reportStatus')
}

interface RouteStep {
  /** The event fixture the step runs on (its name's first part is the event's name); null for none. */
  event?: string | null
  /** GitHub's API, for github-deployment. */
  github?: string
  env?: Record<string, string>
}

/** One notify step in job RUN, on a push of release/2024-05 unless `event` says otherwise. */
export function runRoute(
  inputs: Record<string, string>,
  { event = 'push.branch', github, env = {} }: RouteStep = {}
): Promise<ActionRun> {
  return runAction({
    inputs,
    ...(event === null ? {} : { eventName: event.split('.')[0]!, event: loadEvent(event) }),
    env: { ...RUN, ...(github === undefined ? {} : { GITHUB_API_URL: github }), ...env }
  })
}

/** A report-status step to staging in workspace ws-1, `extra` added, in job RUN. */
export function reportStep(
  service: { url: string },
  extra: Record<string, string> = {},
  step: RouteStep = {}
): Promise<ActionRun> {
  const inputs = notifyInputs(service, {
    via: 'report-status',
    environment: 'staging',
    'workspace-id': 'ws-1',
    'deployment-url': STAGING_URL,
    ...extra
  })
  return runRoute(inputs, step)
}

/** github-deployment to staging; base-url is a port nobody listens on, as the QA service is not asked. */
export function deploymentInputs(extra: Record<string, string> = {}): Record<string, string> {
  return {
    mode: 'notify',
    'api-key': API_KEY,
    'base-url': 'http://127.0.0.1:9',
    via: 'github-deployment',
    environment: 'staging',
    'deployment-url': STAGING_URL,
    ...extra
  }
}

/** The QA service with one trigger, `web`, whose first answers are `notifyScript`'s (null: normal). */
export function webService(...notifyScript: (FaultSpec | null)[]): Promise<Emulator> {
  const faults = notifyScript.length === 0 ? {} : { faults: { notify: { script: notifyScript } } }
  return emulator(baseConfig({ triggers: [{ id: 'web' }], ...faults }))
}

/** A deploy-success step (notify's default route) on the event fixture `event`. */
export function notifyOn(
  event: string,
  service: { url: string },
  env?: Record<string, string>
): Promise<ActionRun> {
  return runAction({
    inputs: notifyInputs(service),
    eventName: event.split('.')[0]!,
    event: loadEvent(event),
    ...(env === undefined ? {} : { env })
  })
}
