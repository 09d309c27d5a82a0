// `npm run emulator -- --config <file> [--port N] [--host H] [--tls-cert F --tls-key F] [--quiet]`
// The first stdout line is always `emulator listening on <url>` so scripts can read the address.
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { parseConfigText } from './config.js'
import { startEmulator } from './server.js'

const USAGE = `usage: npm run emulator -- --config <file.json> [--port N] [--host H]
                        [--tls-cert cert.pem --tls-key key.pem] [--quiet]
  --config    emulator config (see emulator/README.md; examples in emulator/examples/)
  --port      port to listen on (default 0: any free port)
  --host      address to bind (default 127.0.0.1)
  --tls-cert, --tls-key   serve HTTPS with this certificate and key (PEM files)
  --quiet     do not log requests after the first line`

/** Bad usage, an unreadable file or a bad config: the message and the usage, exit code 2. */
class UsageError extends Error {}

function readText(file: string, what: string): string {
  try {
    return readFileSync(file, 'utf8')
  } catch (error) {
    throw new UsageError(`cannot read ${what} ${file}: ${(error as Error).message}`)
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      config: { type: 'string' },
      port: { type: 'string', default: '0' },
      host: { type: 'string' },
      'tls-cert': { type: 'string' },
      'tls-key': { type: 'string' },
      quiet: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' }
    }
  })
  if (values.help) return void process.stdout.write(`${USAGE}\n`)
  if (values.config === undefined) throw new UsageError('--config <file.json> is required')
  const port = Number(values.port)
  if (!/^\d+$/.test(values.port) || port > 65535)
    throw new UsageError(`--port must be a number from 0 to 65535, got "${values.port}"`)
  const { 'tls-cert': cert, 'tls-key': key } = values
  if ((cert === undefined) !== (key === undefined))
    throw new UsageError('--tls-cert and --tls-key go together')
  const config = parseConfigText(readText(values.config, 'config file'), values.config)
  const tls = cert && key ? { cert: readText(cert, 'certificate'), key: readText(key, 'key') } : {}
  const emulator = await startEmulator(config, {
    port,
    ...(values.host === undefined ? {} : { host: values.host }),
    ...(tls.cert === undefined ? {} : { tls }),
    onRequest: request => {
      // Method, path and outcome only: headers would include the API key.
      if (values.quiet) return
      const fault = request.fault === undefined ? '' : ` [fault: ${request.fault}]`
      process.stdout.write(`${request.method} ${request.path} -> ${request.status}${fault}\n`)
    }
  })
  // A process group (npx, tsx) may deliver the same signal more than once: stop only once.
  let stopping = false
  const stop = (): void => {
    if (!stopping) void emulator.close().then(() => process.exit(0))
    stopping = true
  }
  // Before the address is announced, so a signal sent on reading it is always handled.
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
  process.stdout.write(`emulator listening on ${emulator.url}\n`)
}

main().catch((error: unknown) => {
  const { message, name, code } = error as Error & { code?: string }
  // parseArgs's own errors (an unknown option) and a bad config are usage errors too.
  const usage =
    error instanceof UsageError || name === 'ConfigError' || code?.startsWith('ERR_PARSE_ARGS')
  process.stderr.write(usage ? `emulator: ${message}\n${USAGE}\n` : `emulator: ${message}\n`)
  process.exit(usage ? 2 : 1)
})
