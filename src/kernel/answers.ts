// The schemas of QA Wolf's answers (docs/service-api.md), strict on what decides, tolerant of what
// is only shown. Pure.
import * as v from 'valibot'
import { isRecord } from './values.js'

/** The stages the action knows; the service may add others (never terminal, never green). */
export const RUN_STAGES = ['initializing', 'underReview', 'completed', 'canceled'] as const
export type RunStage = (typeof RUN_STAGES)[number]

/** Any JSON object, not a list (a list has no `code` and would read as terminated). */
export const object = <T extends v.ObjectEntries>(entries: T) =>
  v.pipe(v.unknown(), v.check(isRecord, 'expected Object'), v.looseObject(entries))

/** `results` a list, or absent only beside a skipped deployment. */
export const NotificationSchema = v.pipe(
  object({ results: v.nullish(v.array(v.unknown())) }),
  v.check(
    data => Array.isArray(data.results) || (data['skipped_deployment'] ?? null) !== null,
    'a list of results (or a skipped deployment)'
  )
)
export type NotificationResponse = v.InferOutput<typeof NotificationSchema>

// Only greenlight's query loads the answer's schema, so the other bundles do not carry it.
export type * from './greenlight-answer.js'
