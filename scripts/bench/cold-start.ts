// 1. Cold start: `notify` end to end against the emulator, as whole processes under Node 24,
// beside `node -e 0` and two floor bundles that the bench builds itself with ncc.
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { isDeepStrictEqual } from 'node:util'
import { startEmulator } from '../../emulator/server.js'
import { REPO_ROOT } from '../node24.mjs'
import {
  benchStep,
  HAS_GNU_TIME,
  measureProcess,
  tempDir,
  type Measured,
  type Target
} from './measure.js'
import type { Section } from './report.js'
import { interleaved, median, mib, ms, times } from './stats.js'

const API_KEY = 'qb1-Cs5pWr7kNz2fGm9x'
const ROUNDS = 20
/** Against the toolkit floor (issue 33: back to where notify was before its routes). */
const TARGET = 1.05
/** Against QA Wolf's own notify action, which does the same job. */
const VENDOR_TARGET = 0.65
const VENDOR_REPOSITORY = 'https://github.com/qawolf/notify-qawolf-on-deploy-action'

/**
 * QA Wolf's own notify action, as its users run it: its committed, bundled dist/index.js. From a
 * checkout named by BENCH_VENDOR_ACTION, else a shallow clone; undefined (rows say "not measured")
 * when neither is there, e.g. offline. It is only run, never copied into this repository.
 */
function vendorAction(): { script: string; from: string } | undefined {
  const given = process.env['BENCH_VENDOR_ACTION']
  let dir = given
  if (dir === undefined) {
    dir = tempDir('vendor-')
    try {
      execFileSync('git', ['clone', '--quiet', '--depth', '1', VENDOR_REPOSITORY, dir], {
        stdio: 'ignore',
        timeout: 60_000
      })
    } catch {
      return undefined
    }
  }
  const script = path.join(dir, 'dist', 'index.js')
  if (!existsSync(script)) return undefined
  return { script, from: given === undefined ? `a shallow clone of ${VENDOR_REPOSITORY}` : dir }
}

/** Bundles a floor entry with ncc into a temporary directory; returns the bundle's path. */
function buildFloor(entry: string): string {
  const out = tempDir('floor-')
  execFileSync(
    'npx',
    ['ncc', 'build', path.join(REPO_ROOT, 'scripts/bench/floor', entry), '-o', out],
    {
      cwd: REPO_ROOT,
      stdio: 'ignore'
    }
  )
  const bundle = readdirSync(out).find(name => /^index\.m?js$/.test(name))
  if (!bundle) throw new Error(`ncc produced no index.js for ${entry} in ${out}`)
  return path.join(out, bundle)
}

