// notify mode: tell QA Wolf that a deployment succeeded, by the route `via` names, and report what
// it answered. Every route goes through the same steps, in the order the log shows them; only the
// chosen route's module is loaded (cold start, BENCHMARKS.md).
import * as io from '../kernel/io.js'
import { InputErrors } from '../kernel/settings.js'
import { readGitHubContext, withMergeQueuePull } from '../kernel/github.js'
import { logPrefix, type NotifyRoute, type NotifySettings } from '../kernel/settings.js'
import {
  planNotification,
  value,
  type LogLine,
  type Route,
  type RouteDeps,
  type SummaryInput,
  type SummaryState
} from './deployment.js'
import { waitUntilDeployed } from './wait-for-url.js'

type AnyRoute = Route<unknown, unknown>

/** The one place the routes are named: adding one is one entry here and its module. */
const ROUTES: Record<NotifyRoute, () => Promise<AnyRoute>> = {
  'deploy-success': async () => (await import('./deploy-success.js')).deploySuccess as AnyRoute,
  'github-deployment': async () =>
    (await import('./github-deployment.js')).githubDeployment as AnyRoute,
  'report-status': async () => (await import('./report-status.js')).reportStatus as AnyRoute
}

/** Every notify output with its "nothing happened" value, so that none is ever missing. */
export const EMPTY_NOTIFY_OUTPUTS: Readonly<Record<string, string>> = {
  'run-id': '',
  'run-ids': '[]',
  'run-ids-cut': 'false',
  results: '[]',
  skipped: 'false',
  'skip-reason': '',
  'deployment-id': '',
  environment: '',
  'environment-id': '',
  via: '',
  'github-deployment-id': '',
  'deployment-url': '',
  'reported-at': ''
}

async function runNotify(settings: NotifySettings, deps: RouteDeps): Promise<void> {
  const route = await ROUTES[settings.via]()
  const prefix = logPrefix(settings)
  const log = (line: LogLine): void => {
    if (line.kind === 'info') io.info(`${prefix}${line.message}`)
    else if (line.kind === 'warning') io.warning(`${prefix}${line.message}`, line.title)
    else io.notice(`${prefix}${line.message}`, line.title)
  }
  // Refused inputs send nothing, and are reported as input errors.
  const { errors, warnings } = route.rules(settings)
  if (errors.length > 0) throw errors.length === 1 ? errors[0] : new InputErrors(errors)
  for (const warning of warnings) io.warning(warning)

  const outputs: Record<string, string | io.Redacted> = {
    ...EMPTY_NOTIFY_OUTPUTS,
    via: settings.via
  }
  const shown: Omit<SummaryInput<unknown>, 'state'> = {
    label: settings.label,
    baseUrl: settings.baseUrl,
    ...(settings.environment === undefined ? {} : { environment: settings.environment })
  }
  const summarize = async (state: SummaryState<unknown>): Promise<void> => {
    if (settings.summary) await io.writeSummary(route.summary({ ...shown, state }))
  }
  const fail = async (head: string, reason: string): Promise<void> => {
    io.setOutputs(outputs)
    await summarize({ kind: 'failed', reason })
    io.setFailed(`${prefix}${head}: ${reason}`)
  }

  const plan = planNotification(settings, deps.context)
  if (plan.kind === 'skip') {
    io.notice(`${prefix}${plan.reason} Nothing was sent.`, 'QA notification skipped')
    io.setOutputs({ ...outputs, skipped: 'true', 'skip-reason': value(plan.reason) })
    return summarize({ kind: 'skipped', reason: plan.reason })
  }
  if (plan.kind === 'fail') return fail(route.words.notSent, plan.reason)
  for (const warning of plan.warnings) io.warning(`${prefix}${warning}`, 'Event file unreadable')
  if (plan.facts.deploymentUrl !== undefined) shown.deploymentUrl = plan.facts.deploymentUrl

  const request = route.request(settings, plan, deps.context)
  if (request.kind === 'fail') return fail(route.words.notSent, request.reason)
  for (const line of request.lines) log(line)
  // Waiting comes first, and says so; "Notifying …" only once something is about to be sent.
  const unreachable = await waitUntilDeployed(settings, plan.facts.deploymentUrl, deps)
  if (unreachable !== undefined) return fail(route.words.notSent, unreachable)
  io.info(`${prefix}${request.describe}`)

  let sent
  try {
    sent = await route.send(request.request, settings, deps, line => io.info(`${prefix}${line}`))
  } catch (error) {
    const failure = route.failure(error, settings, deps)
    Object.assign(outputs, failure.outputs)
    return fail(route.words.failed, failure.reason)
  }
  const reported = route.report(sent.answer, settings)
  io.setOutputs({ ...outputs, 'reported-at': reportedAt(sent.serverTime), ...reported.outputs })
  for (const line of reported.lines) log(line)
  await summarize({ kind: 'reported', answer: sent.answer })
  if (reported.failure !== undefined) io.setFailed(`${prefix}${reported.failure}`)
}

/**
 * When the report was accepted, ISO 8601 UTC: the answering server's time when it gave one (a
 * runner's clock may run ahead of GitHub's, which greenlight's `since` is compared with), else
 * the runner's.
 */
function reportedAt(serverTime: string | undefined): string {
  const server = serverTime === undefined ? NaN : Date.parse(serverTime)
  return new Date(Number.isFinite(server) ? server : Date.now()).toISOString()
}

/** The notify mode as action.ts runs it: the event is read here, where it is used. */
export const notifyMode = {
  emptyOutputs: EMPTY_NOTIFY_OUTPUTS,
  run: async (settings: NotifySettings, deps: Omit<RouteDeps, 'context'>) => {
    // On merge_group, the queue's pull request names the branch sent (as QA Wolf's action sends it).
    const event = await withMergeQueuePull(
      readGitHubContext(deps.env),
      settings.githubToken,
      deps.env
    )
    if (event.notice !== undefined)
      io.notice(`${logPrefix(settings)}${event.notice}`, 'Merge queue branch')
    return runNotify(settings, { ...deps, context: event.context })
  }
}
