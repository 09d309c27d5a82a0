// `via: deploy-success`: the `deploy_success` webhook, which feeds a workspace's legacy triggers.
// A 200 is not success by itself: every `results` entry is read by its outcome. Strict on what
// decides (the run IDs, `outcome`, the failure fields, `skipped_deployment`), tolerant of what
// informs (`environment` as a name or an object, IDs, `warning`): a shown field of an unexpected
// type is left out and named, never a reason to fail the step or to lose a run.
import { errorMessage, isRecord } from '../kernel/values.js'
import { MAX_NOTE_CHARS, nonBlankText, plural, truncateText } from '../kernel/text.js'
import { displayUrl } from '../kernel/parsers.js'
import type { NotifySettings } from '../kernel/settings.js'
import * as io from '../kernel/io.js'
import { fitJsonData, fitJsonList, limitSummary, SUMMARY_MAX_BYTES } from '../kernel/markdown.js'
import { escapeMultilineText, escapeText, link, table, type Markdown } from '../kernel/markdown.js'
import { postWithRetries } from '../kernel/retry.js'
import type { NotificationResponse } from '../kernel/answers.js'
import { ignoredInput, notifyHeading, previewWarnings, reportedAt, value } from './deployment.js'
import { withoutEmpty, type Route, type Told } from './deployment.js'

type NotifyReport = ReturnType<typeof reportNotification>

const RESULTS_MAX_BYTES = 160 * 1024
const RUN_IDS_MAX_BYTES = 64 * 1024
const ENTRY_TEXT_MAX_CHARS = 2000
/** The fields of a `results` entry the service documents; `results` keeps only these. */
const ENTRY_FIELDS = `trigger_id environment_id outcome created_suite_id duplicate_suite_id
  failure_code failure_message failure_reason skip_reason`.split(/\s+/)
const OUTCOME_WORDS = {
  created: '✅ created',
  duplicate: '🔁 duplicate (a run for this SHA already exists)',
  skipped: '⏭️ skipped',
  failed: '❌ failed'
}
const PICKS = 'the service picks the environment from its triggers'

