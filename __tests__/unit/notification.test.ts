import { describe, it, expect } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import fc from 'fast-check'
import { readGitHubContext, type GitHubContext } from '../../src/github/event-context.js'
import {
  planNotification as planFacts,
  type NotificationPlan as FactsPlan
} from '../../src/notify/payload.js'
import { deploySuccessBody } from '../../src/notify/deploy-success.js'
import type { DeploymentNotification } from '../../src/kernel/service.js'
import type { NotifySettings } from '../../src/inputs/settings.js'
import { notifySettings } from '../helpers/unit-settings.js'

const GITHUB_SHA = 'c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00'
/** The head of the pull request in pull_request.opened.json. */
const PR_HEAD = '8f3e1c2a9b7d4e6f0a1b2c3d4e5f60718293a4b5'

const fixturePath = (name: string): URL => new URL(`../fixtures/events/${name}`, import.meta.url)
const fixture = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(fixturePath(name), 'utf8')) as Record<string, unknown>

/** A context as the runner describes it, with the event file read by readGitHubContext. */
function contextFor(
  eventName: string,
  file: string | undefined,
  env: NodeJS.ProcessEnv = {}
): GitHubContext {
  return readGitHubContext({
    GITHUB_EVENT_NAME: eventName,
    GITHUB_EVENT_PATH: file === undefined ? undefined : fileURLToPath(fixturePath(file)),
    GITHUB_SHA,
    GITHUB_REF: 'refs/heads/main',
    GITHUB_REF_NAME: 'main',
    GITHUB_REF_TYPE: 'branch',
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_REPOSITORY: 'acme/shop',
    ...env
  })
}

function withPayload(
  eventName: string,
  payload: Record<string, unknown>,
  env: NodeJS.ProcessEnv = {}
): GitHubContext {
  const ctx = contextFor(eventName, undefined, env)
  // The payload given stands for an event file that was read.
  delete ctx.eventFileProblem
  return { ...ctx, payload }
}

/** The context of `event` with its recorded payload `file`.json, `changes` made to its object. */
function patched(event: string, file: string, changes: Record<string, unknown>): GitHubContext {
  const payload = fixture(`${file}.json`)
  Object.assign(payload[event] as Record<string, unknown>, changes)
  return withPayload(event, payload)
}

const settings = notifySettings

/** The deployment's facts, with the deploy_success body its route builds from them. */
type NotificationPlan =
  | Exclude<FactsPlan, { kind: 'send' }>
  | (Extract<FactsPlan, { kind: 'send' }> & { body: DeploymentNotification; bodyNotes: string[] })

function planNotification(s: NotifySettings, ctx: GitHubContext): NotificationPlan {
  const plan = planFacts(s, ctx)
  if (plan.kind !== 'send') return plan
  const { body, notes } = deploySuccessBody(s, plan.facts)
  return { ...plan, body, bodyNotes: notes }
}

function sent(plan: NotificationPlan): Extract<NotificationPlan, { kind: 'send' }> {
  if (plan.kind !== 'send') throw new Error(`expected a notification, got a skip: ${plan.reason}`)
  return plan
}

const planOf = (ctx: GitHubContext, extra: Partial<NotifySettings> = {}) =>
  planNotification(settings(extra), ctx)
const send = (ctx: GitHubContext, extra: Partial<NotifySettings> = {}) => sent(planOf(ctx, extra))

/** Where the plan took the SHA, branch, deployment URL and commit URL from. */
const derived = (sha: string, branch: string, deploymentUrl: string, commitUrl: string) => ({
  sha,
  branch,
  deploymentUrl,
  commitUrl
})
const skip = (reason: string) => ({ kind: 'skip', reason })

/** The workflow's repository (GITHUB_REPOSITORY), as the service's own client sends it. */
const REPO = { owner: 'acme', name: 'shop' }

const commitUrl = (sha: string): string => `https://github.com/acme/shop/commit/${sha}`

