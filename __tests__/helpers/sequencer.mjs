// The order jest starts test files in. With timings from an earlier run, jest's own order (longest
// first) stands. Without them, as on a fresh clone, jest falls back to file size, which starts the
// end-to-end and chaos files last although they are the longest: each waits on child processes
// and timers. Those go first here; within a project, the property-based files (thousands of
// generated cases each) go before the rest, so that the short unit files fill the gaps at the end.
import Sequencer from '@jest/test-sequencer'
import { readFileSync } from 'node:fs'

const FIRST = ['chaos', 'e2e', 'emulator', 'unit']

// The package's default export is the class itself or a CommonJS wrapper around it.
const Base = Sequencer.default ?? Sequencer

function isPropertyBased(testPath) {
  try {
    return /from 'fast-check'/.test(readFileSync(testPath, 'utf8'))
  } catch {
    return false
  }
}

export default class LongestFirst extends Base {
  sort(tests) {
    const sorted = super.sort(tests)
    if (sorted.every(test => test.duration != null)) return sorted
    const rank = test => {
      const at = FIRST.indexOf(String(test.context.config.displayName?.name ?? ''))
      return 2 * (at < 0 ? FIRST.length : at) + (isPropertyBased(test.path) ? 0 : 1)
    }
    return sorted
      .map((test, index) => ({ test, index, rank: test.duration == null ? rank(test) : 0 }))
      .sort((a, b) =>
        a.test.duration == null && b.test.duration == null
          ? a.rank - b.rank || a.index - b.index
          : a.index - b.index
      )
      .map(({ test }) => test)
  }
}
