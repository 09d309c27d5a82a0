import { node24Path } from './node24.js'

// Resolve (and if needed download) Node 24 once, before the workers start in parallel.
export default async function globalSetup(): Promise<void> {
  process.env['NODE24_BIN'] = node24Path()
}
