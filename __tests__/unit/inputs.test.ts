import { describe, it, expect } from '@jest/globals'
import {
  COMMON_INPUTS,
  INPUT_DEFAULTS,
  MODE_INPUTS,
  readSettings
} from '../../src/kernel/inputs.js'
import {
  InputErrors,
  type GreenlightSettings,
  type NotifySettings
} from '../../src/kernel/settings.js'
import { refusedValue, unshownValue } from '../../src/kernel/text.js'
import { API_KEY, RUNNER_TOKEN, readInputs, refusal } from '../helpers/unit-inputs.js'

const read = readInputs
/** The runner's inputs, for readSettings' own options. */
const input = (given: Record<string, string>) => {
  const values: Record<string, string> = {
    ...INPUT_DEFAULTS,
    'github-token': RUNNER_TOKEN,
    'api-key': API_KEY,
    ...given
  }
  return (name: string): string => (values[name] ?? '').trim()
}
const failure = refusal

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
      failOnNoRun: true,
      via: 'deploy-success',
      githubToken: RUNNER_TOKEN
    })
    expect(warnings).toEqual([])
  })

  it('reads every notify input', () =>
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
      failOnNoRun: false,
      via: 'deploy-success',
      githubToken: RUNNER_TOKEN
    }))

  it('treats an empty boolean or enum input as its action.yml default', () => {
    const settings = notify({ summary: '', 'fail-on-no-run': '', 'hosting-service': '' })
    expect(settings).toMatchObject({ summary: true, failOnNoRun: true, hostingService: 'GitHub' })
  })
})

describe('readSettings: notify routes', () => {
  it('reads via in any case, with the environment and repository it needs', () => {
    const settings = notify({
      via: 'Report-Status',
      environment: 'staging',
      'workspace-id': 'ws-1',
      repository: 'acme/shop'
    })
    expect(settings).toMatchObject({ via: 'report-status', environment: 'staging' })
    expect(settings.repository).toEqual({ owner: 'acme', name: 'shop' })
  })

  it('keeps a GitLab namespace with groups whole, and the merge request number', () => {
    const settings = notify({
      'hosting-service': 'GitLab',
      repository: 'acme/web/shop',
      'merge-request-number': '7'
    })
    expect(settings.repository).toEqual({ owner: 'acme/web', name: 'shop' })
    expect(settings.mergeRequestNumber).toBe(7)
  })

  // Each route's own rules (what `via` needs) are its module's: notify-routes.test.ts.
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
      verdictFrom: 'run',
      runIds: ['abc123'],
      wait: true,
      timeoutMs: 2 * 3600 * 1000,
      pollIntervalMs: 30_000,
      outcomeWhenBlockingBugsInOtherWorkflows: 'green',
      onSuperseded: 'follow',
      failOnRed: true,
      failOnTimeout: true,
      commentOnPr: false,
      githubToken: RUNNER_TOKEN
    })
    expect(warnings).toEqual([])
  })

  it('reads every greenlight input', () =>
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
    }))
})

