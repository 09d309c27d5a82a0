// Cold start: `notify` end to end against the emulator, as whole processes under Node 24, beside
// `node -e 0` and a floor bundle (scripts/bench/floor/toolkit.mjs) that the bench builds with ncc.
import { execFileSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { isDeepStrictEqual } from 'node:util'
import { startEmulator } from '../../emulator/server.js'
import { REPO_ROOT } from '../node24.mjs'
import { atMost, benchStep, HAS_GNU_TIME, measureProcess, median, mib, ms } from './measure.js'
import { tempDir, type Measured, type Section, type Target } from './measure.js'

const API_KEY = 'qb1-Cs5pWr7kNz2fGm9x'
const ROUNDS = 30
const TARGET = 1.05

/**
 * Runs each variant `rounds` times, interleaved and rotated (A B C, B C A, C A B, …), so drift
 * and position effects land on every variant alike: the k-th run of each is of the same round.
 */
async function interleaved(variants: (() => Promise<Measured>)[], rounds: number) {
  const results: Measured[][] = variants.map(() => [])
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < variants.length; k++) {
      const index = (round + k) % variants.length
      results[index]!.push(await variants[index]!())
    }
  }
  return results
}

export async function coldStart({ node24, dist }: Target): Promise<Section> {
  const out = tempDir('floor-')
  const entry = path.join(REPO_ROOT, 'scripts/bench/floor/toolkit.mjs')
  execFileSync('npx', ['ncc', 'build', entry, '-o', out], { cwd: REPO_ROOT, stdio: 'ignore' })
  const floor = path.join(out, readdirSync(out).find(name => /^index\.m?js$/.test(name)) ?? '')
  const emulator = await startEmulator({
    teams: [{ apiKey: API_KEY }],
    triggers: [{ id: 'deploy' }]
  })
  try {
    // A runner starts each job on a fresh machine: no compile cache of an earlier run.
    const env = (inputs: Record<string, string>, sub?: 'notify') =>
      benchStep(
        { 'api-key': API_KEY, 'base-url': emulator.url, ...inputs },
        { env: { NODE_COMPILE_CACHE: undefined }, subAction: sub }
      ).env
    const notifying = (script: string, stepEnv: NodeJS.ProcessEnv) => async () => {
      const before = emulator.requests.length
      const run = await measureProcess([node24, script], stepEnv)
      const posted = emulator.requests.length - before
      if (run.exitCode !== 0 || posted !== 1) {
        throw new Error(`${script} exited ${run.exitCode} after ${posted} requests:\n${run.stderr}`)
      }
      return run
    }
    const variants = [
      notifying(path.join(dist, 'notify', 'index.js'), env({}, 'notify')),
      notifying(path.join(dist, 'index.js'), env({ mode: 'notify' })),
      notifying(floor, env({})),
      () => measureProcess([node24, '-e', '0'], env({}))
    ]
    // One untimed round warms the page cache and the emulator.
    await interleaved(variants, 1)
    const bodies = emulator.requests.map(request => request.json)
    const sameBody = bodies.every(body => isDeepStrictEqual(body, bodies[0]))
    const [sub, root, toolkit, bare] = await interleaved(variants, ROUNDS)
    const rss = (runs: Measured[] = []) => median(runs.map(run => run.peakRssKiB))
    const figure = (runs: Measured[] = []) =>
      `${ms(median(runs.map(run => run.wallMs)))}, ${mib(rss(runs))}`
    // The median of the per-round ratios: a burst of load lands on both sides of each.
    const wall = (a: Measured[] = [], b: Measured[] = []) =>
      median(a.map((run, round) => run.wallMs / (b[round]?.wallMs ?? NaN)))
    return {
      benchmark: 'Cold start (notify)',
      rows: [
        ['notify/ sub-action: median wall, peak RSS', figure(sub)],
        ['root action, mode: notify', figure(root)],
        ['floor (core+github+http-client)', figure(toolkit)],
        ['`node -e 0`', figure(bare)],
        atMost('wall: sub-action / floor', wall(sub, toolkit), TARGET),
        atMost('peak RSS: sub-action / floor', rss(sub) / rss(toolkit), TARGET),
        atMost('wall: root action / floor', wall(root, toolkit), TARGET)
      ],
      notes:
        `Medians of ${ROUNDS} runs per variant after one warm-up round, rotated; a wall-time ratio ` +
        'is the median of the ratios within each round (paired), so that load from other ' +
        'processes lands on both of its sides. Wall time from spawn to exit, peak RSS ' +
        (HAS_GNU_TIME ? 'from `/usr/bin/time -f %M`.' : 'not measured (no /usr/bin/time).') +
        ' The sub-action is dist/notify/index.js with notify/action.yml’s defaults; the root action ' +
        'is dist/index.js with `mode: notify`; no variant gets a Node compile cache. The floor ' +
        '(scripts/bench/floor/toolkit.mjs, built with `ncc build`) makes one POST and sets one ' +
        `output. All sent the same request body: ${sameBody ? 'yes' : 'NO'}.`
    }
  } finally {
    await emulator.close()
  }
}
