// GitHub's published webhook schema (@octokit/webhooks-schemas), for the test that holds the
// emulator's `check_run` payloads to what GitHub sends.
import { createRequire } from 'node:module'
import type { ErrorObject, ValidateFunction } from 'ajv'

const require = createRequire(import.meta.url)

interface AjvLike {
  addSchema(schema: unknown, key: string): void
  getSchema(key: string): ValidateFunction | undefined
}

let shared: AjvLike | undefined

/**
 * A validator of one definition of the webhook schema, e.g. `check_run_event`. Only the
 * definitions it reaches are compiled, each once (`inlineRefs: false`): asking Ajv for a fragment
 * of the whole 400 kB schema compiles every event's definition, about 20 times the CPU.
 */
export function webhookValidator(definition: string): (payload: unknown) => string[] {
  const all = (require('@octokit/webhooks-schemas/schema.json') as { definitions: object })
    .definitions as Record<string, unknown>
  if (shared === undefined) {
    const Ajv = require('ajv') as new (options: object) => AjvLike
    shared = new Ajv({ allErrors: true, strict: false, inlineRefs: false })
    ;(require('ajv-formats') as (ajv: AjvLike) => void)(shared)
  }
  const reached = new Set<string>()
  for (const todo = [definition]; todo.length > 0;) {
    const next = todo.pop() as string
    if (reached.has(next) || all[next] === undefined) continue
    reached.add(next)
    for (const m of JSON.stringify(all[next]).matchAll(/#\/definitions\/([^"]+)/g)) todo.push(m[1]!)
  }
  const definitions = Object.fromEntries([...reached].map(name => [name, all[name]]))
  if (shared.getSchema(definition) === undefined) shared.addSchema({ definitions }, definition)
  const validate = shared.getSchema(`${definition}#/definitions/${definition}`)
  if (validate === undefined || !reached.has(definition))
    throw new Error(`no definition ${definition}`)
  return payload =>
    validate(payload)
      ? []
      : (validate.errors ?? []).map(
          (e: ErrorObject) =>
            `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`
        )
}
