// Without timings from an earlier run (a fresh clone, CI), the long end-to-end and chaos files start
// first; with timings, jest's own longest-first order stands.
import { describe, expect, it } from '@jest/globals'
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
})
