// The root global set-up (jest.config.js): compiles SWC's coverage plugin (WebAssembly) into its
// cache once, before the workers start. In a fresh clone each worker would otherwise compile it
// for itself, all at the same time, at about 3 s of CPU each.
import { transformSync } from '@swc/core'
import path from 'node:path'

export const SWC_CACHE_ROOT = path.resolve(import.meta.dirname, '../../.tmp/swc')

export default function compileCoveragePlugin() {
  const plugins = [['swc-plugin-coverage-instrument', {}]]
  transformSync('0', { jsc: { experimental: { cacheRoot: SWC_CACHE_ROOT, plugins } } })
}
