// `npm run screenshots`: the job summaries and the pull request comment a user sees, as pictures
// for the README. Each scenario runs the bundled action against the emulator (as the demo does; the
// PR comment goes to the fake GitHub API of the tests), its Markdown is rendered
// the way GitHub renders it (GFM by `marked`, styled by `github-markdown-css`), and headless
// Chromium, driven by playwright-core, takes a picture of it into docs/images/. Needs a Chromium
// (Debian: apt-get install chromium; elsewhere set CHROMIUM to its path).
import { DEFAULT_BASE_URL } from '../src/kernel/parsers.js'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { marked } from 'marked'
import { chromium as playwrightChromium } from 'playwright-core'
import { startEmulator, type EmulatorConfig } from '../emulator/server.js'
import { runAction } from './action-runner.js'
import { REPO_ROOT } from './node24.mjs'
import { startFakeGitHub } from '../__tests__/helpers/fake-github.js'
import { loadEvent } from '../__tests__/helpers/events.js'

const API_KEY = 'screenshot-key'
const OUT_DIR = path.join(REPO_ROOT, 'docs', 'images')
const WORK_DIR = path.join(REPO_ROOT, '.tmp', 'screenshots')
const CSS = path.join(REPO_ROOT, 'node_modules/github-markdown-css/github-markdown-light.css')

const TYPO = {
  id: 'bug-typo',
  number: 212,
  name: 'Typo in the footer',
  priority: 'low' as const,
  isNew: false
}
const GREEN_SHA = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678'
const RED_SHA = 'f9e8d7c6b5a40312e2d1c0b9a8f7e6d5c4b3a291'
const checkRun = (sha: string, run: string, title: string, ...summary: string[]) => ({
  repository: 'acme/shop',
  sha,
  startedAt: '2026-11-26T12:00:00Z',
  title,
  summary: summary.join('\n'),
  detailsUrl: `https://app.qawolf.com/runs/${run}`
})

/** One run per picture; bugs in the shape the real service sends. */
const config: EmulatorConfig = {
  teams: [{ apiKey: API_KEY, name: 'Shop team' }],
  triggers: [
    { id: 'web', environment: 'staging', run: { timeline: [{ stage: 'completed' }] } },
    { id: 'mobile', environment: 'staging', failure_reason: 'No mobile build for this commit' }
  ],
  runs: [
    { id: 'run-green', timeline: [{ stage: 'completed' }], workflowsInRun: 48, bugs: [TYPO] },
    {
      id: 'run-red',
      timeline: [{ stage: 'completed', workflowsUnderInvestigation: 1 }],
      workflowsInRun: 48,
      bugs: [
        {
          id: 'bug-checkout',
          number: 305,
          name: 'Checkout button does nothing after applying a coupon',
          priority: 'high',
          isNew: true
        },
        { id: 'bug-search', number: 298, name: 'Search shows stale prices', isNew: false },
        TYPO
      ]
    }
  ],
  // QA Wolf's check runs (verdict-from: check). No public source shows the words QA Wolf's App
  // posts, so these are examples of its shape: a title, and a Markdown summary with links.
  github: {
    checkRuns: [
      checkRun(
        GREEN_SHA,
        'r-812',
        'All tests passed',
        '48 workflows passed in [run r-812](https://app.qawolf.com/runs/r-812).'
      ),
      {
        ...checkRun(
          RED_SHA,
          'r-813',
          '2 blocking bugs',
          '**2 blocking bugs** found in [run r-813](https://app.qawolf.com/runs/r-813):',
          '',
          '- [Checkout button does nothing after applying a coupon](https://app.qawolf.com/bugs/305) (new)',
          '- [Search shows stale prices](https://app.qawolf.com/bugs/298)'
        ),
        conclusion: 'failure'
      }
    ]
  }
}

