// The defaults of action.yml's inputs, which a runner fills in for every input a step leaves out.
// Parsing the YAML takes about 45 ms in a fresh process, and every end-to-end test file would parse
// it again, so the first parse is handed on to child processes (jest's workers, started after the
// global set-up) in the environment, together with the digest of the action.yml it was read from.
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { REPO_ROOT } from './node24.mjs'

const VARIABLE = 'QG_ACTION_DEFAULTS'

let defaults

/**
 * `{ input: default }` for every input of action.yml, or of a sub-action's (`notify/action.yml`);
 * '' where it has no default. Only the root action's are cached and handed on.
 */
export function actionDefaults(file = 'action.yml') {
  if (file !== 'action.yml') return parseDefaults(readFileSync(path.join(REPO_ROOT, file), 'utf8'))
  if (defaults) return defaults
  const text = readFileSync(path.join(REPO_ROOT, 'action.yml'), 'utf8')
  const digest = createHash('sha256').update(text).digest('hex')
  defaults = inherited(digest) ?? parseDefaults(text)
  process.env[VARIABLE] = JSON.stringify({ digest, defaults })
  return defaults
}

function inherited(digest) {
  const shared = process.env[VARIABLE]
  if (!shared) return undefined
  const parsed = JSON.parse(shared)
  return parsed.digest === digest ? parsed.defaults : undefined
}

function parseDefaults(text) {
  // Loaded only here: a process that inherits the defaults never loads the YAML parser.
  const { parse } = createRequire(import.meta.url)('yaml')
  const action = parse(text)
  return Object.fromEntries(
    Object.entries(action.inputs).map(([name, spec]) => [name, spec.default ?? ''])
  )
}
