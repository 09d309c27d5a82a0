// Strict on what decides, tolerant of what informs: a notify answer is read through the same
// reader and check the client uses, and only `results[]` and `skipped_deployment` decide.
import { describe, expect, it } from '@jest/globals'
import fc from 'fast-check'
import { readJson } from '../../src/kernel/http.js'
import { NotificationSchema } from '../../src/kernel/service.js'
import { describeEnvironment, reportNotification } from '../../src/notify/results.js'
import { notifyOutputs } from '../../src/notify/outputs.js'
import { parseRunIds } from '../../src/core/run-ids.js'

const read = (answer: unknown) =>
  reportNotification(
    readJson(JSON.stringify(answer), 'application/json', NotificationSchema, t => t)
  )

const runId = fc.stringMatching(/^[A-Za-z0-9_-]{1,24}$/)

/** A decisive core entry: what it must yield, and the entry itself. */
const coreEntry = fc.oneof(
  runId.map(id => ({ run: id, entry: { outcome: 'created', created_suite_id: id } })),
  runId.map(id => ({ run: id, entry: { outcome: 'created', duplicate_suite_id: id } })),
  runId.map(id => ({ run: id, entry: { created_suite_id: id } })),
  runId.map(id => ({ run: id, entry: { duplicate_suite_id: id } })),
  fc.constant({ run: undefined, entry: { outcome: 'skipped', skip_reason: 'branch filter' } }),
  fc.constant({
    run: undefined,
    entry: { outcome: 'failed', failure_code: 'environment-not-ready', failure_message: 'wait' }
  }),
  fc.constant({ run: undefined, entry: { failure_reason: 'quota' } })
)

/** Anything at all where a shown field stands: any JSON type, null, or nothing. */
const drift = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  fc.string(),
  fc.integer(),
  fc.boolean(),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(
    fc.string({ maxLength: 8 }),
    fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
    { maxKeys: 3 }
  ),
  fc.record({
    id: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
    alias: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
    isStatic: fc.oneof(fc.boolean(), fc.string(), fc.constant(null))
  })
)

const DECISIVE = new Set([
  'outcome',
  'created_suite_id',
  'duplicate_suite_id',
  'failure_code',
  'failure_message',
  'failure_reason',
  'skip_reason',
  'results',
  'skipped_deployment'
])
/** Extra fields, never named like a decisive one. */
const extraFields = fc.dictionary(
  fc.string({ minLength: 1, maxLength: 10 }).filter(k => !DECISIVE.has(k) && k !== '__proto__'),
  drift,
  { maxKeys: 3 }
)

const withoutUndefined = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined))

describe('a notify answer with drift in its shown fields', () => {
  it('always yields exactly the run IDs of its decisive core, in order, without repeats', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(coreEntry, drift, drift, extraFields), { maxLength: 8 }),
        drift,
        drift,
        drift,
        extraFields,
        (entries, environment, deploymentId, warning, extra) => {
          const answer = withoutUndefined({
            ...extra,
            environment,
            deployment_id: deploymentId,
            warning,
            results: entries.map(([core, triggerId, environmentId, more]) =>
              withoutUndefined({
                ...more,
                trigger_id: triggerId,
                environment_id: environmentId,
                ...core.entry
              })
            )
          })
          const report = read(answer)
          const expected = [
            ...new Set(entries.flatMap(([core]) => (core.run === undefined ? [] : [core.run])))
          ]
          expect(report.runIds).toEqual(expected)
          expect(report.producedRun).toBe(expected.length > 0)
          expect(report.outcomes).toHaveLength(entries.length)
        }
      ),
      { numRuns: 300 }
    )
  })
})

