// The notify answers the service's sources show, replayed to a notify step (the emulator's
// `replay` fault): the vendor's shipped client's examples, the documented ones, and drift in shown
// fields. Each fixture in __tests__/fixtures/notify-answers/ is data: the answer and the outcome
// the contract decides. Every other reading of an answer: unit/notify-routes and unit/service.
import { describe, expect, it } from '@jest/globals'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import * as v from 'valibot'
import { API_KEY, emulator, messagesOf, notifyStep, requestsTo } from '../helpers/e2e.js'

const texts = v.optional(v.array(v.string()))
const Fixture = v.strictObject({
  description: v.string(),
  source: v.string(),
  answer: v.strictObject({ status: v.number(), body: v.unknown() }),
  inputs: v.optional(v.record(v.string(), v.string())),
  expect: v.strictObject({
    exitCode: v.number(),
    runIds: v.array(v.string()),
    outputs: v.optional(v.record(v.string(), v.string())),
    sent: v.optional(v.record(v.string(), v.unknown())),
    /** Substrings: of the log; of one warning each, in order ([] means none); of the errors. */
    log: texts,
    warnings: texts,
    errors: texts,
    notShown: texts,
    summary: texts
  })
})

const DIR = path.resolve(import.meta.dirname, '..', 'fixtures', 'notify-answers')
const fixtures = readdirSync(DIR).map(name => {
  const text = readFileSync(path.join(DIR, name), 'utf8')
  return [name.replace(/\.json$/, ''), v.parse(Fixture, JSON.parse(text))] as const
})

describe('every notify answer shape, in a step', () => {
  it.each(fixtures)('%s', async (_name, { answer, inputs, expect: want }) => {
    const faults = { notify: { script: [{ kind: 'replay' as const, ...answer }] } }
    const em = await emulator({ teams: [{ apiKey: API_KEY }], faults })
    const run = await notifyStep(em, { sha: 'abc1234', ...inputs })
    const posts = requestsTo(em, 'notify')
    const [warnings, errors] = [messagesOf(run, 'warning'), messagesOf(run, 'error')]

    expect({ exitCode: run.exitCode, log: run.stdout }).toMatchObject({ exitCode: want.exitCode })
    expect(JSON.parse(run.outputs['run-ids'] ?? 'null')).toEqual(want.runIds)
    expect(run.outputs).toMatchObject({ 'run-id': want.runIds[0] ?? '', ...want.outputs })
    // Answered: one request, never repeated.
    expect(posts).toHaveLength(1)
    expect(posts[0]?.json).toMatchObject(want.sent ?? {})
    for (const text of want.log ?? []) expect(run.stdout).toContain(text)
    if (want.warnings !== undefined) {
      expect(warnings).toEqual(want.warnings.map(text => expect.stringContaining(text)))
    }
    if (want.errors?.length === 0) expect(errors).toEqual([])
    for (const text of want.errors ?? []) expect(errors.join('\n')).toContain(text)
    for (const text of want.notShown ?? []) expect(run.stdout + run.summary).not.toContain(text)
    for (const text of want.summary ?? []) expect(run.summary).toContain(text)
    // Never a silent failure: a red step says why.
    if (want.exitCode !== 0) expect(errors).not.toEqual([])
  })
})
