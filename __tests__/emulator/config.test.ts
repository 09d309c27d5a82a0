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
})
