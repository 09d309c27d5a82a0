import { describe, it, expect } from '@jest/globals'
import { INPUT_DEFAULTS } from '../../src/inputs/defaults.js'
import { InputError, InputErrors } from '../../src/core/input-error.js'
import {
  readSettings,
  type GetInput,
  type ReadSettingsResult
} from '../../src/inputs/read-settings.js'
import type { GreenlightSettings, NotifySettings } from '../../src/inputs/settings.js'

// Distinctive, so that any echo of it in a message is caught.
const API_KEY = 'qak_SENTINEL_7f3a9c2e5b1d8046'
const RUNNER_TOKEN = 'ghs_runnerFilledToken0123456789'

/** Like the runner: every input with a default is filled in; values are trimmed like core.getInput. */
function runner(given: Record<string, string>): GetInput {
  const values: Record<string, string> = {
    ...INPUT_DEFAULTS,
    'github-token': RUNNER_TOKEN,
    'api-key': API_KEY,
    'base-url': 'https://qa.example.com',
    ...given
  }
  return name => (values[name] ?? '').trim()
}

function read(given: Record<string, string>): ReadSettingsResult {
  return readSettings(runner(given))
}

function notify(given: Record<string, string> = {}): NotifySettings {
  const { settings } = read({ mode: 'notify', ...given })
  if (settings.mode !== 'notify') throw new Error('expected notify settings')
  return settings
}

function greenlight(given: Record<string, string> = {}): GreenlightSettings {
  const { settings } = read({ mode: 'greenlight', 'run-id': 'run-1', ...given })
  if (settings.mode !== 'greenlight') throw new Error('expected greenlight settings')
  return settings
}

function failure(given: Record<string, string>): InputError {
  try {
    read(given)
  } catch (error) {
    if (error instanceof InputError) return error
    throw error
  }
  throw new Error(`expected ${JSON.stringify(given)} to be refused`)
}

/** The single error message for one bad input. */
function message(given: Record<string, string>): string {
  const error = failure(given)
  expect(error).not.toBeInstanceOf(InputErrors)
  return error.message
}

describe('readSettings: notify defaults', () => {
  it('builds the notify settings from the runner-filled defaults', () => {
    const { settings, warnings } = read({ mode: 'notify', 'base-url': 'https://qa.example.com/' })
    expect(settings).toEqual({
      mode: 'notify',
      apiKey: API_KEY,
      baseUrl: 'https://qa.example.com',
      label: '',
      summary: true,
      hostingService: 'GitHub',
      failOnNoRun: true
    })
    expect(warnings).toEqual([])
  })

  it('reads every notify input', () => {
    expect(
      notify({
        sha: 'ABCDEF0123456789abcdef0123456789abcdef01',
        branch: 'feature/login',
        'deployment-type': 'preview',
        'deployment-url': 'https://pr-42.preview.example.com/',
        'hosting-service': 'gitlab',
        'commit-url': 'https://gitlab.example.com/acme/shop/-/commit/abcdef01',
        variables: 'API_URL=https://api.example.com',
        'deduplication-key': 'preview-pr-42',
        'ephemeral-environment': 'TRUE',
        'fail-on-no-run': 'false',
        label: 'staging (eu)',
        summary: 'False'
      })
    ).toEqual({
      mode: 'notify',
      apiKey: API_KEY,
      baseUrl: 'https://qa.example.com',
      label: 'staging (eu)',
      summary: false,
      sha: 'abcdef0123456789abcdef0123456789abcdef01',
      branch: 'feature/login',
      deploymentType: 'preview',
      deploymentUrl: 'https://pr-42.preview.example.com/',
      hostingService: 'GitLab',
      commitUrl: 'https://gitlab.example.com/acme/shop/-/commit/abcdef01',
      variables: { API_URL: 'https://api.example.com' },
      deduplicationKey: 'preview-pr-42',
      ephemeralEnvironment: true,
      failOnNoRun: false
    })
  })

  it('treats an empty boolean or enum input as its action.yml default', () => {
    const settings = notify({ summary: '', 'fail-on-no-run': '', 'hosting-service': '' })
    expect(settings.summary).toBe(true)
    expect(settings.failOnNoRun).toBe(true)
    expect(settings.hostingService).toBe('GitHub')
  })
})

