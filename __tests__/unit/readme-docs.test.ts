import { describe, expect, it } from '@jest/globals'
import path from 'node:path'
import { readRepoFiles, renderTables, updateReadme } from '../../scripts/readme-tables.js'

const root = path.resolve(import.meta.dirname, '..', '..')

describe('README tables generated from action.yml', () => {
  it('are up to date (run `npm run docs` when this fails)', () => {
    const { readme, actionYaml } = readRepoFiles(root)
    expect(updateReadme(readme, actionYaml)).toBe(readme)
  })

  it('list every input and output of action.yml', () => {
    const { actionYaml } = readRepoFiles(root)
    const tables = renderTables(actionYaml)
    for (const name of [
      'mode',
      'api-key',
      'base-url',
      'run-id',
      'poll-interval',
      'comment-on-pr'
    ]) {
      expect(tables.inputs).toContain(`| \`${name}\` |`)
    }
    for (const name of ['run-ids', 'greenlight', 'status', 'result']) {
      expect(tables.outputs).toContain(`| \`${name}\` |`)
    }
  })

  it('escapes pipes in descriptions so the table keeps its columns', () => {
    const yaml = 'inputs:\n  a:\n    description: "x | y"\noutputs: {}\n'
    expect(renderTables(yaml).inputs).toContain('x \\| y')
  })
})
