// Service data nested deeper than anything the contract describes is cut at a fixed depth as soon
// as it is parsed, so that every later walk over it (redaction, JSON outputs, the summary) is
// bounded: JSON.stringify, for one, overflows the stack on a few thousand levels. The copy is made
// with an explicit stack, not by recursion.

/** Deeper than any documented field (a bug's externalIssue sits at depth 3). */
export const MAX_DATA_DEPTH = 32
const TOO_DEEP = '[nested too deep]'

type Container = Record<string, unknown> | unknown[]

function isContainer(value: unknown): value is Container {
  return typeof value === 'object' && value !== null
}

/** A copy of `value` in which containers below `maxDepth` levels are replaced by TOO_DEEP. */
export function boundDepth(value: unknown, maxDepth = MAX_DATA_DEPTH): unknown {
  if (!isContainer(value)) return value
  const root: Container = Array.isArray(value) ? [] : {}
  const pending: { from: Container; to: Container; depth: number }[] = [
    { from: value, to: root, depth: 1 }
  ]
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { from, to, depth } = next
    for (const [key, child] of Object.entries(from)) {
      let copy: unknown = child
      if (isContainer(child)) {
        if (depth >= maxDepth) copy = TOO_DEEP
        else {
          copy = Array.isArray(child) ? [] : {}
          pending.push({ from: child, to: copy as Container, depth: depth + 1 })
        }
      }
      // defineProperty, not assignment: a key named "__proto__" stays a plain property.
      Object.defineProperty(to, key, {
        value: copy,
        enumerable: true,
        writable: true,
        configurable: true
      })
    }
  }
  return root
}