describe('readSettings: greenlight defaults', () => {
  it('builds the greenlight settings from the runner-filled defaults', () => {
    const { settings, warnings } = read({ mode: 'greenlight', 'run-id': 'abc123' })
    expect(settings).toEqual({
      mode: 'greenlight',
      apiKey: API_KEY,
      baseUrl: 'https://qa.example.com',
      label: '',
      summary: true,
      runIds: ['abc123'],
      wait: true,
      timeoutMs: 2 * 3600 * 1000,
      pollIntervalMs: 30_000,
      outcomeWhenBlockingBugsInOtherWorkflows: 'green',
      failOnRed: true,
      failOnTimeout: true,
      commentOnPr: false,
      githubToken: RUNNER_TOKEN
    })
    expect(warnings).toEqual([])
  })

  it('reads every greenlight input', () => {
    expect(
      greenlight({
        'run-id': 'a,b',
        wait: 'False',
        timeout: '45m',
        'poll-interval': '500ms',
        'outcome-when-blocking-bugs-in-other-workflows': 'RED',
        'fail-on-red': 'FALSE',
        'fail-on-timeout': 'false',
        'comment-on-pr': 'True',
        'github-token': 'ghp_other'
      })
    ).toMatchObject({
      runIds: ['a', 'b'],
      wait: false,
      timeoutMs: 45 * 60_000,
      pollIntervalMs: 500,
      outcomeWhenBlockingBugsInOtherWorkflows: 'red',
      failOnRed: false,
      failOnTimeout: false,
      commentOnPr: true,
      githubToken: 'ghp_other'
    })
  })
})

describe('mode', () => {
  it.each([
    ['notify', 'notify'],
    ['Notify', 'notify'],
    ['GREENLIGHT', 'greenlight']
  ])('accepts %j', (mode, expected) => {
    expect(read({ mode, 'run-id': 'r1' }).settings.mode).toBe(expected)
  })

  it('is required', () => {
    expect(message({ mode: '' })).toBe(
      "Input 'mode' is required: set it to notify, greenlight or terminate."
    )
  })

  it('refuses anything else', () => {
    const error = failure({ mode: 'deploy' })
    expect(error.input).toBe('mode')
    expect(error.message).toBe(
      "Input 'mode' must be notify, greenlight or terminate; got 'deploy'."
    )
  })

  it('still reports problems with the common inputs, but not mode-specific ones', () => {
    const error = failure({ mode: 'both', 'base-url': 'ftp://qa.example.com', sha: 'nothex' })
    expect(error).toBeInstanceOf(InputErrors)
    expect((error as InputErrors).errors.map(e => e.input)).toEqual(['mode', 'base-url'])
  })
})

describe('api-key', () => {
  it('is required', () => {
    const error = failure({ mode: 'notify', 'api-key': '' })
    expect(error.input).toBe('api-key')
    expect(error.message).toContain("Input 'api-key' is required")
  })

  it.each([
    ['a space inside', `${API_KEY} extra`],
    ['a line break inside', `${API_KEY}\n${API_KEY}`],
    ['a tab inside', `${API_KEY}\tx`],
    ['a control character', `${API_KEY}\u0007`],
    ['a non-ASCII character', `${API_KEY}é`]
  ])('refuses a key with %s without echoing it', (_, key) => {
    const error = failure({ mode: 'notify', 'api-key': key })
    expect(error.input).toBe('api-key')
    expect(error.message).toContain('cannot be sent in an HTTP header')
    expect(error.message).toContain('not shown')
    expect(error.message).not.toContain('SENTINEL')
  })

  it('explains a pasted "Bearer " prefix without echoing the key', () => {
    const text = message({ mode: 'notify', 'api-key': `Bearer ${API_KEY}` })
    expect(text).toContain("without the 'Bearer ' prefix")
    expect(text).not.toContain('SENTINEL')
  })
})

