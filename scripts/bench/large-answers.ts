// Large answers: one greenlight step gating 1,000 runs whose answers are 300 kB each (a green
// verdict with hundreds of non-blocking bugs). Memory must stay bounded, the step's outputs within
// GitHub's limits, and the verdict and the summary exact.
import * as http from 'node:http'
import { readFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { ms, runBundle, type Section, type Target } from './measure.js'

const RUNS = 1000
const ANSWER_BYTES = 300_000

/** A green, completed answer of about ANSWER_BYTES for run RUN_ID: non-blocking bugs fill it. */
function answerTemplate(): string {
  const bugs = []
  const runUrl = 'https://qa.example.com/runs/RUN_ID'
  for (let i = 0, bytes = 0; bytes < ANSWER_BYTES - 2000; i++) {
    const applicationUrl = `https://qa.example.com/bugs/${i}`
    const name = `Non-blocking bug ${i}: ${'layout shifts on a narrow viewport '.repeat(4)}`
    bugs.push({ name, number: i, priority: 'low', isBlocking: false, isNew: false, applicationUrl })
    bytes += JSON.stringify(bugs.at(-1)).length + applicationUrl.length + 4
  }
  return JSON.stringify({
    greenlight: true,
    relevantRunId: 'RUN_ID',
    relevantRunUrl: runUrl,
    relevantRunWithBugsUrl: `${runUrl}?filter=bugs`,
    rootRunId: 'RUN_ID',
    rootRunUrl: runUrl,
    runStage: 'completed',
    workflowsDisabledAfterRunCount: 0,
    workflowsInRunCount: 40,
    workflowsUnderInvestigationCount: 0,
    blockingBugsCount: 0,
    nonBlockingBugsCount: bugs.length,
    blockingBugUrls: [],
    nonBlockingBugUrls: bugs.map(bug => bug.applicationUrl),
    reproducedBugs: bugs
  })
}

export async function largeAnswers(target: Target): Promise<Section> {
  const template = answerTemplate()
  const answerBytes = Buffer.byteLength(template.replaceAll('RUN_ID', 'run-0000'))
  let served = 0
  const server = http.createServer((req, res) => {
    const runId = decodeURIComponent((req.url ?? '').split('?')[0]?.split('/').pop() ?? '')
    served += 1
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(template.replaceAll('RUN_ID', runId))
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  try {
    const { port } = server.address() as AddressInfo
    const ids = Array.from({ length: RUNS }, (_, i) => `run-${String(i).padStart(4, '0')}`)
    const run = await runBundle(target, {
      mode: 'greenlight',
      'api-key': 'qb1-La7rGe9AnSw3Rs5x',
      'base-url': `http://127.0.0.1:${port}`,
      'run-id': ids.join('\n'),
      timeout: '5m'
    })
    const summary = readFileSync(run.step.summaryFile, 'utf8')
    const exact =
      run.exitCode === 0 &&
      run.outputs['status'] === 'passed' &&
      run.outputs['greenlight'] === 'true' &&
      summary.includes(`**Green:** all ${RUNS} runs completed with no blocking bugs.`)
    const verdict = exact ? 'yes' : `no (exit ${run.exitCode}, status ${run.outputs['status']})`
    const [rss, out] = [run.peakRssKiB / 1024, run.outputBytes / 1024]
    return {
      benchmark: `Large answers (${RUNS} runs, ${(answerBytes / 1000).toFixed(0)} kB each)`,
      rows: [
        ['verdict, outputs and summary exact', verdict, 'yes', exact],
        ['wall', ms(run.wallMs)],
        ['peak RSS', `${rss.toFixed(1)} MiB`, '≤ 300 MiB', rss <= 300],
        ['output bytes (GITHUB_OUTPUT)', `${out.toFixed(1)} KiB`, '≤ 256 KiB', out <= 256],
        ['job summary bytes', `${(Buffer.byteLength(summary) / 1024).toFixed(1)} KiB`]
      ],
      notes:
        `One greenlight step gating ${RUNS} runs; a loopback server answers each query at once ` +
        `with a green, completed answer of ${answerBytes} bytes (non-blocking bugs); ` +
        `${served} queries served. Each answer is compacted as it arrives (every field shortened, ` +
        'a few bugs per run), so memory grows with the runs, not with the answers; outputs ' +
        'and summary are cut to their byte budgets, with the cut marked.'
    }
  } finally {
    await new Promise(resolve => server.close(resolve))
  }
}
