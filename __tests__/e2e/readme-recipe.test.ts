// The "Run it by hand" recipe of docs/development.md, run as written (bash, the bundle under Node 24, the demo
// emulator), with only the emulator's address and the way to find Node 24 filled in. Each block
// must show only its own result, also when it is run a second time.
import { describe, expect, it } from '@jest/globals'
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { parseConfigText } from '../../emulator/config.js'
import { resolveNode24 } from '../../scripts/node24.mjs'
import { emulator } from '../helpers/e2e.js'

const root = path.resolve(import.meta.dirname, '..', '..')
const run = promisify(execFile)

function recipeBlocks(): string[] {
  const doc = readFileSync(path.join(root, 'docs', 'development.md'), 'utf8')
  const start = doc.indexOf('## Run it by hand')
  expect(start).toBeGreaterThanOrEqual(0)
  const end = doc.indexOf('\n## ', start + 1)
  const section = doc.slice(start, end < 0 ? undefined : end)
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map(m => m[1]!)
}

describe('docs/development.md: Run it by hand', () => {
  it('works as written, and each block shows only its own result', async () => {
    const [startEmulator, prepare, notify, gate, terminate, ...rest] = recipeBlocks()
    expect(rest).toEqual([])
    expect(startEmulator).toContain('--config emulator/examples/demo.json --port 8080')
    const configFile = path.join(root, 'emulator', 'examples', 'demo.json')
    const em = await emulator(parseConfigText(readFileSync(configFile, 'utf8'), configFile))

    const nodeLine = /^NODE24=\$\(npx [^\n]*$/m
    expect(prepare).toMatch(nodeLine)
    const marker = (name: string) => `echo '=== ${name}'\n`
    const script = [
      'set -u',
      prepare!.replace(nodeLine, `NODE24='${resolveNode24()}'`),
      marker('notify'),
      notify,
      marker('notify again'),
      notify,
      marker('gate'),
      gate,
      marker('terminate'),
      terminate,
      marker('terminate again'),
      terminate
    ]
      .join('\n')
      .replaceAll('http://127.0.0.1:8080', em.url)
    const { stdout } = await run('bash', ['-c', script], { cwd: root, timeout: 150_000 })
    const parts = Object.fromEntries(
      stdout
        .split(/^=== /m)
        .slice(1)
        .map(part => [part.slice(0, part.indexOf('\n')), part])
    )

    const headings = (text: string | undefined, heading: string) =>
      (text ?? '').split('\n').filter(line => line.startsWith(heading)).length
    expect(parts['notify']).toContain('Preview environment staging (id env-1).')
    expect(parts['notify']).toContain('Trigger: created run run-1')
    expect(headings(parts['notify again'], '## QA notify')).toBe(1)
    expect(parts['notify again']?.match(/^run-ids<</gm)).toHaveLength(1)
    expect(parts['gate']).toContain('QA verdict: green.')
    expect(parts['gate']).toContain('exit code 0')
    expect(headings(parts['gate'], '## ')).toBe(1)
    expect(parts['terminate']).toMatch(/^outcome<<.*\nterminated$/m)
    expect(parts['terminate again']).toMatch(/^outcome<<.*\nalready-terminated$/m)
    expect(parts['terminate again']?.match(/^outcome<</gm)).toHaveLength(1)
  }, 180_000)
})
