// JSON.parse keeps the last of repeated keys, so `{"greenlight":false,"greenlight":true}` would
// read as green. A body with a repeated key in any object is therefore unreadable. The scan is a
// loop with an explicit stack, not a recursion: nesting depth is the service's to choose.

/** The first key that repeats within one object of `json` (already valid JSON), if any. */
export function findRepeatedKey(json: string): string | undefined {
  // One entry per open container: the keys seen so far for an object, null for an array.
  const open: (Set<string> | null)[] = []
  let expectKey = false
  for (let i = 0; i < json.length; i++) {
    const char = json[i]
    if (char === '"') {
      const end = endOfString(json, i)
      const keys = open[open.length - 1]
      if (expectKey && keys) {
        // Escapes are decoded, so "\u0067reenlight" repeats "greenlight".
        const key = JSON.parse(json.slice(i, end + 1)) as string
        if (keys.has(key)) return key
        keys.add(key)
        expectKey = false
      }
      i = end
    } else if (char === '{') {
      open.push(new Set())
      expectKey = true
    } else if (char === '[') {
      open.push(null)
      expectKey = false
    } else if (char === '}' || char === ']') {
      open.pop()
      expectKey = false
    } else if (char === ',') {
      expectKey = open[open.length - 1] instanceof Set
    }
  }
  return undefined
}

/** Index of the quote that closes the string opening at `start`. */
function endOfString(json: string, start: number): number {
  for (let i = start + 1; i < json.length; i++) {
    if (json[i] === '\\') i++
    else if (json[i] === '"') return i
  }
  return json.length - 1
}
