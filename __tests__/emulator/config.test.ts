import { describe, it, expect } from '@jest/globals'
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { parseConfigText } from '../../emulator/config.js'

const examples = join(import.meta.dirname, '../../emulator/examples')

describe('emulator config', () => {
  it.each(readdirSync(examples).filter(f => f.endsWith('.json')))(
    'accepts the example %s',
    file => {
      const config = parseConfigText(readFileSync(join(examples, file), 'utf8'), file)
      expect(config.teams.length).toBeGreaterThan(0)
    }
  )

  it('demo example has the demo key and a red trigger with blocking and non-blocking bugs', () => {
    const config = parseConfigText(readFileSync(join(examples, 'demo.json'), 'utf8'), 'demo.json')
    expect(config.teams).toContainEqual({ apiKey: 'demo-key', name: 'Demo team' })
    const regression = config.triggers?.find(t => t.id === 'regression')
    // The demo shows each way a bug is sorted: urgent, unprioritized (blocks) and isBlocking: false.
    expect(
      regression?.run?.bugs?.map(b => [b.priority ?? 'unset', b.isBlocking ?? 'unset'])
    ).toEqual([
      ['urgent', 'unset'],
      ['unset', 'unset'],
      ['high', false]
    ])
  })
})
