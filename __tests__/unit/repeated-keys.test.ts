import { describe, expect, it } from '@jest/globals'
import { findRepeatedKey } from '../../src/service/repeated-keys.js'

describe('findRepeatedKey', () => {
  it.each([
    ['{"a":1,"a":2}', 'a'],
    ['{"a":1,"b":{"c":[{"d":1,"d":1}]}}', 'd'],
    ['[{"x":1},{"y":[1,{"z":1,"z":2}]}]', 'z'],
    ['{"g":1,"\\u0067":2}', 'g'],
    ['{"a\\"b":1,"a\\"b":2}', 'a"b'],
    ['{"k":"{\\"k\\":1,","k":2}', 'k']
  ])('finds the repeat in %s', (json, key) => expect(findRepeatedKey(json)).toBe(key))

  it.each([
    '{"a":1,"b":2}',
    '[{"a":1},{"a":2}]',
    '{"a":{"a":{"a":1}}}',
    '{"a":"\\"a\\":1,\\"a\\":2"}',
    '{"a":["a","a"]}',
    '[]',
    '"a"',
    '{}'
  ])('finds none in %s', json => expect(findRepeatedKey(json)).toBeUndefined())

  it('walks 100,000 levels of nesting without recursion', () => {
    const depth = 100_000
    const deep = '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)
    expect(findRepeatedKey(deep)).toBeUndefined()
    expect(findRepeatedKey(`{"x":${deep},"x":1}`)).toBe('x')
  })
})