/** The deploy_success body for a commit of the workflow's GitHub repository, with `fields`. */
const githubBody = (sha: string, fields: Record<string, unknown> = {}) => ({
  ...fields,
  sha,
  hosting_service: 'GitHub',
  repository: REPO,
  commit_url: commitUrl(sha)
})

/** The plan for `event` with its recorded payload `file`.json and the default settings. */
const planFor = (event: string, file: string) => send(contextFor(event, `${file}.json`))

describe('planNotification: values derived from each event', () => {
  it('pull_request: the PR head SHA and branch, not the merge commit in GITHUB_SHA', () => {
    const plan = planFor('pull_request', 'pull_request.opened')
    expect(plan.body).toEqual({
      branch: 'feature/checkout-button',
      sha: PR_HEAD,
      hosting_service: 'GitHub',
      repository: REPO,
      pull_request_number: 42,
      commit_url: commitUrl(PR_HEAD)
    })
    expect(plan.derived).toEqual(derived('event', 'event', 'none', 'event'))
  })

  it('pull_request_target: the fork head, not the base branch the workflow runs on', () => {
    const plan = planFor('pull_request_target', 'pull_request_target.synchronize')
    expect(plan.body).toMatchObject({
      branch: 'patch-1',
      sha: 'aa11bb22cc33dd44ee55ff6600778899aabbccdd',
      repository: REPO,
      pull_request_number: 77
    })
  })

  it('push to a branch: `after` and the branch without refs/heads/', () => {
    const plan = planFor('push', 'push.branch')
    expect(plan.body).toEqual(
      githubBody('5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f', { branch: 'release/2024-05' })
    )
  })

  it('push of a tag: the SHA and no branch at all', () => {
    const ctx = contextFor('push', 'push.tag.json', {
      GITHUB_REF: 'refs/tags/v2.3.0',
      GITHUB_REF_NAME: 'v2.3.0',
      GITHUB_REF_TYPE: 'tag'
    })
    const plan = send(ctx)
    expect(plan.body).toEqual(githubBody('9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b'))
    expect(plan.derived.branch).toBe('none')
    expect(plan.notes).toEqual(['A tag push has no branch; none is sent.'])
  })

  it('push deleting a branch: the all-zero `after` is ignored in favour of GITHUB_SHA', () => {
    const plan = planFor('push', 'push.branch-deleted')
    expect(plan.body).toMatchObject({ branch: 'feature/old-banner', sha: GITHUB_SHA })
  })

  it('push without `after` in the payload: GITHUB_SHA and the branch of GITHUB_REF', () => {
    const plan = send(withPayload('push', {}))
    expect(plan.body).toMatchObject({ branch: 'main', sha: GITHUB_SHA })
  })

  it('deployment_status success: the deployment SHA, branch and environment URL', () => {
    const plan = planFor('deployment_status', 'deployment_status.success')
    expect(plan.body).toEqual(
      githubBody('4b825dc642cb6eb9a060e54bf8d69288fbee4904', {
        branch: 'feature/checkout-button',
        deployment_url: 'https://staging.shop.example.com'
      })
    )
    expect(plan.derived.deploymentUrl).toBe('event')
  })

  it.each(['failure', 'error', 'pending', 'in_progress', 'queued', 'inactive'])(
    'deployment_status %s: skipped, saying why',
    state => {
      expect(planOf(patched('deployment_status', 'deployment_status.failure', { state }))).toEqual(
        skip(`The deployment_status event has state '${state}', not 'success'.`)
      )
    }
  )

  it('deployment_status failure fixture: skipped even with explicit inputs', () => {
    const plan = planOf(contextFor('deployment_status', 'deployment_status.failure.json'), {
      sha: 'abcdef1',
      branch: 'main',
      deploymentUrl: 'https://x.example.com'
    })
    expect(plan).toEqual(skip("The deployment_status event has state 'failure', not 'success'."))
  })

  it('deployment_status without a state: skipped', () =>
    expect(planOf(withPayload('deployment_status', {}))).toEqual(
      skip("The deployment_status event has state (missing), not 'success'.")
    ))

  it('deployment_status whose ref is a commit SHA: no branch', () => {
    const plan = planFor('deployment_status', 'deployment_status.sha-ref')
    expect(plan.body).toEqual(
      githubBody('4b825dc642cb6eb9a060e54bf8d69288fbee4904', {
        deployment_url: 'https://pr-42.preview.shop.example.com/'
      })
    )
    expect(plan.notes).toEqual([
      'The deployment ref is a commit SHA, not a branch; no branch is sent.'
    ])
  })

  it('deployment: the branch as given and payload.web_url as the deployment URL', () => {
    const plan = planFor('deployment', 'deployment.created')
    expect(plan.body).toEqual(
      githubBody('4b825dc642cb6eb9a060e54bf8d69288fbee4904', {
        branch: 'release/2024-05',
        deployment_url: 'https://release-2024-05.shop.example.com'
      })
    )
  })

  it('deployment: a payload given as a JSON string is read too', () => {
    const payload = JSON.stringify({ web_url: 'https://string-payload.example.com' })
    const plan = send(patched('deployment', 'deployment.created', { payload }))
    expect(plan.body.deployment_url).toBe('https://string-payload.example.com')
  })

  it.each([
    ['javascript:alert(document.cookie)'],
    ['ftp://files.example.com'],
    ['not a url'],
    ['https://ok.example.com/\n<script>']
  ])('deployment: a web_url of %j is left out, with a note', webUrl => {
    const plan = send(patched('deployment', 'deployment.created', { payload: { web_url: webUrl } }))
    expect(plan.body).not.toHaveProperty('deployment_url')
    expect(plan.derived.deploymentUrl).toBe('none')
    expect(plan.notes.join('\n')).toContain('is not an http(s) URL; it is not sent.')
  })

  it('deployment_status: a non-http environment URL is left out', () => {
    const environment_url = 'javascript:alert(1)'
    const plan = send(
      patched('deployment_status', 'deployment_status.success', { environment_url })
    )
    expect(plan.body).not.toHaveProperty('deployment_url')
  })

  it.each([
    ['refs/tags/v2.3.0', undefined],
    ['refs/heads/main', 'main'],
    ['v2.3.0', 'v2.3.0'],
    ['4B825DC642CB6EB9A060E54BF8D69288FBEE4904', undefined],
    ['4b825dc642cb6eb9a060e54bf8d69288fbee4904aa', '4b825dc642cb6eb9a060e54bf8d69288fbee4904aa']
  ])('deployment ref %j gives the branch %j', (ref, branch) =>
    expect(send(patched('deployment', 'deployment.created', { ref })).body.branch).toBe(branch)
  )

  // prettier-ignore
  it.each([
    ['workflow_run', 'the head SHA and branch of the triggering run', 'workflow_run.completed', 'feature/search', '77aa88bb99cc00dd11ee22ff33aa44bb55cc66dd'],
    ['merge_group', 'the queue head SHA and head_ref without refs/heads/', 'merge_group.checks_requested', 'gh-readonly-queue/main/pr-42-1d2c3b4a5f6e7d8c9b0a1f2e3d4c5b6a79881726', 'ee00ff11aa22bb33cc44dd55ee66ff7788990011'],
    ['check_suite', 'the suite head SHA and branch', 'check_suite.completed', 'feature/payments', 'd1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0']
  ])('%s: %s', (event, _, file, branch, sha) => {
    const plan = send(contextFor(event, `${file}.json`))
    expect(plan.body).toMatchObject({ branch, sha })
  })

  it("check_run: the check run's own head SHA (required in GitHub's schema), its suite's branch", () => {
    // Make the run's own head_sha differ so the test shows which one is used.
    const head_sha = '1111111111111111111111111111111111111111'
    const plan = send(patched('check_run', 'check_run.completed', { head_sha }))
    expect(plan.body).toMatchObject({
      branch: 'feature/payments',
      sha: '1111111111111111111111111111111111111111'
    })
  })

  it('check_suite from a fork (head_branch null): the SHA only', () => {
    const plan = send(patched('check_suite', 'check_suite.completed', { head_branch: null }))
    expect(plan.body).not.toHaveProperty('branch')
    expect(plan.body.sha).toBe('d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0')
  })

  it('workflow_dispatch: GITHUB_SHA and GITHUB_REF_NAME of a branch', () => {
    const ctx = contextFor('workflow_dispatch', 'workflow_dispatch.json', {
      GITHUB_REF: 'refs/heads/develop',
      GITHUB_REF_NAME: 'develop'
    })
    expect(send(ctx).body).toEqual(githubBody(GITHUB_SHA, { branch: 'develop' }))
  })

  it('schedule: GITHUB_SHA and the default branch the run is on', () =>
    expect(planFor('schedule', 'schedule').body).toMatchObject({ branch: 'main', sha: GITHUB_SHA }))

  // prettier-ignore
  it.each([
    ['workflow_dispatch on a tag', 'workflow_dispatch', 'workflow_dispatch.json', { GITHUB_REF: 'refs/tags/v2.3.0', GITHUB_REF_NAME: 'v2.3.0', GITHUB_REF_TYPE: 'tag' }],
    ['an unlisted event on a pull request merge ref', 'pull_request_review', 'pull_request.opened.json', { GITHUB_REF: 'refs/pull/42/merge', GITHUB_REF_NAME: '42/merge' }]
  ])('%s: no branch', (_, event, file, env) => {
    const body = send(contextFor(event, file, env)).body
    expect(body).not.toHaveProperty('branch')
    expect(body.sha).toBe(GITHUB_SHA)
  })
})

