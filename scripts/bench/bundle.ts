// 2. Bundle: the size of dist/index.js and of what a run actually loads, through the root action
// and through the notify sub-action (dist/notify/). The loaded files are recorded by a module-loader
// hook (load-recorder.mjs), which also sees the dynamic chunks.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { startEmulator } from '../../emulator/server.js'
import { REPO_ROOT } from '../node24.mjs'
import { benchStep, measureProcess, tempDir, type Target } from './measure.js'
import type { Row, Section } from './report.js'
import { bytes } from './stats.js'

const API_KEY = 'qb1-Bn6qLt1yDc8wHj3r'
const MAX_MAIN_BYTES = 1_500_000
/** @octokit/core puts this in its user agent; any bundle holding Octokit holds this string. */
const OCTOKIT_MARKER = 'octokit-core.js'
/** Every valibot schema names its vendor (Standard Schema); any bundle holding valibot holds this. */
const VALIBOT_MARKER = 'vendor: "valibot"'

/** The dist files one action run loads through the module loader. */
async function loadedFiles(
  target: Target,
  inputs: Record<string, string>,
  extraEnv: Record<string, string> = {},
  subAction?: 'notify'
): Promise<string[]> {
  const record = path.join(tempDir('loaded-'), 'loaded.json')
  const hook = pathToFileURL(path.join(REPO_ROOT, 'scripts/bench/load-recorder.mjs')).href
  const step = benchStep(inputs, subAction === undefined ? {} : { subAction })
  const env = { ...step.env, ...extraEnv, BENCH_LOADED_FILES: record }
  const script = path.join(target.dist, ...(subAction === undefined ? [] : [subAction]), 'index.js')
  const run = await measureProcess([target.node24, '--import', hook, script], env)
  // The comment control may fail to reach a GitHub API; only its record matters.
  if (run.exitCode !== 0 && inputs['comment-on-pr'] !== 'true') {
    throw new Error(`the action exited ${run.exitCode}:\n${run.stdout}${run.stderr}`)
  }
  if (!existsSync(record))
    throw new Error(`the action recorded nothing:\n${run.stdout}${run.stderr}`)
  return (JSON.parse(readFileSync(record, 'utf8')) as string[]).map(url => fileURLToPath(url))
}

export async function bundle(target: Target): Promise<Section> {
  const emulator = await startEmulator({
    teams: [{ apiKey: API_KEY }],
    triggers: [{ id: 'deploy' }],
    runs: [{ id: 'green', timeline: [{ stage: 'completed' }] }]
  })
  try {
    const common = { 'api-key': API_KEY, 'base-url': emulator.url }
    const greenlight = { ...common, mode: 'greenlight', 'run-id': 'green' }
    const notify = await loadedFiles(target, { ...common, mode: 'notify' })
    const notifySub = await loadedFiles(target, common, {}, 'notify')
    const gate = await loadedFiles(target, greenlight)
    // Positive control: with comment-on-pr the PR-comment chunk must show up in the record,
    // or the recorder is blind to dynamic chunks and the two lines above prove nothing.
    const commenting = await loadedFiles(
      target,
      { ...greenlight, 'comment-on-pr': 'true' },
      { GITHUB_API_URL: emulator.url }
    )

    const dist = target.dist
    const distFiles = readdirSync(dist, { withFileTypes: true })
      .filter(entry => entry.isFile())
      .map(entry => entry.name)
      .sort()
    const subActions = readdirSync(dist, { withFileTypes: true })
      .filter(entry => entry.isDirectory())
      .map(entry => entry.name)
      .sort()
    const size = (file: string): number => statSync(file).size
    const holds =
      (marker: string) =>
      (files: string[]): boolean =>
        files.some(file => readFileSync(file, 'utf8').includes(marker))
    const hasOctokit = holds(OCTOKIT_MARKER)
    const hasValibot = holds(VALIBOT_MARKER)
    const describe = (files: string[]): string =>
      `${files.map(file => `dist/${path.relative(dist, file)}`).join(', ')} = ` +
      bytes(files.reduce((sum, file) => sum + size(file), 0))
    const main = size(path.join(dist, 'index.js'))
    const notifyMain = size(path.join(dist, 'notify', 'index.js'))
    const chunks = distFiles.filter(name => /^\d+\.index\.js$/.test(name))
    const extraForComment = commenting.filter(file => !gate.includes(file))

    const benchmark = 'Bundle'
    const rows: Row[] = [
      {
        benchmark,
        measure: 'dist/index.js',
        result: bytes(main),
        target: `≤ ${bytes(MAX_MAIN_BYTES)}`,
        met: main <= MAX_MAIN_BYTES
      },
      {
        benchmark,
        measure: 'dist/notify/index.js',
        result: bytes(notifyMain),
        target: `≤ ${bytes(MAX_MAIN_BYTES)}`,
        met: notifyMain <= MAX_MAIN_BYTES
      },
      { benchmark, measure: 'loaded by the notify sub-action', result: describe(notifySub) },
      { benchmark, measure: 'loaded by notify (root action)', result: describe(notify) },
      { benchmark, measure: 'loaded by greenlight', result: describe(gate) },
      {
        benchmark,
        measure: 'also loaded with comment-on-pr',
        result: extraForComment.length ? describe(extraForComment) : 'nothing (recorder blind?)'
      },
      {
        benchmark,
        measure: 'Octokit loaded (notify sub-action / notify / greenlight)',
        result: [notifySub, notify, gate]
          .map(files => (hasOctokit(files) ? 'yes' : 'no'))
          .join(' / '),
        target: 'no',
        met: !hasOctokit(notifySub) && !hasOctokit(notify) && !hasOctokit(gate)
      },
      {
        benchmark,
        measure: 'valibot loaded by notify (sub-action / root action)',
        result: [notifySub, notify].map(files => (hasValibot(files) ? 'yes' : 'no')).join(' / '),
        target: 'no',
        met: !hasValibot(notifySub) && !hasValibot(notify) && hasValibot(gate)
      }
    ]
    return {
      rows,
      notes: [
        `dist/: ${distFiles.map(name => `${name} (${bytes(size(path.join(dist, name)))})`).join(', ')}; ` +
          `one directory per sub-action (${subActions.map(name => `dist/${name}/`).join(', ') || 'none'}), ` +
          'each its own ncc build of src/entries/<mode>.ts with its own chunks. Chunk file names are ' +
          'numbers that ncc assigns anew in each build: the rows name the files of this build.',
        `Dynamic chunks: ${chunks.join(', ') || 'none'}. Loaded files are recorded with ` +
          '`node --import scripts/bench/load-recorder.mjs`, a `module.registerHooks` load hook ' +
          '(sees `import`, `import()` and `require`); as a control, the same run with ' +
          `comment-on-pr on ${extraForComment.length ? 'did' : 'did NOT'} load the PR-comment chunk.`,
        `"Octokit loaded" means a loaded file contains \`${OCTOKIT_MARKER}\` (Octokit's user agent). ` +
          `Octokit anywhere in dist/: ${hasOctokit(distFiles.filter(name => name.endsWith('.js')).map(name => path.join(dist, name))) ? 'yes' : 'no'}.`,
        `"valibot loaded" means a loaded file contains \`${VALIBOT_MARKER}\` (valibot's Standard ` +
          'Schema vendor); greenlight checks its answer with valibot, so as a control the same ' +
          `marker ${hasValibot(gate) ? 'is' : 'is NOT'} found in what greenlight loads.`
      ]
    }
  } finally {
    await emulator.close()
  }
}