function page(markdown: string): string {
  const css = readFileSync(CSS, 'utf8')
  const body = marked.parse(markdown, { gfm: true, async: false })
  return `<!doctype html><html><head><meta charset="utf-8"><style>${css}
body { margin: 0; background: #fff; }
.markdown-body { box-sizing: border-box; width: 880px; padding: 24px 32px; }
</style></head><body><article class="markdown-body">${body}</article></body></html>`
}

const chromium = [process.env['CHROMIUM'], '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
  file => file !== undefined && existsSync(file)
)
if (!chromium) throw new Error('Chromium not found: apt-get install chromium, or set CHROMIUM')
mkdirSync(OUT_DIR, { recursive: true })
mkdirSync(WORK_DIR, { recursive: true })
const emulator = await startEmulator(config)
const github = await startFakeGitHub()
// Playwright passes --no-sandbox, --no-first-run and no background networking of its own.
const args = ['--disable-gpu', '--disable-quic']
const browser = await playwrightChromium.launch({ executablePath: chromium, args })
const onPullRequest = {
  eventName: 'pull_request',
  event: loadEvent('pull_request.opened'),
  env: { GITHUB_API_URL: github.apiUrl, GITHUB_RUN_ID: '9123456789' }
}
/** A gate on QA Wolf's check run of this commit (the emulator's GitHub side). */
const onPush = (sha: string) => ({
  eventName: 'push',
  event: { after: sha, ref: 'refs/heads/main' },
  env: { GITHUB_API_URL: emulator.url, GITHUB_REPOSITORY: 'acme/shop' }
})
const greenlight = {
  mode: 'greenlight',
  'poll-interval': '100ms',
  timeout: '20s',
  label: 'staging'
}
const check = { ...greenlight, 'verdict-from': 'check' }
/** Each picture (docs/images/<name>.png): the step's inputs on top of the key and base URL. */
const SCENARIOS: [name: string, inputs: Record<string, string>, context?: object][] = [
  ['summary-green', { ...greenlight, 'run-id': 'run-green' }],
  ['summary-red', { ...greenlight, 'run-id': 'run-red' }],
  ['summary-multi-run', { ...greenlight, 'run-id': 'run-green, run-red', label: 'production' }],
  ['summary-error', { ...greenlight, 'run-id': 'run-unknown' }],
  ['summary-check-green', check, onPush(GREEN_SHA)],
  ['summary-check-red', check, onPush(RED_SHA)],
  [
    'summary-notify',
    { mode: 'notify', 'deployment-url': 'https://staging.example.com', label: 'staging' }
  ],
  // The picture of the pull request comment the step wrote, not of its job summary.
  ['pr-comment', { ...greenlight, 'run-id': 'run-red', 'comment-on-pr': 'true' }, onPullRequest]
]
const key = { 'api-key': API_KEY, 'base-url': emulator.url }
try {
  for (const [name, inputs, context] of SCENARIOS) {
    const run = await runAction({ inputs: { ...key, ...inputs }, ...context })
    const shown = name === 'pr-comment' ? (github.comments.at(-1)?.body ?? '') : run.summary
    // The emulator listens on loopback; a user with the default base-url sees QA Wolf's address.
    const markdown = shown.replaceAll(emulator.url, DEFAULT_BASE_URL)
    if (markdown.trim() === '') throw new Error(`${name}: the step wrote nothing to show`)
    const htmlFile = path.join(WORK_DIR, `${name}.html`)
    writeFileSync(htmlFile, page(markdown))
    const pngFile = path.join(OUT_DIR, `${name}.png`)
    const tab = await browser.newPage({ viewport: { width: 880, height: 600 } })
    await tab.goto(pathToFileURL(htmlFile).href)
    // Collapsed sections as GitHub shows them at first; the picture is of the article only.
    await tab.locator('article').screenshot({ path: pngFile })
    await tab.close()
    console.log(`${path.relative(REPO_ROOT, pngFile)} (exit code ${run.exitCode})`)
  }
} finally {
  await browser.close()
  await github.close()
  await emulator.close()
}