describe('planNotification: explicit inputs', () => {
  it('win over every derived value', () => {
    const plan = send(contextFor('deployment_status', 'deployment_status.success.json'), {
      sha: 'abcdef1234567',
      branch: 'hotfix/login',
      deploymentUrl: 'https://hotfix.example.com',
      commitUrl: 'https://git.example.com/c/abcdef1234567'
    })
    expect(plan.body).toEqual({
      branch: 'hotfix/login',
      sha: 'abcdef1234567',
      deployment_url: 'https://hotfix.example.com',
      hosting_service: 'GitHub',
      repository: REPO,
      commit_url: 'https://git.example.com/c/abcdef1234567'
    })
    expect(plan.derived).toEqual(derived('input', 'input', 'input', 'input'))
  })

  it('an explicit sha also drives the default commit URL', () => {
    const plan = send(contextFor('push', 'push.branch.json'), { sha: 'abcdef1' })
    expect(plan.body).toMatchObject({ sha: 'abcdef1', commit_url: commitUrl('abcdef1') })
    expect(plan.derived.sha).toBe('input')
  })

  it('sends every optional field, in a stable order, and ephemeral_environment even when false', () => {
    const plan = send(contextFor('pull_request', 'pull_request.opened.json'), {
      deploymentType: 'preview',
      variables: { API_URL: 'https://api.example.com' },
      deduplicationKey: 'pr-42',
      ephemeralEnvironment: false,
      deploymentUrl: 'https://pr-42.example.com'
    })
    expect(JSON.stringify(plan.body)).toBe(
      JSON.stringify({
        branch: 'feature/checkout-button',
        sha: PR_HEAD,
        deployment_type: 'preview',
        deployment_url: 'https://pr-42.example.com',
        hosting_service: 'GitHub',
        repository: REPO,
        pull_request_number: 42,
        commit_url: commitUrl(PR_HEAD),
        variables: { API_URL: 'https://api.example.com' },
        deduplication_key: 'pr-42',
        ephemeral_environment: false
      })
    )
  })

  it('never sends empty strings or an empty variables object', () => {
    const plan = send(
      withPayload(
        'push',
        {},
        { GITHUB_SHA: '', GITHUB_REF: '', GITHUB_REF_NAME: '', GITHUB_REF_TYPE: '' }
      ),
      { sha: '', branch: '', deploymentType: '', deduplicationKey: '', variables: {} }
    )
    expect(plan.body).toEqual({ hosting_service: 'GitHub', repository: REPO })
    expect(plan.derived).toEqual(derived('none', 'none', 'none', 'none'))
  })
})

