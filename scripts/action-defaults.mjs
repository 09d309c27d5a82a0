// The defaults of action.yml's inputs, which a runner fills in for every input a step leaves out.
// Parsing the YAML takes about 45 ms in a fresh process, and every end-to-end test file would parse
// it again, so the root action's are handed on to child processes (jest's workers, started after
// the global set-up) in the environment, together with the digest of the action.yml they are of.
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { REPO_ROOT } from './node24.mjs'

/**
 * `{ input: default }` for every input of action.yml, or of a sub-action's (`notify/action.yml`);
 * '' where it has no default.
 */
export function actionDefaults(file = 'action.yml') {
  const text = readFileSync(path.join(REPO_ROOT, file), 'utf8')
  const digest = createHash('sha256').update(text).digest('hex')
  const shared = JSON.parse(process.env.QG_ACTION_DEFAULTS ?? '{}')
  if (shared.digest === digest) return shared.defaults
  // Loaded only here: a process that inherits the defaults never loads the YAML parser.
  const { parse } = createRequire(import.meta.url)('yaml')
  const inputs = Object.entries(parse(text).inputs)
  const defaults = Object.fromEntries(inputs.map(([name, spec]) => [name, spec.default ?? '']))
  if (file === 'action.yml') process.env.QG_ACTION_DEFAULTS = JSON.stringify({ digest, defaults })
  return defaults
}
