import { resolveNode24 } from '../../scripts/node24.mjs'

// Resolve (and if needed fetch) Node 24 once, before the test workers start in parallel; the
// workers inherit the variable.
export default async function globalSetup() {
  process.env.NODE24_BIN = resolveNode24()
}
