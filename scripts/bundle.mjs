// `npm run bundle`: dist/ from the sources, one ncc build per entry point. The root action
// (action.yml) runs dist/index.js; each sub-action (notify/, greenlight/, terminate/) runs
// dist/<mode>/index.js, built from src/entries/<mode>.ts, so that its bundle holds its own mode's
// code only. Ends by writing dist/bundle-record.json (scripts/bundle-record.mjs), whose digest
// covers every file under dist/.
import { spawnSync } from 'node:child_process'
import { readdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import { writeRecord } from './bundle-record.mjs'

const root = path.resolve(import.meta.dirname, '..')
const ncc = path.join(root, 'node_modules', '@vercel', 'ncc', 'dist', 'ncc', 'cli.js')

/** [source, output directory], repository-relative: the root entry, then each sub-action's. */
export function bundleEntries() {
  const subActions = readdirSync(path.join(root, 'src', 'entries'))
    .filter(file => file.endsWith('.ts'))
    .sort()
    .map(file => [`src/entries/${file}`, `dist/${file.replace(/\.ts$/, '')}`])
  return [['src/index.ts', 'dist'], ...subActions]
}

if (process.argv[1] === import.meta.filename) {
  rmSync(path.join(root, 'dist'), { recursive: true, force: true })
  for (const [source, out] of bundleEntries()) {
    const args = [ncc, 'build', source, '-o', out, '--license', 'licenses.txt', '--transpile-only']
    const build = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' })
    if (build.status !== 0) {
      console.error(`ncc failed to build ${source} (exit ${build.status ?? build.signal})`)
      process.exit(1)
    }
  }
  writeRecord()
}