describe('base-url', () => {
  it.each([
    ['https://qa.example.com', 'https://qa.example.com'],
    ['https://qa.example.com/', 'https://qa.example.com'],
    ['https://qa.example.com//', 'https://qa.example.com'],
    ['https://qa.example.com/qa/', 'https://qa.example.com/qa'],
    ['https://qa.example.com/qa/v2', 'https://qa.example.com/qa/v2'],
    ['https://QA.Example.com:8443/', 'https://qa.example.com:8443'],
    ['https://qa.example.com:443/', 'https://qa.example.com'],
    ['http://localhost:8080', 'http://localhost:8080'],
    ['http://LOCALHOST/', 'http://localhost'],
    ['http://127.0.0.1:3000/', 'http://127.0.0.1:3000'],
    ['http://127.10.20.30', 'http://127.10.20.30'],
    ['http://[::1]:9000/', 'http://[::1]:9000'],
    ['http://[0:0:0:0:0:0:0:1]:9000', 'http://[::1]:9000']
  ])('accepts %j as %j', (baseUrl, expected) => {
    expect(notify({ 'base-url': baseUrl }).baseUrl).toBe(expected)
  })

  it('is required', () => {
    expect(message({ mode: 'notify', 'base-url': '' })).toContain("Input 'base-url' is required")
  })

  it.each([
    ['http://qa.example.com', 'http://qa.example.com'],
    ['http://localhost.evil.example', 'http://localhost.evil.example'],
    ['http://128.0.0.1', 'http://128.0.0.1'],
    ['http://10.0.0.5:8080/', 'http://10.0.0.5:8080'],
    ['http://[::2]', 'http://[::2]']
  ])('refuses http:// to the non-loopback %j', (baseUrl, origin) => {
    expect(message({ mode: 'notify', 'base-url': baseUrl })).toBe(
      "Input 'base-url' must use https://; http:// is accepted only for loopback hosts " +
        `(localhost, 127.0.0.0/8, [::1]); got ${origin}.`
    )
  })

  it.each([
    ['qa.example.com', 'https://qa.example.com'],
    ['qa.example.com/', 'https://qa.example.com'],
    ['qa.example.com/qa/v2', 'https://qa.example.com/qa/v2'],
    ['QA.Example.com:8443', 'https://QA.Example.com:8443'],
    ['localhost:8080', 'https://localhost:8080'],
    ['127.0.0.1:3000/qa', 'https://127.0.0.1:3000/qa'],
    ['[::1]:9000', 'https://[::1]:9000']
  ])('says to add https:// in front of the scheme-less %j', (baseUrl, fixed) => {
    expect(message({ mode: 'notify', 'base-url': baseUrl })).toBe(
      "Input 'base-url' must start with https:// (or http:// for localhost); " +
        `add https:// in front: ${fixed}.`
    )
    // The suggested value is itself accepted.
    expect(notify({ 'base-url': fixed }).baseUrl).toBe(fixed.toLowerCase())
  })

  it.each([
    ['admin:hunter2pass', 'admin:1234@qa.example.com'],
    ['admin', 'admin@qa.example.com'],
    ['token=abc', 'qa.example.com/?token=abc'],
    ['top', 'qa.example.com#top']
  ])('says to add https:// without echoing %j of the scheme-less %j', (hidden, baseUrl) => {
    const text = message({ mode: 'notify', 'base-url': baseUrl })
    expect(text).toBe(
      "Input 'base-url' must start with https:// (or http:// for localhost); " +
        'add https:// in front (the value is not shown, as it may hold credentials).'
    )
    expect(text).not.toContain(hidden)
  })

  it('quotes a scheme-less base-url as typed, so a pasted API key is still redacted', () => {
    const text = message({ mode: 'notify', 'base-url': `${API_KEY}.example.com` })
    expect(text).toContain('add https:// in front: https://***.example.com.')
    expect(text).not.toContain(API_KEY.toLowerCase())
  })

  it.each([
    '/api',
    'ftp://qa.example.com',
    'javascript:alert(1)',
    'https://',
    'https//qa.example.com',
    'qa-service',
    'user:pass@qa.example.com',
    'qa.example.com/a b'
  ])('refuses %j as not an absolute https URL', baseUrl => {
    expect(message({ mode: 'notify', 'base-url': baseUrl })).toMatch(
      /^Input 'base-url' must be an absolute https:\/\/ URL, e\.g\. https:\/\/qa\.example\.com/
    )
  })

  it('refuses credentials without echoing them', () => {
    const text = message({ mode: 'notify', 'base-url': 'https://admin:hunter2pass@qa.example.com' })
    expect(text).toContain("Input 'base-url' must not contain a user name or password")
    expect(text).not.toContain('hunter2pass')
    expect(text).not.toContain('admin')
  })

  it.each([
    'https://qa.example.com/?token=abc',
    'https://qa.example.com/#top',
    'https://qa.example.com?'
  ])('refuses the query or fragment in %j', baseUrl => {
    const text = message({ mode: 'notify', 'base-url': baseUrl })
    expect(text).toContain("Input 'base-url' must not contain a query (?...) or fragment (#...)")
    expect(text).not.toContain('token=abc')
  })
})

