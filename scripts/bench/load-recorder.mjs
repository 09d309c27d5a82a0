// Preloaded with `--import` by the bundle benchmark: records every file the process loads through
// the module loader (the entry, its dynamic chunks) and writes the list to $BENCH_LOADED_FILES
// at exit. Uses the synchronous `module.registerHooks` of Node 22.15+/24.
import { writeFileSync } from 'node:fs'
import { registerHooks } from 'node:module'

const loaded = new Set()
registerHooks({
  load(url, context, nextLoad) {
    if (url.startsWith('file:')) loaded.add(url)
    return nextLoad(url, context)
  }
})
process.on('exit', () => {
  writeFileSync(process.env.BENCH_LOADED_FILES ?? 'loaded-files.json', JSON.stringify([...loaded]))
})
