// The one reader of every answer (kernel/http.ts, kernel/json.ts): what it refuses and how it says
// so, the decoding under the size cap, and what one exchange observes about the connection.
import { afterEach, describe, expect, it } from '@jest/globals'
import * as net from 'node:net'
import * as zlib from 'node:zlib'
import * as v from 'valibot'
import { decodeBody, foreignAnswer, readJson, send } from '../../src/kernel/http.js'
import { ServiceError } from '../../src/kernel/retry.js'
import { boundDepth, findRepeatedKey } from '../../src/kernel/json.js'

const plain = (text: string) => text
const anyObject = v.looseObject({ ok: v.boolean() })
const refusal = (body: string, contentType?: string, schema: v.GenericSchema = anyObject) => {
  try {
    readJson(body, contentType ?? 'application/json', schema, plain)
  } catch (error) {
    return { kind: (error as ServiceError).kind, message: (error as Error).message }
  }
  throw new Error('read')
}

describe('readJson', () => {
  it('reads a JSON body through its schema, a BOM and unknown fields tolerated', () => {
    expect(readJson('\uFEFF{"ok":true,"more":1}', 'application/json', anyObject, plain)).toEqual({
      ok: true,
      more: 1
    })
  })

  it.each([
    ['', undefined, 'expected JSON but the body was empty'],
    ['{"ok": tr', 'application/json', 'the body is not valid JSON ('],
    ['{"ok": tr', 'text/plain', 'expected JSON but got text/plain'],
    ['<html><title>Sign in</title></html>', 'text/html', 'an HTML page saying "Sign in"'],
    ['Bad gateway', undefined, 'text saying "Bad gateway"']
  ])('refuses %j (%s) as unreadable: %s', (body, type, words) => {
    const { kind, message } = refusal(body, type)
    expect(kind).toBe('unreadable')
    expect(message).toContain(words)
  })

  it('refuses a key repeated in any object, escapes decoded, whichever value comes last', () => {
    expect(refusal('{"ok":false,"ok":true}')).toEqual({
      kind: 'unreadable',
      message:
        'Invalid response from the QA service: the key "ok" appears twice in one object, so the body cannot be read unambiguously.'
    })
    expect(refusal('{"ok":true,"a":[{"x":1,"\\u0078":2}]}').message).toContain('"x" appears twice')
  })

  it('names up to three shape problems, the first ones by field', () => {
    const schema = v.looseObject({ a: v.string(), b: v.string(), c: v.number(), d: v.boolean() })
    const { kind, message } = refusal('{"a":1,"c":"x","d":null}', undefined, schema)
    expect(kind).toBe('invalid-response')
    expect(message).toContain(
      "does not have the documented shape: field 'a': expected string; field 'b': missing; field 'c': expected number (and 1 more problems)."
    )
    expect(message).toContain('Response: "{"a":1')
  })

  it('redacts what it quotes', () => {
    const secret = (text: string) => text.replaceAll('k-123', '***')
    expect(() => readJson('{"k-123": 1}', 'application/json', anyObject, secret)).toThrow(
      /Response: "\{"\*\*\*": 1\}"/
    )
  })

  it('cuts nesting deeper than any documented field before the schema sees it', () => {
    const deep = '['.repeat(5000) + ']'.repeat(5000)
    const value = readJson(deep, 'application/json', v.array(v.unknown()), plain)
    expect(JSON.stringify(value)).toContain('"[nested too deep]"')
  })
})

describe('json bounds', () => {
  it.each([
    ['{"a":1,"b":{"a":2}}', undefined],
    ['[{"a":1},{"a":1}]', undefined],
    ['{"a":"\\"a\\"","a\\"":1}', undefined],
    ['{"a":1,"b":[1,{"c":1,"c":2}]}', 'c'],
    ['{"__proto__":1,"__proto__":2}', '__proto__']
  ])('findRepeatedKey(%s) is %s', (json, key) => expect(findRepeatedKey(json)).toBe(key))

  it('boundDepth copies without recursion and keeps "__proto__" a plain key', () => {
    expect(boundDepth({ a: [{ b: { c: 1 } }] }, 3)).toEqual({ a: [{ b: '[nested too deep]' }] })
    const copy = boundDepth(JSON.parse('{"__proto__":{"polluted":true}}')) as object
    expect(Object.keys(copy)).toEqual(['__proto__'])
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined()
  })
})

