// notify mode: tell QA Wolf that a deployment succeeded, by the route `via` names (route.ts), and
// report what it answered. Every route goes through the same steps, in the order the log shows
// them; only the chosen route's module is loaded (cold start, BENCHMARKS.md).
import * as io from '../kernel/io.js'
import { InputErrors } from '../core/input-error.js'
import { readGitHubContext } from '../github/event-context.js'
import { logPrefix, type NotifySettings } from '../inputs/settings.js'
import { planNotification } from './payload.js'
import { EMPTY_NOTIFY_OUTPUTS, value } from './outputs.js'
import { waitUntilDeployed } from './url-probe.js'
import type { LogLine, Route, RouteDeps, SummaryInput, SummaryState } from './route.js'

/** The route `via` names, loaded on demand: a step loads no other route's code. */
async function runRoute(settings: NotifySettings, deps: RouteDeps): Promise<void> {
  switch (settings.via) {
    case 'deploy-success':
      return drive((await import('./deploy-success.js')).deploySuccess, settings, deps)
    case 'github-deployment':
      return drive((await import('./github-deployment.js')).githubDeployment, settings, deps)
    case 'report-status':
      return drive((await import('./report-status.js')).reportStatus, settings, deps)
  }
}

async function drive<Request, Answer>(
  route: Route<Request, Answer>,
  settings: NotifySettings,
  deps: RouteDeps
): Promise<void> {
  const prefix = logPrefix(settings)
  const log = (line: LogLine): void => {
    if (line.kind === 'info') io.info(`${prefix}${line.message}`)
    else if (line.kind === 'warning') io.warning(`${prefix}${line.message}`, line.title)
    else io.notice(`${prefix}${line.message}`, line.title)
  }
  // The route's input rules: refused inputs send nothing, and are reported as input errors.
  const findings = route.rules(settings)
  if (findings.errors.length > 0) {
    throw findings.errors.length === 1 ? findings.errors[0] : new InputErrors(findings.errors)
  }
  for (const warning of findings.warnings) io.warning(warning)

  // Every output once, when the step knows them: the empty values, then what it learnt.
  const outputs: Record<string, string | io.Redacted> = {
    ...EMPTY_NOTIFY_OUTPUTS,
    via: settings.via
  }
  const shown: Omit<SummaryInput<Answer>, 'state'> = {
    label: settings.label,
    baseUrl: settings.baseUrl,
    ...(settings.environment === undefined ? {} : { environment: settings.environment })
  }
  const summarize = async (state: SummaryState<Answer>): Promise<void> => {
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
  // The route may leave `reported-at` empty (an answer that names only an earlier run).
  io.setOutputs({
    ...outputs,
    'reported-at': reportedAt(sent.serverTime),
    ...reported.outputs
  })
  for (const line of reported.lines) log(line)
  await summarize({ kind: 'reported', answer: sent.answer })
  if (reported.failure !== undefined) io.setFailed(`${prefix}${reported.failure}`)
}

/**
 * When the report was accepted, ISO 8601 UTC: the answering server's time when it gave one (a
 * runner's clock may run ahead of GitHub's, and greenlight's `since` compares with GitHub's),
 * else the runner's.
 */
function reportedAt(serverTime: string | undefined, now = Date.now()): string {
  const server = serverTime === undefined ? NaN : Date.parse(serverTime)
  return new Date(Number.isFinite(server) ? server : now).toISOString()
}

/** The notify mode as action.ts runs it: the event is read here, where it is used. */
export const notifyMode = {
  emptyOutputs: EMPTY_NOTIFY_OUTPUTS,
  run: async (settings: NotifySettings, deps: Omit<RouteDeps, 'context'>) =>
    runRoute(settings, { ...deps, context: readGitHubContext(deps.env) })
}
