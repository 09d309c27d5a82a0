// Every notify answer shape we know of, replayed through the real bundle against the emulator:
// the vendor's shipped client's examples, the documented ones (every outcome, a skipped
// deployment, the service's warning), entries without trigger_id, nulls, drift in shown fields and
// error bodies with an eventId; then an event without a commit and a retried 503. Each fixture in
// __tests__/fixtures/notify-answers/ is data: the answer (or an emulator config that produces it)
// and the outcome the contract decides (exit code, run IDs, environment outputs, messages).
import { describe, expect, it } from '@jest/globals'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import * as v from 'valibot'
import type { EmulatorConfig } from '../../emulator/server.js'
import { runAction } from '../../scripts/action-runner.js'
import {
  API_KEY,
  emulator,
  loadEvent,
  messagesOf,
  notifyInputs,
  notifyStep,
  requestsTo,
  scriptedService
} from '../helpers/e2e.js'

const Fixture = v.strictObject({
  description: v.string(),
  source: v.string(),
  /** Replayed verbatim (the emulator's `replay` fault). */
  answer: v.optional(v.strictObject({ status: v.number(), body: v.unknown() })),
  /** Or the emulator answers itself, configured with this (teams aside). */
  emulator: v.optional(v.record(v.string(), v.unknown())),
  /** Merged into the one team (whose key the step uses). */
  team: v.optional(v.record(v.string(), v.unknown())),
  inputs: v.optional(v.record(v.string(), v.string())),
  expect: v.strictObject({
    exitCode: v.number(),
    runIds: v.array(v.string()),
    outputs: v.optional(v.record(v.string(), v.string())),
    /** POSTs made: 1 where the answer is final. */
    posts: v.optional(v.number()),
    /** Substrings of the log. */
    log: v.optional(v.array(v.string())),
    /** Substrings of the warnings, one per warning; [] means none. */
    warnings: v.optional(v.array(v.string())),
    warningCount: v.optional(v.number()),
    /** Substrings of the errors; [] means none. */
    errors: v.optional(v.array(v.string())),
    /** Fields of the request body. */
    sent: v.optional(v.record(v.string(), v.unknown())),
    /** Substrings of warnings, each in one of them (others may come too). */
    someWarnings: v.optional(v.array(v.string())),
    /** Substrings of the log or the summary. */
    shown: v.optional(v.array(v.string())),
    /** Substrings in neither the log nor the summary. */
    notShown: v.optional(v.array(v.string())),
    /** Substrings no error may contain. */
    notInErrors: v.optional(v.array(v.string())),
    /** Substrings of the job summary. */
    summary: v.optional(v.array(v.string())),
    /** The service's reference in an error body. */
    eventId: v.optional(v.string())
  })
})
type Fixture = v.InferOutput<typeof Fixture>

const DIR = path.resolve(import.meta.dirname, '..', 'fixtures', 'notify-answers')
const fixtures: [string, Fixture][] = readdirSync(DIR)
  .filter(name => name.endsWith('.json'))
  .sort()
  .map(name => [
    name.replace(/\.json$/, ''),
    v.parse(Fixture, JSON.parse(readFileSync(path.join(DIR, name), 'utf8')))
  ])

function configOf(fixture: Fixture): EmulatorConfig {
  const config = {
    ...fixture.emulator,
    teams: [{ ...fixture.team, apiKey: API_KEY }]
  } as EmulatorConfig
  if (fixture.answer !== undefined) {
    config.faults = { notify: { script: [{ kind: 'replay', ...fixture.answer }] } }
  }
  return config
}

describe('every notify answer shape, end to end', () => {
  it.each(fixtures)('%s', async (_name, fixture) => {
    const em = await emulator(configOf(fixture))
    const run = await notifyStep(em, { sha: 'abc1234', ...fixture.inputs })
    const want = fixture.expect
    const context = `${run.stdout}\n${run.stderr}`
    expect({ exitCode: run.exitCode, context }).toMatchObject({ exitCode: want.exitCode })
    expect(JSON.parse(run.outputs['run-ids'] ?? 'null')).toEqual(want.runIds)
    expect(run.outputs['run-id']).toBe(want.runIds[0] ?? '')
    if (want.outputs !== undefined) {
      expect(run.outputs).toMatchObject(want.outputs)
    }
    if (want.sent !== undefined) expect(requestsTo(em, 'notify')[0]?.json).toMatchObject(want.sent)
    if (want.posts !== undefined) expect(requestsTo(em, 'notify')).toHaveLength(want.posts)
    for (const line of want.log ?? []) expect(run.stdout).toContain(line)
    const warnings = messagesOf(run, 'warning')
    if (want.warnings !== undefined) {
      expect(warnings).toHaveLength(want.warnings.length)
      want.warnings.forEach((text, i) => expect(warnings[i]).toContain(text))
    }
    for (const text of want.someWarnings ?? []) expect(warnings).toContain(text)
    for (const text of want.shown ?? []) expect(run.stdout + run.summary).toContain(text)
    for (const text of want.notShown ?? []) expect(run.stdout + run.summary).not.toContain(text)
    if (want.warningCount !== undefined) expect(warnings).toHaveLength(want.warningCount)
    const errors = messagesOf(run, 'error')
    if (want.errors !== undefined) {
      if (want.errors.length === 0) expect(errors).toEqual([])
      for (const text of want.errors) expect(errors.join('\n')).toContain(text)
    }
    for (const text of want.notInErrors ?? []) expect(errors.join('\n')).not.toContain(text)
    for (const text of want.summary ?? []) expect(run.summary).toContain(text)
    if (want.eventId !== undefined) {
      expect(errors.join('\n')).toContain(`service event ID ${want.eventId}`)
    }
    // Never a silent failure: a red step says why.
    if (want.exitCode !== 0) expect(errors.length).toBeGreaterThan(0)
  })
})

describe('the documented notify response, beyond one answer', () => {
  it('warns, naming the sha input, when the event names no commit', async () => {
    const server = await scriptedService([
      { status: 200, body: { results: [{ trigger_id: 'web', created_suite_id: 'run-1' }] } }
    ])
    const event = loadEvent('deployment_status.success') as {
      deployment: Record<string, unknown>
    }
    delete event.deployment['sha']
    const run = await runAction({
      inputs: notifyInputs(server),
      eventName: 'deployment_status',
      event,
      env: { GITHUB_SHA: '' }
    })
    expect(run.exitCode).toBe(0)
    expect(JSON.parse(server.requests[0]?.body ?? '{}')).not.toHaveProperty('sha')
    expect(messagesOf(run, 'warning').join('\n')).toContain("'sha' input")
  })

  it('503 TRANSACTION_TIMEOUT is retried', async () => {
    const server = await scriptedService([
      { status: 503, body: { failureCode: 'TRANSACTION_TIMEOUT', failureMessage: 'Try again' } },
      { status: 200, body: { results: [{ trigger_id: 'web', created_suite_id: 'run-5' }] } }
    ])
    const run = await notifyStep(server, { sha: 'abc1234' })
    expect(run.exitCode).toBe(0)
    expect(server.requests).toHaveLength(2)
    expect(run.outputs['run-id']).toBe('run-5')
  })
})