describe('planNotification: commit_url default', () => {
  it('uses GITHUB_SERVER_URL, so GitHub Enterprise Server links work', () => {
    const ctx = contextFor('push', 'push.branch.json', {
      GITHUB_SERVER_URL: 'https://github.acme.internal/',
      GITHUB_REPOSITORY: 'platform/shop'
    })
    expect(send(ctx).body.commit_url).toBe(
      'https://github.acme.internal/platform/shop/commit/5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f'
    )
  })

  it('is not built for GitLab, which still gets its canonical hosting_service', () => {
    const body = send(contextFor('push', 'push.branch.json'), { hostingService: 'GitLab' }).body
    expect(body).not.toHaveProperty('commit_url')
    expect(body.hosting_service).toBe('GitLab')
  })

  it('is not built without a known repository or SHA', () => {
    const noRepo = contextFor('push', 'push.branch.json', { GITHUB_REPOSITORY: '' })
    expect(send(noRepo).body).not.toHaveProperty('commit_url')
    const noSha = withPayload('pull_request', {})
    expect(send(noSha).body).toEqual({ hosting_service: 'GitHub', repository: REPO })
  })
})

describe('planNotification: odd payloads', () => {
  it('ignores values of the wrong type or shape', () => {
    const cases: [string, Record<string, unknown>][] = [
      ['pull_request', { pull_request: 'x' }],
      ['pull_request', { pull_request: { head: { sha: 1234567, ref: ['main'] } } }],
      ['pull_request', { pull_request: { head: { sha: 'not-a-sha', ref: 'a\u0000b' } } }],
      ['push', { after: 42, ref: null }],
      ['deployment', { deployment: { sha: {}, ref: 7, payload: [1, 2] } }],
      ['workflow_run', { workflow_run: null }],
      ['merge_group', { merge_group: { head_sha: '', head_ref: '' } }],
      ['check_run', { check_run: { check_suite: 'x' } }],
      ['check_suite', { check_suite: [] }]
    ]
    for (const [eventName, payload] of cases) {
      const plan = send(withPayload(eventName, payload, { GITHUB_SHA: '', GITHUB_REF: '' }))
      expect({ eventName, body: plan.body }).toEqual({
        eventName,
        body: { hosting_service: 'GitHub', repository: REPO }
      })
    }
  })

  const PAYLOAD_KEYS = [
    ...['pull_request', 'head', 'sha', 'ref', 'after', 'deployment', 'deployment_status', 'state'],
    ...['environment_url', 'payload', 'web_url', 'workflow_run', 'head_sha', 'head_branch'],
    ...['merge_group', 'head_ref', 'check_suite', 'check_run']
  ]

  it('never throws and never sends an empty string, whatever the payload', () => {
    const events = [
      'pull_request',
      'pull_request_target',
      'push',
      'deployment',
      'deployment_status',
      'workflow_run',
      'merge_group',
      'check_suite',
      'check_run',
      'workflow_dispatch'
    ]
    fc.assert(
      fc.property(
        fc.constantFrom(...events),
        // Objects built from the field names the derivation reads, so that deep paths get exercised.
        fc.object({ key: fc.constantFrom(...PAYLOAD_KEYS), maxDepth: 4 }),
        (eventName, payload) => {
          const plan = planOf(withPayload(eventName, payload))
          if (plan.kind === 'send') {
            expect(Object.values(plan.body)).not.toContain('')
            expect(plan.body.hosting_service).toBe('GitHub')
          }
        }
      )
    )
  })
})

