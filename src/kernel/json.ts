// Two bounds on JSON from outside, each a loop with an explicit stack (nesting is the sender's to
// choose): JSON.parse keeps the last of repeated keys, so `{"greenlight":false,"greenlight":true}`
// would read as green; and JSON.stringify overflows the stack on a few thousand levels.

/** The first key that repeats within one object of `json` (already valid JSON), if any. */
export function findRepeatedKey(json: string): string | undefined {
  // One entry per open container: the keys seen so far for an object, null for an array.
  const open: (Set<string> | null)[] = []
  let expectKey = false
  for (let i = 0; i < json.length; i++) {
    const char = json[i]
    if (char === '"') {
      let end = i + 1
      while (end < json.length && json[end] !== '"') end += json[end] === '\\' ? 2 : 1
      const keys = open[open.length - 1]
      if (expectKey && keys) {
        // Escapes are decoded, so "\u0067reenlight" repeats "greenlight".
        const key = JSON.parse(json.slice(i, end + 1)) as string
        if (keys.has(key)) return key
        keys.add(key)
        expectKey = false
      }
      i = end
    } else if (char === '{' || char === '[') {
      open.push(char === '{' ? new Set() : null)
      expectKey = char === '{'
    } else if (char === '}' || char === ']') {
      open.pop()
      expectKey = false
    } else if (char === ',') {
      expectKey = open[open.length - 1] instanceof Set
    }
  }
  return undefined
}

/** Deeper than any documented field (a bug's externalIssue sits at depth 3). */
export const MAX_DATA_DEPTH = 32

type Container = Record<string, unknown> | unknown[]
const isContainer = (value: unknown): value is Container =>
  typeof value === 'object' && value !== null

/** A copy of `value` whose containers below `maxDepth` levels read "[nested too deep]". */
export function boundDepth(value: unknown, maxDepth = MAX_DATA_DEPTH): unknown {
  if (!isContainer(value)) return value
  const root: Container = Array.isArray(value) ? [] : {}
  const pending = [{ from: value, to: root, depth: 1 }]
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    for (const [key, child] of Object.entries(next.from)) {
      let copy: unknown = child
      if (isContainer(child)) {
        copy = next.depth >= maxDepth ? '[nested too deep]' : Array.isArray(child) ? [] : {}
        if (typeof copy === 'object') {
          pending.push({ from: child, to: copy as Container, depth: next.depth + 1 })
        }
      }
      // defineProperty, not assignment: a key named "__proto__" stays a plain property.
      Object.defineProperty(next.to, key, {
        value: copy,
        enumerable: true,
        writable: true,
        configurable: true
      })
    }
  }
  return root
}
