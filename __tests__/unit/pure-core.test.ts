// The line between the pure core and the edge modules (scripts/pure-core.mjs): ESLint keeps I/O
// imports out of pure modules; this keeps them from reaching I/O through an edge module.
import { describe, expect, it } from '@jest/globals'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
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

describe('the pure core', () => {
  it('lists only edge modules that exist', () => {
    for (const file of EDGE_MODULES) expect(existsSync(path.join(root, file))).toBe(true)
  })

  it('has no pure module that imports an edge module', () => {
    const edges = new Set(EDGE_MODULES)
    const offenders = pureModules(root).flatMap(file =>
      runtimeImports(file)
        .filter(imported => edges.has(imported))
        .map(imported => `${file} imports ${imported}`)
    )
    expect(offenders).toEqual([])
  })

  it('reads imports the way the check needs, so that the check can fail', () => {
    expect(runtimeImports('src/greenlight/run-greenlight.ts')).toContain('src/render/action-io.ts')
    expect(runtimeImports('src/greenlight/polling.ts')).not.toContain('src/core/clock.ts')
  })
})

describe('docs/architecture.md', () => {
  const doc = readFileSync(path.join(root, 'docs', 'architecture.md'), 'utf8')

  it('names every folder and every module of src/', () => {
    const entries = readdirSync(path.join(root, 'src'), { withFileTypes: true })
    for (const entry of entries) {
      if (entry.isDirectory()) {
        expect(doc).toContain(`\`${entry.name}/\``)
        for (const file of readdirSync(path.join(root, 'src', entry.name))) {
          expect(doc).toContain(file)
        }
      } else if (entry.name.endsWith('.ts')) {
        expect(doc).toContain(`\`${entry.name}\``)
      }
    }
  })
})