describe("planNotification: the request the service's own client sends", () => {
  it('an ephemeral environment: ephemeral_environment, and no hosting_service, repository or pull request', () => {
    const plan = send(contextFor('pull_request', 'pull_request.opened.json'), {
      ephemeralEnvironment: true,
      deploymentUrl: 'https://pr-42.example.com'
    })
    expect(plan.body).toEqual({
      branch: 'feature/checkout-button',
      sha: PR_HEAD,
      deployment_url: 'https://pr-42.example.com',
      commit_url: commitUrl(PR_HEAD),
      ephemeral_environment: true
    })
    expect(plan.notes).toEqual([])
  })

  it('an ephemeral environment leaves out an explicit pull-request-number, saying so', () => {
    const plan = send(contextFor('push', 'push.branch.json'), {
      ephemeralEnvironment: true,
      pullRequestNumber: 7,
      deploymentUrl: 'https://pr-7.example.com'
    })
    expect(plan.body).not.toHaveProperty('pull_request_number')
    expect(plan.body).not.toHaveProperty('repository')
    expect(plan.bodyNotes).toEqual([
      "The input 'pull-request-number' is not sent with ephemeral-environment: true (an ephemeral environment is linked to no pull request)."
    ])
  })

  it('ephemeral-environment false is an ordinary deployment: linked to the repository', () => {
    const body = send(contextFor('pull_request', 'pull_request.opened.json'), {
      ephemeralEnvironment: false
    }).body
    expect(body).toMatchObject({
      hosting_service: 'GitHub',
      repository: REPO,
      pull_request_number: 42,
      ephemeral_environment: false
    })
  })

  it('an explicit pull-request-number wins over the event, and works on any event', () => {
    const fromInput = (eventName: string, file: string) =>
      send(contextFor(eventName, file), { pullRequestNumber: 9 }).body
    expect(fromInput('pull_request', 'pull_request.opened.json').pull_request_number).toBe(9)
    expect(fromInput('push', 'push.branch.json').pull_request_number).toBe(9)
    expect(fromInput('deployment_status', 'deployment_status.success.json')).toMatchObject({
      pull_request_number: 9,
      repository: REPO
    })
  })

  it.each([
    ['push', 'push.branch.json'],
    ['deployment_status', 'deployment_status.success.json'],
    ['workflow_dispatch', 'workflow_dispatch.json'],
    ['pull_request_review', 'pull_request.opened.json']
  ])('%s: the repository, and no pull request number of its own', (eventName, file) => {
    const body = send(contextFor(eventName, file)).body
    expect(body.repository).toEqual(REPO)
    expect(body).not.toHaveProperty('pull_request_number')
  })

  it('the pull request number is read from the payload as a positive whole number only', () => {
    for (const number of [0, -1, 1.5, '42', null]) {
      const body = send(withPayload('pull_request', { number, pull_request: {} })).body
      expect({ number, sent: body.pull_request_number }).toEqual({ number, sent: undefined })
    }
  })

  it.each(['', 'shop', 'acme/shop/extra', 'acme/ shop'])(
    'sends no repository when GITHUB_REPOSITORY is %j',
    repository => {
      const ctx = contextFor('push', 'push.branch.json', { GITHUB_REPOSITORY: repository })
      expect(send(ctx).body).not.toHaveProperty('repository')
    }
  )
})