describe('variables', () => {
  it('reads a JSON object of strings', () => {
    expect(
      notify({ variables: '{"API_URL": "https://api.example.com", "EMPTY": ""}' }).variables
    ).toEqual({
      API_URL: 'https://api.example.com',
      EMPTY: ''
    })
  })

  it('reads KEY=VALUE lines, skipping blank lines and # comments, splitting at the first =', () => {
    const variables = [
      '# test settings',
      'API_URL = https://api.example.com',
      '',
      '  QUERY=a=b&c=d  ',
      '#X=1',
      'EMPTY='
    ]
    expect(notify({ variables: variables.join('\n') }).variables).toEqual({
      API_URL: 'https://api.example.com',
      QUERY: 'a=b&c=d',
      EMPTY: ''
    })
  })

  it('reads Windows line endings', () => {
    expect(notify({ variables: 'A=1\r\nB=2\r\n' }).variables).toEqual({ A: '1', B: '2' })
  })

  it('keeps keys that are special in JavaScript as plain keys', () => {
    const variables = notify({ variables: '__proto__=x\nconstructor=y' }).variables
    expect(JSON.stringify(variables)).toBe('{"__proto__":"x","constructor":"y"}')
  })

  it.each(['', '{}', '# nothing yet\n\n'])('omits %j (nothing to send)', value => {
    expect(notify({ variables: value })).not.toHaveProperty('variables')
  })

  it('warns about a key set twice and uses the last value', () => {
    const { settings, warnings } = read({ mode: 'notify', variables: 'A=1\nB=2\nA=3' })
    expect(settings).toMatchObject({ variables: { B: '2', A: '3' } })
    expect(warnings).toEqual(["Input 'variables' sets 'A' more than once; the last value is used."])
  })

  it.each([
    ['invalid JSON', '{"A": }', 'starts with { but is not valid JSON'],
    ['a JSON array', '["A=1"]', 'must be a JSON object; got an array'],
    ['a JSON string', '"A=1"', 'must be a JSON object; got a string'],
    ['JSON null', 'null', 'must be a JSON object; got null'],
    ['a JSON number', '42', 'must be a JSON object; got a number'],
    [
      'a number value',
      '{"PORT": 8080}',
      "has a number value for 'PORT'; every value must be a string"
    ],
    ['a nested object', '{"DB": {"host": "x"}}', "has an object value for 'DB'"],
    [
      'a boolean value',
      '{"DEBUG": true}',
      "has a boolean value for 'DEBUG'; every value must be a string (quote it"
    ],
    ['an array value', '{"HOSTS": ["a"]}', "has an array value for 'HOSTS'"],
    ['a null value', '{"A": null}', "has a null value for 'A'"],
    ['an empty JSON key', '{"": "x"}', 'has an empty variable name'],
    ['a line without =', 'A=1\nFOO', "line 2 has no '='"],
    ['an empty key', '=value', 'has an empty variable name on line 1'],
    [
      'a key with spaces',
      'MY KEY=1',
      "has a variable name with spaces or control characters on line 1: 'MY KEY'"
    ]
  ])('refuses %s, naming both accepted forms', (_, value, problem) => {
    const error = failure({ mode: 'notify', variables: value })
    expect(error.input).toBe('variables')
    expect(error.message).toContain(`Input 'variables' ${problem}`)
    expect(error.message).toContain('a JSON object of string values')
    expect(error.message).toContain('KEY=VALUE lines')
  })

  it('does not echo variable values, which often hold credentials', () => {
    for (const value of [
      'DB_PASSWORD=s3cretValue\ns3cretValue2',
      '{"DB_PASSWORD": "s3cretValue"'
    ]) {
      expect(message({ mode: 'notify', variables: value })).not.toContain('s3cretValue')
    }
  })
})

