// The CLI as users run it: spawn it, read the URL from the first stdout line, query it, stop it.
import { describe, it, expect } from '@jest/globals'
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { createInterface } from 'node:readline'

describe('emulator CLI', () => {
  it('prints its URL first, serves the example config, logs requests without the key, and stops on SIGTERM', async () => {
    // `npm run emulator` is `tsx emulator/cli.ts`; tsx is loaded into the CLI's own process here,
    // so that the signal reaches the CLI itself (tsx's command relays it to a child and SIGKILLs
    // one that has not acknowledged within 30 ms, which a loaded machine can exceed).
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'emulator/cli.ts', '--config', 'emulator/examples/demo.json'],
      {
        cwd: join(import.meta.dirname, '../..'),
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true
      }
    )
    try {
      const line = await new Promise<string>((resolve, reject) => {
        createInterface({ input: child.stdout }).once('line', resolve)
        child.once('exit', code => reject(new Error(`CLI exited with ${code} before printing`)))
      })
      expect(line).toMatch(/^emulator listening on http:\/\/127\.0\.0\.1:\d+$/)
      let stdout = ''
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
      const closed = new Promise(resolve => child.once('close', resolve))
      const url = line.replace('emulator listening on ', '')
      const headers = { authorization: 'Bearer demo-key' }
      const response = await fetch(`${url}/api/v0/ci-greenlight/demo-green`, { headers })
      expect(await response.json()).toMatchObject({
        rootRunId: 'demo-green',
        runStage: 'initializing'
      })
      await fetch(`${url}/api/webhooks/deploy_success`, { method: 'POST', headers, body: '{}' })
      child.kill('SIGTERM')
      expect(await closed).toBe(0)
      expect(stdout).toContain('POST /api/webhooks/deploy_success -> 200')
      expect(stdout).not.toContain('demo-key')
    } finally {
      try {
        process.kill(-child.pid!, 'SIGKILL')
      } catch {
        // Already gone.
      }
    }
  })
})