describe('the answers the live service sends', () => {
  it('reads the environment object: alias as the name, its id, static or preview', () => {
    const report = read({
      environment: { id: 'cm-env-1', alias: 'staging', isStatic: true },
      results: [{ trigger_id: 't-1', created_suite_id: 'run-1' }]
    })
    expect(report.runIds).toEqual(['run-1'])
    expect(report.environment).toEqual({ name: 'staging', id: 'cm-env-1', kind: 'static' })
    expect(describeEnvironment(report.environment!)).toBe(
      'Static environment staging (id cm-env-1)'
    )
    expect(report.unreadable).toBeUndefined()
  })

  it('calls an empty preview environment a success without a run, and a static one not', () => {
    const preview = read({
      environment: { id: 'cm-env-12', alias: 'pr-12', isStatic: false },
      results: []
    })
    expect(preview).toMatchObject({ previewWithoutRun: true, producedRun: false, runIds: [] })
    expect(describeEnvironment(preview.environment!)).toBe(
      'Preview environment pr-12 (id cm-env-12)'
    )
    const fixed = read({ environment: { id: 'e', alias: 'staging', isStatic: true }, results: [] })
    expect(fixed.previewWithoutRun).toBeUndefined()
    const unknown = read({ environment: { id: 'e', alias: 'x' }, results: [] })
    expect(unknown.previewWithoutRun).toBeUndefined()
  })

  it('reads an entry with no trigger_id, and takes environment-id from the first entry when needed', () => {
    const report = read({
      environment: 'Staging',
      results: [{ environment_id: 'env-9', duplicate_suite_id: 'run-0' }]
    })
    expect(report.outcomes).toEqual([{ kind: 'duplicate', runId: 'run-0' }])
    expect(report.environment).toEqual({ name: 'Staging', id: 'env-9' })
  })

  it('leaves out shown fields of an unexpected type and names each once', () => {
    const report = read({
      environment: 42,
      deployment_id: { id: 1 },
      warning: ['a'],
      results: [{ trigger_id: 7, created_suite_id: 'run-1' }]
    })
    expect(report.runIds).toEqual(['run-1'])
    expect(report.environment).toBeUndefined()
    expect(report.deploymentId).toBeUndefined()
    expect(report.unreadable).toEqual([
      'results[0].trigger_id (a number)',
      'warning (a list)',
      'deployment_id (an object)',
      'environment (a number)'
    ])
  })

  it('counts a run ID whatever the outcome says, and a whole-number run ID as text', () => {
    const report = read({
      results: [
        { outcome: 'failed', created_suite_id: 'run-1' },
        { outcome: 'skipped', duplicate_suite_id: 12 },
        { outcome: 'created' },
        null
      ]
    })
    expect(report.runIds).toEqual(['run-1', '12'])
    expect(report.outcomes.slice(2)).toEqual([
      { kind: 'failed', message: 'the service reported a created run but named no run ID' },
      { kind: 'failed', message: 'the service sent null instead of a result' }
    ])
  })

  it('reads a skipped deployment without a results list', () => {
    const report = read({ skipped_deployment: { reason: 'paused', message: 'Deployments paused' } })
    expect(report).toMatchObject({
      producedRun: false,
      skippedDeployment: { reason: 'paused', message: 'Deployments paused' }
    })
  })
})

describe('run-ids, however many runs', () => {
  /** Up to 4,000 distinct IDs of 10 to 190 characters: lists that fit and lists far over. */
  const idLists = fc
    .record({
      count: fc.integer({ min: 0, max: 4000 }),
      width: fc.integer({ min: 8, max: 165 }),
      stem: runId
    })
    .map(({ count, width, stem }) =>
      Array.from({ length: count }, (_, i) => `${stem}-${String(i).padStart(width, '0')}`)
    )

  it('is always a JSON array of run IDs greenlight accepts: a prefix, marked cut only when cut', () => {
    let cut = 0
    fc.assert(
      fc.property(idLists, ids => {
        const report = read({ results: ids.map(id => ({ created_suite_id: id })) })
        const outputs = notifyOutputs(report, [])
        const listed = JSON.parse(outputs['run-ids'] ?? '') as unknown
        expect(Array.isArray(listed)).toBe(true)
        expect(listed).toEqual(ids.slice(0, (listed as string[]).length))
        expect(outputs['run-ids-cut']).toBe(String((listed as string[]).length < ids.length))
        expect(Buffer.byteLength(outputs['run-ids'] ?? '')).toBeLessThanOrEqual(64 * 1024)
        if (ids.length > 0) expect(parseRunIds('run-id', outputs['run-ids'] ?? '')).toEqual(listed)
        if (outputs['run-ids-cut'] === 'true') cut++
      }),
      { numRuns: 40 }
    )
    // The cut itself was exercised, not only lists that fit.
    expect(cut).toBeGreaterThan(5)
  })
})
