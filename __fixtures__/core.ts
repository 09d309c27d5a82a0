// A stand-in for @actions/core in unit tests of main: inputs come from a map, and everything the
// action would write to the runner is recorded.
import { jest } from '@jest/globals'

export const inputs = new Map<string, string>()
export const written: { kind: string; text: string }[] = []

function record(kind: string) {
  return (message: string | Error) => {
    written.push({ kind, text: message instanceof Error ? message.message : message })
  }
}

export const getInput = jest.fn((name: string) => (inputs.get(name) ?? '').trim())
export const setSecret = jest.fn(record('setSecret'))
export const setOutput = jest.fn((name: string, value: string) => {
  written.push({ kind: 'output', text: `${name}=${value}` })
})
export const setFailed = jest.fn(record('setFailed'))
export const info = jest.fn(record('info'))
export const debug = jest.fn(record('debug'))
export const notice = jest.fn(record('notice'))
export const warning = jest.fn(record('warning'))
export const error = jest.fn(record('error'))
export function resetCore(values: Record<string, string>): void {
  inputs.clear()
  for (const [name, value] of Object.entries(values)) inputs.set(name, value)
  written.length = 0
  for (const mock of [
    getInput,
    setSecret,
    setOutput,
    setFailed,
    info,
    debug,
    notice,
    warning,
    error
  ]) {
    mock.mockClear()
  }
}

/** The outputs set so far, last value winning as on a runner. */
export function outputs(): Record<string, string> {
  const result: Record<string, string> = {}
  for (const { kind, text } of written) {
    if (kind !== 'output') continue
    const eq = text.indexOf('=')
    result[text.slice(0, eq)] = text.slice(eq + 1)
  }
  return result
}