export const deploySuccess: Route = {
  rules: settings => [
    settings.environment !== undefined && ignoredInput('environment', 'deploy-success', PICKS),
    settings.service !== undefined &&
      ignoredInput('service', 'deploy-success', 'only via: report-status sends it')
  ],

  async tell(settings, plan, step) {
    const failed = (head: string, reason: string): Told => ({
      failure: `${head}: ${reason}`,
      summary: summary(settings, reportNotification({}), reason)
    })
    const notSent = 'The deployment notification was not sent'
    if (plan.kind === 'fail') return failed(notSent, plan.reason)
    const { facts } = plan
    const ephemeral = settings.ephemeralEnvironment === true
    const gitlab = settings.hostingService === 'GitLab'
    for (const note of plan.notes) step.log(note)
    if (ephemeral && settings.pullRequestNumber !== undefined) {
      step.log(
        "The input 'pull-request-number' is not sent with ephemeral-environment: true (an ephemeral environment is linked to no pull request)."
      )
    }
    // As the service's own client sends it: an ephemeral environment links no repository.
    const repo = ephemeral ? undefined : facts.repository
    const body = withoutEmpty({
      branch: facts.branch,
      sha: facts.sha,
      deployment_type: settings.deploymentType,
      deployment_url: facts.deploymentUrl,
      hosting_service: ephemeral ? undefined : settings.hostingService,
      repository: repo && { [gitlab ? 'namespace' : 'owner']: repo.owner, name: repo.name },
      pull_request_number: ephemeral || gitlab ? undefined : facts.pullRequestNumber,
      merge_request_number: !ephemeral && gitlab ? settings.mergeRequestNumber : undefined,
      commit_url: facts.commitUrl,
      variables: settings.variables,
      deduplication_key: settings.deduplicationKey,
      ephemeral_environment: settings.ephemeralEnvironment,
      workspaceId: settings.workspaceId
    })
    // QA Wolf names a preview by its URL here: the URL must be per deployment.
    previewWarnings(settings, facts, step.warn)
    if (body.sha === undefined) {
      step.warn(
        "The event names no commit, so the notification carries no SHA and the runs are linked to no commit. Set the 'sha' input to send one.",
        'No commit SHA sent'
      )
    }
    const parts = [
      body.sha && `sha ${body.sha}`,
      body.branch && `branch ${body.branch}`,
      body.deployment_type && `type ${body.deployment_type}`,
      body.deployment_url && `url ${displayUrl(body.deployment_url)}`,
      body.pull_request_number !== undefined && `pull request #${body.pull_request_number}`,
      repo && `repository ${repo.owner}/${repo.name}`,
      body.merge_request_number !== undefined && `merge request !${body.merge_request_number}`,
      body.ephemeral_environment === true && 'ephemeral environment'
    ].filter(Boolean)
    const said = parts.join(', ') || '(no commit information)'
    const unready = await step.ready(
      `Notifying ${settings.baseUrl} of a successful deployment: ${said}`
    )
    if (unready !== undefined) return failed(notSent, unready)
    let serverTime: string | undefined
    let response: NotificationResponse
    try {
      const send = (signal: AbortSignal) =>
        step.client.notifyDeploySuccess(body, signal, date => (serverTime = date))
      response = await postWithRetries(send, step, 'notify')
    } catch (error) {
      return failed(
        'The deployment notification failed',
        step.signal.aborted
          ? 'the job was cancelled while the notification was being sent. The request may have reached the service, so runs may have been created: check the QA service before notifying again.'
          : errorMessage(error)
      )
    }
    const report = reportNotification(response)
    // Decided from the answer as it came; only what is shown of it is redacted.
    const runIds = fitJsonData(report.runIds, RUN_IDS_MAX_BYTES)
    if (runIds.omitted > 0) {
      const kept = report.runIds.length - runIds.omitted
      step.warn(
        `The run-ids output holds the first ${kept} of ${plural(report.runIds.length, 'run ID')}, to stay within GitHub's output limits (run-ids-cut is true): a greenlight step given it gates only those ${kept}. The QA service lists every run.`,
        'run-ids cut'
      )
    }
    const environment = report.environment && describeEnvironment(report.environment)
    if (environment !== undefined) step.log(`${environment}.`)
    if (report.unreadable !== undefined) {
      step.warn(
        `The service's answer had fields of an unexpected type, left out of the outputs and the summary: ${report.unreadable.join(', ')}. The runs it names are reported as usual.`,
        'QA service answer partly unreadable'
      )
    }
    if (report.warning !== undefined) step.warn(report.warning, 'QA service warning')
    const skipped = report.skippedDeployment
    if (skipped !== undefined) {
      step.warn(
        `The QA service skipped this deployment (${skipped.reason})${skipped.message ? `: ${skipped.message}` : '.'}`,
        'QA deployment skipped',
        'notice'
      )
    }
    for (const { triggerId, kind, runId, message } of report.outcomes) {
      const name = triggerId === undefined ? '' : ` ${triggerId}`
      const what = kind === 'failed' ? 'no run created' : kind === 'skipped' ? kind : `${kind} run`
      const line = `Trigger${name}: ${what}${runId === undefined ? '' : ` ${runId}`}`
      if (kind === 'failed') step.warn(`${line}: ${message}`, `QA trigger${name} failed`)
      else step.log(`${line}${message === undefined ? '' : `: ${message}`}`)
    }
    const results = io.redactDeep(response.results ?? [])
    const outputs = {
      'run-id': value(report.runIds[0]),
      'run-ids': runIds.json,
      'run-ids-cut': String(runIds.omitted > 0),
      results: new io.Redacted(
        fitJsonList(results.map(compactEntry), RESULTS_MAX_BYTES, omitted => ({
          cutByQaGreenlight: `${plural(omitted, 'more entry', 'more entries')} left out, cut to stay within GitHub's output limits; the job summary and the QA service have the rest`
        }))
      ),
      'deployment-id': value(report.deploymentId),
      environment: value(report.environment?.name),
      'environment-id': value(report.environment?.id),
      skipped: String(skipped !== undefined),
      'skip-reason': value(skipped?.reason),
      'reported-at': reportedAt(serverTime)
    }
    const kinds = report.outcomes.map(outcome => outcome.kind)
    if (kinds.includes('duplicate') && !kinds.includes('created')) {
      const earlier = report.outcomes.flatMap(o => (o.kind === 'duplicate' ? [o.runId] : []))
      // Only runs started for an earlier report of this commit: their check started before now, so
      // a `since` of now would wait out its timeout for a run that has its verdict. The answer
      // gives no time for that run: `any` counts every check run of the commit (the newest decides).
      outputs['reported-at'] = 'any'
      step.warn(
        `The service answered with an earlier run of this commit (${earlier.join(', ')}, duplicate_suite_id), not a new one: reported-at is any, so greenlight's since (since: any) counts that run's check run, which started before this report.`,
        'Earlier QA run',
        'notice'
      )
    }
    if (report.previewWithoutRun) {
      const named = report.environment?.name ?? report.environment?.id
      step.log(
        `Preview environment${named === undefined ? '' : ` ${named}`} is ready; no trigger created a run. Nothing was tested.`
      )
    }
    const told = { outputs, summary: summary(settings, report) }
    if (report.producedRun || report.previewWithoutRun) return told
    const why =
      skipped !== undefined
        ? `the service skipped the deployment (${skipped.reason})`
        : report.outcomes.length === 0
          ? 'no trigger matched the notification (check deployment-type and the triggers configured in the service; a workspace on global triggers never sees deploy_success, which feeds legacy triggers only: set via: github-deployment or via: report-status)'
          : 'no matched trigger created a run'
    const message = `The notification produced no run: ${why}.`
    if (settings.failOnNoRun) return { ...told, failure: message }
    step.warn(message, 'No QA run')
    return told
  }
}

