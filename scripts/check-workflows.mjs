#!/usr/bin/env node
// `npm run check-workflows [-- FILE_OR_DIR...]`: checks the steps of this action (or of its
// sub-actions) in your workflows, which actionlint cannot know: input names (with a did-you-mean),
// the values an input accepts, the inputs a step requires, and the token permissions its route
// needs. Input names and `required` come from action.yml (and notify/, greenlight/, terminate/);
// the rest from the small table below. Without arguments: examples/ and .github/workflows.
// Prints `file:line: job "…", step "…": problem` and exits 1 on any.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { parseDocument } from 'yaml'

const root = path.resolve(import.meta.dirname, '..')
const MODES = ['notify', 'greenlight', 'terminate']
const BOOLEAN = ['true', 'True', 'TRUE', 'false', 'False', 'FALSE']

/** The values an input accepts (case-insensitive but for booleans), by mode where they differ. */
const VALUES = {
  mode: MODES,
  'verdict-from': ['run', 'check'],
  via: {
    notify: ['deploy-success', 'github-deployment', 'report-status'],
    terminate: ['environment-terminated', 'github-deployment', 'report-status']
  },
  'hosting-service': ['GitHub', 'GitLab'],
  'outcome-when-blocking-bugs-in-other-workflows': ['green', 'red'],
  'on-superseded': ['follow', 'fail'],
  ...Object.fromEntries(
    ['fail-on-no-run', 'wait-for-url', 'wait', 'fail-on-red', 'fail-on-timeout']
      .concat(['comment-on-pr', 'summary', 'ephemeral-environment'])
      .map(name => [name, BOOLEAN])
  )
}

/** Inputs required only on some routes; `s` is the step's inputs with the mode's defaults. */
const REQUIRED_WHEN = [
  ['api-key', s => !(s.mode === 'greenlight' && s['verdict-from'] === 'check'), ''],
  ['run-id', s => s.mode === 'greenlight' && s['verdict-from'] === 'run', 'with verdict-from: run'],
  ['environment', s => /^(github-deployment|report-status)$/.test(s.via), 'with via: VIA'],
  ['workspace-id', s => s.via === 'report-status', 'with via: report-status']
]

/** The token permissions a route needs (`on` lists the workflow's events). */
const PERMISSIONS = [
  [s => s.via === 'github-deployment', 'deployments', 'write', 'via: github-deployment'],
  [s => s['verdict-from'] === 'check', 'checks', 'read', 'verdict-from: check'],
  [
    (s, on) => s['verdict-from'] === 'check' && on.includes('check_run'),
    'contents',
    'read',
    'verdict-from: check on a check_run event (the branch tip)'
  ],
  [s => /^true$/i.test(s['comment-on-pr'] ?? ''), 'pull-requests', 'write', 'comment-on-pr: true']
]

const actions = new Map()
function readAction(sub) {
  const file = path.join(root, sub || '', 'action.yml')
  if (!actions.has(file)) actions.set(file, parseDocument(readFileSync(file, 'utf8')).toJS())
  return actions.get(file)
}

/** '' for the root action, the mode of a sub-action, undefined for another action. */
function subActionOf(uses = '') {
  const m =
    /^\.\/(?:(notify|greenlight|terminate)\/?)?$/.exec(uses) ??
    /^[\w.-]+\/qa-greenlight(?:\/(notify|greenlight|terminate))?@\S+$/.exec(uses)
  return m ? (m[1] ?? '') : undefined
}

function distance(a, b) {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const next = [i]
    for (let j = 1; j <= b.length; j++)
      next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1))
    row = next
  }
  return row[b.length]
}

function guess(value, choices) {
  const scored = choices.map(c => [distance(value.toLowerCase(), c.toLowerCase()), c])
  const [best] = scored.sort((x, y) => x[0] - y[0])
  return best && best[0] <= Math.max(2, Math.floor(value.length / 3))
    ? `; did you mean '${best[1]}'?`
    : ''
}

/** The permission a scope grants under `permissions` (a map, read-all, write-all, or unset). */
function granted(permissions, scope) {
  if (permissions === 'read-all') return 'read'
  if (permissions === 'write-all') return 'write'
  return typeof permissions === 'object' && permissions !== null ? permissions[scope] : undefined
}