describe('mode', () => {
  it.each([
    ['notify', 'notify'],
    ['Notify', 'notify'],
    ['GREENLIGHT', 'greenlight']
  ])('accepts %j', (mode, expected) =>
    expect(read({ mode, 'run-id': 'r1' }).settings.mode).toBe(expected)
  )

  it.each([
    ['', "Input 'mode' is required: set it to notify, greenlight or terminate."],
    ['deploy', "Input 'mode' must be notify, greenlight or terminate; got 'deploy'."]
  ])('refuses the mode %j, naming it', (mode, text) => {
    expect(message({ mode })).toBe(text)
    expect(failure({ mode }).input).toBe('mode')
  })

  it.each([
    ['greenlite', 'greenlight'],
    ['Greenlit', 'greenlight'],
    ['green', 'greenlight'],
    ['notfy', 'notify'],
    ['notifiy', 'notify'],
    ['termiante', 'terminate'],
    ['terminated', 'terminate']
  ])('suggests the mode a misspelt %j most likely meant', (mode, meant) => {
    expect(message({ mode })).toBe(
      `Input 'mode' must be notify, greenlight or terminate; got ${refusedValue(mode)}. Did you mean '${meant}'?`
    )
  })

  it.each(['deploy', 'gate', 'no', 'x'])(
    'suggests nothing for %j, which is no misspelling',
    mode => {
      expect(message({ mode })).not.toContain('Did you mean')
    }
  )

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

  it.each(['created', 'results', 'staging', 'k', 'a1b2c3d'])(
    'refuses the key %j, shorter than 8 characters, without echoing it',
    key => {
      expect(message({ mode: 'notify', 'api-key': key })).toBe(
        `Input 'api-key' is ${key.length} characters long, too short for an API key (at least 8); ` +
          'pass the API key from a secret (the value is not shown).'
      )
    }
  )

  it('accepts a key of 8 characters', () =>
    expect(notify({ 'api-key': 'a1b2c3d4' }).apiKey).toBe('a1b2c3d4'))

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
  ])('accepts %j as %j', (baseUrl, expected) =>
    expect(notify({ 'base-url': baseUrl }).baseUrl).toBe(expected)
  )

  it.each([
    ['http://qa.example.com', 'qa.example.com'],
    ['http://localhost.evil.example', 'evil'],
    ['http://128.0.0.1', '128.0.0.1'],
    ['http://10.0.0.5:8080/', '10.0.0.5'],
    ['http://[::2]', '::2']
  ])('refuses http:// to the non-loopback %j without echoing it', (baseUrl, host) => {
    const text = message({ mode: 'notify', 'base-url': baseUrl })
    expect(text).toBe(
      "Input 'base-url' must use https://; http:// is accepted only for loopback hosts " +
        '(localhost, 127.0.0.0/8, [::1]); got an http:// address of another host (not shown).'
    )
    expect(text).not.toContain(host)
  })

  // A service on a loopback host is the emulator or a tunnel, which speak plain http. The value is
  // never echoed: its path, query or user info may hold a token.
  it.each([
    ['qa.example.com', 'https://', 'https://qa.example.com'],
    ['qa.example.com/qa/tok-secret', 'https://', 'https://qa.example.com/qa/tok-secret'],
    ['QA.Example.com:8443', 'https://', 'https://QA.Example.com:8443'],
    ['admin:1234@qa.example.com', 'https://', undefined],
    ['qa.example.com/?token=abc', 'https://', undefined],
    ['localhost:8080', 'http://', 'http://localhost:8080'],
    ['127.0.0.1:3000/qa', 'http://', 'http://127.0.0.1:3000/qa'],
    ['[::1]:9000', 'http://', 'http://[::1]:9000'],
    ['admin:1234@localhost:8080', 'http://', undefined]
  ])('says to add the scheme to the scheme-less %j, never echoing it', (baseUrl, scheme, fixed) => {
    const text = message({ mode: 'notify', 'base-url': baseUrl })
    expect(text).toBe(
      "Input 'base-url' must start with https:// (or http:// for localhost); " +
        `add ${scheme} in front of the host (the value is not shown, as it may hold credentials).`
    )
    expect(text).not.toMatch(/example|admin|token|tok-|8080|3000|9000|8443/i)
    // Adding the scheme gives a value that is accepted, where the rest of it is allowed.
    if (fixed !== undefined) expect(notify({ 'base-url': fixed }).baseUrl).toBe(fixed.toLowerCase())
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
  ])('refuses %j as not an absolute https URL', baseUrl =>
    expect(message({ mode: 'notify', 'base-url': baseUrl })).toMatch(
      /^Input 'base-url' must be an absolute https:\/\/ URL, e\.g\. https:\/\/app\.qawolf\.com \(the default; leave the input out for QA Wolf\)/
    )
  )

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
  it('reads a JSON object of strings', () =>
    expect(
      notify({ variables: '{"API_URL": "https://api.example.com", "EMPTY": ""}' }).variables
    ).toEqual({ API_URL: 'https://api.example.com', EMPTY: '' }))

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

  it('reads Windows line endings', () =>
    expect(notify({ variables: 'A=1\r\nB=2\r\n' }).variables).toEqual({ A: '1', B: '2' }))

  it('keeps keys that are special in JavaScript as plain keys', () => {
    const variables = notify({ variables: '__proto__=x\nconstructor=y' }).variables
    expect(JSON.stringify(variables)).toBe('{"__proto__":"x","constructor":"y"}')
  })

  it.each(['', '{}', '# nothing yet\n\n'])('omits %j (nothing to send)', value =>
    expect(notify({ variables: value })).not.toHaveProperty('variables')
  )

  it('warns about a key set twice and uses the last value', () => {
    const { settings, warnings } = read({ mode: 'notify', variables: 'A=1\nB=2\nA=3' })
    expect(settings).toMatchObject({ variables: { B: '2', A: '3' } })
    expect(warnings).toEqual([
      "Input 'variables' line 3 sets the variable that line 1 already set; the last value is used."
    ])
  })

  // prettier-ignore
  it.each([
    ['invalid JSON', '{"A": }', 'starts with { but is not valid JSON'],
    ['a JSON array', '["A=1"]', 'must be a JSON object; got an array'],
    ['a JSON string', '"A=1"', 'must be a JSON object; got a string'],
    ['JSON null', 'null', 'must be a JSON object; got null'],
    ['a JSON number', '42', 'must be a JSON object; got a number'],
    ['a number value', '{"PORT": 8080}', 'has a number value for variable 1; every value must be a string'],
    ['a nested object', '{"A": "x", "DB": {"host": "x"}}', 'has an object value for variable 2'],
    ['a boolean value', '{"DEBUG": true}', 'has a boolean value for variable 1; every value must be a string (quote it'],
    ['an array value', '{"HOSTS": ["a"]}', 'has an array value for variable 1'],
    ['a null value', '{"A": null}', 'has a null value for variable 1'],
    ['an empty JSON key', '{"": "x"}', 'has an empty variable name'],
    ['a line without =', 'A=1\nFOO', "line 2 has no '='"],
    ['an empty key', '=value', 'has an empty variable name (line 1)'],
    ['a key with spaces', 'MY KEY=1', 'has a variable name with spaces or control characters (line 1; a value of 6 characters (not shown))']
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
        `Input 'sha' must be a commit SHA of 4 to 64 hexadecimal digits, not all zeros; got ${unshownValue(sha)}.`
      )
    }
  )

  it('drops a refs/heads/ prefix from branch, as when github.ref is passed', () =>
    expect(notify({ branch: 'refs/heads/release/1.2' }).branch).toBe('release/1.2'))

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
    ['hosting-service', 'hostingService', 'github', 'GitHub'],
    ['hosting-service', 'hostingService', 'GITLAB', 'GitLab'],
    ['hosting-service', 'hostingService', 'GitLab', 'GitLab'],
    ['ephemeral-environment', 'ephemeralEnvironment', '', undefined],
    ['ephemeral-environment', 'ephemeralEnvironment', 'true', true],
    ['ephemeral-environment', 'ephemeralEnvironment', 'True', true],
    ['ephemeral-environment', 'ephemeralEnvironment', 'tRuE', true],
    ['ephemeral-environment', 'ephemeralEnvironment', 'FALSE', false],
    ['pull-request-number', 'pullRequestNumber', '', undefined],
    ['pull-request-number', 'pullRequestNumber', '1', 1],
    ['pull-request-number', 'pullRequestNumber', '42', 42],
    ['pull-request-number', 'pullRequestNumber', '9007199254740991', 9007199254740991]
  ] as const)('reads %s %j as %j', (input, setting, value, expected) =>
    expect(notify({ [input]: value })[setting]).toBe(expected)
  )

  it('refuses an unknown hosting-service', () =>
    expect(message({ mode: 'notify', 'hosting-service': 'Bitbucket' })).toBe(
      "Input 'hosting-service' must be GitHub or GitLab; got 'Bitbucket'."
    ))

  it('refuses other ephemeral-environment values', () =>
    expect(message({ mode: 'notify', 'ephemeral-environment': 'yes' })).toBe(
      "Input 'ephemeral-environment' must be true, false or empty (not sent); got 'yes'. Did you mean 'true'?"
    ))

  it.each(['0', '-3', '#12', '12.0', '1e3', '012', 'twelve', '9007199254740992'])(
    'refuses the pull-request-number %j',
    value => {
      expect(message({ mode: 'notify', 'pull-request-number': value })).toBe(
        "Input 'pull-request-number' must be a positive whole number such as 42, or empty to " +
          `take it from the pull_request event; got ${refusedValue(value)}.` +
          (value === '#12' || value === '12.0' ? " Did you mean '12'?" : '')
      )
    }
  )

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
          `Input '${name}' must be true or false (also True, TRUE, False, FALSE); got ${refusedValue(value)}. Did you mean '${['no', '0'].includes(value) ? 'false' : 'true'}'?`
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
  ])('reads %s', (_, value, expected) =>
    expect(greenlight({ 'run-id': value }).runIds).toEqual(expected)
  )

  it.each([
    ['', 'is required in greenlight mode and lists no run ID'],
    [' , ,', 'is required in greenlight mode and lists no run ID'],
    ['a/b', 'has entry 1, which is not a run ID (a value of 3 characters (not shown))'],
    ['..', 'has entry 1, which is not a run ID (a value of 2 characters (not shown))'],
    ['ok,.', 'has entry 2, which is not a run ID (a value of 1 character (not shown))'],
    ['id%2F..', 'has entry 1, which is not a run ID (a value of 7 characters (not shown))'],
    ['a?b=c', 'has entry 1, which is not a run ID (a value of 5 characters (not shown))'],
    ['a'.repeat(201), 'has entry 1, which is not a run ID (a value of 201 characters (not shown))'],
    ['["a", 1]', 'must be a JSON array of strings when it starts with ['],
    ['["a/b"]', 'has entry 1, which is not a run ID (a value of 3 characters (not shown))'],
    ['["a b"]', 'has entry 1, which is not a run ID (a value of 3 characters (not shown))'],
    ['[abc', 'starts with [ but is not a valid JSON array']
  ])('refuses %j', (value, problem) => {
    const error = failure({ mode: 'greenlight', 'run-id': value })
    expect(error).not.toBeInstanceOf(InputErrors)
    expect(error.input).toBe('run-id')
    expect(error.message).toContain(`Input 'run-id' ${problem}`)
    expect(error.message).toContain("Run IDs are letters, digits, '-', '_', '.' and ':'")
    expect(error.message).toContain('separated by commas, whitespace or newlines, or a JSON array')
  })

  it.each(['[]', '["", " "]'])(
    'says that notify started no run for the empty list %j, and names verdict-from: check',
    value =>
      expect(message({ mode: 'greenlight', 'run-id': value })).toBe(
        "Input 'run-id' is an empty list: the notify step started no run, so there is no verdict to wait for. " +
          "On QA Wolf's current path (via: github-deployment or report-status) notify returns no run ID: " +
          "gate on QA Wolf's check run of the commit instead, with verdict-from: check and since: ${{ steps.notify.outputs.reported-at }}."
      )
  )

  it('shows how to pass the notify output when run-id is missing', () =>
    expect(message({ mode: 'greenlight', 'run-id': '' })).toContain(
      'run-id: ${{ steps.notify.outputs.run-ids }}'
    ))

  it('is not needed in notify mode', () => expect(notify({ 'run-id': '' }).mode).toBe('notify'))
})

