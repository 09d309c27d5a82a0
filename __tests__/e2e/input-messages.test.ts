// What a user reads when the step is misconfigured, end to end: the message for a base-url
// without a scheme, each key problem logged exactly once, and the job summary of an input error.
import { afterEach, describe, expect, it } from '@jest/globals'
import { runAction, type ActionRun } from '../../scripts/action-runner.js'
import {
  API_KEY,
  baseConfig,
  closeServers,
  emulator,
  greenlightInputs,
  messagesOf,
  notifyInputs,
  terminateInputs
} from '../helpers/e2e.js'

afterEach(closeServers)

/** A key the emulator does not know; runAction also checks that it never shows. */
const WRONG_KEY = 'qa-e2e-wrong-key-5d1e8b'

const KEY_MISSING =
  "Input 'api-key' is required: pass the team API key from a secret, e.g. api-key: ${{ secrets.QA_API_KEY }}."
const KEY_REJECTED =
  "the API key is missing or invalid. Check the 'api-key' input and the secret it is read from."

function occurrences(text: string, part: string): number {
  return text.split(part).length - 1
}

/** The one `::error::` line carries `text`, and no other line of stdout repeats it. */
function expectLoggedOnce(run: ActionRun, text: string): void {
  expect(messagesOf(run, 'error').filter(message => message.includes(text))).toHaveLength(1)
  expect(occurrences(run.stdout, text)).toBe(1)
}

/** Inputs each mode accepts against `em`; the tests then spoil the key. */
function validInputs(
  em: { url: string },
  mode: 'notify' | 'greenlight' | 'terminate'
): Record<string, string> {
  if (mode === 'notify') return notifyInputs(em)
  if (mode === 'greenlight') return greenlightInputs(em, 'run-1')
  return terminateInputs(em, { 'environment-id': 'env-1' })
}

async function service() {
  return emulator(
    baseConfig({
      triggers: [{ id: 'web' }],
      runs: [{ id: 'run-1', timeline: [{ stage: 'completed' }] }],
      environments: [{ id: 'env-1' }]
    })
  )
}

describe('input messages, end to end', () => {
  it('says to add https:// to a base-url without a scheme, and writes an input-error summary', async () => {
    const em = await service()
    const run = await runAction({
      inputs: greenlightInputs(em, 'run-1', { 'base-url': 'qa.example.com', label: 'staging' })
    })

    expect(run.exitCode).toBe(1)
    expect(em.requests).toEqual([])
    expect(messagesOf(run, 'error')).toEqual([
      "Input 'base-url' must start with https:// (or http:// for localhost); " +
        'add https:// in front: https://qa.example.com.'
    ])
    expect(run.summary).toBe(
      [
        '## ⛔ qa-greenlight: invalid input — staging',
        '',
        'Input &#39;base-url&#39; must start with https:// &#40;or http:// for localhost&#41;; ' +
          'add https:// in front: https://qa.example.com.',
        '',
        'Nothing was sent to the service.',
        '',
        ''
      ].join('\n')
    )
    // The key is masked in the log, and shown nowhere else.
    expect(run.stdout.split('\n')[0]).toBe(`::add-mask::${API_KEY}`)
    expect(run.stdout.split('\n').slice(1).join('\n')).not.toContain(API_KEY)
    expect(run.summary).not.toContain(API_KEY)
  })

  it('escapes the quoted value in the summary rather than rendering it', async () => {
    const em = await service()
    const run = await runAction({
      inputs: notifyInputs(em, { 'hosting-service': '<img src=x onerror=alert(1)>' })
    })

    expect(run.exitCode).toBe(1)
    expect(run.summary).toContain(
      'Input &#39;hosting-service&#39; must be GitHub or GitLab; ' +
        'got &#39;&lt;img src=x onerror=alert&#40;1&#41;&gt;&#39;.'
    )
    expect(run.summary).not.toMatch(/<img/i)
    expect(run.summary).toContain('Nothing was sent to the service.')
  })

  it('writes no summary for an input error when summary is false', async () => {
    const em = await service()
    const run = await runAction({
      inputs: notifyInputs(em, { 'base-url': 'qa.example.com', summary: 'false' })
    })

    expect(run.exitCode).toBe(1)
    expect(messagesOf(run, 'error')[0]).toContain('add https:// in front')
    expect(run.summary).toBe('')
  })

  it.each(['notify', 'greenlight', 'terminate'] as const)(
    'logs a missing api-key once in %s mode',
    async mode => {
      const em = await service()
      const inputs = validInputs(em, mode)
      const run = await runAction({ inputs: { ...inputs, 'api-key': '' } })

      expect(run.exitCode).toBe(1)
      expect(em.requests).toEqual([])
      expectLoggedOnce(run, KEY_MISSING)
      expect(run.summary).toContain('Nothing was sent to the service.')
    }
  )

  it.each(['notify', 'greenlight', 'terminate'] as const)(
    'logs a key the service rejects (401) once in %s mode',
    async mode => {
      const em = await service()
      const inputs = validInputs(em, mode)
      const run = await runAction({ inputs: { ...inputs, 'api-key': WRONG_KEY } })

      expect(run.exitCode).toBe(1)
      expect(em.requests.map(r => r.status)).toEqual([401])
      expectLoggedOnce(run, KEY_REJECTED)
    }
  )
})
