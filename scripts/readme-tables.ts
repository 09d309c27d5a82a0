// The README's inputs and outputs tables are generated, so they cannot drift: the modes, defaults
// and required marks of the inputs from the action's input table (src/kernel/inputs.ts), the
// descriptions from action.yml.
import { parse } from 'yaml'
import { INPUTS, type InputSpec } from '../src/kernel/inputs.js'

export interface ActionSpec {
  name: string
  inputs: Record<string, { description: string; required?: boolean; default?: string }>
  outputs: Record<string, { description: string }>
}

export const TABLE: Readonly<Record<string, InputSpec<unknown>>> = INPUTS

/** action.yml descriptions start with their modes, e.g. "(notify, terminate)": those, the rest. */
export function modePrefix(description: string): { modes: string[]; text: string } {
  const match = /^\(((?:notify|greenlight|terminate)(?:, [a-z ]+)*)\)\s*/.exec(description)
  return { modes: match?.[1]?.split(', ') ?? [], text: description.slice(match?.[0].length) }
}

const cell = (text: string): string =>
  text
    .replace(/\|/g, '\\|')
    .replace(/\s*\n\s*/g, ' ')
    .trim()

export function renderTables(actionYaml: string): { inputs: string; outputs: string } {
  const spec = parse(actionYaml) as ActionSpec
  const inputs = Object.entries(spec.inputs).map(([name, input]) => {
    const entry = TABLE[name]
    const given = entry === undefined ? input.default : entry.default
    const byMode = Object.entries(entry?.modeDefaults ?? {})
    const fallback =
      byMode.length > 0
        ? byMode.map(([mode, value]) => `${mode}: \`${value}\``).join('; ')
        : given === undefined || given === ''
          ? ''
          : `\`${given}\``
    const modes =
      entry === undefined ? '' : entry.modes.length === 3 ? 'all' : entry.modes.join(', ')
    const required =
      entry?.requiredWhen ??
      ((entry === undefined ? input.required : entry.default === undefined) ? 'yes' : 'no')
    const description = cell(modePrefix(input.description).text)
    return `| \`${name}\` | ${modes} | ${required} | ${cell(fallback)} | ${description} |`
  })
  const outputs = Object.entries(spec.outputs).map(
    ([name, output]) => `| \`${name}\` | ${cell(output.description)} |`
  )
  return {
    inputs: ['| input | modes | required | default | description |', '|---|---|---|---|---|']
      .concat(inputs)
      .join('\n'),
    outputs: ['| output | description |', '|---|---|'].concat(outputs).join('\n')
  }
}

export function updateReadme(readme: string, actionYaml: string): string {
  const tables = renderTables(actionYaml)
  let updated = readme
  for (const key of ['inputs', 'outputs'] as const) {
    const [start, end] = [`<!-- ${key}:start -->`, `<!-- ${key}:end -->`]
    const from = updated.indexOf(start)
    const to = updated.indexOf(end)
    if (from < 0 || to < from) throw new Error(`README.md lacks the markers ${start} … ${end}`)
    updated = `${updated.slice(0, from + start.length)}\n${tables[key]}\n${updated.slice(to)}`
  }
  return updated
}
