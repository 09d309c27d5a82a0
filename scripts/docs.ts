// `npm run docs`: regenerate the README's inputs/outputs tables and the sub-actions' action.yml
// files (notify/, greenlight/, terminate/) from action.yml and the input table.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { updateReadme } from './readme-tables.js'
import { renderSubAction, SUB_ACTIONS } from './sub-actions.js'

const root = path.resolve(import.meta.dirname, '..')
const read = (file: string) => readFileSync(path.join(root, file), 'utf8')
const actionYaml = read('action.yml')

/** Writes `text` to `file` (repository-relative) unless it holds it already. */
function write(file: string, text: string): void {
  const fresh = existsSync(path.join(root, file)) && read(file) === text
  if (!fresh) writeFileSync(path.join(root, file), text)
  console.log(`${file} ${fresh ? 'is up to date with' : 'regenerated from'} action.yml.`)
}

write('README.md', updateReadme(read('README.md'), actionYaml))
for (const mode of SUB_ACTIONS) write(`${mode}/action.yml`, await renderSubAction(mode, actionYaml))
