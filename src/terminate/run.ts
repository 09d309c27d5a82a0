// terminate mode: the last step of a preview environment's life, by the route `via` names (one
// module each, loaded on demand). A clean-up step is safe to repeat: an environment not found or
// already closed is a warning; every other failure fails the step.
import * as io from '../kernel/io.js'
import type { ModeDeps } from '../kernel/action.js'
import { readGitHubContext } from '../kernel/github.js'
import { logPrefix, type TerminateRoute, type TerminateSettings } from '../kernel/settings.js'
import { escapeText, limitSummary } from '../kernel/markdown.js'
import type { Close, Ended } from './route.js'

const ROUTES: Record<TerminateRoute, () => Promise<{ close: Close<never> }>> = {
  'environment-terminated': () => import('./environment-terminated.js'),
  'github-deployment': () => import('./github-deployment.js'),
  'report-status': () => import('./report-status.js')
}

export const terminateMode = {
  emptyOutputs: { outcome: '', 'environment-id': '' },
  async run(settings: TerminateSettings, deps: ModeDeps): Promise<void> {
    const prefix = logPrefix(settings)
    const route = (await ROUTES[settings.via]()) as { close: Close<TerminateSettings> }
    const ended = await route.close(settings, {
      ...deps,
      context: readGitHubContext(deps.env),
      log: line => io.info(`${prefix}${line}`),
      warn: (line, title) => io.warning(`${prefix}${line}`, title)
    })
    const failed = ended.outcome === 'failed'
    const outputs = { outcome: ended.outcome, 'environment-id': ended.environmentId ?? '' }
    io.setOutputs(failed ? terminateMode.emptyOutputs : outputs)
    if (!failed && ended.message !== undefined) {
      if (ended.warning === undefined) io.info(`${prefix}${ended.message}`)
      else io.warning(`${prefix}${ended.message}`, ended.warning)
    }
    if (settings.summary) await io.writeSummary(terminateSummary(settings.label, ended))
    if (failed) io.setFailed(`${prefix}The environment termination failed: ${ended.message ?? ''}`)
  }
}

export function terminateSummary(label: string, ended: Ended): string {
  const shown = escapeText(label)
  const heading = `## QA environment${shown === '' ? '' : ` — ${shown}`}`
  // An environment ID is never blank (nonBlankText); a blank message still takes its paragraph.
  const id = ended.environmentId && `Environment ID: ${escapeText(ended.environmentId)}`
  const message = ended.message && escapeText(ended.message, 1000)
  const lines = [heading, `Environment ${escapeText(ended.name)}`, ended.line, id, message]
  return limitSummary(`${lines.filter(line => line !== undefined).join('\n\n')}\n`)
}
