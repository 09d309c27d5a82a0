// `via: report-status`: `inactive` for the environment, to QA Wolf's deployment.reportStatus, named
// as notify's report is (so it is idempotent). What QA Wolf does on `inactive` is not public, and
// its answer does not say whether it knew the environment: the step says so, never more.
import { errorMessage } from '../kernel/values.js'
import { NO_PROVIDER_ID, providerDeploymentId } from '../kernel/event.js'
import type { CurrentPathTerminateSettings } from '../kernel/settings.js'
import { postWithRetries, ServiceError } from '../kernel/retry.js'
import { endedWith, type Close } from './route.js'

const NOT_PUBLIC =
  "What QA Wolf does when an environment's deployment turns inactive is not public: whether it stops runs that target it is not documented."

const LINES = {
  terminated: '✅ **Reported inactive** to QA Wolf (what QA Wolf then does is not public).',
  failed: '⛔ **Not reported:** the request failed.'
}

export const close: Close<CurrentPathTerminateSettings> = async (settings, deps) => {
  const name = settings.environmentName
  const end = endedWith(LINES, name)
  const id = providerDeploymentId(deps.context, settings.label)
  if (id === undefined) return end('failed', NO_PROVIDER_ID)
  deps.log(
    `Reporting environment ${name} inactive to ${settings.baseUrl} (deployment.reportStatus, deployment ${id}).`
  )
  deps.log(NOT_PUBLIC)
  const report = {
    workspaceId: settings.workspaceId ?? '',
    providerDeploymentId: id,
    status: 'inactive' as const,
    environment: { name, ephemeral: true }
  }
  try {
    const send = (signal: AbortSignal) => deps.client.reportDeploymentStatus(report, signal)
    await postWithRetries(send, deps, 'report-status')
  } catch (error) {
    // An answer that came but cannot be read: what it may have done is this route's to say.
    const unread = error instanceof ServiceError && error.answered && error.kind !== 'http'
    return end(
      'failed',
      deps.signal.aborted
        ? 'the job was cancelled while the report was being sent. It may have reached the service; reporting again is safe.'
        : unread
          ? `The QA service answered but the answer could not be read; it may have taken the inactive report of environment ${name} (reporting again is safe). ${error.cause instanceof Error ? error.cause.message : errorMessage(error)}`
          : errorMessage(error)
    )
  }
  return end(
    'terminated',
    `QA Wolf took the inactive report of environment ${name}. Its answer does not say whether QA Wolf knew environment ${name} (from an earlier success report) or stopped anything. ${NOT_PUBLIC}`
  )
}
