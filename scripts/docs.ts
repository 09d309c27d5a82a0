// `npm run docs`: regenerate the README's inputs/outputs tables from action.yml.
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { readRepoFiles, updateReadme } from './readme-tables.js'

const root = path.resolve(import.meta.dirname, '..')
const { readme, actionYaml } = readRepoFiles(root)
const updated = updateReadme(readme, actionYaml)
if (updated === readme) {
  console.log('README.md is up to date with action.yml.')
} else {
  writeFileSync(path.join(root, 'README.md'), updated)
  console.log('README.md tables regenerated from action.yml.')
}