export async function coldStart({ node24, dist }: Target): Promise<Section> {
  const floors = { toolkit: buildFloor('toolkit.mjs'), lean: buildFloor('lean.mjs') }
  const vendor = vendorAction()
  const emulator = await startEmulator({
    teams: [{ apiKey: API_KEY }],
    triggers: [{ id: 'deploy' }]
  })
  try {
    const env = (inputs: Record<string, string> = {}): Record<string, string> =>
      benchStep({ mode: 'notify', 'api-key': API_KEY, 'base-url': emulator.url, ...inputs }).env
    const notifying =
      (script: string, inputs?: Record<string, string>) => async (): Promise<Measured> => {
        const before = emulator.requests.length
        const run = await measureProcess([node24, script], env(inputs))
        const posted = emulator.requests.length - before
        if (run.exitCode !== 0 || posted !== 1) {
          throw new Error(
            `${script} exited ${run.exitCode} after ${posted} requests:\n${run.stderr}`
          )
        }
        return run
      }
    const action = path.join(dist, 'index.js')
    const variants = [
      notifying(action),
      notifying(floors.toolkit),
      notifying(floors.lean),
      () => measureProcess([node24, '-e', '0'], env()),
      // Not a target: shows what the job summary (which no floor writes) costs.
      notifying(action, { summary: 'false' }),
      // QA Wolf's action reads its own input names.
      ...(vendor === undefined
        ? []
        : [
            notifying(vendor.script, { 'qawolf-api-key': API_KEY, 'qawolf-base-url': emulator.url })
          ])
    ]
    // One untimed round warms the page cache and the emulator.
    await interleaved(variants, 1)
    const firstBodies = emulator.requests.slice(0, 3).map(request => request.json)
    const sameBody = firstBodies.every(body => isDeepStrictEqual(body, firstBodies[0]))
    const [full, toolkit, lean, bare, noSummary, qawolf] = (
      await interleaved(variants, ROUNDS)
    ).map(runs => ({
      wall: median(runs.map(run => run.wallMs)),
      rss: median(runs.map(run => run.peakRssKiB ?? NaN))
    })) as [Stat, Stat, Stat, Stat, Stat, Stat | undefined]

    const figure = (value: Stat): string => `${ms(value.wall)}, ${mib(value.rss)}`
    const benchmark = 'Cold start (notify)'
    return {
      rows: [
        { benchmark, measure: 'action: median wall, peak RSS', result: figure(full) },
        { benchmark, measure: 'action with summary: false', result: figure(noSummary) },
        { benchmark, measure: 'floor (core+github+http-client)', result: figure(toolkit) },
        { benchmark, measure: 'lean floor (core+http-client)', result: figure(lean) },
        { benchmark, measure: '`node -e 0`', result: figure(bare) },
        ratioRow(benchmark, 'wall: action / floor', full.wall / toolkit.wall, TARGET),
        ratioRow(benchmark, 'peak RSS: action / floor', full.rss / toolkit.rss, TARGET),
        ratioRow(benchmark, 'wall: action / lean floor', full.wall / lean.wall),
        ratioRow(benchmark, 'peak RSS: action / lean floor', full.rss / lean.rss),
        ratioRow(benchmark, 'wall: action, no summary / lean floor', noSummary.wall / lean.wall),
        ratioRow(benchmark, 'wall: action / `node -e 0`', full.wall / bare.wall),
        ratioRow(benchmark, 'peak RSS: action / `node -e 0`', full.rss / bare.rss),
        ...(qawolf === undefined
          ? [{ benchmark, measure: 'wall: action / QA Wolf’s action', result: 'not measured' }]
          : [
              { benchmark, measure: 'QA Wolf’s action', result: figure(qawolf) },
              ratioRow(
                benchmark,
                'wall: action / QA Wolf’s action',
                full.wall / qawolf.wall,
                VENDOR_TARGET
              ),
              ratioRow(benchmark, 'peak RSS: action / QA Wolf’s action', full.rss / qawolf.rss)
            ])
      ],
      notes: [
        `Medians of ${ROUNDS} runs per variant after one warm-up round, rotated A B C D E, B C D E A, …; ` +
          'wall time from spawn to exit as seen by the parent, peak RSS ' +
          (HAS_GNU_TIME
            ? 'from `/usr/bin/time -f %M` (the kernel’s ru_maxrss of the reaped child).'
            : 'not measured (no /usr/bin/time on this machine).'),
        'Both floors are built by the bench with `ncc build` from scripts/bench/floor/: one POST ' +
          'of the same body, one output. The floor imports @actions/github as well, which loads ' +
          'Octokit at start-up; the lean floor does not, like the action, so it is the stricter ' +
          'comparison. "summary: false" shows the share of the job summary, which no floor writes.',
        `The action and both floors sent the same request body: ${sameBody ? 'yes' : 'NO'}.`,
        vendor === undefined
          ? `QA Wolf’s own action (${VENDOR_REPOSITORY}) was not measured: set BENCH_VENDOR_ACTION to a checkout of it, or let the bench clone it.`
          : `QA Wolf’s own action is its committed dist/index.js from ${vendor.from}, run in the same rotation with its own input names (qawolf-api-key, qawolf-base-url), posting to the same emulator.`
      ]
    }
  } finally {
    await emulator.close()
  }
}

interface Stat {
  wall: number
  rss: number
}

function ratioRow(benchmark: string, measure: string, ratio: number, target?: number) {
  return target === undefined
    ? { benchmark, measure, result: times(ratio) }
    : {
        benchmark,
        measure,
        result: times(ratio),
        target: `≤ ${times(target)}`,
        met: ratio <= target
      }
}