describe('other notify inputs', () => {
  it.each(['abcd', 'ABCDEF0', 'a'.repeat(40), 'f'.repeat(64)])(
    'accepts the sha %j, lower-cased',
    sha => {
      expect(notify({ sha }).sha).toBe(sha.toLowerCase())
    }
  )

  it.each(['abc', 'xyz1234', 'a'.repeat(65), 'abcd ef01', 'v1.2.3', '0000000'])(
    'refuses the sha %j',
    sha => {
      expect(message({ mode: 'notify', sha })).toBe(
        `Input 'sha' must be a commit SHA of 4 to 64 hexadecimal digits, not all zeros; got '${sha}'.`
      )
    }
  )

  it('drops a refs/heads/ prefix from branch, as when github.ref is passed', () => {
    expect(notify({ branch: 'refs/heads/release/1.2' }).branch).toBe('release/1.2')
  })

  it.each([
    ['branch', 'main\nmalicious'],
    ['deployment-type', 'pre\u0000view'],
    ['deduplication-key', 'a\tb'],
    ['label', 'eu\r\nus']
  ])('refuses control characters in %s', (input, value) => {
    const error = failure({ mode: 'notify', [input]: value })
    expect(error.input).toBe(input)
    expect(error.message).toContain(
      `Input '${input}' must be a single line without control characters`
    )
  })

  it.each([
    ['deployment-url', 'deploymentUrl'],
    ['commit-url', 'commitUrl']
  ] as const)('requires an http(s) URL in %s', (input, setting) => {
    expect(notify({ [input]: 'http://preview.example.com/x' })[setting]).toBe(
      'http://preview.example.com/x'
    )
    for (const value of [
      'javascript:alert(1)',
      'ftp://files.example.com',
      'preview.example.com',
      'data:text/html,x'
    ]) {
      const error = failure({ mode: 'notify', [input]: value })
      expect(error.input).toBe(input)
      expect(error.message).toContain(
        `Input '${input}' must be an absolute http:// or https:// URL`
      )
    }
  })

  it.each([
    ['github', 'GitHub'],
    ['GITLAB', 'GitLab'],
    ['GitLab', 'GitLab']
  ])('reads hosting-service %j as %j', (value, expected) => {
    expect(notify({ 'hosting-service': value }).hostingService).toBe(expected)
  })

  it('refuses an unknown hosting-service', () => {
    expect(message({ mode: 'notify', 'hosting-service': 'Bitbucket' })).toBe(
      "Input 'hosting-service' must be GitHub or GitLab; got 'Bitbucket'."
    )
  })

  it.each([
    ['', undefined],
    ['true', true],
    ['True', true],
    ['tRuE', true],
    ['FALSE', false]
  ])('reads ephemeral-environment %j as %j', (value, expected) => {
    expect(notify({ 'ephemeral-environment': value }).ephemeralEnvironment).toBe(expected)
  })

  it('refuses other ephemeral-environment values', () => {
    expect(message({ mode: 'notify', 'ephemeral-environment': 'yes' })).toBe(
      "Input 'ephemeral-environment' must be true, false or empty (not sent); got 'yes'."
    )
  })

  it('accepts a 100-character label and refuses a longer one', () => {
    expect(notify({ label: 'x'.repeat(100) }).label).toHaveLength(100)
    expect(message({ mode: 'notify', label: 'x'.repeat(101) })).toBe(
      "Input 'label' must be at most 100 characters; got 101."
    )
  })
})

