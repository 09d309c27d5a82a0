// Content-Encoding: a proxy may compress an answer the service sent plain. Decoded with Node's
// zlib under the same size cap as a plain body, so that a small compressed body cannot expand
// into gigabytes.
import * as zlib from 'node:zlib'
import { ServiceError } from './errors.js'

type Decoder = (input: Buffer, options: zlib.ZlibOptions & zlib.BrotliOptions) => Buffer

const DECODERS: Readonly<Record<string, Decoder>> = {
  gzip: zlib.gunzipSync,
  'x-gzip': zlib.gunzipSync,
  // "deflate" is the zlib format, but some servers send raw deflate: a zlib header tells them apart.
  deflate: (input, options) =>
    hasZlibHeader(input) ? zlib.inflateSync(input, options) : zlib.inflateRawSync(input, options),
  br: zlib.brotliDecompressSync
}

/** RFC 1950: compression method 8 and a header that is a multiple of 31. */
function hasZlibHeader(input: Buffer): boolean {
  const [cmf = 0, flg = 0] = input
  return (cmf & 0x0f) === 8 && (cmf * 256 + flg) % 31 === 0
}

/** The codings of a Content-Encoding header in the order they were applied; identity left out. */
export function contentCodings(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map(coding => coding.trim().toLowerCase())
    .filter(coding => coding !== '' && coding !== 'identity')
}

/**
 * The body with every coding undone, at most `limit` bytes. `strict` (a 200 that must be read
 * whole): a body over the limit is 'too-large' and a corrupt one 'unreadable'. Otherwise (an error
 * body, only quoted) whatever decodes within the limit is returned.
 */
export function decodeBody(
  body: Buffer,
  header: string | undefined,
  limit: number,
  origin: string,
  strict: boolean
): Buffer {
  const codings = contentCodings(header)
  if (codings.length === 0) return body
  const unknown = codings.find(coding => DECODERS[coding] === undefined)
  if (unknown !== undefined) {
    if (!strict) return Buffer.from(`(a body compressed as '${unknown}')`)
    throw new ServiceError(
      'invalid-response',
      `The answer from ${origin} is compressed as '${unknown.slice(0, 40)}' (Content-Encoding), which the action cannot read; only gzip, deflate and br are. A proxy in front of the service may be compressing it.`
    )
  }
  let data = body
  for (const coding of [...codings].reverse()) {
    try {
      // An error body cut short still shows what it holds; a 200 must decode whole.
      const finishFlush =
        coding === 'br' ? zlib.constants.BROTLI_OPERATION_FLUSH : zlib.constants.Z_SYNC_FLUSH
      const decode = DECODERS[coding] as Decoder
      data = decode(
        data,
        strict ? { maxOutputLength: limit } : { maxOutputLength: limit, finishFlush }
      )
    } catch (error) {
      if (!strict) return Buffer.from(`(a ${coding} body that could not be decompressed)`)
      const code = (error as { code?: unknown }).code
      if (code === 'ERR_BUFFER_TOO_LARGE') {
        throw new ServiceError(
          'too-large',
          `The answer from ${origin} is larger than ${limit} bytes once decompressed (${coding}) and was refused; the address may not be the QA service (check 'base-url').`
        )
      }
      throw new ServiceError(
        'unreadable',
        `The answer from ${origin} is marked as ${coding}-compressed but could not be decompressed (${(error as Error).message}).`
      )
    }
  }
  return data
}