describe('planNotification: a broken event file', () => {
  const broken = (eventName: string): GitHubContext => ({
    ...withPayload(eventName, {}),
    eventFileProblem: 'The event file /tmp/event.json (GITHUB_EVENT_PATH) is not valid JSON.'
  })

  it.each(['deployment_status', 'pull_request', 'push', 'deployment', 'workflow_run'])(
    '%s without a sha input: nothing is sent, the file and the way out are named',
    eventName => {
      expect(planOf(broken(eventName))).toEqual({
        kind: 'fail',
        reason:
          'The event file /tmp/event.json (GITHUB_EVENT_PATH) is not valid JSON. ' +
          `Without it the ${eventName} event names no commit, so nothing was sent. ` +
          "Set the 'sha' input (with 'branch' and 'deployment-url' as needed) to notify from inputs alone."
      })
    }
  )

  it('deployment_status with a sha input: sent from the inputs alone, with a warning, never skipped', () => {
    const plan = send(broken('deployment_status'), {
      sha: 'abcdef1',
      branch: 'main',
      deploymentUrl: 'https://x.example.com'
    })
    expect(plan.body).toEqual({
      branch: 'main',
      sha: 'abcdef1',
      deployment_url: 'https://x.example.com',
      hosting_service: 'GitHub',
      repository: REPO,
      commit_url: commitUrl('abcdef1')
    })
    expect(plan.warnings).toEqual([
      'The event file /tmp/event.json (GITHUB_EVENT_PATH) is not valid JSON. Sending the explicit inputs only; nothing is read from the event.'
    ])
  })

  it('push with a sha input: GITHUB_REF is not read as the branch either', () => {
    const plan = send(broken('push'), { sha: 'abcdef1' })
    expect(plan.body).not.toHaveProperty('branch')
  })

  it('an event that reads no event file (workflow_dispatch) is not held up by it', () => {
    const plan = send(broken('workflow_dispatch'))
    expect(plan.body).toMatchObject({ sha: GITHUB_SHA, branch: 'main' })
    expect(plan.warnings).toEqual([])
  })
})

