// The CLI as users run it: spawn it, read the URL from the first stdout line, query it, stop it.
import { describe, it, expect } from '@jest/globals'
import { spawn, type ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import { createInterface } from 'node:readline'

const root = join(import.meta.dirname, '../..')

// `npm run emulator` is `tsx emulator/cli.ts`. Here tsx is loaded into the CLI's own process
// instead, so that a signal reaches the CLI itself: tsx's command relays signals to a child
// process and SIGKILLs it if the child has not acknowledged within 30 ms, which a loaded machine
// can exceed. npx would not pass signals on at all.
// Each CLI gets its own process group so that cleanup can reach every process it started.
function runCli(args: string[]): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'emulator/cli.ts', ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true
  })
}

function cleanUp(child: ChildProcess): void {
  if (child.pid === undefined) return
  try {
    process.kill(-child.pid, 'SIGKILL')
  } catch {
    // Already gone.
  }
}

function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! })
    lines.once('line', line => {
      lines.close()
      resolve(line)
    })
    child.once('exit', code => reject(new Error(`CLI exited with ${code} before printing`)))
  })
}

function exited(
  child: ChildProcess
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  let stdout = ''
  let stderr = ''
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()))
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()))
  return new Promise(resolve => child.once('close', code => resolve({ code, stdout, stderr })))
}

describe('emulator CLI', () => {
  it('prints its URL first, serves the example config, and stops on SIGTERM', async () => {
    const child = runCli(['--config', 'emulator/examples/demo.json'])
    try {
      const line = await firstLine(child)
      expect(line).toMatch(/^emulator listening on http:\/\/127\.0\.0\.1:\d+$/)
      const url = line.replace('emulator listening on ', '')
      const response = await fetch(`${url}/api/v0/ci-greenlight/demo-green`, {
        headers: { authorization: 'Bearer demo-key' }
      })
      expect(response.status).toBe(200)
      expect(await response.json()).toMatchObject({
        rootRunId: 'demo-green',
        runStage: 'initializing'
      })
      const done = exited(child)
      child.kill('SIGTERM')
      expect((await done).code).toBe(0)
    } finally {
      cleanUp(child)
    }
  })

  it('logs requests without headers, so never the key', async () => {
    const child = runCli(['--config', 'emulator/examples/demo.json'])
    try {
      const url = (await firstLine(child)).replace('emulator listening on ', '')
      const done = exited(child)
      await fetch(`${url}/api/webhooks/deploy_success`, {
        method: 'POST',
        headers: { authorization: 'Bearer demo-key' },
        body: JSON.stringify({ deployment_type: 'smoke' })
      })
      child.kill('SIGINT')
      const { code, stdout } = await done
      expect(code).toBe(0)
      expect(stdout).toContain('POST /api/webhooks/deploy_success -> 200')
      expect(stdout).not.toContain('demo-key')
    } finally {
      cleanUp(child)
    }
  })
})
