// 7. Fail fast where waiting cannot help: a greenlight step whose base-url refuses every
// connection, and one whose run ID the service never knows (404), each with the default 2-hour
// timeout and no test-only bound. The contract: the first ends within 60 s, the second at the end
// of its 60 s grace for a new run. Both run at once.
import * as http from 'node:http'
import * as net from 'node:net'
import path from 'node:path'
import { readFileSync } from 'node:fs'
import type { Section } from './report.js'
import { benchStep, measureProcess, type Target } from './measure.js'
import { parseOutputFile } from '../action-runner.js'

const API_KEY = 'qb1-Fa1lFa5tKey-9x2'
/** Spawn to exit, for a service never reached: the contract's 60 s for the whole step. */
const UNREACHABLE_TARGET_MS = 60_000
/** For a 404: the grace counts from the first query, so the process's start comes on top. */
const NOT_FOUND_TARGET_MS = 61_000

/** A loopback port that nothing listens on: bound, then closed. */
async function closedPort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise(resolve => server.close(resolve))
  return port
}

async function gate(target: Target, baseUrl: string) {
  const step = benchStep({
    mode: 'greenlight',
    'api-key': API_KEY,
    'base-url': baseUrl,
    'run-id': 'run-typo'
  })
  const run = await measureProcess([target.node24, path.join(target.dist, 'index.js')], step.env)
  const outputs = parseOutputFile(readFileSync(step.outputFile, 'utf8'))
  return { run, status: outputs['status'] }
}

export async function failFast(target: Target): Promise<Section> {
  const notFound = http.createServer((_req, res) => {
    res.writeHead(404, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ error: 'Run not found' }))
  })
  await new Promise<void>(resolve => notFound.listen(0, '127.0.0.1', resolve))
  try {
    const { port } = notFound.address() as net.AddressInfo
    const [refused, typo] = await Promise.all([
      gate(target, `http://127.0.0.1:${await closedPort()}`),
      gate(target, `http://127.0.0.1:${port}`)
    ])
    const row = (
      measure: string,
      targetMs: number,
      { run, status }: Awaited<ReturnType<typeof gate>>
    ) => {
      const ok = run.exitCode === 1 && status === 'error' && run.wallMs <= targetMs
      return {
        benchmark: 'Fail fast (timeout 2h)',
        measure,
        result: `${(run.wallMs / 1000).toFixed(1)} s, exit ${run.exitCode}, status ${status}`,
        target: `≤ ${targetMs / 1000} s, status error`,
        met: ok
      }
    }
    return {
      rows: [
        row('base-url whose port refuses: spawn → exit', UNREACHABLE_TARGET_MS, refused),
        row('run ID the service never knows (404): spawn → exit', NOT_FOUND_TARGET_MS, typo)
      ],
      notes: [
        'Two greenlight steps at once with the default timeout (2h) and no test-only bound: one ' +
          'against a loopback port nothing listens on, one against a server that answers every ' +
          'query 404. The first ends after 55 s of nothing but refused connections, so the whole ' +
          "step ends within the contract's 60 s; the second at the end of a new run's 60 s " +
          'grace, counted from its first query (the target adds 1 s for the process start). ' +
          'Each makes its last try at the end of its window, not a backoff past it.'
      ]
    }
  } finally {
    await new Promise(resolve => notFound.close(resolve))
  }
}
