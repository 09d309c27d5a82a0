// A check run as GitHub's REST API spells it, for the unit and behaviour tests of
// verdict-from: check. Pure data: unit tests import it without the e2e set-up.

/** QA Wolf's check run, completed with success; `fields` adds its id and head_sha and may replace any. */
export function checkRunJson(fields: Record<string, unknown>): Record<string, unknown> {
  return {
    name: 'QA Wolf Test Results',
    status: 'completed',
    conclusion: 'success',
    started_at: '2026-11-26T12:00:00Z',
    app: { slug: 'qawolf', name: 'QA Wolf' },
    ...fields
  }
}
