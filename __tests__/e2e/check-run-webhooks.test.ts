// The action reads GitHub's official `check_run` webhook examples (every action) as a workflow
// started by `on: check_run` would find them in its event file: never green but for a completed
// success of the configured check name and app, on the tip of the branch. The commit of each
// example is made its repository's default branch tip, so that only the check decides.
import { describe, expect, it } from '@jest/globals'
import { runAction } from '../../scripts/action-runner.js'
import { qaService } from '../helpers/e2e.js'
import { checkInputs } from '../helpers/check-fixtures.js'
import { officialExamples } from '../helpers/webhook-schema.js'

interface Example {
  action: string
  check_run: {
    name: string
    head_sha: string
    status: string
    conclusion: string | null
    app: { slug?: string }
  }
  repository: { full_name: string }
}

const EXAMPLES = officialExamples('check_run') as unknown as Example[]

describe("GitHub's official check_run examples, read by the bundle", () => {
  it.each(EXAMPLES.map((example, i) => [i, example.action, example] as const))(
    'example %i (%s): green only for a completed success of the configured name and app',
    async (_index, _action, example) => {
      const repository = example.repository.full_name
      const em = await qaService({
        github: {
          branches: [{ repository, name: 'main', commits: [example.check_run.head_sha] }]
        }
      })
      const slug = example.check_run.app.slug
      const configured = {
        'check-name': example.check_run.name,
        ...(slug === undefined ? {} : { 'check-app': slug })
      }
      const expectGreen =
        example.action === 'completed' &&
        example.check_run.status === 'completed' &&
        example.check_run.conclusion === 'success' &&
        slug !== undefined
      for (const inputs of [configured, {}]) {
        const run = await runAction({
          inputs: checkInputs(em, inputs),
          eventName: 'check_run',
          event: example,
          env: { GITHUB_REPOSITORY: repository, GITHUB_API_URL: em.url }
        })
        const green = inputs === configured && expectGreen
        expect(run.outputs['greenlight']).toBe(green ? 'true' : 'false')
        expect(run.exitCode).toBe(green ? 0 : 1)
        expect(run.outputs['status']).toMatch(/^(passed|failed|not-tested|error)$/)
        expect(run.stderr).not.toMatch(/TypeError|ReferenceError|crash/i)
      }
    }
  )
})

describe("GitHub's official completed success example, as QA Wolf's check", () => {
  const success = EXAMPLES.find(
    e => e.action === 'completed' && e.check_run.conclusion === 'success'
  )!
  // GitHub's real payloads carry the app's slug, which this example leaves out.
  const asQaWolf = {
    ...success,
    check_run: {
      ...success.check_run,
      name: 'QA Wolf Test Results',
      app: { ...success.check_run.app, slug: 'qawolf' }
    }
  }
  const repository = success.repository.full_name

  it("is green on the default branch's tip, and not on a commit behind it", async () => {
    const sha = success.check_run.head_sha
    for (const [commits, green] of [
      [[sha], true],
      [[sha, 'fe'.repeat(20)], false]
    ] as const) {
      const em = await qaService({
        github: { branches: [{ repository, name: 'main', commits: [...commits] }] }
      })
      const run = await runAction({
        inputs: checkInputs(em),
        eventName: 'check_run',
        event: asQaWolf,
        env: { GITHUB_REPOSITORY: repository, GITHUB_API_URL: em.url }
      })
      expect(run.outputs['greenlight']).toBe(String(green))
      expect(run.outputs['status']).toBe(green ? 'passed' : 'superseded')
    }
  })
})
