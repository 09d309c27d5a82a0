// Without timings from an earlier run (a fresh clone, CI), the long end-to-end and chaos files start
// first; with timings, jest's own longest-first order stands.
import { describe, expect, it } from '@jest/globals'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import LongestFirst from '../helpers/sequencer.mjs'

interface FakeTest {
  path: string
  duration?: number
  context: { config: { displayName: { name: string } }; hasteFS: { getSize(p: string): number } }
}

function fakeTest(project: string, name: string, size: number): FakeTest {
  return {
    path: `/repo/__tests__/${project}/${name}.test.ts`,
    context: { config: { displayName: { name: project } }, hasteFS: { getSize: () => size } }
  }
}

describe('the test sequencer', () => {
  it('starts chaos and e2e files first when there are no timings, the larger first within each', () => {
    const sequencer = new LongestFirst({ contexts: [], globalConfig: {} } as never)
    // No cache: every test reports no earlier duration.
    sequencer.time = () => undefined
    sequencer.hasFailed = () => false
    const tests = [
      fakeTest('unit', 'big-unit', 9000),
      fakeTest('e2e', 'small-e2e', 100),
      fakeTest('chaos', 'bundle-chaos', 50),
      fakeTest('emulator', 'cli', 500),
      fakeTest('e2e', 'big-e2e', 4000)
    ]
    const order = sequencer.sort(tests).map(t => t.path.split('/').at(-1))
    expect(order).toEqual([
      'bundle-chaos.test.ts',
      'big-e2e.test.ts',
      'small-e2e.test.ts',
      'cli.test.ts',
      'big-unit.test.ts'
    ])
  })

  it('starts the property-based files first, then the end-to-end ones, when there are no timings', () => {
    const sequencer = new LongestFirst({ contexts: [], globalConfig: {} } as never)
    sequencer.time = () => undefined
    sequencer.hasFailed = () => false
    const dir = mkdtempSync(path.join(tmpdir(), 'sequencer-'))
    const file = (name: string, text: string, size: number): FakeTest => {
      const test = fakeTest('unit', name, size)
      test.path = path.join(dir, `${name}.test.ts`)
      writeFileSync(test.path, text)
      return test
    }
    const tests = [
      file('big-plain', "import { it } from '@jest/globals'\n", 9000),
      file('small-property', "import fc from 'fast-check'\n", 100),
      fakeTest('e2e', 'e2e', 50)
    ]
    const order = sequencer.sort(tests).map(t => path.basename(t.path))
    expect(order).toEqual(['small-property.test.ts', 'e2e.test.ts', 'big-plain.test.ts'])
  })
})