describe('booleans follow the YAML 1.2 core schema', () => {
  const notifyBooleans = ['summary', 'fail-on-no-run']
  const greenlightBooleans = ['summary', 'wait', 'fail-on-red', 'fail-on-timeout', 'comment-on-pr']

  it.each(['true', 'True', 'TRUE', 'false', 'False', 'FALSE'])('accepts %j', value => {
    const expected = value.toLowerCase() === 'true'
    expect(notify({ 'fail-on-no-run': value }).failOnNoRun).toBe(expected)
    expect(greenlight({ 'fail-on-red': value }).failOnRed).toBe(expected)
  })

  it.each(['yes', 'no', '1', '0', 'on', 'tRUE', 'y'])('refuses %j, naming the input', value => {
    for (const [mode, names] of [
      ['notify', notifyBooleans],
      ['greenlight', greenlightBooleans]
    ] as const) {
      for (const name of names) {
        expect(message({ mode, 'run-id': 'r1', [name]: value })).toBe(
          `Input '${name}' must be true or false (also True, TRUE, False, FALSE); got '${value}'.`
        )
      }
    }
  })
})

describe('run-id', () => {
  it.each([
    ['a comma list', 'abc,def', ['abc', 'def']],
    ['a comma list with spaces', 'abc, def ,ghi', ['abc', 'def', 'ghi']],
    ['whitespace', 'abc def\tghi', ['abc', 'def', 'ghi']],
    ['newlines', 'abc\ndef\r\nghi\n', ['abc', 'def', 'ghi']],
    ['empty items', ',abc,,def,', ['abc', 'def']],
    ['notify run-ids output', '["r-1","r-2"]', ['r-1', 'r-2']],
    ['a spaced JSON array', '[ "r-1" , "r-2" ]', ['r-1', 'r-2']],
    ['repeats', 'b,a,b,c,a', ['b', 'a', 'c']],
    ['repeats in JSON', '["x","x"]', ['x']],
    ['every allowed character', 'Run_01.v2:abc-DEF', ['Run_01.v2:abc-DEF']],
    ['200 characters', 'a'.repeat(200), ['a'.repeat(200)]]
  ])('reads %s', (_, value, expected) => {
    expect(greenlight({ 'run-id': value }).runIds).toEqual(expected)
  })

  it.each([
    ['', 'is required in greenlight mode and lists no run ID'],
    ['[]', 'is required in greenlight mode and lists no run ID'],
    [' , ,', 'is required in greenlight mode and lists no run ID'],
    ['a/b', "has 'a/b', which is not a run ID"],
    ['..', "has '..', which is not a run ID"],
    ['ok,.', "has '.', which is not a run ID"],
    ['id%2F..', "has 'id%2F..', which is not a run ID"],
    ['a?b=c', "has 'a?b=c', which is not a run ID"],
    ['a'.repeat(201), `has '${'a'.repeat(80)}…', which is not a run ID`],
    ['["a", 1]', 'must be a JSON array of strings when it starts with ['],
    ['["a/b"]', "has 'a/b', which is not a run ID"],
    ['["a b"]', "has 'a b', which is not a run ID"],
    ['[abc', 'starts with [ but is not a valid JSON array']
  ])('refuses %j', (value, problem) => {
    const error = failure({ mode: 'greenlight', 'run-id': value })
    expect(error).not.toBeInstanceOf(InputErrors)
    expect(error.input).toBe('run-id')
    expect(error.message).toContain(`Input 'run-id' ${problem}`)
    expect(error.message).toContain("Run IDs are letters, digits, '-', '_', '.' and ':'")
    expect(error.message).toContain('separated by commas, whitespace or newlines, or a JSON array')
  })

  it('shows how to pass the notify output when run-id is missing', () => {
    expect(message({ mode: 'greenlight', 'run-id': '' })).toContain(
      'run-id: ${{ steps.notify.outputs.run-ids }}'
    )
  })

  it('is not needed in notify mode', () => {
    expect(notify({ 'run-id': '' }).mode).toBe('notify')
  })
})

