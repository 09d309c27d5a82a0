// The rules between notify's inputs: what each route (`via`) needs, and what fits the hosting
// service. Checked with the other inputs, so that a refused combination sends nothing.
import { InputError } from '../core/input-error.js'
import { emptyGitHubToken } from './parse-mode-inputs.js'
import type { InputReader } from './input-reader.js'
import type { NotifySettings } from './settings.js'

type NotifyRules = Pick<
  NotifySettings,
  | 'hostingService'
  | 'mergeRequestNumber'
  | 'repository'
  | 'via'
  | 'environment'
  | 'workspaceId'
  | 'githubToken'
>

/** The rules between notify's inputs: what each route needs, and what fits the hosting service. */
export function checkNotifyRoute(r: InputReader, s: NotifyRules): void {
  const gitlab = s.hostingService === 'GitLab'
  if (s.mergeRequestNumber !== undefined && !gitlab) {
    r.fail(
      new InputError(
        'merge-request-number',
        `Input 'merge-request-number' is for GitLab only (hosting-service: GitLab); on GitHub set 'pull-request-number'.`
      )
    )
  }
  if (s.repository !== undefined && !gitlab && s.repository.owner.includes('/')) {
    r.fail(
      new InputError(
        'repository',
        `Input 'repository' must be owner/name on GitHub, with one slash (a namespace with groups is GitLab's: set hosting-service: GitLab).`
      )
    )
  }
  if (s.via === 'deploy-success') {
    if (r.isSet('environment')) {
      r.warn(
        `Input 'environment' is ignored with via: deploy-success (the service picks the environment from its triggers).`
      )
    }
    return
  }
  // A value its parser refused is reported once, by the parser.
  if (s.environment === undefined && r.value('environment') === '') {
    r.fail(
      new InputError(
        'environment',
        `Input 'environment' is required with via: ${s.via}: name the environment QA Wolf should test, e.g. staging or pr-42` +
          (s.via === 'github-deployment'
            ? ` (GitHub's default, production, is never used implicitly).`
            : '.')
      )
    )
  }
  if (s.via === 'report-status' && s.workspaceId === undefined) {
    r.fail(
      new InputError(
        'workspace-id',
        `Input 'workspace-id' is required with via: report-status: the report names the workspace it belongs to.`
      )
    )
  }
  if (s.via === 'github-deployment') {
    if (gitlab) {
      r.fail(
        new InputError(
          'hosting-service',
          `Input 'hosting-service' is GitLab, but via: github-deployment creates a GitHub deployment: use via: report-status or deploy-success for GitLab.`
        )
      )
    }
    if (s.githubToken === '') {
      r.fail(emptyGitHubToken('via is github-deployment', 'deployments: write'))
    }
  }
}
