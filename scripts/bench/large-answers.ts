// 6. Large answers: one greenlight step gating 1,000 runs whose answers are 300 kB each (a green
// verdict with hundreds of non-blocking bugs). Memory must stay bounded, the step's outputs within
// GitHub's limits, and the verdict and the summary exact.
import * as http from 'node:http'
import { readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import type { Section } from './report.js'
import { ms } from './stats.js'
import { benchStep, measureProcess, type Target } from './measure.js'
import { parseOutputFile } from '../action-runner.js'

const API_KEY = 'qb1-La7rGe9AnSw3Rs5x'
const RUNS = 1000
const ANSWER_BYTES = 300_000
const RSS_TARGET_MIB = 300
const OUTPUTS_TARGET_BYTES = 256 * 1024

/** The bugs part of every answer, built once: non-blocking bugs up to the answer size. */
function bugsJson(): { bugs: string; urls: string; count: number } {
  const bugs: unknown[] = []
  const urls: string[] = []
  let bytes = 0
  for (let i = 0; bytes < ANSWER_BYTES - 2000; i++) {
    const url = `https://qa.example.com/bugs/${i}`
    const bug = {
      name: `Non-blocking bug ${i}: ${'layout shifts on a narrow viewport '.repeat(4)}`,
      number: i,
      priority: 'low',
      isBlocking: false,
      isNew: false,
      applicationUrl: url
    }
    bytes += JSON.stringify(bug).length + url.length + 4
    bugs.push(bug)
    urls.push(url)
  }
  return { bugs: JSON.stringify(bugs), urls: JSON.stringify(urls), count: urls.length }
}

function answer(runId: string, bugs: ReturnType<typeof bugsJson>): string {
  const runUrl = `https://qa.example.com/runs/${runId}`
  const head = JSON.stringify({
    greenlight: true,
    relevantRunId: runId,
    relevantRunUrl: runUrl,
    relevantRunWithBugsUrl: `${runUrl}?filter=bugs`,
    rootRunId: runId,
    rootRunUrl: runUrl,
    runStage: 'completed',
    workflowsDisabledAfterRunCount: 0,
    workflowsInRunCount: 40,
    workflowsUnderInvestigationCount: 0,
    blockingBugsCount: 0,
    nonBlockingBugsCount: bugs.count,
    blockingBugUrls: []
  })
  return `${head.slice(0, -1)},"nonBlockingBugUrls":${bugs.urls},"reproducedBugs":${bugs.bugs}}`
}

export async function largeAnswers(target: Target): Promise<Section> {
  const bugs = bugsJson()
  const answerBytes = Buffer.byteLength(answer('run-0000', bugs))
  let served = 0
  const server = http.createServer((req, res) => {
    const runId = decodeURIComponent((req.url ?? '').split('?')[0]?.split('/').pop() ?? '')
    served += 1
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(answer(runId, bugs))
  })
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  try {
    const { port } = server.address() as AddressInfo
    const ids = Array.from({ length: RUNS }, (_, i) => `run-${String(i).padStart(4, '0')}`)
    const step = benchStep({
      mode: 'greenlight',
      'api-key': API_KEY,
      'base-url': `http://127.0.0.1:${port}`,
      'run-id': ids.join('\n'),
      timeout: '5m'
    })
    const run = await measureProcess([target.node24, path.join(target.dist, 'index.js')], step.env)
    const outputBytes = statSync(step.outputFile).size
    const outputs = parseOutputFile(readFileSync(step.outputFile, 'utf8'))
    const summary = readFileSync(step.summaryFile, 'utf8')
    const rssMiB = (run.peakRssKiB ?? NaN) / 1024
    const exact =
      run.exitCode === 0 &&
      outputs['status'] === 'passed' &&
      outputs['greenlight'] === 'true' &&
      summary.includes(`**Green:** all ${RUNS} runs completed with no blocking bugs.`)
    const benchmark = `Large answers (${RUNS} runs, ${(answerBytes / 1000).toFixed(0)} kB each)`
    return {
      rows: [
        {
          benchmark,
          measure: 'verdict, outputs and summary exact',
          result: exact ? 'yes' : `no (exit ${run.exitCode}, status ${outputs['status']})`,
          target: 'yes',
          met: exact
        },
        { benchmark, measure: 'wall', result: ms(run.wallMs) },
        {
          benchmark,
          measure: 'peak RSS',
          result: `${rssMiB.toFixed(1)} MiB`,
          target: `≤ ${RSS_TARGET_MIB} MiB`,
          met: rssMiB <= RSS_TARGET_MIB
        },
        {
          benchmark,
          measure: 'output bytes (GITHUB_OUTPUT)',
          result: `${(outputBytes / 1024).toFixed(1)} KiB`,
          target: `≤ ${OUTPUTS_TARGET_BYTES / 1024} KiB`,
          met: outputBytes <= OUTPUTS_TARGET_BYTES
        },
        {
          benchmark,
          measure: 'job summary bytes',
          result: `${(Buffer.byteLength(summary) / 1024).toFixed(1)} KiB`
        }
      ],
      notes: [
        `One greenlight step gating ${RUNS} runs; a loopback server answers each query at once ` +
          `with a green, completed answer of ${answerBytes} bytes (non-blocking bugs); ` +
          `${served} queries served. Each answer is compacted as it arrives (every field shortened, ` +
          'a few bugs per run), so memory grows with the runs, not with the answers; outputs ' +
          'and summary are cut to their byte budgets, with the cut marked.'
      ]
    }
  } finally {
    await new Promise(resolve => server.close(resolve))
  }
}
