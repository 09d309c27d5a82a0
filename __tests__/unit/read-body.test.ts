// Reading a 200 body: the one place a response becomes data (JSON, no repeated keys, bounded
// depth, the documented shape).
import { describe, expect, it } from '@jest/globals'
import {
  errorBody,
  foreignAnswer,
  parseServiceJson,
  type AnswerCheck
} from '../../src/service/read-body.js'
import { checkGreenlightResponse } from '../../src/service/greenlight-answer.js'
import {
  checkNotificationResponse,
  checkTerminationResponse
} from '../../src/service/answer-checks.js'
import { ServiceError } from '../../src/service/errors.js'
import { completedResponse } from '../helpers/responses.js'

const read = (text: string, contentType = 'application/json') =>
  parseServiceJson(text, contentType, checkGreenlightResponse, t => t.split('KEY123').join('***'))

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
    const error = failure(JSON.stringify({ ...completedResponse(), blockingBugsCount: '0' }))
    expect(error.message).toMatch(/field 'blockingBugsCount': expected number/)
  })

  it.each([
    ['an HTML page', '<html>502</html>', 'text/html', "an HTML page, not the QA service's JSON"],
    ['plain text', 'Not Found', 'text/plain', 'text/plain saying "Not Found", not the QA service'],
    ['an empty body', '', 'application/json', 'the body was empty'],
    ['cut-off JSON', '{"greenlight":tr', 'application/json', 'it may be truncated'],
    ['a repeated key', '{"a":1,"a":2}', 'application/json', 'the key "a" appears twice']
  ])('refuses %s as unreadable', (_, text, type, says) => {
    const error = failure(text, type)
    expect(error.kind).toBe('unreadable')
    expect(error.message).toContain(says)
  })

  it('names a page by its title, never by its markup, and points at base-url', () => {
    const page =
      '<!DOCTYPE html><html><head><title>Error &amp; <b>more</b></title></head><body><pre>Cannot POST /x</pre></body></html>'
    const { message } = failure(page, 'text/html')
    expect(message).toContain('The answer is an HTML page saying "Error & more"')
    expect(message).toContain("Check 'base-url'")
    expect(message).not.toMatch(/[<>]|&amp;|&lt;/)
  })

  // prettier-ignore
  it.each([
    ['<html><body><h1>501 Not Implemented</h1></body></html>', '501 Not Implemented'],
    ['<html><body><pre>Cannot POST /api/webhooks/x</pre></body></html>', 'Cannot POST /api/webhooks/x']
  ])('names a page without a title by its first heading or preformatted text', (page, said) => expect(foreignAnswer(page, undefined, t => t)).toBe(`an HTML page saying "${said}"`))

  it.each(['', '   ', '{"error": "x"', '[1,', '{"error": "not found"}'])(
    "takes %j as possibly the service's own answer, not a foreign one",
    body => {
      expect(foreignAnswer(body, 'text/html', t => t)).toBeUndefined()
    }
  )

  it('redacts what it quotes of the body', () =>
    expect(failure('not json KEY123').message).not.toContain('KEY123'))

  it('cuts nesting deeper than any documented field', () => {
    const deep = '{"a":'.repeat(50) + '1' + '}'.repeat(50)
    const text = JSON.stringify(completedResponse()).replace(/}$/, `,"extra":${deep}}`)
    expect(JSON.stringify(read(text))).toContain('[nested too deep]')
  })
})

/** The message a check's refusal becomes, through the reader the client uses. */
function refusal<T>(check: AnswerCheck<T>, answer: unknown): string {
  try {
    parseServiceJson(JSON.stringify(answer), 'application/json', check, t => t)
  } catch (error) {
    if (error instanceof ServiceError && error.kind === 'invalid-response') return error.message
    throw error
  }
  throw new Error('expected the answer to be refused')
}

