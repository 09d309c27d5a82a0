// What dist/ was built from. `npm run bundle` ends by writing dist/bundle-record.json: a digest of
// everything the bundle is built from (the sources, package.json, the lock file, tsconfig.json,
// the bundle script) and a digest of what it built. The tests bundle again only when the record no
// longer matches, so a fresh clone of a commit whose dist/ is up to date starts testing at once; CI
// still bundles and compares dist/ byte for byte (.ci/run), which is what keeps the record honest.
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(import.meta.dirname, '..')
const RECORD = 'bundle-record.json'
const BUNDLE_INPUTS = [
  'src',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'scripts/bundle.mjs'
]

/** The files under `paths` (repository-relative), sorted, with their contents, as one digest. */
function treeDigest(paths, skip = () => false) {
  const hash = createHash('sha256')
  const files = paths.flatMap(p => {
    const full = path.join(root, p)
    if (!existsSync(full)) return []
    if (!statSync(full).isDirectory()) return [p]
    return readdirSync(full, { recursive: true })
      .map(f => path.posix.join(p, String(f).split(path.sep).join('/')))
      .filter(f => statSync(path.join(root, f)).isFile())
  })
  for (const file of files.filter(f => !skip(f)).sort()) {
    hash
      .update(`${file}\0`)
      .update(readFileSync(path.join(root, file)))
      .update('\0')
  }
  return hash.digest('hex')
}

const record = () =>
  `${JSON.stringify(
    { inputs: treeDigest(BUNDLE_INPUTS), dist: treeDigest(['dist'], f => f === `dist/${RECORD}`) },
    null,
    2
  )}\n`

/** Whether dist/ is what `npm run bundle` last built, from sources exactly like these. */
export function distMatchesSources() {
  const file = path.join(root, 'dist', RECORD)
  return existsSync(file) && readFileSync(file, 'utf8') === record()
}

export const writeRecord = () => writeFileSync(path.join(root, 'dist', RECORD), record())

// `node scripts/bundle-record.mjs`, the last step of `npm run bundle`.
if (process.argv[1] === fileURLToPath(import.meta.url)) writeRecord()
