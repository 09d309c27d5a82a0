import { describe, it, expect } from '@jest/globals'
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { ConfigError, parseConfig, parseConfigText } from '../../emulator/config.js'

const examples = join(import.meta.dirname, '../../emulator/examples')

function errorOf(value: unknown): string {
  try {
    parseConfig(value, 'cfg')
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError)
    return (error as Error).message
  }
  throw new Error('expected the config to be rejected')
}

const team = [{ apiKey: 'k' }]

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

  it('names the file and says the content must be JSON', () => {
    expect(() => parseConfigText('{ teams: [] ', 'my.json')).toThrow(/^my\.json: not valid JSON/)
  })

  it('requires teams with an example', () => {
    expect(errorOf({})).toBe('cfg: "teams" is required, e.g. "teams": [{ "apiKey": "demo-key" }]')
  })

  it('rejects unknown fields and lists the accepted ones', () => {
    expect(errorOf({ teams: team, runs: [{ id: 'r', workflowInRun: 3 }] })).toMatch(
      /^cfg\.runs\[0\]: unknown field "workflowInRun"; accepted fields: id, supersededBy, deduplicationKey, timeline, workflowsInRun,/
    )
  })

  it('explains timeline mistakes at their position', () => {
    expect(
      errorOf({ teams: team, runs: [{ id: 'r', timeline: [{ stage: 'completed', polls: 1 }] }] })
    ).toBe(
      'cfg.runs[0].timeline[0]: the last timeline entry lasts forever, so it takes neither "durationMs" nor "polls"'
    )
    expect(
      errorOf({
        teams: team,
        runs: [{ id: 'r', timeline: [{ stage: 'canceled', polls: 1 }, { stage: 'completed' }] }]
      })
    ).toBe(
      'cfg.runs[0].timeline[0]: "canceled" is terminal, so it can only be the last timeline entry'
    )
    expect(
      errorOf({
        teams: team,
        triggers: [
          { id: 't', run: { timeline: [{ stage: 'underReview' }, { stage: 'completed' }] } }
        ]
      })
    ).toBe(
      'cfg.triggers[0].run.timeline[0]: give exactly one of "durationMs" (milliseconds) or "polls" (answered queries) for how long "underReview" lasts'
    )
    expect(errorOf({ teams: team, runs: [{ id: 'r', timeline: [{ stage: 'running' }] }] })).toBe(
      'cfg.runs[0].timeline[0].stage: expected one of "initializing", "underReview", "completed", "canceled", got the string "running"'
    )
  })

  it('rejects bad priorities, fault kinds and statuses with the accepted forms', () => {
    expect(
      errorOf({
        teams: team,
        runs: [{ id: 'r', bugs: [{ id: 'b', name: 'n', priority: 'critical' }] }]
      })
    ).toBe(
      'cfg.runs[0].bugs[0].priority: expected one of "urgent", "high", "medium", "low", "unprioritized" or null (unset, which blocks), got the string "critical"'
    )
    expect(
      errorOf({ teams: team, faults: { greenlight: { script: [{ kind: 'boom' }] } } })
    ).toMatch(
      /^cfg\.faults\.greenlight\.script\[0\]\.kind: expected one of "status", "rate-limit",/
    )
    expect(
      errorOf({ teams: team, faults: { notify: { script: [{ kind: 'status', status: 302 }] } } })
    ).toBe(
      'cfg.faults.notify.script[0].status: expected an HTTP status from 400 to 599, got number 302'
    )
    expect(
      errorOf({
        teams: team,
        faults: { notify: { random: { seed: 1, probability: 2, kinds: [] } } }
      })
    ).toBe('cfg.faults.notify.random.probability: expected a number from 0 to 1, got number 2')
    expect(
      errorOf({
        teams: team,
        faults: { notify: { script: [{ kind: 'compressed', encoding: 'zstd' }] } }
      })
    ).toBe(
      'cfg.faults.notify.script[0].encoding: expected one of "gzip", "deflate", "br", got the string "zstd"'
    )
    expect(
      errorOf({
        teams: team,
        faults: { notify: { script: [{ kind: 'header-overflow', bytes: 0 }] } }
      })
    ).toBe('cfg.faults.notify.script[0].bytes: expected an integer >= 1, got number 0')
    expect(errorOf({ teams: team, shape: 'documented' })).toBe(
      'cfg.shape: expected one of "live", "docs", got the string "documented"'
    )
    expect(errorOf({ teams: team, faults: { webhook: {} } })).toMatch(
      /^cfg\.faults: unknown field "webhook"; accepted fields: notify, greenlight, terminate, report-status$/
    )
  })

  it('names a missing field at the object that lacks it, and a value of the wrong kind', () => {
    expect(errorOf({ teams: [{}] })).toBe('cfg.teams[0]: "apiKey" is required')
    expect(errorOf({ teams: team, triggers: [{ id: 't', run: { bugs: [{ id: 'b' }] } }] })).toBe(
      'cfg.triggers[0].run.bugs[0]: "name" is required'
    )
    expect(errorOf({ teams: team, faults: { notify: { script: [{ kind: 'replay' }] } } })).toBe(
      'cfg.faults.notify.script[0]: "body" is required'
    )
    expect(errorOf({ teams: team, faults: { notify: { script: [5] } } })).toBe(
      'cfg.faults.notify.script[0]: expected a fault object such as {"kind": "status", "status": 503}, got number 5'
    )
    expect(
      errorOf({
        teams: team,
        faults: { notify: { script: [{ kind: 'slow', delayMs: 1, processed: true }] } }
      })
    ).toBe('cfg.faults.notify.script[0]: unknown field "processed"; accepted fields: kind, delayMs')
    expect(errorOf(null)).toBe('cfg: expected an object, got null')
  })

  it('rejects duplicate ids and dangling supersededBy', () => {
    expect(errorOf({ teams: [{ apiKey: 'k' }, { apiKey: 'k' }] })).toBe(
      'cfg.teams: duplicate apiKey "k"'
    )
    expect(errorOf({ teams: team, runs: [{ id: 'a' }, { id: 'a' }] })).toBe(
      'cfg.runs: duplicate run id "a"'
    )
    expect(errorOf({ teams: team, runs: [{ id: 'a', supersededBy: 'b' }] })).toBe(
      'cfg.runs[0].supersededBy: no run with id "b" in "runs"'
    )
  })

  it('keeps hostile text verbatim', () => {
    const config = parseConfig({
      teams: team,
      runs: [
        {
          id: 'r',
          bugs: [{ id: 'b', name: '<img src=x onerror=alert(1)>', url: 'javascript:alert(1)' }]
        }
      ]
    })
    expect(config.runs?.[0]?.bugs?.[0]).toEqual({
      id: 'b',
      name: '<img src=x onerror=alert(1)>',
      url: 'javascript:alert(1)'
    })
  })
})
