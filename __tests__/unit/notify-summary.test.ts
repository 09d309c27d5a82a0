import { describe, expect, it } from '@jest/globals'
import { TRUNCATION_NOTE } from '../../src/kernel/markdown.js'
import {
  reportNotification as reportResponse,
  type NotifyReport
} from '../../src/notify/results.js'
import { renderNotifySummary } from '../../src/notify/summary.js'

const BASE_URL = 'https://qa.example.com'

function render(report: NotifyReport, extra: { skippedReason?: string; error?: string } = {}) {
  return renderNotifySummary({ label: 'staging', baseUrl: BASE_URL, report, ...extra })
}

/** Table rows as arrays of cells (split on `|` that is not backslash-escaped). */
function tableRows(summary: string): string[][] {
  return summary
    .split('\n')
    .filter(line => line.startsWith('|'))
    .map(line =>
      line
        .split(/(?<!\\)\|/)
        .slice(1, -1)
        .map(cell => cell.trim())
    )
}

function nonEmptyLines(summary: string): string[] {
  return summary.split('\n').filter(line => line.trim() !== '')
}

/** The report of a response with these `results` and nothing else. */
function reportNotification(results: Record<string, unknown>[]) {
  return reportResponse({ results })
}

describe('renderNotifySummary', () => {
  it('names the label in the heading, escaped', () => {
    const report = reportNotification([])
    expect(nonEmptyLines(render(report))[0]).toBe('## QA notify — staging')
    const hostile = renderNotifySummary({ label: '<b>prod</b>\n# x', baseUrl: BASE_URL, report })
    expect(nonEmptyLines(hostile)[0]).toBe('## QA notify — &lt;b&gt;prod&lt;/b&gt; # x')
    const unlabeled = renderNotifySummary({ label: '  ', baseUrl: BASE_URL, report })
    expect(nonEmptyLines(unlabeled)[0]).toBe('## QA notify')
  })

  it('has one table row per trigger: created, duplicate and failed', () => {
    const report = reportNotification([
      { trigger_id: 't-1', created_suite_id: 'run-1' },
      { trigger_id: 't-2', duplicate_suite_id: 'run-2' },
      { trigger_id: 't-3', failure_reason: 'No environment matches the deployment URL' }
    ])
    const out = render(report)
    expect(tableRows(out)).toEqual([
      ['Trigger', 'Outcome', 'Run ID', 'Why'],
      ['---', '---', '---', '---'],
      ['t-1', '✅ created', 'run-1', '—'],
      ['t-2', '🔁 duplicate (a run for this SHA already exists)', 'run-2', '—'],
      ['t-3', '❌ failed', '—', 'No environment matches the deployment URL']
    ])
    expect(out).toContain('✅ **Run produced:** yes — 2 runs: run-1, run-2.')
    expect(out).toContain(`Service: [${BASE_URL}](${BASE_URL}/)`)
  })

  it('leaves out the Trigger column when no entry names a trigger (the live shape)', () => {
    const out = render(
      reportNotification([{ created_suite_id: 'run-1' }, { failure_reason: 'No mobile build' }])
    )
    expect(tableRows(out)).toEqual([
      ['Outcome', 'Run ID', 'Why'],
      ['---', '---', '---'],
      ['✅ created', 'run-1', '—'],
      ['❌ failed', '—', 'No mobile build']
    ])
    const mixed = render(
      reportNotification([
        { created_suite_id: 'run-1' },
        { trigger_id: 't-2', failure_reason: 'x' }
      ])
    )
    expect(tableRows(mixed).slice(2)).toEqual([
      ['—', '✅ created', 'run-1', '—'],
      ['t-2', '❌ failed', '—', 'x']
    ])
  })

  it('says no run was produced when every trigger failed', () => {
    const out = render(reportNotification([{ trigger_id: 't', failure_reason: 'quota' }]))
    expect(out).toContain('❌ **Run produced:** no — no matched trigger created a run')
    expect(tableRows(out)[2]).toEqual(['t', '❌ failed', '—', 'quota'])
  })

  it('says no trigger matched when results is empty, with no table', () => {
    const out = render(reportNotification([]))
    expect(out).toContain(
      '❌ **Run produced:** no — no trigger in the QA service matched this notification.'
    )
    expect(tableRows(out)).toEqual([])
  })

  it('names one run in the singular', () => {
    const out = render(reportNotification([{ trigger_id: 't', created_suite_id: 'abc' }]))
    expect(out).toContain('yes — 1 run: abc.')
  })

  it('explains a skipped notification and shows nothing else', () => {
    const out = render(reportNotification([]), {
      skippedReason: 'the deployment_status state is failure, not success'
    })
    expect(nonEmptyLines(out)).toEqual([
      '## QA notify — staging',
      '⏭️ **Nothing was sent**: the deployment&#95;status state is failure, not success'
    ])
  })

  it('shows an error message, keeping its lines, without claiming no trigger matched', () => {
    const out = render(reportNotification([]), {
      error: 'HTTP 401 from the QA service.\nCheck the api-key input <secret>.'
    })
    expect(nonEmptyLines(out)[1]).toBe(
      '⛔ **The notification failed:** HTTP 401 from the QA service.<br>Check the api-key input &lt;secret&gt;.'
    )
    expect(out).not.toContain('Run produced')
  })

  it('shows an error alongside the outcomes when there are some', () => {
    const out = render(reportNotification([{ trigger_id: 't', failure_reason: 'x' }]), {
      error: 'No run was produced.'
    })
    expect(out).toContain('⛔ **The notification failed:** No run was produced.')
    expect(out).toContain('**Run produced:** no')
    expect(tableRows(out)).toHaveLength(3)
  })

  it('renders hostile service text inert and keeps every row at four cells', () => {
    const report = reportNotification([
      {
        trigger_id: '<img src=x onerror=alert(1)>',
        failure_reason: '[x](javascript:alert(1)) a | b\n</details>\n# heading'
      },
      { trigger_id: 'x'.repeat(10_000), created_suite_id: 'run|1' }
    ])
    const out = render(report)
    expect(out).not.toContain('<img')
    expect(out).not.toContain('</details>')
    expect(out).not.toMatch(/\]\((?!https?:\/\/)/)
    for (const row of tableRows(out)) expect(row).toHaveLength(4)
    expect(tableRows(out)[2]?.[3]).toBe(
      '&#91;x&#93;&#40;javascript:alert&#40;1&#41;&#41; a &#124; b &lt;/details&gt; # heading'
    )
    expect(out).toContain(`${'x'.repeat(200)}…`)
    expect(out).not.toContain('x'.repeat(201))
  })

  it('does not link a base URL that is not http(s)', () => {
    const out = renderNotifySummary({
      label: '',
      baseUrl: 'javascript:alert(1)',
      report: reportNotification([])
    })
    expect(out).toContain('Service: javascript:alert&#40;1&#41;')
    expect(out).not.toContain('](')
  })

  it('renders no more rows than the size limit keeps: more triggers give the same summary', () => {
    const results = (count: number) =>
      Array.from({ length: count }, (_, i) => ({
        trigger_id: `trigger-${i}`,
        failure_reason: `<reason ${i}> `.repeat(60)
      }))
    const fewer = render(reportNotification(results(2500)))
    expect(fewer.trimEnd().endsWith(TRUNCATION_NOTE)).toBe(true)
    expect(render(reportNotification(results(25_000)))).toBe(fewer)
  })

  it('stays within the step-summary limit for a huge response', () => {
    const report = reportNotification(
      Array.from({ length: 3000 }, (_, i) => ({
        trigger_id: `trigger-${i}`,
        failure_reason: '<>'.repeat(500)
      }))
    )
    const out = render(report)
    expect(Buffer.byteLength(out)).toBeLessThanOrEqual(1024 * 1024)
    expect(out.trimEnd().endsWith(TRUNCATION_NOTE)).toBe(true)
    expect(nonEmptyLines(out)[0]).toBe('## QA notify — staging')
  })
})

