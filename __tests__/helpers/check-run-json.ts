// A check run as GitHub's REST API spells it, for the unit and end-to-end tests of
// verdict-from: check. Pure data: unit tests import it without the e2e set-up.

/** QA Wolf's check run on `head_sha`, completed with success; `over` replaces or adds fields. */
export function checkRunJson(
  id: number,
  head_sha: string,
  over: Record<string, unknown> = {}
): Record<string, unknown> {
  return {
    id,
    name: 'QA Wolf Test Results',
    head_sha,
    status: 'completed',
    conclusion: 'success',
    started_at: '2026-11-26T12:00:00Z',
    app: { slug: 'qawolf', name: 'QA Wolf' },
    ...over
  }
}