/** The problems of one workflow text, each `line: where: message`. */
export function checkWorkflow(text) {
  const doc = parseDocument(text)
  const lineOf = node => (node?.range ? text.slice(0, node.range[0]).split('\n').length : 1)
  const workflow = doc.toJS() ?? {}
  const on = [workflow.on].flat().flatMap(e => (typeof e === 'string' ? [e] : Object.keys(e ?? {})))
  const problems = []
  const outputsOf = new Map()
  for (const [job, spec] of Object.entries(workflow.jobs ?? {})) {
    ;(spec?.steps ?? []).forEach((step, index) => {
      const sub = subActionOf(step?.uses)
      if (sub === undefined) return
      const node = doc.getIn(['jobs', job, 'steps', index], true)
      const say = (message, at = node) =>
        problems.push(
          `${lineOf(at)}: job "${job}", step "${step.name ?? step.id ?? step.uses}": ${message}`
        )
      const action = readAction(sub)
      if (step.id) outputsOf.set(step.id, Object.keys(action.outputs ?? {}))
      const given = Object.fromEntries(
        Object.entries(step.with ?? {}).map(([k, v]) => [k, String(v)])
      )
      const mode = sub || given.mode
      if (!MODES.includes(mode)) {
        say(
          `input 'mode' must be ${MODES.join(', ')}; got '${mode ?? ''}'${guess(mode ?? '', MODES)}`
        )
        return
      }
      const own = Object.keys(readAction(mode).inputs)
      const keyOf = name =>
        doc
          .getIn(['jobs', job, 'steps', index, 'with'], true)
          ?.items.find(p => p.key?.value === name)?.key
      for (const name of Object.keys(given)) {
        const at = keyOf(name)
        if (own.includes(name) || (sub === '' && name === 'mode')) continue
        const owners = MODES.filter(m => Object.hasOwn(readAction(m).inputs, name))
        say(
          owners.length > 0
            ? `input '${name}' is read in ${owners.join(' and ')} mode only, not ${mode}`
            : `no input '${name}' in ${sub || '.'}/action.yml${guess(name, own)}`,
          at
        )
      }
      const inputs = {
        ...Object.fromEntries(
          Object.entries(readAction(mode).inputs).map(([k, v]) => [k, String(v.default ?? '')])
        ),
        ...given,
        mode
      }
      const expression = name => /\$\{\{/.test(inputs[name] ?? '')
      for (const [name, accepted] of Object.entries(VALUES)) {
        const choices = Array.isArray(accepted) ? accepted : accepted[mode]
        const value = given[name]
        if (value === undefined || value === '' || expression(name) || !choices) continue
        const ok =
          choices === BOOLEAN
            ? choices.includes(value)
            : choices.some(c => c.toLowerCase() === value.toLowerCase())
        if (!ok)
          say(
            `input '${name}' must be ${choices.filter(c => c === c.toLowerCase()).join(', ') || choices.join(', ')}; got '${value}'${guess(value, choices)}`,
            keyOf(name)
          )
      }
      const known = name => !expression(name)
      const required = Object.entries(action.inputs)
        .filter(([n, v]) => v.required && n !== 'api-key')
        .map(([n]) => [n, () => true, ''])
      for (const [name, when, why] of [...required, ...REQUIRED_WHEN]) {
        if (!own.includes(name) && name !== 'mode') continue
        if (['verdict-from', 'via'].every(known) && when(inputs) && (given[name] ?? '') === '')
          say(`input '${name}' is required${why ? ` ${why.replace('VIA', inputs.via)}` : ''}`)
      }
      for (const [when, scope, level, route] of PERMISSIONS) {
        if (!when(inputs, on) || ['verdict-from', 'via', 'comment-on-pr'].some(expression)) continue
        const declared = spec.permissions ?? workflow.permissions
        const has = granted(declared, scope)
        if (has === 'write' || has === level) continue
        say(
          declared === undefined
            ? `${route} needs 'permissions: ${scope}: ${level}'; neither the job nor the workflow declares permissions (a new repository's default token reads contents and packages only)`
            : `${route} needs 'permissions: ${scope}: ${level}'; the ${spec.permissions === undefined ? 'workflow' : 'job'} grants ${has ?? 'none'}`
        )
      }
    })
  }
  for (const m of text.matchAll(/steps\.([\w-]+)\.outputs\.([\w-]+)/g)) {
    const outputs = outputsOf.get(m[1])
    if (outputs && !outputs.includes(m[2]))
      problems.push(
        `${text.slice(0, m.index).split('\n').length}: steps.${m[1]}.outputs.${m[2]}: no output '${m[2]}'${guess(m[2], outputs)}`
      )
  }
  return problems
}

function workflowFiles(target) {
  if (!statSync(target).isDirectory()) return [target]
  return readdirSync(target)
    .filter(n => /\.ya?ml$/.test(n))
    .sort()
    .map(n => path.join(target, n))
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // `npm run` starts in the package's folder; paths are the caller's.
  const cwd = process.env.INIT_CWD ?? process.cwd()
  const targets =
    process.argv.length > 2
      ? process.argv.slice(2).map(t => path.resolve(cwd, t))
      : ['examples', '.github/workflows'].map(d => path.join(root, d))
  const files = targets.flatMap(workflowFiles)
  let count = 0
  for (const file of files) {
    for (const problem of checkWorkflow(readFileSync(file, 'utf8'))) {
      count++
      console.log(`${path.relative(cwd, file)}:${problem}`)
    }
  }
  console.log(`check-workflows: ${files.length} files, ${count} problems`)
  process.exitCode = count > 0 || files.length === 0 ? 1 : 0
}