describe('timeout and poll-interval', () => {
  it.each([
    ['90', 90_000],
    ['1.5s', 1_500],
    ['24h', 86_400_000]
  ])('reads timeout %j', (timeout, ms) => {
    expect(greenlight({ timeout }).timeoutMs).toBe(ms)
  })

  it.each(['0', '0s', '0ms'])('refuses the zero timeout %j, pointing at wait: false', timeout => {
    expect(message({ mode: 'greenlight', 'run-id': 'r', timeout })).toBe(
      "Input 'timeout' must be greater than zero; to query once without waiting, set wait: false."
    )
  })

  it('refuses a negative or malformed timeout naming the input', () => {
    expect(message({ mode: 'greenlight', 'run-id': 'r', timeout: '-1s' })).toBe(
      "Input 'timeout' must not be negative; got '-1s'. Durations are 500ms, 90s, 45m, 2h or a bare number of seconds."
    )
    expect(message({ mode: 'greenlight', 'run-id': 'r', timeout: 'soon' })).toContain(
      "Input 'timeout' must be a duration such as 500ms, 90s, 45m, 2h or a bare number of seconds"
    )
  })

  it('accepts a poll-interval of 100ms and refuses less', () => {
    expect(greenlight({ 'poll-interval': '100ms' }).pollIntervalMs).toBe(100)
    expect(greenlight({ 'poll-interval': '0.1' }).pollIntervalMs).toBe(100)
    expect(message({ mode: 'greenlight', 'run-id': 'r', 'poll-interval': '50ms' })).toBe(
      "Input 'poll-interval' must be at least 100ms; got '50ms'."
    )
    expect(message({ mode: 'greenlight', 'run-id': 'r', 'poll-interval': '0' })).toContain(
      "Input 'poll-interval' must be at least 100ms"
    )
  })
})

describe('other greenlight inputs', () => {
  it('refuses an unknown outcome-when-blocking-bugs-in-other-workflows', () => {
    expect(
      message({
        mode: 'greenlight',
        'run-id': 'r',
        'outcome-when-blocking-bugs-in-other-workflows': 'amber'
      })
    ).toBe(
      "Input 'outcome-when-blocking-bugs-in-other-workflows' must be green or red; got 'amber'."
    )
  })

  it('allows an empty github-token unless comment-on-pr is true', () => {
    expect(greenlight({ 'github-token': '' }).githubToken).toBe('')
    const error = failure({
      mode: 'greenlight',
      'run-id': 'r',
      'comment-on-pr': 'true',
      'github-token': ''
    })
    expect(error.input).toBe('github-token')
    expect(error.message).toContain("Input 'github-token' is empty but 'comment-on-pr' is true")
  })

  it('refuses a github-token with whitespace inside without echoing it', () => {
    const text = message({
      mode: 'greenlight',
      'run-id': 'r',
      'github-token': 'ghp_tokenPART1 ghp_tokenPART2'
    })
    expect(text).toContain("Input 'github-token' contains spaces")
    expect(text).not.toContain('tokenPART')
  })
})

describe('inputs of the other mode', () => {
  it('warns about greenlight inputs set in notify mode and ignores them', () => {
    const { settings, warnings } = read({
      mode: 'notify',
      timeout: '10m',
      'run-id': 'abc',
      'comment-on-pr': 'true',
      'poll-interval': 'nonsense'
    })
    expect(settings).not.toHaveProperty('timeoutMs')
    expect(warnings).toEqual([
      "Input 'run-id' is ignored in notify mode.",
      "Input 'timeout' is ignored in notify mode.",
      "Input 'poll-interval' is ignored in notify mode.",
      "Input 'comment-on-pr' is ignored in notify mode."
    ])
  })

  it('warns about notify inputs set in greenlight mode', () => {
    const { warnings } = read({
      mode: 'greenlight',
      'run-id': 'r',
      sha: 'abc1234',
      variables: 'A=1',
      'hosting-service': 'GitLab',
      'fail-on-no-run': 'false'
    })
    expect(warnings).toEqual([
      "Input 'sha' is ignored in greenlight mode.",
      "Input 'hosting-service' is ignored in greenlight mode.",
      "Input 'variables' is ignored in greenlight mode.",
      "Input 'fail-on-no-run' is ignored in greenlight mode."
    ])
  })

  it('does not warn about values equal to the default, in any letter case', () => {
    expect(
      read({ mode: 'notify', wait: 'TRUE', timeout: '2H', 'poll-interval': '30s' }).warnings
    ).toEqual([])
    expect(
      read({ mode: 'greenlight', 'run-id': 'r', 'hosting-service': 'github' }).warnings
    ).toEqual([])
  })

  it('does not warn about github-token, whose default the runner evaluates to a token', () => {
    expect(read({ mode: 'notify', 'github-token': 'ghs_anotherToken' }).warnings).toEqual([])
  })

  it('warns that timeout and poll-interval do little when wait is false', () => {
    expect(
      read({ mode: 'greenlight', 'run-id': 'r', wait: 'false', timeout: '5m' }).warnings
    ).toEqual([
      "Input 'timeout' has little effect when 'wait' is false: the run is queried once (retrying a failed query at most twice, within 30 s and the timeout)."
    ])
    expect(read({ mode: 'greenlight', 'run-id': 'r', wait: 'false' }).warnings).toEqual([])
  })
})