describe('timeout and poll-interval', () => {
  it.each([
    ['90', 90_000],
    ['1.5s', 1_500],
    ['24h', 86_400_000]
  ])('reads timeout %j', (timeout, ms) => expect(greenlight({ timeout }).timeoutMs).toBe(ms))

  it.each(['0', '0s', '0ms'])('refuses the zero timeout %j, pointing at wait: false', timeout =>
    expect(message({ mode: 'greenlight', 'run-id': 'r', timeout })).toBe(
      "Input 'timeout' must be greater than zero, e.g. 5m; to query once without waiting, set wait: false."
    )
  )

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
  it('refuses an unknown outcome-when-blocking-bugs-in-other-workflows', () =>
    expect(
      message({
        mode: 'greenlight',
        'run-id': 'r',
        'outcome-when-blocking-bugs-in-other-workflows': 'amber'
      })
    ).toBe(
      "Input 'outcome-when-blocking-bugs-in-other-workflows' must be green or red; got 'amber'."
    ))

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

describe('verdict-from: check', () => {
  const check = (given: Record<string, string> = {}) =>
    read({ mode: 'greenlight', 'run-id': '', 'verdict-from': 'check', since: 'any', ...given })

  it.each([
    ['', undefined],
    [' ', 'check_run']
  ])('requires since %j while polling, not on a check_run event', (since, eventName) => {
    const given = { mode: 'greenlight', 'verdict-from': 'check', since }
    if (eventName === 'check_run') {
      expect(readSettings(input(given), { eventName }).settings).toMatchObject({ check: {} })
      return
    }
    expect(message(given)).toBe(
      "Input 'since' is required with verdict-from: check while polling: pass notify's reported-at output " +
        '(e.g. since: ${{ steps.notify.outputs.reported-at }}), so that only a check run of this deployment ' +
        'counts, or since: any to let any check run of the commit count (also one of an earlier deployment).'
    )
  })

  it('reads since: any as no since, and needs no api-key', () => {
    const { settings } = check({ since: 'ANY', 'api-key': '' })
    expect(settings).toMatchObject({ apiKey: '', check: { name: 'QA Wolf Test Results' } })
    expect(settings.mode === 'greenlight' && settings.check?.since).toBeUndefined()
  })

  it('needs no run-id, and reads check-name, check-app, sha and since', () => {
    const { settings, warnings } = check({
      'check-app': 'QAWolf',
      sha: 'A'.repeat(40),
      since: '2026-11-26T13:00:00+01:00'
    })
    expect(settings).toMatchObject({
      verdictFrom: 'check',
      runIds: [],
      check: {
        name: 'QA Wolf Test Results',
        app: 'qawolf',
        sha: 'a'.repeat(40),
        since: { iso: '2026-11-26T12:00:00.000Z', ms: Date.parse('2026-11-26T12:00:00Z') }
      }
    })
    expect(warnings).toEqual([])
  })

  it.each([
    ['2025-01-05', 'a date without a time'],
    ['2025-01-05T08:00:00', 'a time without a time zone'],
    ['2025-02-30T08:00:00Z', 'a day that does not exist'],
    ['yesterday', 'words']
  ])('refuses since %s (%s), naming the accepted form without the value', value => {
    const text = message({ mode: 'greenlight', 'verdict-from': 'check', since: value })
    expect(text).toBe(
      "Input 'since' must be an ISO 8601 time with a time zone, e.g. 2026-11-26T12:00:00Z or " +
        `2026-11-26T13:00:00+01:00 (notify's reported-at output), or any; got ${unshownValue(value)}.`
    )
    expect(text).not.toContain(value)
  })

  it('refuses an unknown verdict-from and a check-app that is no slug', () => {
    expect(message({ mode: 'greenlight', 'run-id': 'r', 'verdict-from': 'service' })).toBe(
      "Input 'verdict-from' must be run or check; got 'service'."
    )
    expect(
      message({ mode: 'greenlight', 'verdict-from': 'check', since: 'any', 'check-app': 'QA Wolf' })
    ).toContain("Input 'check-app' must be a GitHub App's slug")
  })

  it("warns about the other source's inputs", () => {
    expect(check({ 'run-id': 'r', 'on-superseded': 'fail' }).warnings).toEqual([
      "Input 'run-id' is ignored with verdict-from: check.",
      "Input 'on-superseded' is ignored with verdict-from: check."
    ])
    expect(read({ mode: 'greenlight', 'run-id': 'r', 'check-app': 'qawolf' }).warnings).toEqual([
      "Input 'check-app' is ignored with verdict-from: run."
    ])
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
      "Input 'hosting-service' is ignored in greenlight mode.",
      "Input 'variables' is ignored in greenlight mode.",
      "Input 'fail-on-no-run' is ignored in greenlight mode.",
      // sha is greenlight's too, with verdict-from: check.
      "Input 'sha' is ignored with verdict-from: run."
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

  it('does not warn about github-token, whose default the runner evaluates to a token', () =>
    expect(read({ mode: 'notify', 'github-token': 'ghs_anotherToken' }).warnings).toEqual([]))

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

  it('nor in a warning, where a piece of it is hidden', () => {
    const piece = API_KEY.slice(0, 12)
    const { warnings } = read({
      mode: 'notify',
      timeout: piece,
      variables: `${piece}=1\n${piece}=2`
    })
    expect(warnings).toHaveLength(2)
    for (const warning of warnings) expect(warning).not.toContain(piece.slice(0, 8))
  })

  it.each([
    ['workspace-id', API_KEY, 'api-key'],
    ['variables', `TOKEN=${RUNNER_TOKEN}`, 'github-token'],
    ['api-key', `${RUNNER_TOKEN}0`, 'github-token']
  ])('refuses %s holding the value of a secret input, never quoting it', (name, value, secret) =>
    expect(message({ mode: 'notify', [name]: value })).toBe(
      `Input '${name}' holds the value of '${secret}', a secret that is sent nowhere else (the value is not shown): give '${name}' its own value.`
    )
  )
})

// ---- malformed inputs, one row each --------------------------------------------------------------
// What is wrong, the input the message must name and the accepted form it must state. The
// end-to-end input tests (e2e/input-messages.test.ts) run a few of the same cases through the
// bundled action, to show that the messages reach the runner.

interface BadInputRow {
  /** What is wrong, for the test name. */
  case: string
  mode: 'notify' | 'greenlight' | 'terminate'
  /** Overrides on top of valid inputs for `mode`. */
  inputs: Record<string, string>
  /** The input the message must name, quoted as `'name'`. */
  input: string
  /** A fragment of the accepted form that the message must state. */
  accepts: string
  /** Text that must not be echoed (credentials inside a URL). */
  hides?: string
}

const CONTROL = 'a\u0007b'

// One row per line reads as the table it is.
// prettier-ignore
const BAD_INPUT_ROWS: BadInputRow[] = [
  // Durations
  { case: 'comment-on-pr maybe', mode: 'greenlight', inputs: { 'comment-on-pr': 'maybe' }, input: 'comment-on-pr', accepts: 'true or false' },
  { case: 'timeout not a duration', mode: 'greenlight', inputs: { timeout: 'abc' }, input: 'timeout', accepts: '500ms, 90s, 45m, 2h' },
  { case: 'timeout negative', mode: 'greenlight', inputs: { timeout: '-5s' }, input: 'timeout', accepts: 'must not be negative' },
  { case: 'timeout over 24h', mode: 'greenlight', inputs: { timeout: '7200m' }, input: 'timeout', accepts: 'at most 24h' },
  { case: 'poll-interval not a duration', mode: 'greenlight', inputs: { 'poll-interval': 'soon' }, input: 'poll-interval', accepts: '500ms, 90s, 45m, 2h' },
  { case: 'poll-interval too short', mode: 'greenlight', inputs: { 'poll-interval': '10ms' }, input: 'poll-interval', accepts: 'at least 100ms' },
  // run-id
  { case: 'run-id with a slash', mode: 'greenlight', inputs: { 'run-id': 'run/1' }, input: 'run-id', accepts: "letters, digits, '-', '_', '.' and ':'" },
  { case: 'run-id JSON entry with a space', mode: 'greenlight', inputs: { 'run-id': '["a b"]' }, input: 'run-id', accepts: 'a JSON array such as ["id1","id2"]' },
  { case: 'run-id with a control character', mode: 'greenlight', inputs: { 'run-id': CONTROL }, input: 'run-id', accepts: "letters, digits, '-', '_', '.' and ':'" },
  { case: 'run-id JSON array of numbers', mode: 'greenlight', inputs: { 'run-id': '[1,2]' }, input: 'run-id', accepts: 'JSON array of strings' },
  { case: 'run-id invalid JSON array', mode: 'greenlight', inputs: { 'run-id': '["a"' }, input: 'run-id', accepts: 'not a valid JSON array' },
  { case: 'run-id too long', mode: 'greenlight', inputs: { 'run-id': 'r'.repeat(201) }, input: 'run-id', accepts: 'at most 200 characters' },
  // base-url
  { case: 'base-url not a URL', mode: 'greenlight', inputs: { 'base-url': 'not a url' }, input: 'base-url', accepts: 'https:// URL, e.g. https://app.qawolf.com (the default' },
  { case: 'base-url with credentials', mode: 'notify', inputs: { 'base-url': 'https://user:pass@qa.example.com' }, input: 'base-url', accepts: "pass the API key in 'api-key'", hides: 'user:pass' },
  { case: 'base-url with a query', mode: 'greenlight', inputs: { 'base-url': 'https://qa.example.com/?a=1' }, input: 'base-url', accepts: 'e.g. https://app.qawolf.com' },
  { case: 'base-url with a query', mode: 'notify', inputs: { 'base-url': 'https://qa.example.com/?token=s3cr3t-query' }, input: 'base-url', accepts: "the service's base address", hides: 's3cr3t-query' },
  // notify inputs
  { case: 'deployment-url javascript:', mode: 'notify', inputs: { 'deployment-url': 'javascript:alert(1)' }, input: 'deployment-url', accepts: 'absolute http:// or https:// URL' },
  { case: 'commit-url data:', mode: 'notify', inputs: { 'commit-url': 'data:text/html,<script>alert(1)</script>' }, input: 'commit-url', accepts: 'absolute http:// or https:// URL' },
  { case: 'hosting-service Bitbucket', mode: 'notify', inputs: { 'hosting-service': 'Bitbucket' }, input: 'hosting-service', accepts: 'GitHub or GitLab' },
  { case: 'deployment-type on two lines', mode: 'notify', inputs: { 'deployment-type': 'e2e\nsmoke' }, input: 'deployment-type', accepts: 'a single line without control characters' },
  { case: 'ephemeral-environment maybe', mode: 'notify', inputs: { 'ephemeral-environment': 'maybe' }, input: 'ephemeral-environment', accepts: 'true, false or empty' },
  { case: 'variables nested object', mode: 'notify', inputs: { variables: '{"DB":{"host":"x"}}' }, input: 'variables', accepts: 'JSON object of string values' },
  { case: 'variables non-string value', mode: 'notify', inputs: { variables: '{"PORT":8080}' }, input: 'variables', accepts: 'quote it: "8080"' },
  { case: 'variables line without =', mode: 'notify', inputs: { variables: 'A=1\nJUST_A_NAME' }, input: 'variables', accepts: 'KEY=VALUE lines' },
  { case: 'variables invalid JSON', mode: 'notify', inputs: { variables: '{"A": "1",' }, input: 'variables', accepts: 'JSON object of string values' },
  { case: 'sha not hex', mode: 'notify', inputs: { sha: 'not-hex' }, input: 'sha', accepts: '4 to 64 hexadecimal digits' },
  { case: 'branch with a line break', mode: 'notify', inputs: { branch: 'main\nevil' }, input: 'branch', accepts: 'single line without control characters' },
  { case: 'deduplication-key with a control character', mode: 'notify', inputs: { 'deduplication-key': CONTROL }, input: 'deduplication-key', accepts: 'single line without control characters' },
  { case: 'pull-request-number zero', mode: 'notify', inputs: { 'pull-request-number': '0' }, input: 'pull-request-number', accepts: 'a positive whole number such as 42' },
  { case: 'via webhook', mode: 'notify', inputs: { via: 'webhook' }, input: 'via', accepts: 'deploy-success, github-deployment or report-status' },
  { case: 'environment on two lines', mode: 'notify', inputs: { via: 'report-status', 'workspace-id': 'ws-1', environment: 'a\nb' }, input: 'environment', accepts: 'single line without control characters' },
  { case: 'repository without a slash', mode: 'notify', inputs: { repository: 'shop' }, input: 'repository', accepts: 'owner/name, e.g. acme/shop' },
  { case: 'repository with groups on GitHub', mode: 'notify', inputs: { repository: 'acme/web/shop' }, input: 'repository', accepts: 'with one slash' },
  { case: 'merge-request-number on GitHub', mode: 'notify', inputs: { 'merge-request-number': '7' }, input: 'merge-request-number', accepts: "set 'pull-request-number'" },
  { case: 'merge-request-number not a number', mode: 'notify', inputs: { 'hosting-service': 'GitLab', 'merge-request-number': '!7' }, input: 'merge-request-number', accepts: 'a positive whole number such as 42, or empty for none' },
  { case: 'service on two lines', mode: 'notify', inputs: { via: 'report-status', service: 'web\napi' }, input: 'service', accepts: 'single line without control characters' },
  { case: 'workspace-id on two lines', mode: 'notify', inputs: { 'workspace-id': 'ws-1\nws-2' }, input: 'workspace-id', accepts: 'single line without control characters' },
  // terminate inputs
  { case: 'terminate naming no environment', mode: 'terminate', inputs: { 'environment-id': '' }, input: 'environment-id', accepts: "set exactly one of 'environment-id', 'environment-alias', 'deployment-url'" },
  { case: 'terminate naming two environments', mode: 'terminate', inputs: { 'environment-alias': 'pr-7' }, input: 'environment-alias', accepts: "set exactly one of them in terminate mode" },
  { case: 'fail-on-no-run not a boolean', mode: 'notify', inputs: { 'fail-on-no-run': 'no' }, input: 'fail-on-no-run', accepts: 'true or false' },
  { case: 'wait-for-url not a boolean', mode: 'notify', inputs: { 'wait-for-url': 'yes please' }, input: 'wait-for-url', accepts: 'true or false' },
  { case: 'wait-for-url-timeout zero', mode: 'notify', inputs: { 'wait-for-url': 'true', 'wait-for-url-timeout': '0' }, input: 'wait-for-url-timeout', accepts: 'greater than zero, e.g. 5m' },
  { case: 'wait-for-url-timeout not a duration', mode: 'notify', inputs: { 'wait-for-url-timeout': 'soon' }, input: 'wait-for-url-timeout', accepts: 'a duration such as 500ms, 90s, 45m, 2h' },
  // common inputs
  { case: 'mode misspelt', mode: 'notify', inputs: { mode: 'greenlite' }, input: 'mode', accepts: "Did you mean 'greenlight'?" },
  { case: 'api-key empty', mode: 'greenlight', inputs: { 'api-key': '' }, input: 'api-key', accepts: 'secrets.QAWOLF_API_KEY' },
  { case: 'api-key with a Bearer prefix', mode: 'notify', inputs: { 'api-key': 'Bearer qa-e2e-secret-key-7f3c9a' }, input: 'api-key', accepts: "without the 'Bearer ' prefix" },
  { case: 'summary sometimes', mode: 'notify', inputs: { summary: 'sometimes' }, input: 'summary', accepts: 'true or false' },
  { case: 'label with a control character', mode: 'greenlight', inputs: { label: CONTROL }, input: 'label', accepts: 'single line without control characters' },
  // greenlight switches
  { case: 'wait yes-please', mode: 'greenlight', inputs: { wait: 'yes-please' }, input: 'wait', accepts: 'true or false' },
  { case: 'fail-on-red 1', mode: 'greenlight', inputs: { 'fail-on-red': '1' }, input: 'fail-on-red', accepts: 'true or false' },
  { case: 'fail-on-timeout on', mode: 'greenlight', inputs: { 'fail-on-timeout': 'on' }, input: 'fail-on-timeout', accepts: 'true or false' },
  { case: 'outcome amber', mode: 'greenlight', inputs: { 'outcome-when-blocking-bugs-in-other-workflows': 'amber' }, input: 'outcome-when-blocking-bugs-in-other-workflows', accepts: 'green or red' },
  { case: 'on-superseded ignore', mode: 'greenlight', inputs: { 'on-superseded': 'ignore' }, input: 'on-superseded', accepts: 'follow or fail' },
  { case: 'comment-on-pr without a token', mode: 'greenlight', inputs: { 'comment-on-pr': 'true', 'github-token': '' }, input: 'github-token', accepts: 'pull-requests: write' },
  { case: 'verdict-from service', mode: 'greenlight', inputs: { 'verdict-from': 'service' }, input: 'verdict-from', accepts: 'run or check' },
  { case: 'check-name empty line', mode: 'greenlight', inputs: { 'verdict-from': 'check', 'check-name': CONTROL }, input: 'check-name', accepts: 'single line without control characters' },
  { case: 'check-app with a space', mode: 'greenlight', inputs: { 'verdict-from': 'check', 'check-app': 'qa wolf' }, input: 'check-app', accepts: "GitHub App's slug", hides: 'qa wolf' },
  { case: 'since without a zone', mode: 'greenlight', inputs: { 'verdict-from': 'check', since: '2025-03-04T05:06:07' }, input: 'since', accepts: 'ISO 8601 time with a time zone', hides: '2025-03-04T05:06:07' },
  { case: 'greenlight sha not hex', mode: 'greenlight', inputs: { 'verdict-from': 'check', sha: 'HEAD' }, input: 'sha', accepts: '4 to 64 hexadecimal digits' },
  { case: 'verdict-from check without a token', mode: 'greenlight', inputs: { 'verdict-from': 'check', 'github-token': '' }, input: 'github-token', accepts: 'checks: read' },
  { case: 'github-token with a space', mode: 'greenlight', inputs: { 'comment-on-pr': 'true', 'github-token': 'ghs_a b' }, input: 'github-token', accepts: 'cannot be sent in an HTTP header' }
]

const VALID: Record<BadInputRow['mode'], Record<string, string>> = {
  notify: { mode: 'notify' },
  greenlight: { mode: 'greenlight', 'run-id': 'run-1', since: 'any' },
  terminate: { mode: 'terminate', 'environment-id': 'env-1' }
}

describe('malformed inputs', () => {
  it('has a row for every input of action.yml', () => {
    const covered = new Set(BAD_INPUT_ROWS.map(row => row.input))
    for (const name of [...COMMON_INPUTS, ...Object.values(MODE_INPUTS).flat()]) {
      expect(covered).toContain(name)
    }
  })

  it.each(BAD_INPUT_ROWS)('$case: one message naming $input and its accepted form', row => {
    const error = failure({ ...VALID[row.mode], ...row.inputs })
    expect(error).not.toBeInstanceOf(InputErrors)
    expect(error.message).toContain(`'${row.input}'`)
    expect(error.message).toContain(row.accepts)
    if (row.hides !== undefined) expect(error.message).not.toContain(row.hides)
    expect(error.message).not.toContain(API_KEY)
    expect(error.message).not.toContain('SENTINEL')
  })
})

describe('readSettings: values no runner evaluated (a local runner passes ${{ }} as text)', () => {
  it("reads action.yml's own expression default as unset, without a warning", () => {
    const { settings, warnings } = read({
      mode: 'greenlight',
      'run-id': 'run-1',
      'github-token': '${{ github.token }}'
    })
    expect(settings.mode === 'greenlight' && settings.githubToken).toBe('')
    expect(warnings).toEqual([])
  })

  it('reads one written by hand as unset, with a warning that does not echo it', () => {
    const { settings, warnings } = read({ mode: 'notify', label: '${{ matrix.environment }}' })
    expect(settings.label).toBe('')
    expect(warnings).toEqual([
      expect.stringMatching(/^Input 'label' is an expression that nothing evaluated/)
    ])
    expect(warnings.join('\n')).not.toContain('matrix')
  })

  it('says so in the error when the input is then missing', () => {
    const text = message({ mode: 'notify', 'api-key': '${{ secrets.ACME_TEAM_KEY }}' })
    expect(text).toMatch(/^Input 'api-key' .*Its value was an expression that nothing evaluated/)
    expect(text).not.toContain('ACME_TEAM_KEY')
    // The expression is no secret: the action's own example is shown whole, not masked in part.
    expect(text).toContain('e.g. api-key: ${{ secrets.QAWOLF_API_KEY }}')
  })
})

describe('readSettings: base-url', () => {
  it("defaults to QA Wolf's address when the runner fills action.yml's default", () => {
    const { settings, warnings } = read({ mode: 'notify', 'base-url': INPUT_DEFAULTS['base-url']! })
    expect(settings.baseUrl).toBe('https://app.qawolf.com')
    expect(warnings).toEqual([])
  })

  it('uses the default for an empty value (a variable that is not set), with a warning', () => {
    const { settings, warnings } = read({ mode: 'notify', 'base-url': '' })
    expect(settings.baseUrl).toBe('https://app.qawolf.com')
    expect(warnings).toEqual([
      "Input 'base-url' is empty (a variable that is not set?); using the default " +
        'https://app.qawolf.com. Leave the input out to use the default without this warning.'
    ])
  })
})

describe('readSettings: wait-for-url', () => {
  it.each([
    [{}, undefined],
    [{ 'wait-for-url': 'true' }, { timeoutMs: 300_000 }],
    [{ 'wait-for-url': 'true', 'wait-for-url-timeout': '90s' }, { timeoutMs: 90_000 }]
  ])('reads %j as %j: off by default, 5m when on', (given, waitForUrl) =>
    expect(notify(given).waitForUrl).toEqual(waitForUrl)
  )

  it('warns that a timeout without wait-for-url has no effect', () => {
    const { warnings } = read({ mode: 'notify', 'wait-for-url-timeout': '10m' })
    expect(warnings).toEqual([
      "Input 'wait-for-url-timeout' has no effect while 'wait-for-url' is false."
    ])
  })
})
