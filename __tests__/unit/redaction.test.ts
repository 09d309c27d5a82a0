import { describe, expect, it } from '@jest/globals'
import { MIN_SECRET_RUN, Redactor, redactorFor } from '../../src/core/redaction.js'

const KEY = 'qa_live_9f8e7d6c5b4a'

describe('Redactor', () => {
  it('hides the key whole, and any run of MIN_SECRET_RUN or more characters of it', () => {
    const redact = redactorFor(KEY)
    expect(redact(`Bearer ${KEY} rejected`)).toBe('Bearer *** rejected')
    const piece = KEY.slice(3, 3 + MIN_SECRET_RUN)
    expect(redact(`got '${piece}'`)).toBe("got '***'")
    // One character short of a run is not a piece of the key.
    expect(redact(KEY.slice(0, MIN_SECRET_RUN - 1))).toBe(KEY.slice(0, MIN_SECRET_RUN - 1))
  })

  it('hides the key JSON-escaped and URL-encoded, and in extra spellings it is given', () => {
    const key = 'qa:live,key"<1>&x'
    const redactor = new Redactor()
    redactor.add(key, ['qa:live,key&quot;&lt;1&gt;&amp;x'])
    expect(redactor.redact(JSON.stringify({ echo: key }))).toBe('{"echo":"***"}')
    expect(redactor.redact(`?k=${encodeURIComponent(key)}`)).toBe('?k=***')
    expect(redactor.redact('qa:live,key&quot;&lt;1&gt;&amp;x')).toBe('***')
  })

  it('leaves alone a value shorter than a run: an ordinary word, refused as a key', () => {
    const redact = redactorFor('created')
    expect(redact('2 runs created, created_suite_id')).toBe('2 runs created, created_suite_id')
    expect(new Redactor().empty).toBe(true)
  })

  it('changes nothing without a secret', () => {
    expect(redactorFor('')('anything at all')).toBe('anything at all')
    expect(new Redactor().empty).toBe(true)
  })
})
