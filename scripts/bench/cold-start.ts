// 1. Cold start: `notify` end to end against the emulator, as whole processes under Node 24,
// beside `node -e 0`, two floor bundles that the bench builds itself with ncc, and the toolkit's
// load alone.
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
const ROUNDS = 30
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
  const floors = {
    toolkit: buildFloor('toolkit.mjs'),
    lean: buildFloor('lean.mjs'),
    coreOnly: buildFloor('core-only.mjs')
  }
  const vendor = vendorAction()
  const emulator = await startEmulator({
    teams: [{ apiKey: API_KEY }],
    triggers: [{ id: 'deploy' }]
  })
  try {
    const env = (
      inputs: Record<string, string> = {},
      subAction?: 'notify'
    ): Record<string, string> =>
      benchStep(
        { 'api-key': API_KEY, 'base-url': emulator.url, ...inputs },
        // A runner starts each job on a fresh machine: no compile cache of an earlier run.
        { env: { NODE_COMPILE_CACHE: undefined }, ...(subAction ? { subAction } : {}) }
      ).env
    const notifying =
      (script: string, stepEnv: Record<string, string>) => async (): Promise<Measured> => {
        const before = emulator.requests.length
        const run = await measureProcess([node24, script], stepEnv)
        const posted = emulator.requests.length - before
        if (run.exitCode !== 0 || posted !== 1) {
          throw new Error(
            `${script} exited ${run.exitCode} after ${posted} requests:\n${run.stderr}`
          )
        }
        return run
      }
    // What users run: the notify sub-action (`uses: …/notify@v1`, its own bundle), and the root
    // action with `mode: notify`.
    const subAction = path.join(dist, 'notify', 'index.js')
    const root = path.join(dist, 'index.js')
    if (!existsSync(subAction)) {
      throw new Error(
        'dist/notify/index.js is missing: run `npm run bundle`, then the bench again.'
      )
    }
    const variants = [
      notifying(subAction, env({}, 'notify')),
      notifying(root, env({ mode: 'notify' })),
      notifying(floors.toolkit, env()),
      notifying(floors.lean, env()),
      () => measureProcess([node24, '-e', '0'], env()),
      // Not a target: shows what the job summary (which no floor writes) costs.
      notifying(subAction, env({ summary: 'false' }, 'notify')),
      // QA Wolf's action reads its own input names.
      ...(vendor === undefined
        ? []
        : [
            notifying(
              vendor.script,
              env({ 'qawolf-api-key': API_KEY, 'qawolf-base-url': emulator.url })
            )
          ]),
      // Not a target: the toolkit's start-up alone (no request), which every floor includes.
      () => measureProcess([node24, floors.coreOnly], env())
    ]
    // One untimed round warms the page cache and the emulator.
    await interleaved(variants, 1)
    const firstBodies = emulator.requests.slice(0, 4).map(request => request.json)
    const sameBody = firstBodies.every(body => isDeepStrictEqual(body, firstBodies[0]))
    const stats = (await interleaved(variants, ROUNDS)).map(runs => ({
      walls: runs.map(run => run.wallMs),
      wall: median(runs.map(run => run.wallMs)),
      rss: median(runs.map(run => run.peakRssKiB ?? NaN))
    }))
    const coreOnly = stats.pop() as Stat
    const [sub, full, toolkit, lean, bare, noSummary, qawolf] = stats as [
      Stat,
      Stat,
      Stat,
      Stat,
      Stat,
      Stat,
      Stat | undefined
    ]

    const figure = (value: Stat): string => `${ms(value.wall)}, ${mib(value.rss)}`
    const benchmark = 'Cold start (notify)'
    const vendorRows = (name: string, value: Stat) =>
      qawolf === undefined
        ? [{ benchmark, measure: `wall: ${name} / QA Wolf’s action`, result: 'not measured' }]
        : [
            ratioRow(
              benchmark,
              `wall: ${name} / QA Wolf’s action`,
              paired(value, qawolf),
              VENDOR_TARGET
            ),
            ratioRow(benchmark, `peak RSS: ${name} / QA Wolf’s action`, value.rss / qawolf.rss)
          ]
    return {
      rows: [
        { benchmark, measure: 'notify/ sub-action: median wall, peak RSS', result: figure(sub) },
        { benchmark, measure: 'root action, mode: notify', result: figure(full) },
        { benchmark, measure: 'sub-action with summary: false', result: figure(noSummary) },
        { benchmark, measure: 'floor (core+github+http-client)', result: figure(toolkit) },
        { benchmark, measure: 'lean floor (core+http-client)', result: figure(lean) },
        {
          benchmark,
          measure: 'toolkit load alone (@actions/core, no request)',
          result: figure(coreOnly)
        },
        ...(qawolf === undefined
          ? []
          : [{ benchmark, measure: 'QA Wolf’s action', result: figure(qawolf) }]),
        { benchmark, measure: '`node -e 0`', result: figure(bare) },
        ratioRow(benchmark, 'wall: sub-action / floor', paired(sub, toolkit), TARGET),
        ratioRow(benchmark, 'peak RSS: sub-action / floor', sub.rss / toolkit.rss, TARGET),
        ...vendorRows('sub-action', sub),
        ratioRow(benchmark, 'wall: root action / floor', paired(full, toolkit), TARGET),
        ...vendorRows('root action', full),
        ratioRow(benchmark, 'wall: sub-action / lean floor', paired(sub, lean)),
        ratioRow(benchmark, 'wall: sub-action, no summary / lean floor', paired(noSummary, lean)),
        ratioRow(benchmark, 'wall: lean floor / floor', paired(lean, toolkit)),
        ...(qawolf === undefined
          ? []
          : [
              ratioRow(benchmark, 'wall: floor / QA Wolf’s action', paired(toolkit, qawolf)),
              ratioRow(benchmark, 'wall: lean floor / QA Wolf’s action', paired(lean, qawolf)),
              ratioRow(
                benchmark,
                'wall: toolkit load alone / QA Wolf’s action',
                paired(coreOnly, qawolf)
              )
            ]),
        ratioRow(benchmark, 'wall: toolkit load alone / lean floor', paired(coreOnly, lean)),
        ratioRow(benchmark, 'wall: sub-action / `node -e 0`', paired(sub, bare))
      ],
      notes: [
        `Medians of ${ROUNDS} runs per variant after one warm-up round, rotated A B C D E, B C D E A, …; ` +
          'a wall-time ratio is the median of the ratios within each round (paired), so that load ' +
          'from other processes lands on both of its sides; ' +
          'wall time from spawn to exit as seen by the parent, peak RSS ' +
          (HAS_GNU_TIME
            ? 'from `/usr/bin/time -f %M` (the kernel’s ru_maxrss of the reaped child).'
            : 'not measured (no /usr/bin/time on this machine).'),
        'The sub-action is dist/notify/index.js (src/entries/notify.ts) with notify/action.yml’s ' +
          'defaults, as `uses: …/qa-greenlight/notify@v1` runs it; the root action is ' +
          'dist/index.js with `mode: notify`. No variant gets a Node compile cache ' +
          '(NODE_COMPILE_CACHE), as on a fresh runner.',
        'Both floors are built by the bench with `ncc build` from scripts/bench/floor/: one POST ' +
          'of the same body, one output. The floor imports @actions/github as well, which loads ' +
          'Octokit at start-up; the lean floor does not, like the action, so it is the stricter ' +
          'comparison. "summary: false" shows the share of the job summary, which no floor writes. ' +
          '"Toolkit load alone" (scripts/bench/floor/core-only.mjs) imports @actions/core, which ' +
          'loads @actions/http-client and undici, and sets one output: no request. It is part of ' +
          'every floor and of the action.',
        'dist/ is CommonJS (a chunk loaded on demand is a require(), not an import(); ADR 0004) ' +
          'and is emitted without the sources’ comments (tsconfig.json, removeComments); the ' +
          'notify sub-action imports its driver, and each route is one chunk, loaded only when ' +
          '`via` names it. The floors are ncc’s default build of an ES module entry.',
        `The sub-action, the root action and both floors sent the same request body: ${sameBody ? 'yes' : 'NO'}.`,
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
  /** Wall times in round order: the k-th of every variant ran in the same round. */
  walls: number[]
  wall: number
  rss: number
}

/**
 * A wall-time ratio as the median of its per-round ratios: each round runs every variant within a
 * second or so, so a burst of load on a shared machine lands on both sides of a ratio alike
 * (a ratio of two medians would let it land on one).
 */
function paired(a: Stat, b: Stat): number {
  return median(a.walls.map((wall, round) => wall / (b.walls[round] ?? NaN)))
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
