// Two bounds on JSON from outside, each a loop (nesting is the sender's to choose): JSON.parse
// keeps the last of repeated keys, so `{"greenlight":false,"greenlight":true}` would read as green;
// and JSON.stringify overflows the stack on a few thousand levels.

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
      const keys = open.at(-1)
      if (expectKey && keys) {
        // Escapes decoded: "\u0067reenlight" repeats "greenlight".
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
    } else if (char === ',') {
      expectKey = open.at(-1) instanceof Set
    }
  }
  return undefined
}

type Container = Record<string, unknown> | unknown[]
const emptyCopy = (value: unknown): unknown =>
  typeof value !== 'object' || value === null ? value : Array.isArray(value) ? [] : {}

/** A copy of `value`, its containers deeper than `maxDepth` read "[nested too deep]". */
export function boundDepth(value: unknown, maxDepth = 32): unknown {
  const root = emptyCopy(value)
  const pending = root === value ? [] : [{ from: value, to: root, depth: 1 }]
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    for (const [key, child] of Object.entries(next.from as Container)) {
      let to = emptyCopy(child)
      if (to !== child && next.depth >= maxDepth) to = '[nested too deep]'
      else if (to !== child) pending.push({ from: child, to, depth: next.depth + 1 })
      // defineProperty, not assignment: a key named "__proto__" stays a plain property.
      Object.defineProperty(next.to, key, {
        value: to,
        enumerable: true,
        writable: true,
        configurable: true
      })
    }
  }
  return root
}
