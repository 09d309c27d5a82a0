// The order jest starts test files in. With timings from an earlier run, jest's own order (longest
// first) stands. Without them, as on a fresh clone, jest starts the largest files first, and the
// slowest would start late and finish alone: the property-based files (thousands of cases each),
// the longest files whatever their size, the other end-to-end files (they wait on child processes).
import Sequencer from '@jest/test-sequencer'
import path from 'node:path'

const LONGEST = [
  'service-answers',
  'bounds',
  'chaos',
  'proxy',
  'demo',
  'local-action',
  'pr-comment'
]

const rank = test => {
  if (test.path.endsWith('.property.test.ts')) return 0
  const longest = LONGEST.indexOf(path.basename(test.path, '.test.ts'))
  if (longest >= 0) return 1 + longest / LONGEST.length
  return ['chaos', 'e2e', 'behaviour'].includes(test.context.config.displayName?.name) ? 2 : 3
}

export default class SlowestFirst extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests)
    if (sorted.every(test => test.duration != null)) return sorted
    return sorted.toSorted((a, b) => rank(a) - rank(b))
  }
}
