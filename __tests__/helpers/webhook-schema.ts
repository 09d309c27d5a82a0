// GitHub's published webhook schema (@octokit/webhooks-schemas) and its official examples
// (@octokit/webhooks-examples), for the tests that hold the emulator's `check_run` payloads and the
// action's reading of them to what GitHub sends.
import { createRequire } from 'node:module'
import type { ErrorObject, ValidateFunction } from 'ajv'

const require = createRequire(import.meta.url)

interface AjvLike {
  addSchema(schema: unknown, key: string): void
  getSchema(key: string): ValidateFunction | undefined
}

let shared: AjvLike | undefined

/** One validator for the whole schema (it is large: each definition is compiled once). */
function schemaValidator(): AjvLike {
  if (shared !== undefined) return shared
  const Ajv = require('ajv') as new (options: object) => AjvLike
  const addFormats = require('ajv-formats') as (ajv: AjvLike) => void
  shared = new Ajv({ allErrors: true, strict: false })
  addFormats(shared)
  shared.addSchema(require('@octokit/webhooks-schemas/schema.json'), 'webhooks')
  return shared
}

/** A validator of one definition of the webhook schema, e.g. `check_run_event`. */
export function webhookValidator(definition: string): (payload: unknown) => string[] {
  const validate = schemaValidator().getSchema(`webhooks#/definitions/${definition}`)
  if (validate === undefined) throw new Error(`no definition ${definition}`)
  return payload =>
    validate(payload)
      ? []
      : (validate.errors ?? []).map(
          (e: ErrorObject) =>
            `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`
        )
}

interface WebhookExamples {
  name: string
  examples: Record<string, unknown>[]
}

/** GitHub's official example payloads of one webhook (every action). */
export function officialExamples(name: string): Record<string, unknown>[] {
  const all = require('@octokit/webhooks-examples') as WebhookExamples[]
  const found = all.find(entry => entry.name === name)
  if (found === undefined) throw new Error(`no examples of ${name}`)
  return found.examples
}