function summary(settings: NotifySettings, report: NotifyReport, failed?: string): Markdown {
  const said = failed === undefined ? '' : escapeMultilineText(failed) || 'no details were given.'
  const lines = [
    notifyHeading(settings.label),
    failed === undefined ? producedLine(report) : `⛔ **The notification failed:** ${said}`
  ]
  if (report.warning !== undefined) lines.push(`⚠️ ${escapeText(report.warning, 1000)}`)
  const environment = report.environment && describeEnvironment(report.environment)
  const id = report.deploymentId && `deployment ${report.deploymentId}`
  const more = [environment, id].map(part => (part ? ` · ${escapeText(part)}` : '')).join('')
  lines.push(`Service: ${link(settings.baseUrl, settings.baseUrl)}${more}`)
  if (report.outcomes.length > 0) {
    // The live service names no trigger: a column of dashes would say nothing.
    const named = report.outcomes.some(outcome => outcome.triggerId !== undefined)
    const rows: Markdown[][] = []
    let chars = 0
    const cell = (text?: string, max?: number) => (text === undefined ? '—' : escapeText(text, max))
    for (const { triggerId, kind, runId, message } of report.outcomes) {
      // limitSummary cuts past the limit anyway; escaping 20,000 rows first would cost seconds.
      if (chars > SUMMARY_MAX_BYTES) break
      const row = [OUTCOME_WORDS[kind], cell(runId), cell(message, 1000)]
      if (named) row.unshift(cell(triggerId))
      chars += row.reduce((sum, cell) => sum + cell.length, 0)
      rows.push(row)
    }
    const headings = ['Outcome', 'Run ID', 'Why']
    lines.push(table(named ? ['Trigger', ...headings] : headings, rows))
  }
  return limitSummary(`${lines.join('\n\n').trimEnd()}\n`)
}

function typeName(field: unknown): string {
  if (Array.isArray(field)) return 'a list'
  if (field === null) return 'null'
  return typeof field === 'object' ? 'an object' : `a ${typeof field}`
}

/** A run ID, which decides: a string, or a whole number as the service might spell one. */
function runIdOf(field: unknown): string | undefined {
  if (typeof field === 'number' && Number.isSafeInteger(field) && field >= 0) return String(field)
  return nonBlankText(field)?.trim()
}

