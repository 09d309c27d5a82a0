// The order jest starts test files in. With timings from an earlier run, jest's own order (longest
// first) stands. Without them, as on a fresh clone, jest falls back to file size, which starts the
// end-to-end and chaos files last although they are the longest: each waits on child processes
// and timers. Here the property-based files (thousands of generated cases each, whatever their
// project) go first, then the chaos and end-to-end files, so that the short unit files fill the
// gaps at the end. Started after the end-to-end files, the verdict property test was the last file
// of a fresh run, alone on its core for its final seconds.
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
      return isPropertyBased(test.path) ? -1 : at < 0 ? FIRST.length : at
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
