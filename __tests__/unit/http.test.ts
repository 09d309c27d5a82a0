// The one reader of every answer (kernel/http.ts, kernel/json.ts): what it refuses and how it says
// so, and the decoding under the size cap. What one exchange observes about the connection (refused,
// reset, silent, garbled, cancelled) is tested in whole steps: behaviour/service-answers, e2e/cancel-and-crash.
import { describe, expect, it } from '@jest/globals'
import * as zlib from 'node:zlib'
import * as v from 'valibot'
import { decodeBody, readJson } from '../../src/kernel/http.js'
import { ServiceError } from '../../src/kernel/retry.js'
import { boundDepth, findRepeatedKey } from '../../src/kernel/json.js'

const plain = (text: string) => text
const anyObject = v.looseObject({ ok: v.boolean() })
const outcome = (body: string, type: string | undefined = 'application/json') => {
  try {
    return readJson(body, type, anyObject, plain)
  } catch (error) {
    return error
  }
}

it('reads through the schema, tolerating a BOM and unknown fields, and cuts deep nesting', () => {
  expect(outcome('\uFEFF{"ok":true,"x":1}')).toEqual({ ok: true, x: 1 })
  const deep = readJson('['.repeat(5000) + ']'.repeat(5000), '', v.array(v.unknown()), plain)
  expect(JSON.stringify(deep)).toContain('"[nested too deep]"')
})

it.each([
  ['', undefined, 'expected JSON but the body was empty'],
  ['{"ok": tr', 'application/json', 'the body is not valid JSON ('],
  ['<html><title>Sign in</title></html>', 'text/html', 'an HTML page saying "Sign in"'],
  ['<h1>Not <b>here</b> &amp; gone</h1>', '', 'an HTML page saying "Not here & gone"'],
  ['{"cut', 'text/html', 'expected JSON but got text/html'],
  ['Bad gateway', undefined, 'text saying "Bad gateway"'],
  ['busy', 'text/plain; charset=utf-8', 'text/plain saying "busy"'],
  ['{"ok":false,"ok":true}', undefined, 'the key "ok" appears twice in one object, so the'],
  ['{"ok":true,"a":[{"x":1,"\\u0078":2}]}', undefined, 'the key "x" appears twice']
])('refuses %j (%s) as unreadable: %s', (body, type, words) => {
  expect(outcome(body, type)).toMatchObject({
    kind: 'unreadable',
    message: expect.stringContaining(words)
  })
})

it('names up to three shape problems by field, quoting the body redacted', () => {
  const schema = v.looseObject({ a: v.string(), b: v.string(), c: v.number(), d: v.boolean() })
  const secret = (text: string) => text.replaceAll('"a"', '"***"')
  expect(() => readJson('{"a":1,"c":"x","d":null}', undefined, schema, secret)).toThrow(
    new ServiceError(
      'invalid-response',
      `Invalid response from the QA service: it does not have the documented shape: field 'a': expected string; field 'b': missing; field 'c': expected number (and 1 more problems). Response: "{"***":1,"c":"x","d":null}"`
    )
  )
})

it.each([
  ['{"a":1,"b":{"a":2}}', undefined],
  ['[{"a":1},{"a":1}]', undefined],
  ['{"a":"\\"a\\"","a\\"":1}', undefined],
  ['{"a":1,"b":[1,{"c":1,"c":2}]}', 'c'],
  ['{"__proto__":1,"__proto__":2}', '__proto__']
])('findRepeatedKey(%s) is %s', (json, key) => expect(findRepeatedKey(json)).toBe(key))

it('boundDepth copies without recursion and keeps "__proto__" a plain key', () => {
  expect(boundDepth({ a: [{ b: { c: 1 } }, null] }, 3)).toEqual({
    a: [{ b: '[nested too deep]' }, null]
  })
  const copy = boundDepth(JSON.parse('{"__proto__":{"polluted":true}}')) as object
  expect(Object.keys(copy)).toEqual(['__proto__'])
  expect(({} as { polluted?: boolean }).polluted).toBeUndefined()
})

describe('decodeBody', () => {
  const json = Buffer.from('{"ok":true}')
  const decode = (body: Buffer, coding?: string, strict = true) =>
    decodeBody(body, coding, 1024, 'https://qa.test', strict).toString()

  it.each([
    ['gzip', zlib.gzipSync(json)],
    ['x-gzip, identity', zlib.gzipSync(json)],
    ['deflate', zlib.deflateSync(json)],
    ['deflate', zlib.deflateRawSync(json)],
    ['gzip, br', zlib.brotliCompressSync(zlib.gzipSync(json))]
  ])('undoes %s', (coding, body) => expect(decode(body, coding)).toBe('{"ok":true}'))

  it('refuses a bomb, a corrupt body and an unknown coding; shows what it can of an error', () => {
    expect(() => decode(zlib.gzipSync(Buffer.alloc(1 << 20)), 'gzip')).toThrow(
      /larger than 1024 bytes once decompressed \(gzip\)/
    )
    expect(() => decode(Buffer.from('nope'), 'gzip')).toThrow(/could not be decompressed/)
    expect(() => decode(json, 'zstd')).toThrow(/compressed as 'zstd'/)
    expect(decode(json, 'zstd', false)).toBe("(a body compressed as 'zstd')")
    expect(decode(Buffer.from('nope'), 'gzip', false)).toBe(
      '(a gzip body that could not be decompressed)'
    )
  })
})
