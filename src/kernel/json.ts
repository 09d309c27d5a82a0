// Two bounds on JSON from outside: JSON.parse keeps the last of repeated keys, so
// `{"greenlight":false,"greenlight":true}` would read as green; and JSON.stringify overflows the
// stack on a few thousand levels.

/** `text` parsed, or undefined when it is not JSON (no JSON text parses to undefined). */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** The first key that repeats within one object of `json` (already valid JSON), if any. */
export function findRepeatedKey(json: string): string | undefined {
  // The keys seen so far, one set per open container (an array's stays empty).
  const open: Set<string>[] = []
  const colon = /\s*:/y
  for (let i = 0; i < json.length; i++) {
    const char = json[i]
    if (char === '{' || char === '[') open.push(new Set())
    else if (char === '}' || char === ']') open.pop()
    else if (char === '"') {
      let end = i + 1
      while (end < json.length && json[end] !== '"') end += json[end] === '\\' ? 2 : 1
      colon.lastIndex = end + 1
      const keys = open.at(-1)
      // Followed by a colon, a string is a key; escapes decoded: "\u0067reenlight" is "greenlight".
      if (keys && colon.test(json)) {
        const key = JSON.parse(json.slice(i, end + 1)) as string
        if (keys.has(key)) return key
        keys.add(key)
      }
      i = end
    }
  }
  return undefined
}

/** A copy of `value`, its containers deeper than `maxDepth` read "[nested too deep]" (so the
 * recursion stops there, whatever the nesting). */
export function boundDepth(value: unknown, maxDepth = 32): unknown {
  if (typeof value !== 'object' || value === null) return value
  if (maxDepth === 0) return '[nested too deep]'
  if (Array.isArray(value)) return value.map(child => boundDepth(child, maxDepth - 1))
  // fromEntries, not assignment: a key named "__proto__" stays a plain property.
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => [key, boundDepth(child, maxDepth - 1)])
  )
}
