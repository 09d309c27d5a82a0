// notify mode: tell QA Wolf that a deployment succeeded, by the route `via` names (only its module
// is loaded: cold start, BENCHMARKS.md), and report what it answered.
import * as io from '../kernel/io.js'
import type { ModeDeps } from '../kernel/action.js'
import { readGitHubContext, withMergeQueuePull } from '../kernel/github.js'
import { InputError, InputErrors, logPrefix } from '../kernel/settings.js'
import type { NotifyRoute, NotifySettings } from '../kernel/settings.js'
import { planNotification, skippedSummary, value, type Route } from './deployment.js'
import { probeUrl, waitForUrl } from './wait-for-url.js'

const ROUTES: Record<NotifyRoute, () => Promise<Route>> = {
  'deploy-success': async () => (await import('./deploy-success.js')).deploySuccess,
  'github-deployment': async () => (await import('./github-deployment.js')).githubDeployment,
  'report-status': async () => (await import('./report-status.js')).reportStatus
}

export const notifyMode = {
  emptyOutputs: {
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
  },
  run: async (settings: NotifySettings, deps: ModeDeps): Promise<void> => {
    const prefix = logPrefix(settings)
    // On merge_group, the queue's pull request names the branch sent (as QA Wolf's action sends it).
    const read = readGitHubContext(deps.env)
    const { context, notice } = await withMergeQueuePull(read, settings.githubToken, deps.env)
    if (notice !== undefined) io.notice(`${prefix}${notice}`, 'Merge queue branch')
    const route = await ROUTES[settings.via]()
    const rules = route.rules(settings)
    const errors = rules.filter(rule => rule instanceof InputError)
    if (errors.length > 0) throw errors.length === 1 ? errors[0] : new InputErrors(errors)
    for (const warning of rules.filter(rule => typeof rule === 'string')) io.warning(warning)

    const outputs = { ...notifyMode.emptyOutputs, via: settings.via }
    const summarize = async (summary: string): Promise<void> => {
      if (settings.summary) await io.writeSummary(summary)
    }
    const plan = planNotification(settings, context)
    if (plan.kind === 'skip') {
      io.notice(`${prefix}${plan.reason} Nothing was sent.`, 'QA notification skipped')
      io.setOutputs({ ...outputs, skipped: 'true', 'skip-reason': value(plan.reason) })
      return summarize(skippedSummary(settings.label, plan.reason))
    }
    for (const warning of plan.kind === 'send' ? plan.warnings : []) {
      io.warning(`${prefix}${warning}`, 'Event file unreadable')
    }
    const url = plan.kind === 'send' ? plan.facts.deploymentUrl : undefined
    const log = (line: string): void => io.info(`${prefix}${line}`)
    const told = await route.tell(settings, plan, {
      ...deps,
      context,
      log,
      warn: (line, title, kind = 'warning') => io[kind](`${prefix}${line}`, title),
      ready: async describe => {
        const wait = settings.waitForUrl
        const unready =
          wait === undefined
            ? undefined
            : url === undefined
              ? `'wait-for-url' is true but there is no deployment URL to wait for: set 'deployment-url' (the event gives none).`
              : await waitForUrl(url, wait.timeoutMs, { ...deps, log, probe: probeUrl })
        if (unready === undefined) log(describe)
        return unready
      }
    })
    io.setOutputs({ ...outputs, ...told.outputs })
    await summarize(told.summary)
    if (told.failure !== undefined) io.setFailed(`${prefix}${told.failure}`)
  }
}