describe('reading the documented notify response', () => {
  it('reports each entry by its outcome, with the message and code, and the deprecated field last', () => {
    const report = reportResponse({
      deployment_id: 'dep-1',
      environment: 'Staging',
      results: [
        { trigger_id: 'a', outcome: 'created', created_suite_id: 'run-1' },
        { trigger_id: 'b', outcome: 'created', duplicate_suite_id: 'run-0' },
        { trigger_id: 'c', outcome: 'skipped', skip_reason: 'branch filtered out' },
        {
          trigger_id: 'd',
          outcome: 'failed',
          failure_code: 'environment-not-ready',
          failure_message: 'The environment is not ready',
          failure_reason: 'internal: env 42 pending'
        },
        { trigger_id: 'e', outcome: 'failed', failure_reason: 'internal only' },
        { trigger_id: 'f', outcome: 'exploded' }
      ]
    })
    expect(report.outcomes).toEqual([
      { triggerId: 'a', kind: 'created', runId: 'run-1' },
      { triggerId: 'b', kind: 'duplicate', runId: 'run-0' },
      { triggerId: 'c', kind: 'skipped', message: 'branch filtered out' },
      {
        triggerId: 'd',
        kind: 'failed',
        message: 'The environment is not ready',
        code: 'environment-not-ready'
      },
      { triggerId: 'e', kind: 'failed', message: 'internal only' },
      { triggerId: 'f', kind: 'failed', message: "unknown outcome 'exploded'" }
    ])
    expect(report.runIds).toEqual(['run-1', 'run-0'])
    expect(report.producedRun).toBe(true)
    expect(report).toMatchObject({ deploymentId: 'dep-1', environment: { name: 'Staging' } })
  })

  it('produces no run when the service skipped the whole deployment', () => {
    const report = reportResponse({
      results: [],
      skipped_deployment: { reason: 'duplicate-deployment', message: 'Already tested' },
      warning: 'No workspace given; used "Main"'
    })
    expect(report.producedRun).toBe(false)
    expect(report.skippedDeployment).toEqual({
      reason: 'duplicate-deployment',
      message: 'Already tested'
    })
    const out = render(report)
    expect(out).toContain(
      'the QA service skipped this deployment (duplicate-deployment): Already tested'
    )
    expect(out).toContain('No workspace given; used &quot;Main&quot;')
  })

  it('shows the failure message with its code in the table', () => {
    const out = render(
      reportResponse({
        results: [
          {
            trigger_id: 'd',
            outcome: 'failed',
            failure_code: 'billing-prevented',
            failure_message: 'Plan limit'
          }
        ]
      })
    )
    expect(tableRows(out)[2]).toEqual([
      'd',
      '❌ failed',
      '—',
      'Plan limit &#40;billing-prevented&#41;'
    ])
  })
})
