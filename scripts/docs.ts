// `npm run docs`: regenerate the README's inputs/outputs tables and the sub-actions' action.yml
// files (notify/, greenlight/, terminate/) from action.yml and the input table.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { readRepoFiles, updateReadme } from './readme-tables.js'
import { renderSubAction, SUB_ACTIONS } from './sub-actions.js'

const root = path.resolve(import.meta.dirname, '..')
const { readme, actionYaml } = readRepoFiles(root)

/** Writes `text` to `file` (repository-relative) unless it holds it already. */
function write(file: string, text: string): void {
  const full = path.join(root, file)
  if (existsSync(full) && readFileSync(full, 'utf8') === text) {
    console.log(`${file} is up to date with action.yml.`)
    return
  }
  mkdirSync(path.dirname(full), { recursive: true })
  writeFileSync(full, text)
  console.log(`${file} regenerated from action.yml.`)
}

write('README.md', updateReadme(readme, actionYaml))
for (const mode of SUB_ACTIONS) write(`${mode}/action.yml`, await renderSubAction(mode, actionYaml))
