// The line between the pure core and the edge modules (scripts/pure-core.mjs): ESLint keeps I/O
// imports out of pure modules; this keeps them from reaching I/O through an edge module.
import { expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { EDGE_MODULES, pureModules } from '../../scripts/pure-core.mjs'

const root = path.resolve(import.meta.dirname, '..', '..')

/** The src/ files a module imports at run time (type-only imports are erased by the compiler). */
function runtimeImports(file: string): string[] {
  const source = readFileSync(path.join(root, file), 'utf8')
  const imports = [...source.matchAll(/^(?:import|export)\s+(?!type\b)[^'"]*?from\s+'(\.[^']+)'/gm)]
  return imports.map(([, specifier]) =>
    path.posix.join(path.posix.dirname(file), (specifier ?? '').replace(/\.js$/, '.ts'))
  )
}

it('the pure core has no module that imports an edge module', () => {
  const edges = new Set(EDGE_MODULES)
  const offenders = pureModules(root).flatMap(file =>
    runtimeImports(file)
      .filter(imported => edges.has(imported))
      .map(imported => `${file} imports ${imported}`)
  )
  expect(offenders).toEqual([])
})
