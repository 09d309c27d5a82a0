// `npm run emulator -- --config <file> [--port N] [--host H] [--tls-cert F --tls-key F] [--quiet]`
// The first stdout line is always `emulator listening on <url>` so scripts can read the address.
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { ConfigError, parseConfigText } from './config.js'
import { startEmulator } from './server.js'

const USAGE = `usage: npm run emulator -- --config <file.json> [--port N] [--host H]
                        [--tls-cert cert.pem --tls-key key.pem] [--quiet]
  --config    emulator config (see emulator/README.md; examples in emulator/examples/)
  --port      port to listen on (default 0: any free port)
  --host      address to bind (default 127.0.0.1)
  --tls-cert, --tls-key   serve HTTPS with this certificate and key (PEM files)
  --quiet     do not log requests after the first line`

function usageError(message: string): never {
  process.stderr.write(`emulator: ${message}\n${USAGE}\n`)
  process.exit(2)
}

function readText(file: string, what: string): string {
  try {
    return readFileSync(file, 'utf8')
  } catch (error) {
    return usageError(`cannot read ${what} ${file}: ${(error as Error).message}`)
  }
}

async function main(): Promise<void> {
  let values
  try {
    ;({ values } = parseArgs({
      options: {
        config: { type: 'string' },
        port: { type: 'string' },
        host: { type: 'string' },
        'tls-cert': { type: 'string' },
        'tls-key': { type: 'string' },
        quiet: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' }
      },
      strict: true
    }))
  } catch (error) {
    return usageError((error as Error).message)
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`)
    return
  }
  if (values.config === undefined) usageError('--config <file.json> is required')
  let port: number | undefined
  if (values.port !== undefined) {
    port = Number(values.port)
    if (!/^\d+$/.test(values.port) || port > 65535) {
      usageError(`--port must be a number from 0 to 65535, got "${values.port}"`)
    }
  }
  if ((values['tls-cert'] === undefined) !== (values['tls-key'] === undefined)) {
    usageError('--tls-cert and --tls-key go together')
  }
  let config
  try {
    config = parseConfigText(readText(values.config, 'config file'), values.config)
  } catch (error) {
    if (error instanceof ConfigError) usageError(error.message)
    throw error
  }
  const tls =
    values['tls-cert'] !== undefined && values['tls-key'] !== undefined
      ? {
          cert: readText(values['tls-cert'], 'certificate'),
          key: readText(values['tls-key'], 'key')
        }
      : undefined
  const quiet = values.quiet === true
  const emulator = await startEmulator(config, {
    ...(port === undefined ? {} : { port }),
    ...(values.host === undefined ? {} : { host: values.host }),
    ...(tls === undefined ? {} : { tls }),
    onRequest: request => {
      // Method, path and outcome only: headers would include the API key.
      if (quiet) return
      const fault = request.fault === undefined ? '' : ` [fault: ${request.fault}]`
      process.stdout.write(`${request.method} ${request.path} -> ${request.status}${fault}\n`)
    }
  })
  // A process group (npx, tsx) may deliver the same signal more than once: stop only once.
  let stopping = false
  const stop = (): void => {
    if (stopping) return
    stopping = true
    void emulator.close().then(() => process.exit(0))
  }
  // Before the address is announced, so a signal sent on reading it is always handled.
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
  process.stdout.write(`emulator listening on ${emulator.url}\n`)
}

main().catch((error: unknown) => {
  process.stderr.write(`emulator: ${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
})