export function reportNotification(response: NotificationResponse) {
  const unreadable: string[] = []
  /** A shown field of `type`, or nothing (absent, null and blank say nothing; other types are noted). */
  function shown(field: unknown, path: string, type: 'boolean'): boolean | undefined
  function shown(field: unknown, path: string, type?: 'string'): string | undefined
  function shown(field: unknown, path: string, type = 'string'): unknown {
    if (field === undefined || field === null) return undefined
    if (typeof field === type) return type === 'string' ? nonBlankText(field) : field
    unreadable.push(`${path} (${typeName(field)})`)
    return undefined
  }
  const results = response.results ?? []
  const outcomes = results.map((entry, index) => {
    if (!isRecord(entry)) {
      return {
        kind: 'failed' as const,
        message: `the service sent ${typeName(entry)} instead of a result`
      }
    }
    const triggerId = shown(entry['trigger_id'], `results[${index}].trigger_id`)
    // A run ID counts whatever the outcome says: it is a run the service has.
    const created = runIdOf(entry['created_suite_id'])
    if (created !== undefined) return { triggerId, kind: 'created' as const, runId: created }
    const duplicate = runIdOf(entry['duplicate_suite_id'])
    if (duplicate !== undefined) return { triggerId, kind: 'duplicate' as const, runId: duplicate }
    const outcome = nonBlankText(entry['outcome'])?.trim().toLowerCase()
    if (outcome === 'skipped') {
      return { triggerId, kind: 'skipped' as const, message: nonBlankText(entry['skip_reason']) }
    }
    // `failed`, an outcome this version does not know, or no outcome and no run: failed.
    const message =
      nonBlankText(entry['failure_message']) ??
      nonBlankText(entry['failure_reason']) ??
      (outcome === undefined || outcome === 'failed'
        ? 'the service reported no outcome for this trigger'
        : outcome === 'created'
          ? 'the service reported a created run but named no run ID'
          : `unknown outcome '${outcome}'`)
    const code = nonBlankText(entry['failure_code'])
    return { triggerId, kind: 'failed' as const, message: code ? `${message} (${code})` : message }
  })
  const runIds = [...new Set(outcomes.flatMap(o => (o.runId === undefined ? [] : [o.runId])))]
  const skippedField = response.skipped_deployment
  const skippedWords = isRecord(skippedField) ? skippedField : {}
  const skipped =
    skippedField === undefined || skippedField === null || skippedField === false
      ? undefined
      : withoutEmpty({
          // Any other value says the deployment was skipped; only its words are optional.
          reason: nonBlankText(skippedWords['reason']) ?? nonBlankText(skippedField) ?? 'skipped',
          message: nonBlankText(skippedWords['message'])
        })
  const said = shown(response['warning'], 'warning')
  const deploymentId = shown(response['deployment_id'], 'deployment_id')
  const raw = response['environment']
  const fields = isRecord(raw) ? raw : {}
  const name = isRecord(raw) ? shown(raw['alias'], 'environment.alias') : shown(raw, 'environment')
  const id = shown(fields['id'], 'environment.id')
  const isStatic = shown(fields['isStatic'], 'environment.isStatic', 'boolean')
  const first = isRecord(results[0]) ? results[0] : {}
  const environment = withoutEmpty({
    name,
    id: id ?? shown(first['environment_id'], 'results[0].environment_id'),
    kind: isStatic === undefined ? undefined : isStatic ? 'static' : 'preview'
  })
  const more = unreadable.length - 5
  const previewWithoutRun =
    results.length === 0 && skipped === undefined && environment.kind === 'preview'
  return {
    outcomes,
    runIds,
    producedRun: runIds.length > 0 && skipped === undefined,
    ...withoutEmpty({
      previewWithoutRun: previewWithoutRun || undefined,
      skippedDeployment: skipped,
      // Only shown: a warning of any length leaves the log and the summary readable.
      warning: said && truncateText(said, MAX_NOTE_CHARS),
      deploymentId,
      environment,
      unreadable: more > 0 ? [...unreadable.slice(0, 5), `${more} more`] : unreadable
    })
  }
}

/** How the log names the environment: `Static environment staging (id cm-env-1)`. */
function describeEnvironment({ name, id, kind }: NonNullable<NotifyReport['environment']>) {
  if (name === undefined && id === undefined) return undefined
  const what =
    kind === undefined ? 'Environment' : `${kind === 'static' ? 'Static' : 'Preview'} environment`
  return `${what}${name === undefined ? '' : ` ${name}`}${id === undefined ? '' : ` (id ${id})`}`
}

function producedLine(report: NotifyReport): Markdown {
  if (report.skippedDeployment !== undefined) {
    const { reason, message } = report.skippedDeployment
    const said = message === undefined ? '' : `: ${escapeText(message, 1000)}`
    return `⏭️ **Run produced:** no — the QA service skipped this deployment (${escapeText(reason)})${said}.`
  }
  if (report.producedRun) {
    const named = report.runIds.slice(0, 20).map(id => escapeText(id))
    const rest = report.runIds.length - named.length
    return `✅ **Run produced:** yes — ${plural(report.runIds.length, 'run')}: ${named.join(', ')}${rest > 0 ? ` and ${rest} more` : ''}.`
  }
  if (report.previewWithoutRun) {
    // Not a pass: nothing was tested, and a ✅ here would read as one.
    return '⚠️ **Run produced:** none — the preview environment is ready, but no trigger started a run: **nothing was tested**. To gate the pull request anyway, use greenlight with `verdict-from: check`, or add a trigger for previews.'
  }
  return report.outcomes.length === 0
    ? '❌ **Run produced:** no — no trigger in the QA service matched this notification. Check that a trigger is configured for this branch, environment and deployment type.'
    : '❌ **Run produced:** no — no matched trigger created a run; the reasons are below.'
}

function compactEntry(entry: unknown): unknown {
  const cut = (field: unknown): unknown =>
    typeof field === 'string' ? truncateText(field, ENTRY_TEXT_MAX_CHARS) : field
  if (!isRecord(entry)) return Array.isArray(entry) ? null : cut(entry)
  const kept = ENTRY_FIELDS.filter(key => key in entry).map(key => {
    const field = entry[key]
    return [key, typeof field === 'object' && field !== null ? null : cut(field)]
  })
  return Object.fromEntries(kept)
}