describe("parseServiceJson with an endpoint's check", () => {
  it('quotes the first three problems, counts the rest, and redacts them', () => {
    const problems = ["field 'a': KEY123", "field 'b': x", "field 'c': y", "field 'd': z"]
    const check: AnswerCheck<never> = () => ({ ok: false, problems })
    const message = (() => {
      try {
        parseServiceJson('{}', 'application/json', check, t => t.split('KEY123').join('***'))
      } catch (caught) {
        return (caught as Error).message
      }
      throw new Error('expected the answer to be refused')
    })()
    expect(message).toContain(
      "does not have the documented shape: field 'a': ***; field 'b': x; field 'c': y (and 1 more problems)."
    )
    expect(message).not.toContain("field 'd'")
  })

  it('hands the check the parsed data, nesting already cut, and returns what it returns', () => {
    const seen: unknown[] = []
    const check: AnswerCheck<string> = data => (seen.push(data), { ok: true, value: 'checked' })
    const deep = '{"a":'.repeat(50) + '1' + '}'.repeat(50)
    expect(parseServiceJson(deep, 'application/json', check, t => t)).toBe('checked')
    expect(JSON.stringify(seen[0])).toContain('[nested too deep]')
  })
})

describe('the notify check: a list of results, or a skipped deployment', () => {
  it.each<[string, unknown, string]>([
    ['null', null, 'the body: expected Object'],
    ['a string', 'ok', 'the body: expected Object'],
    ['a list', [{ created_suite_id: 'r' }], 'the body: expected Object'],
    ['an empty object', {}, 'the body: a list of results (or a skipped deployment)'],
    ['null results', { results: null }, 'the body: a list of results (or a skipped deployment)'],
    [
      'results an object',
      { results: { created_suite_id: 'r' } },
      "field 'results': expected Array"
    ],
    [
      'results text beside a skip',
      { results: 'x', skipped_deployment: {} },
      "field 'results': expected Array"
    ],
    [
      'a null skip',
      { results: null, skipped_deployment: null },
      'the body: a list of results (or a skipped deployment)'
    ]
  ])('refuses %s', (_, answer, says) => {
    expect(refusal(checkNotificationResponse, answer)).toContain(
      `does not have the documented shape: ${says}`
    )
  })

  it.each<[string, object]>([
    ['an empty list', { results: [] }],
    ['entries of any shape, and any other field', { results: [null, 7], environment: 3 }],
    ['a skip without results', { skipped_deployment: false }],
    ['a skip with null results', { results: null, skipped_deployment: { reason: 'paused' } }]
  ])('takes %s as it is', (_, answer) =>
    expect(checkNotificationResponse(answer)).toEqual({ ok: true, value: answer })
  )
})

describe('the terminate check: any object, read field by field', () => {
  it.each([null, 'terminated', 3, true])('refuses %p', answer =>
    expect(refusal(checkTerminationResponse, answer)).toContain(
      'does not have the documented shape: the body: expected Object'
    )
  )

  it('refuses a list, which has no code and would read as terminated', () =>
    expect(refusal(checkTerminationResponse, [{ code: 'failed' }])).toContain(
      'does not have the documented shape: the body: expected Object'
    ))

  it('takes an object whatever its fields hold', () => {
    const answer = { code: 7, environmentId: { id: 1 }, warning: null, extra: [] }
    expect(checkTerminationResponse(answer)).toEqual({ ok: true, value: answer })
    expect(checkTerminationResponse({})).toEqual({ ok: true, value: {} })
  })
})

describe('errorBody', () => {
  // prettier-ignore
  it.each([
    ['{"error":"invalid body: sha"}', 'invalid body: sha'],
    ['{"failureCode":"BILLING_PREVENTED","failureMessage":"Your plan does not allow more runs"}', 'Your plan does not allow more runs (BILLING_PREVENTED)'],
    ['{"failure_code":"RATE_LIMITED","failure_message":"Slow down"}', 'Slow down (RATE_LIMITED)'],
    ['{"failureCode":"TRANSACTION_TIMEOUT"}', 'TRANSACTION_TIMEOUT'],
    ['{"message":"Not Found"}', 'Not Found'],
    ['<html>502</html>', '<html>502</html>'],
    ['{"other":1}', '{"other":1}'],
    ['[1,2]', '[1,2]']
  ])('reads %s as %j', (body, said) => expect(errorBody(body)).toEqual({ message: said }))

  it.each([
    ['{"failureMessage":"Workspace disabled","eventId":"evt_01HX3"}', 'Workspace disabled'],
    ['{"failure_code":"X","event_id":"evt_01HX3"}', 'X'],
    ['{"error":"bad","eventId":" evt_01HX3 "}', 'bad']
  ])('reads the eventId of %s', (body, message) =>
    expect(errorBody(body)).toEqual({ message, eventId: 'evt_01HX3' })
  )

  it('ignores an eventId that is not text', () =>
    expect(errorBody('{"error":"bad","eventId":7}')).toEqual({ message: 'bad' }))
})
