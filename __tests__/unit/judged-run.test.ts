import { describe, expect, it } from '@jest/globals'
import { interruptedWhileReporting } from '../../src/gate/verdict.js'
import { readBugs } from '../../src/gate/bugs.js'
import { reasonText } from '../../src/gate/report.js'
import { completedResponse as response, judged, runOutcome as run } from '../helpers/responses.js'

const other = { name: 'Search broken', priority: 'high' }

describe('judgeVerdict', () => {
  it('with outcome red, a blocking bug in another workflow turns a passed run red', () => {
    const verdict = judged(
      [run({ lastResponse: response({ otherBlockingBugsInEnvironment: [other] }) })],
      { outcomeWhenBlockingBugsInOtherWorkflows: 'red' }
    )
    expect(verdict).toMatchObject({ green: false, status: 'failed' })
    expect(reasonText(verdict.entries[0]!.reason!)).toBe(
      '1 blocking bug in workflows outside this run, with outcome-when-blocking-bugs-in-other-workflows: red'
    )
  })

  it('with outcome red, a non-blocking entry of another workflow does not', () => {
    const lastResponse = response({
      otherBlockingBugsInEnvironment: [{ name: 'Typo', isBlocking: false }]
    })
    expect(
      judged([run({ lastResponse })], { outcomeWhenBlockingBugsInOtherWorkflows: 'red' })
    ).toMatchObject({ green: true, status: 'passed' })
  })

  it('with outcome green (the default), the service decides', () => {
    const lastResponse = response({ otherBlockingBugsInEnvironment: [other] })
    expect(judged([run({ lastResponse })])).toMatchObject({ green: true, status: 'passed' })
  })

  it('takes the root URL from the first answer, else from an answer about the root itself', () => {
    const later = response({
      relevantRunId: 'run-2',
      rootRunId: 'run-2',
      rootRunUrl: 'https://x/2'
    })
    expect(judged([run({ lastResponse: later })]).entries[0]?.url).toBeUndefined()
    expect(judged([run({ lastResponse: later, rootRunUrl: 'https://x/1' })]).entries[0]?.url).toBe(
      'https://x/1'
    )
  })

  it('is an error, never green, without runs', () =>
    expect(judged([])).toMatchObject({ green: false, status: 'error', entries: [] }))

  it('a cancellation while reporting makes any verdict interrupted and not green', () => {
    const verdict = interruptedWhileReporting(judged([run()]))
    expect(verdict).toMatchObject({ green: false, status: 'interrupted', interrupted: 'reporting' })
  })
})

describe('bug classification fails closed', () => {
  it.each([
    [{ priority: 'critical' }, true],
    [{ priority: 'Medium ' }, false],
    [{ priority: 'low' }, false],
    [{ priority: 7 }, true],
    [{ priority: 'unprioritized' }, true],
    [{ priority: 'low', isBlocking: 'false' }, true],
    [{ priority: 'low', isBlocking: null }, true],
    [{ priority: 'low', isBlocking: 0 }, true],
    [{ priority: 'urgent', isBlocking: false }, false],
    [{ priority: 'low', isBlocking: true }, true]
  ])('%j blocks: %s', (bug, blocks) =>
    expect(readBugs([{ name: 'A bug', ...bug }])[0]?.blocking).toBe(blocks)
  )
})
