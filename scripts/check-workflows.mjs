#!/usr/bin/env node
// `npm run check-workflows [-- FILE_OR_DIR...]` (default: examples/ and .github/workflows): checks
// this action's steps (and its sub-actions') in workflows for what actionlint cannot know: input
// names (with a did-you-mean), accepted values, required inputs and the token permissions a route
// needs. All from the action.yml files (inputs, `required`, "required with `name: value`", each
// mode's routes and the permission they need from `via`'s description), but the values in VALUES.
// Prints `file:line: job "…", step "…": problem` and exits 1 on any.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { parse, parseDocument } from 'yaml'
import { actionDefaults } from './action-defaults.mjs'

const root = path.resolve(import.meta.dirname, '..')
const MODES = ['notify', 'greenlight', 'terminate']
const BOOLEAN = ['true', 'True', 'TRUE', 'false', 'False', 'FALSE']
/** The root action ('') and each sub-action (its mode). */
const ACTIONS = Object.fromEntries(
  ['', ...MODES].map(sub => [sub, parse(readFileSync(path.join(root, sub, 'action.yml'), 'utf8'))])
)

// Each mode's routes, as `via`'s description documents them: "notify: … `name` (what it does;
// needs `scope: level`) … terminate: …".
const [, notify, terminate] = /notify:(.*)terminate:(.*)/s.exec(ACTIONS[''].inputs.via.description)
const ROUTES = Object.entries({ notify, terminate }).flatMap(([mode, text]) =>
  [...text.matchAll(/`([a-z-]+)` \(([^)]*)\)/g)].map(([, via, note]) => ({
    mode,
    via,
    needs: /`([\w-]+): (read|write)`/.exec(note)?.slice(1)
  }))
)
const viaOf = mode => ROUTES.filter(route => route.mode === mode).map(route => route.via)

/** The values an input accepts (case-insensitive but for booleans), by mode where they differ. */
const VALUES = {
  mode: MODES,
  'verdict-from': ['run', 'check'],
  via: { notify: viaOf('notify'), terminate: viaOf('terminate') },
  'hosting-service': ['GitHub', 'GitLab'],
  'outcome-when-blocking-bugs-in-other-workflows': ['green', 'red'],
  'on-superseded': ['follow', 'fail'],
  ...Object.fromEntries(
    ['fail-on-no-run', 'wait-for-url', 'wait', 'fail-on-red', 'fail-on-timeout']
      .concat(['comment-on-pr', 'summary', 'ephemeral-environment'])
      .map(name => [name, BOOLEAN])
  )
}

/** The token permissions a step needs (`on` lists the workflow's events). */
const PERMISSIONS = [
  ...ROUTES.filter(route => route.needs).map(({ mode, via, needs }) => [
    s => s.mode === mode && s.via === via,
    ...needs,
    `via: ${via}`
  ]),
  [s => s['verdict-from'] === 'check', 'checks', 'read', 'verdict-from: check'],
  [
    (s, on) => s['verdict-from'] === 'check' && on.includes('check_run'),
    'contents',
    'read',
    'verdict-from: check on a check_run event (the branch tip)'
  ],
  [s => /^true$/i.test(s['comment-on-pr'] ?? ''), 'pull-requests', 'write', 'comment-on-pr: true']
]

/** '' for the root action, the mode of a sub-action, undefined for another action. */
export function subActionOf(uses = '') {
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
  const [score, best] = scored.sort((x, y) => x[0] - y[0])[0] ?? []
  return score <= Math.max(2, Math.floor(value.length / 3)) ? `; did you mean '${best}'?` : ''
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
      if (step.id) outputsOf.set(step.id, Object.keys(ACTIONS[sub].outputs))
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
      const own = Object.keys(ACTIONS[mode].inputs)
      const keyOf = name =>
        doc
          .getIn(['jobs', job, 'steps', index, 'with'], true)
          ?.items.find(p => p.key?.value === name)?.key
      for (const name of Object.keys(given)) {
        const at = keyOf(name)
        if (own.includes(name) || (sub === '' && name === 'mode')) continue
        const owners = MODES.filter(m => Object.hasOwn(ACTIONS[m].inputs, name))
        say(
          owners.length > 0
            ? `input '${name}' is read in ${owners.join(' and ')} mode only, not ${mode}`
            : `no input '${name}' in ${sub || '.'}/action.yml${guess(name, own)}`,
          at
        )
      }
      const inputs = { ...actionDefaults(`${mode}/action.yml`), ...given, mode }
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
      const missing = name => (given[name] ?? '') === '' && own.includes(name)
      for (const [name, v] of Object.entries(ACTIONS[sub].inputs))
        if (v.required && name !== 'api-key' && missing(name)) say(`input '${name}' is required`)
      const needsKey = !(mode === 'greenlight' && inputs['verdict-from'] === 'check')
      if (!expression('verdict-from') && needsKey && missing('api-key'))
        say(`input 'api-key' is required`)
      // Inputs required only with some values of others: "required with `via: …`".
      for (const [name, { description = '' }] of Object.entries(ACTIONS[mode].inputs)) {
        const [, fragment = ''] = /required with ([^.]*)/i.exec(description) ?? []
        const pair = [...fragment.matchAll(/`([\w-]+): ([\w-]+)`/g)]
          .map(m => [m[1], m[2]])
          .find(([other, value]) => !expression(other) && inputs[other] === value)
        if (pair && missing(name)) say(`input '${name}' is required with ${pair.join(': ')}`)
      }
      for (const [when, scope, level, route] of PERMISSIONS) {
        if (!when(inputs, on) || ['verdict-from', 'via', 'comment-on-pr'].some(expression)) continue
        const declared = spec.permissions ?? workflow.permissions
        // A map of scopes, read-all, write-all, or unset.
        const has =
          declared === 'read-all' ? 'read' : declared === 'write-all' ? 'write' : declared?.[scope]
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

if (import.meta.url === `file://${process.argv[1]}`) {
  // `npm run` starts in the package's folder; paths are the caller's.
  const cwd = process.env.INIT_CWD ?? process.cwd()
  const targets =
    process.argv.length > 2
      ? process.argv.slice(2).map(t => path.resolve(cwd, t))
      : ['examples', '.github/workflows'].map(d => path.join(root, d))
  const files = targets.flatMap(target =>
    statSync(target).isDirectory()
      ? readdirSync(target)
          .filter(name => /\.ya?ml$/.test(name))
          .sort()
          .map(name => path.join(target, name))
      : [target]
  )
  const problems = files.flatMap(file => {
    const name = path.relative(cwd, file)
    return checkWorkflow(readFileSync(file, 'utf8')).map(problem => `${name}:${problem}`)
  })
  for (const problem of problems) console.log(problem)
  console.log(`check-workflows: ${files.length} files, ${problems.length} problems`)
  process.exitCode = problems.length > 0 || files.length === 0 ? 1 : 0
}
