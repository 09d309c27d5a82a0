// Reading a 200 body: the one place a response becomes data (JSON, no repeated keys, bounded
// depth, the documented shape).
import { describe, expect, it } from '@jest/globals'
import { errorBody, parseServiceJson } from '../../src/service/read-body.js'
import { GreenlightResponseSchema } from '../../src/service/schemas.js'
import { ServiceError } from '../../src/service/errors.js'
import { completedResponse } from '../helpers/responses.js'

const read = (text: string, contentType = 'application/json') =>
  parseServiceJson(text, contentType, GreenlightResponseSchema, t => t.split('KEY123').join('***'))

function failure(text: string, contentType?: string): ServiceError {
  try {
    read(text, contentType)
  } catch (error) {
    if (error instanceof ServiceError) return error
    throw error
  }
  throw new Error('expected the body to be refused')
}

describe('parseServiceJson', () => {
  it('returns a well-formed answer as it is', () => {
    const body = completedResponse()
    expect(read(JSON.stringify(body))).toEqual(body)
    expect(read(`\uFEFF${JSON.stringify(body)}`)).toEqual(body)
  })

  it('never trusts an answer of the wrong shape, even one that says green', () => {
    const error = failure(JSON.stringify({ greenlight: true, runStage: 'completed' }))
    expect(error.kind).toBe('invalid-response')
    expect(error.message).toContain("field 'relevantRunId': missing")
  })

  it('names the wrong field and what was expected', () => {
    const error = failure(JSON.stringify({ ...completedResponse(), runStage: 'finished' }))
    expect(error.message).toMatch(/field 'runStage': expected \(?"initializing"/)
  })

  it.each([
    ['an HTML page', '<html>502</html>', 'text/html', 'expected JSON but got text/html'],
    ['an empty body', '', 'application/json', 'the body was empty'],
    ['cut-off JSON', '{"greenlight":tr', 'application/json', 'it may be truncated'],
    ['a repeated key', '{"a":1,"a":2}', 'application/json', 'the key "a" appears twice']
  ])('refuses %s as unreadable', (_, text, type, says) => {
    const error = failure(text, type)
    expect(error.kind).toBe('unreadable')
    expect(error.message).toContain(says)
  })

  it('redacts what it quotes of the body', () => {
    expect(failure('not json KEY123').message).not.toContain('KEY123')
  })

  it('cuts nesting deeper than any documented field', () => {
    const deep = '{"a":'.repeat(50) + '1' + '}'.repeat(50)
    const text = JSON.stringify(completedResponse()).replace(/}$/, `,"extra":${deep}}`)
    expect(JSON.stringify(read(text))).toContain('[nested too deep]')
  })
})

describe('errorBody', () => {
  it.each([
    ['{"error":"invalid body: sha"}', 'invalid body: sha'],
    [
      '{"failureCode":"BILLING_PREVENTED","failureMessage":"Your plan does not allow more runs"}',
      'Your plan does not allow more runs (BILLING_PREVENTED)'
    ],
    ['{"failure_code":"RATE_LIMITED","failure_message":"Slow down"}', 'Slow down (RATE_LIMITED)'],
    ['{"failureCode":"TRANSACTION_TIMEOUT"}', 'TRANSACTION_TIMEOUT'],
    ['{"message":"Not Found"}', 'Not Found'],
    ['<html>502</html>', '<html>502</html>'],
    ['{"other":1}', '{"other":1}'],
    ['[1,2]', '[1,2]']
  ])('reads %s as %j', (body, said) => {
    expect(errorBody(body)).toEqual({ message: said })
  })

  it.each([
    ['{"failureMessage":"Workspace disabled","eventId":"evt_01HX3"}', 'Workspace disabled'],
    ['{"failure_code":"X","event_id":"evt_01HX3"}', 'X'],
    ['{"error":"bad","eventId":" evt_01HX3 "}', 'bad']
  ])('reads the eventId of %s', (body, message) => {
    expect(errorBody(body)).toEqual({ message, eventId: 'evt_01HX3' })
  })

  it('ignores an eventId that is not text', () => {
    expect(errorBody('{"error":"bad","eventId":7}')).toEqual({ message: 'bad' })
  })
})
