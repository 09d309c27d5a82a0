import type http from 'node:http'

export interface Answer {
  status: number
  body: string
  headers?: Record<string, string>
}

/** One endpoint of the emulated service. server.ts routes to it and makes the common checks. */
export interface Route {
  /** The one method answered; another gets a 405. */
  method: 'GET' | 'POST'
  /** An error in this endpoint's envelope, the common checks' errors included. */
  error(status: number, message: string, headers?: Record<string, string>): Answer
  answer(request: { url: URL; json: unknown; authorization: string | undefined }): Answer
}

export function jsonAnswer(
  status: number,
  value: unknown,
  headers?: Record<string, string>
): Answer {
  return { status, body: JSON.stringify(value), ...(headers && { headers }) }
}

/** Sends an answer (JSON unless its headers say otherwise) and records its status. */
export function send(
  res: http.ServerResponse,
  record: { status: number } | undefined,
  answer: Omit<Answer, 'body'> & { body: string | Buffer }
): void {
  if (record) record.status = answer.status
  const bytes = typeof answer.body === 'string' ? Buffer.from(answer.body, 'utf8') : answer.body
  res.writeHead(answer.status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(bytes.length),
    ...answer.headers
  })
  res.end(bytes)
}

export function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