describe('decodeBody', () => {
  const json = Buffer.from('{"ok":true}')
  const decode = (body: Buffer, coding?: string, strict = true, limit = 1024) =>
    decodeBody(body, coding, limit, 'https://qa.test', strict).toString()

  it.each([
    ['gzip', zlib.gzipSync(json)],
    ['x-gzip, identity', zlib.gzipSync(json)],
    ['deflate', zlib.deflateSync(json)],
    ['deflate (raw, as some servers send it)', zlib.deflateRawSync(json)],
    ['br', zlib.brotliCompressSync(json)],
    ['gzip, br', zlib.brotliCompressSync(zlib.gzipSync(json))]
  ])('undoes %s', (coding, body) => expect(decode(body, coding.split(' (')[0])).toBe('{"ok":true}'))

  it('refuses a body that expands past the cap, a corrupt one, and an unknown coding', () => {
    const bomb = zlib.gzipSync(Buffer.alloc(1 << 20))
    expect(() => decode(bomb, 'gzip')).toThrow(/larger than 1024 bytes once decompressed \(gzip\)/)
    expect(() => decode(Buffer.from('nope'), 'gzip')).toThrow(/could not be decompressed/)
    expect(() => decode(json, 'zstd')).toThrow(/compressed as 'zstd'/)
  })

  it('shows what it can of an error body instead of refusing it', () => {
    expect(decode(json, 'zstd', false)).toBe("(a body compressed as 'zstd')")
    expect(decode(Buffer.from('nope'), 'gzip', false)).toBe(
      '(a gzip body that could not be decompressed)'
    )
  })
})

describe('foreignAnswer', () => {
  it('names a page by its title or heading, never its markup, and leaves JSON alone', () => {
    expect(foreignAnswer('<h1>Not <b>here</b> &amp; gone</h1>', undefined, plain)).toBe(
      'an HTML page saying "Not here & gone"'
    )
    expect(foreignAnswer('{"cut', 'text/html', plain)).toBeUndefined()
    expect(foreignAnswer('busy', 'text/plain; charset=utf-8', plain)).toBe(
      'text/plain saying "busy"'
    )
  })
})

describe('send: what one exchange observes', () => {
  const servers: net.Server[] = []
  const sockets: net.Socket[] = []
  afterEach(() => {
    sockets.splice(0).forEach(socket => socket.destroy())
    servers.splice(0).forEach(server => server.close())
  })

  async function serve(onConnection: (socket: net.Socket) => void): Promise<string> {
    const server = net.createServer(socket => {
      sockets.push(socket)
      onConnection(socket)
    })
    servers.push(server)
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve))
    return `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/x`
  }

  const failure = (url: string, timeoutMs = 30_000) =>
    send({ method: 'POST', url, headers: {}, body: '{}', timeoutMs, maxBytes: 1024 }).then(
      () => undefined,
      (error: unknown) => error as ServiceError
    )

  it('a refused connection was never made: unreachable, not reached', async () => {
    const url = await serve(() => undefined)
    await new Promise(resolve => servers.pop()!.close(resolve))
    expect(await failure(url)).toMatchObject({ kind: 'network', unreachable: true, reached: false })
  })

  it('a reset once connected, or silence until the deadline, reached the server', async () => {
    const reset = await serve(socket => socket.once('data', () => socket.resetAndDestroy()))
    expect(await failure(reset)).toMatchObject({ kind: 'network', reached: true, answered: false })
    const silent = await serve(() => undefined)
    expect(await failure(silent, 200)).toMatchObject({ kind: 'timeout', reached: true })
  })

  it('headers Node cannot parse were an answer', async () => {
    const garbage = await serve(socket =>
      socket.once('data', () => socket.end('HTTP/1.1 2x\r\n\r\n'))
    )
    expect(await failure(garbage)).toMatchObject({ kind: 'unreadable', answered: true })
  })

  it('a cancelled request says so at once', async () => {
    const controller = new AbortController()
    controller.abort()
    const url = await serve(() => undefined)
    await expect(
      send({
        method: 'GET',
        url,
        headers: {},
        timeoutMs: 1000,
        maxBytes: 1,
        signal: controller.signal
      })
    ).rejects.toMatchObject({ kind: 'aborted' })
  })
})

describe('ServiceError', () => {
  it('derives its facts from the kind, and ignores a meaningless Retry-After', () => {
    expect(new ServiceError('http', 'x', { status: 500, retryAfterMs: -1 })).toMatchObject({
      answered: true,
      reached: true,
      unreachable: false,
      retryAfterMs: undefined
    })
    expect(new ServiceError('timeout', 'x', { unreachable: true }).unreachable).toBe(false)
  })
})
