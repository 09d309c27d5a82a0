import type http from 'node:http'

export interface Answer {
  status: number
  body: string
  contentType?: string
  headers?: Record<string, string>
}

export interface RouteRequest {
  url: URL
  json: unknown
  authorization: string | undefined
}

/** One endpoint of the emulated service. server.ts routes to it and makes the common checks. */
export interface Route {
  /** The one method answered; another gets a 405. */
  method: 'GET' | 'POST'
  /** An error in this endpoint's envelope, the common checks' errors included. */
  error(status: number, message: string, headers?: Record<string, string>): Answer
  answer(request: RouteRequest): Answer
}

export function jsonAnswer(
  status: number,
  value: unknown,
  headers?: Record<string, string>
): Answer {
  return { status, body: JSON.stringify(value), ...(headers && { headers }) }
}

export function send(
  res: http.ServerResponse,
  record: { status: number } | undefined,
  answer: Omit<Answer, 'body'> & { body: string | Buffer }
): void {
  if (record) record.status = answer.status
  const bytes = typeof answer.body === 'string' ? Buffer.from(answer.body, 'utf8') : answer.body
  res.writeHead(answer.status, {
    'content-type': answer.contentType ?? 'application/json; charset=utf-8',
    'content-length': String(bytes.length),
    ...answer.headers
  })
  res.end(bytes)
}

export function flattenHeaders(
  headers: http.IncomingHttpHeaders
): Record<string, string | undefined> {
  const result: Record<string, string | undefined> = {}
  for (const [name, value] of Object.entries(headers)) {
    result[name] = Array.isArray(value) ? value.join(', ') : value
  }
  return result
}

export class BodyTooLarge extends Error {}

export function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > 5 * 1024 * 1024) {
        reject(new BodyTooLarge())
        req.resume()
        return
      }
      chunks.push(chunk)
    })
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
