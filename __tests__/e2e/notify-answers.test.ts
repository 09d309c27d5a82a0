// Every notify answer shape we know of, replayed through the bundle against the emulator: the
// vendor's shipped client's examples, the documented ones, entries without trigger_id, nulls,
// drift in shown fields and error bodies with an eventId. Each fixture in
// __tests__/fixtures/notify-answers/ is data: the answer (or an emulator config that produces it)
// and the outcome the contract decides (exit code, run IDs, outputs, messages).
import { describe, expect, it } from '@jest/globals'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import * as v from 'valibot'
import type { EmulatorConfig } from '../../emulator/server.js'
import { API_KEY, emulator, messagesOf, notifyStep, requestsTo } from '../helpers/e2e.js'

const Fixture = v.strictObject({
  description: v.string(),
  source: v.string(),
  /** Replayed verbatim (the emulator's `replay` fault), or `emulator` answers itself. */
  answer: v.optional(v.strictObject({ status: v.number(), body: v.unknown() })),
  emulator: v.optional(v.record(v.string(), v.unknown())),
  team: v.optional(v.record(v.string(), v.unknown())),
  inputs: v.optional(v.record(v.string(), v.string())),
  expect: v.strictObject({
    exitCode: v.number(),
    runIds: v.array(v.string()),
    outputs: v.optional(v.record(v.string(), v.string())),
    posts: v.optional(v.number()),
    log: v.optional(v.array(v.string())),
    /** Substrings: of one warning each ([] means none), of some warning, of log or summary. */
    warnings: v.optional(v.array(v.string())),
    warningCount: v.optional(v.number()),
    errors: v.optional(v.array(v.string())),
    sent: v.optional(v.record(v.string(), v.unknown())),
    someWarnings: v.optional(v.array(v.string())),
    shown: v.optional(v.array(v.string())),
    notShown: v.optional(v.array(v.string())),
    notInErrors: v.optional(v.array(v.string())),
    summary: v.optional(v.array(v.string())),
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