describe('several problems at once', () => {
  it('reports every invalid input, one line each, in action.yml order', () => {
    const error = failure({
      mode: 'greenlight',
      'base-url': 'http://qa.example.com',
      'run-id': 'a/b',
      'comment-on-pr': 'maybe',
      timeout: 'soon',
      wait: 'maybe',
      'fail-on-red': 'maybe'
    })
    expect(error).toBeInstanceOf(InputErrors)
    const errors = (error as InputErrors).errors
    expect(errors.map(e => e.input)).toEqual([
      'base-url',
      'run-id',
      'wait',
      'timeout',
      'fail-on-red',
      'comment-on-pr'
    ])
    expect(error.message.split('\n')).toHaveLength(6)
    expect(error.message.split('\n').map(line => line.slice(0, 18))).toEqual([
      "Input 'base-url' m",
      "Input 'run-id' has",
      "Input 'wait' must ",
      "Input 'timeout' mu",
      "Input 'fail-on-red",
      "Input 'comment-on-"
    ])
    expect(error.input).toBe('base-url')
  })
})

describe('the api-key value never appears in a message', () => {
  const cases: Record<string, string>[] = [
    { mode: API_KEY },
    { mode: 'notify', 'api-key': `${API_KEY} ` + API_KEY },
    { mode: 'notify', 'base-url': API_KEY },
    { mode: 'notify', 'base-url': `https://user:${API_KEY}@qa.example.com` },
    { mode: 'notify', 'base-url': `https://qa.example.com/?key=${API_KEY}` },
    { mode: 'notify', sha: API_KEY },
    { mode: 'notify', branch: `${API_KEY}\n` + 'x' },
    { mode: 'notify', 'deployment-url': API_KEY },
    { mode: 'notify', 'hosting-service': API_KEY },
    { mode: 'notify', variables: `{"KEY": "${API_KEY}"` },
    { mode: 'notify', variables: `${API_KEY}` },
    { mode: 'notify', variables: `{"${API_KEY} x": "v"}` },
    { mode: 'notify', 'ephemeral-environment': API_KEY },
    { mode: 'notify', label: `${API_KEY}\u0001` },
    { mode: 'greenlight', 'run-id': `${API_KEY}/x` },
    { mode: 'greenlight', 'run-id': 'r', timeout: API_KEY },
    { mode: 'greenlight', 'run-id': 'r', wait: API_KEY },
    { mode: 'greenlight', 'run-id': 'r', 'outcome-when-blocking-bugs-in-other-workflows': API_KEY }
  ]

  const titled = cases.map(given => {
    const names = Object.keys(given).filter(name => name !== 'mode' && name !== 'run-id')
    return [names.length > 0 ? names.join(', ') : Object.keys(given).join(', '), given] as const
  })

  it.each(titled)('case %#: the key in %s', (_, given) => {
    const error = failure(given)
    const everything = [
      error.message,
      ...(error instanceof InputErrors ? error.errors.map(e => e.message) : [])
    ]
    for (const text of everything) {
      expect(text).not.toContain(API_KEY)
      expect(text).not.toContain('SENTINEL')
    }
  })

  it('nor in a warning', () => {
    const { warnings } = read({
      mode: 'notify',
      timeout: API_KEY,
      variables: `${API_KEY}=1\n${API_KEY}=2`
    })
    expect(warnings).toHaveLength(2)
    for (const warning of warnings) expect(warning).not.toContain(API_KEY)
  })
})
