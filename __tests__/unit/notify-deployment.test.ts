// What every notify route shares: the deployment's facts from inputs and event, the preview
// checks, and the summary of the routes whose answer names no run.
import { describe, expect, it } from '@jest/globals'
import { currentPath, planNotification, previewWarnings } from '../../src/notify/deployment.js'
import { reportedAt, skippedSummary, type DeploymentFacts } from '../../src/notify/deployment.js'
import { githubContext } from '../helpers/github-context.js'
import { notifySettings } from '../helpers/unit-settings.js'

const SHA = '8f3e1c2a9b7d4e6f0a1b2c3d4e5f60718293a4b5'

describe('planNotification', () => {
  it('takes inputs over the event, and builds the commit URL from the server and repository', () => {
    const plan = planNotification(
      notifySettings({ branch: 'release', deploymentUrl: 'https://staging.example.com' }),
      githubContext({ sha: SHA, serverUrl: 'https://ghe.example.com/' })
    )
    expect(plan).toEqual({
      kind: 'send',
      facts: {
        sha: SHA,
        branch: 'release',
        deploymentUrl: 'https://staging.example.com',
        commitUrl: `https://ghe.example.com/acme/shop/commit/${SHA}`,
        repository: { owner: 'acme', name: 'shop' }
      },
      notes: [],
      warnings: []
    })
  })

  it('links no repository or commit for GitLab, and says the pull request number is not sent', () => {
    const plan = planNotification(
      notifySettings({ hostingService: 'GitLab', pullRequestNumber: 7 }),
      githubContext()
    )
    expect(plan.kind === 'send' && plan.facts).toEqual({
      sha: '0123456789abcdef0123456789abcdef01234567',
      branch: 'main'
    })
    expect(plan.kind === 'send' && plan.notes.join()).toContain("set 'merge-request-number'")
  })

  it('skips a failed deployment_status, refuses a preview without a URL, links no bare repo', () => {
    const ctx = githubContext({
      eventName: 'deployment_status',
      payload: { deployment_status: { state: 'failure' }, deployment: { sha: SHA } }
    })
    expect(planNotification(notifySettings(), ctx).kind).toBe('skip')
    const preview = planNotification(
      notifySettings({ ephemeralEnvironment: true }),
      githubContext()
    )
    expect(preview.kind === 'fail' && preview.reason).toContain("set 'deployment-url'")
    const bare = planNotification(notifySettings(), githubContext({ repository: 'shop' }))
    expect(bare.kind === 'send' && bare.facts.repository).toBeUndefined()
    expect(bare.kind === 'send' && bare.facts.commitUrl).toBeUndefined()
  })

  it('with a broken event file: fails without a sha input, sends the inputs alone with one', () => {
    const ctx = githubContext({
      eventName: 'pull_request',
      eventFileProblem: 'The event file is unreadable.'
    })
    const failed = planNotification(notifySettings(), ctx)
    expect(failed.kind === 'fail' && failed.reason).toContain("Set the 'sha' input")
    const sent = planNotification(notifySettings({ sha: SHA }), ctx)
    expect(sent.kind === 'send' && sent.facts.branch).toBeUndefined()
    expect(sent.kind === 'send' && sent.warnings[0]).toContain('Sending the explicit inputs only')
  })
})

describe('previewWarnings', () => {
  const facts: DeploymentFacts = { sha: SHA, branch: 'feature/web', pullRequestNumber: 42 }
  const warned = (url: string, name?: string, given = facts, ephemeralEnvironment = true) => {
    const titles: string[] = []
    const deployment = { ...given, deploymentUrl: url }
    previewWarnings({ ephemeralEnvironment }, deployment, (_, title) => titles.push(title), name)
    return titles
  }

  const NOT = ['Preview URL not per deployment']
  // prettier-ignore
  it.each([
    // A part per deployment: the pull request, the commit, the branch.
    ['https://pr-42.preview.example.com', undefined, facts, []],
    ['https://preview.example.com/pr42/', undefined, facts, []],
    [`https://${SHA.slice(0, 7)}.example.com`, undefined, facts, []],
    ['https://feature-web.example.com', undefined, facts, []],
    ['https://example.com/feature%2Fweb/%E0%A4%A', undefined, facts, []],
    ['https://preview.example.com', undefined, facts, NOT],
    ['https://pr-4.example.com', undefined, facts, NOT],
    ['https://webshop.example.com', undefined, facts, NOT],
    ['not a url', undefined, facts, NOT],
    // A number the environment's name calls a pull request counts when none is known.
    ['https://preview-8.example.com', 'mr8', { sha: SHA }, []],
    ['https://app-8.example.com', 'pull-8', { sha: SHA }, NOT],
    ['https://pr-42.example.com', 'previews', facts, ['Preview environment not per pull request']]
  ])('%s, environment %s: %#', (url, name, given, titles) =>
    expect(warned(url, name, given)).toEqual(titles)
  )

  it('names the pull request number to use in the environment, or a placeholder', () => {
    const said = (given: DeploymentFacts) => {
      const messages: string[] = []
      previewWarnings({ ephemeralEnvironment: true }, given, m => messages.push(m), 'previews')
      return messages.join('\n')
    }
    expect(said(facts)).toContain("The preview environment's name names no pull request number")
    expect(said(facts)).toContain('Name it per pull request, e.g. pr-42.')
    expect(said({ sha: SHA })).toContain('e.g. pr-<number>.')
    // Nothing for a deployment that is no preview.
    expect(warned('https://example.com', 'x', facts, false)).toEqual([])
  })
})

describe('summaries', () => {
  const settings = notifySettings({ label: 'staging <b>', environment: 'pr-7' })
  const url = 'https://u:p@pr-7.example.com'
  const plan = { kind: 'send' as const, facts: { deploymentUrl: url }, notes: [], warnings: [] }
  const { failed, reported } = currentPath(settings, plan, 'a **route**')

  it('reports what was reported and how to gate on it, the URL without credentials', () => {
    const { summary, outputs } = reported('id d-1.', { a: 'b' })
    expect(outputs).toEqual({ a: 'b' })
    expect(summary).toContain('## QA notify — staging &lt;b&gt;')
    expect(summary).toContain('**Route:** a **route**')
    expect(summary).toContain('✅ **Reported:** id d-1.')
    expect(summary).toContain('`verdict-from: check`')
    expect(summary).not.toContain('u:p@')
  })

  it('says why nothing was reported or sent', () => {
    expect(failed('no <token>', { a: 'b' })).toMatchObject({
      failure: 'The deployment was not reported: no <token>',
      outputs: { a: 'b' }
    })
    expect(failed('x').summary).toContain('❌ **Not reported:** x')
    expect(failed('x').summary).not.toContain('Reported:**')
    expect(skippedSummary('', '')).toBe('## QA notify\n\n⏭️ **Nothing was sent**.\n')
    expect(skippedSummary('x', 'not a success')).toContain(': not a success')
    // reported-at is the runner's time when the server gave none it can read.
    expect(reportedAt('soon')).toMatch(/^\d{4}-\d\d-\d\dT/)
  })
})
