// The README's inputs and outputs tables are generated, so they cannot drift: the modes, defaults
// and required marks of the inputs from the action's input table (src/kernel/inputs.ts), the
// descriptions from action.yml.
import { readFileSync } from 'node:fs'
import { parse } from 'yaml'
import { INPUTS, type InputSpec } from '../src/kernel/inputs.js'

interface ActionSpec {
  inputs: Record<string, { description: string; required?: boolean; default?: string }>
  outputs: Record<string, { description: string }>
}

const MARKERS = {
  inputs: ['<!-- inputs:start -->', '<!-- inputs:end -->'],
  outputs: ['<!-- outputs:start -->', '<!-- outputs:end -->']
} as const

function cell(text: string): string {
  return text
    .replace(/\|/g, '\\|')
    .replace(/\s*\n\s*/g, ' ')
    .trim()
}

const TABLE: Readonly<Record<string, InputSpec<unknown>>> = INPUTS

function modesCell(spec: InputSpec<unknown> | undefined): string {
  if (spec === undefined) return ''
  return spec.modes.length === 3 ? 'all' : spec.modes.join(', ')
}

function requiredCell(spec: InputSpec<unknown> | undefined, input: { required?: boolean }): string {
  if (spec?.requiredWhen !== undefined) return spec.requiredWhen
  return (spec === undefined ? input.required : spec.default === undefined) ? 'yes' : 'no'
}

/** action.yml descriptions start with the modes, e.g. "(notify, terminate)", which get a column. */
function withoutModePrefix(description: string): string {
  return description.replace(/^\((?:notify|greenlight|terminate)(?:, [a-z ]+)*\)\s*/, '')
}

export function renderTables(actionYaml: string): { inputs: string; outputs: string } {
  const spec = parse(actionYaml) as ActionSpec
  const inputs = [
    '| input | modes | required | default | description |',
    '|---|---|---|---|---|',
    ...Object.entries(spec.inputs).map(([name, input]) => {
      const entry = TABLE[name]
      const given = entry === undefined ? input.default : entry.default
      const byMode = Object.entries(entry?.modeDefaults ?? {})
      const fallback =
        byMode.length > 0
          ? byMode.map(([mode, value]) => `${mode}: \`${value}\``).join('; ')
          : given === undefined || given === ''
            ? ''
            : `\`${given}\``
      const description = withoutModePrefix(input.description)
      return `| \`${name}\` | ${modesCell(entry)} | ${requiredCell(entry, input)} | ${cell(fallback)} | ${cell(description)} |`
    })
  ].join('\n')
  const outputs = [
    '| output | description |',
    '|---|---|',
    ...Object.entries(spec.outputs).map(
      ([name, output]) => `| \`${name}\` | ${cell(output.description)} |`
    )
  ].join('\n')
  return { inputs, outputs }
}

export function updateReadme(readme: string, actionYaml: string): string {
  const tables = renderTables(actionYaml)
  let updated = readme
  for (const key of ['inputs', 'outputs'] as const) {
    const [start, end] = MARKERS[key]
    const from = updated.indexOf(start)
    const to = updated.indexOf(end)
    if (from < 0 || to < from) throw new Error(`README.md lacks the markers ${start} … ${end}`)
    updated = `${updated.slice(0, from + start.length)}\n${tables[key]}\n${updated.slice(to)}`
  }
  return updated
}

export function readRepoFiles(root: string): { readme: string; actionYaml: string } {
  return {
    readme: readFileSync(`${root}/README.md`, 'utf8'),
    actionYaml: readFileSync(`${root}/action.yml`, 'utf8')
  }
}
