// `npm run bundle`: dist/ from the sources, one ncc build per entry point. The root action
// (action.yml) runs dist/index.js; each sub-action (notify/, greenlight/, terminate/) runs
// dist/<mode>/index.js, built from src/entries/<mode>.ts, so that its bundle holds its own mode's
// code only. Ends by writing dist/bundle-record.json (scripts/bundle-record.mjs), whose digest
// covers every file under dist/.
//
// The bundles are CommonJS (each output directory gets a package.json saying so), although the
// sources are ES modules: a route or a mode that is loaded on demand is then a `require()` of its
// chunk, not an `import()`, which costs notify's cold start about a millisecond less (BENCHMARKS.md,
// "Cold start"). ncc's command line picks the format from the sources' package.json, so this
// script calls ncc's API, which takes the format as an option.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { writeRecord } from './bundle-record.mjs'

const root = path.resolve(import.meta.dirname, '..')
const ncc = createRequire(import.meta.url)('@vercel/ncc')

/** [source, output directory], repository-relative: the root entry, then each sub-action's. */
export function bundleEntries() {
  const subActions = readdirSync(path.join(root, 'src', 'entries'))
    .filter(file => file.endsWith('.ts'))
    .sort()
    .map(file => [`src/entries/${file}`, `dist/${file.replace(/\.ts$/, '')}`])
  return [['src/index.ts', 'dist'], ...subActions]
}

/** Builds one entry into `out` (both repository-relative): the bundle, its chunks, its licences. */
async function build(source, out) {
  const { code, assets } = await ncc(path.join(root, source), {
    esm: false,
    license: 'licenses.txt',
    transpileOnly: true,
    quiet: true,
    // ncc's build cache does not key on the module format: a clone whose cache was filled by an
    // ES module build got ES module imports in a CommonJS bundle. Every build starts clean.
    cache: false
  })
  const dir = path.join(root, out)
  const files = { 'index.js': code, 'package.json': '{ "type": "commonjs" }\n' }
  for (const [name, asset] of Object.entries(assets)) files[name] = asset.source
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true })
    writeFileSync(path.join(dir, name), content)
  }
  const kB = name => `${(Buffer.byteLength(files[name]) / 1000).toFixed(0)} kB`
  console.log(
    `${out}: ${Object.keys(files)
      .sort()
      .map(name => `${name} ${kB(name)}`)
      .join(', ')}`
  )
}

if (process.argv[1] === import.meta.filename) {
  rmSync(path.join(root, 'dist'), { recursive: true, force: true })
  try {
    for (const [source, out] of bundleEntries()) await build(source, out)
  } catch (error) {
    console.error(`ncc failed: ${error instanceof Error ? error.message : String(error)}`)
    process.exit(1)
  }
  writeRecord()
}
