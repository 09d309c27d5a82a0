// The README's inputs and outputs tables are generated from action.yml, so they cannot drift.
import { readFileSync } from 'node:fs'
import { parse } from 'yaml'

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

export function renderTables(actionYaml: string): { inputs: string; outputs: string } {
  const spec = parse(actionYaml) as ActionSpec
  const inputs = [
    '| input | required | default | description |',
    '|---|---|---|---|',
    ...Object.entries(spec.inputs).map(([name, input]) => {
      const fallback =
        input.default === undefined || input.default === '' ? '' : `\`${input.default}\``
      return `| \`${name}\` | ${input.required ? 'yes' : 'no'} | ${cell(fallback)} | ${cell(input.description)} |`
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