describe('planNotification: round two of the vendor request', () => {
  it("takes a merge queue group's pull request number from its branch", () => {
    const plan = planFor('merge_group', 'merge_group.checks_requested')
    expect(plan.body.pull_request_number).toBe(42)
    expect(plan.facts.pullRequestNumber).toBe(42)
  })

  it('sends no GitHub repository or pull request with GitLab, and its own only from inputs', () => {
    const ctx = contextFor('pull_request', 'pull_request.opened.json')
    const bare = send(ctx, { hostingService: 'GitLab' })
    expect(bare.body).not.toHaveProperty('repository')
    expect(bare.body).not.toHaveProperty('pull_request_number')
    expect(bare.body).not.toHaveProperty('commit_url')
    expect(bare.facts).not.toHaveProperty('pullRequestNumber')

    const named = send(ctx, {
      hostingService: 'GitLab',
      repository: { owner: 'acme/web', name: 'shop' },
      mergeRequestNumber: 7,
      pullRequestNumber: 3
    })
    expect(named.body).toMatchObject({
      repository: { namespace: 'acme/web', name: 'shop' },
      merge_request_number: 7
    })
    expect(named.body).not.toHaveProperty('pull_request_number')
    expect(named.notes).toContainEqual(expect.stringContaining("set 'merge-request-number'"))
  })

  it('lets the repository input override the workflow repository on GitHub, commit URL included', () => {
    const plan = send(contextFor('push', 'push.branch.json'), {
      repository: { owner: 'acme', name: 'storefront' }
    })
    expect(plan.body.repository).toEqual({ owner: 'acme', name: 'storefront' })
    expect(plan.body.commit_url).toMatch(/^https:\/\/github\.com\/acme\/storefront\/commit\//)
  })

  it('refuses a preview without a deployment URL', () => {
    const plan = planOf(contextFor('push', 'push.branch.json'), { ephemeralEnvironment: true })
    expect(plan.kind).toBe('fail')
    expect(plan.kind === 'fail' && plan.reason).toContain("set 'deployment-url'")
  })
})
