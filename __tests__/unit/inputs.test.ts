// Reading a step's inputs into the settings: the forms each input accepts, the message that names
// the input and its accepted forms for each form it refuses (never a secret), and the warnings.
// The whole-step input tests (behaviour/inputs-refused.test.ts) show a few of them reaching the runner.
import { describe, it, expect } from '@jest/globals'
import { INPUT_DEFAULTS, NOTIFY_ROUTES, readSettings } from '../../src/kernel/inputs.js'
import { InputError, InputErrors } from '../../src/kernel/settings.js'
import { refusedValue, unshownValue } from '../../src/kernel/text.js'

// Distinctive, so that any echo of them in a message is caught.
const API_KEY = 'qak_SENTINEL_7f3a9c2e5b1d8046'
const RUNNER_TOKEN = 'ghs_runnerFilledToken0123456789'

/** As the runner hands them over: defaults filled in, values trimmed (like core.getInput). */
function read(given: Record<string, string>) {
  const values: Record<string, string> = {
    ...INPUT_DEFAULTS,
    'github-token': RUNNER_TOKEN,
    'api-key': API_KEY,
    'base-url': 'https://qa.example.com',
    ...given
  }
  return readSettings(name => (values[name] ?? '').trim())
}

/** The InputError (or InputErrors) that reading `given` throws. */
function refusal(given: Record<string, string>): InputError {
  try {
    read(given)
  } catch (error) {
    return error as InputError
  }
  throw new Error(`expected ${JSON.stringify(given)} to be refused`)
}

const N = { mode: 'notify' }
const G = { mode: 'greenlight', 'run-id': 'run-1' }
const C = { mode: 'greenlight', 'verdict-from': 'check', since: 'any' }
const T = { mode: 'terminate', 'environment-id': 'env-1' }
const LONGEST_ID = `Run_01.v2:abc-DEF${'a'.repeat(183)}`
const DURATIONS = '500ms, 90s, 45m, 2h or a bare number of seconds'
const BOOLEANS = [
  [N, ['summary', 'fail-on-no-run', 'wait-for-url']],
  [G, ['wait', 'fail-on-red', 'fail-on-timeout', 'comment-on-pr']]
] as const

/** The one error reading `given` throws (not several). */
function message(given: Record<string, string>): string {
  const error = refusal(given)
  expect(error).not.toBeInstanceOf(InputErrors)
  return error.message
}

describe('the settings of each mode', () => {
  it('builds notify and greenlight settings from the runner-filled defaults, without warnings', () => {
    const common = { apiKey: API_KEY, baseUrl: 'https://qa.example.com', label: '', summary: true }
    expect(read({ ...N, 'base-url': 'https://qa.example.com/' })).toEqual({
      settings: {
        mode: 'notify',
        ...common,
        hostingService: 'GitHub',
        failOnNoRun: true,
        via: 'deploy-success',
        githubToken: RUNNER_TOKEN
      },
      warnings: []
    })
    expect(read(G)).toEqual({
      settings: {
        mode: 'greenlight',
        ...common,
        verdictFrom: 'run',
        runIds: ['run-1'],
        wait: true,
        timeoutMs: 2 * 3600 * 1000,
        pollIntervalMs: 30_000,
        outcomeWhenBlockingBugsInOtherWorkflows: 'green',
        onSuperseded: 'follow',
        failOnRed: true,
        failOnTimeout: true,
        commentOnPr: false,
        githubToken: RUNNER_TOKEN
      },
      warnings: []
    })
  })

  // prettier-ignore
  it.each([
    [{ ...N, sha: 'ABCDEF0123456789abcdef0123456789abcdef01', branch: 'refs/heads/feature/login' }, { sha: 'abcdef0123456789abcdef0123456789abcdef01', branch: 'feature/login' }],
    [{ ...N, 'deployment-type': 'preview', 'deduplication-key': 'pr-42', label: 'staging (eu)', summary: 'False' }, { deploymentType: 'preview', deduplicationKey: 'pr-42', label: 'staging (eu)', summary: false }],
    [{ ...N, 'deployment-url': 'http://pr-42.example.com/', 'commit-url': 'https://git.example.com/c/1' }, { deploymentUrl: 'http://pr-42.example.com/', commitUrl: 'https://git.example.com/c/1' }],
    [{ ...N, 'hosting-service': 'gitlab', repository: 'acme/web/shop', 'merge-request-number': '7' }, { hostingService: 'GitLab', repository: { owner: 'acme/web', name: 'shop' }, mergeRequestNumber: 7 }],
    [{ ...N, via: 'Report-Status', environment: 'staging', 'workspace-id': 'ws-1', repository: 'acme/shop', service: 'web' }, { via: 'report-status', environment: 'staging', workspaceId: 'ws-1', repository: { owner: 'acme', name: 'shop' }, service: 'web' }],
    [{ ...N, 'ephemeral-environment': 'tRuE', 'pull-request-number': '9007199254740991', 'fail-on-no-run': 'FALSE' }, { ephemeralEnvironment: true, pullRequestNumber: 9007199254740991, failOnNoRun: false }],
    [{ ...N, summary: '', 'fail-on-no-run': '', 'hosting-service': '', 'ephemeral-environment': 'false' }, { summary: true, failOnNoRun: true, hostingService: 'GitHub', ephemeralEnvironment: false }],
    [{ ...N, 'api-key': 'a1b2c3d4', 'wait-for-url': 'true' }, { apiKey: 'a1b2c3d4', waitForUrl: { timeoutMs: 300_000 } }],
    [{ ...N, 'wait-for-url': 'true', 'wait-for-url-timeout': '90s' }, { waitForUrl: { timeoutMs: 90_000 } }],
    [{ ...N, variables: '{"API_URL": "https://api.example.com", "EMPTY": ""}' }, { variables: { API_URL: 'https://api.example.com', EMPTY: '' } }],
    [{ ...N, variables: '# test\nAPI_URL = https://a.example.com\n\n  Q=a=b&c=d  \n#X=1\r\nEMPTY=' }, { variables: { API_URL: 'https://a.example.com', Q: 'a=b&c=d', EMPTY: '' } }],
    [{ ...N, label: 'x'.repeat(100), mode: 'Notify' }, { label: 'x'.repeat(100), mode: 'notify' }],
    [{ ...G, 'run-id': 'a,b', wait: 'False', timeout: '45m', 'poll-interval': '500ms', 'fail-on-red': 'FALSE', 'fail-on-timeout': 'false' }, { runIds: ['a', 'b'], wait: false, timeoutMs: 2_700_000, pollIntervalMs: 500, failOnRed: false, failOnTimeout: false }],
    [{ ...G, mode: 'GREENLIGHT', 'outcome-when-blocking-bugs-in-other-workflows': 'RED', 'on-superseded': 'Fail', 'comment-on-pr': 'True', 'github-token': 'ghp_other' }, { mode: 'greenlight', outcomeWhenBlockingBugsInOtherWorkflows: 'red', onSuperseded: 'fail', commentOnPr: true, githubToken: 'ghp_other' }],
    [{ ...G, timeout: '24h', 'poll-interval': '100ms', 'github-token': '' }, { timeoutMs: 86_400_000, pollIntervalMs: 100, githubToken: '' }],
    [{ ...C, 'api-key': '', since: 'ANY' }, { apiKey: '', verdictFrom: 'check', runIds: [], check: { name: 'QA Wolf Test Results', app: '' } }],
    [{ ...C, 'check-app': 'QAWolf', sha: 'A'.repeat(40), branch: 'main', since: '2026-11-26T13:00:00+01:00' }, { check: { name: 'QA Wolf Test Results', app: 'qawolf', sha: 'a'.repeat(40), branch: 'main', since: { iso: '2026-11-26T12:00:00.000Z', ms: Date.parse('2026-11-26T12:00:00Z') } } }],
    [{ ...N, label: '${{ matrix.x }}', variables: 'A=1\nA=3' }, { label: '', variables: { A: '3' } }],
    [{ ...G, 'github-token': '${{ github.token }}' }, { githubToken: '' }],
    [T, { via: 'environment-terminated', environment: { environmentId: 'env-1' } }],
    [{ ...T, 'environment-id': '', 'environment-alias': 'pr-7', 'workspace-id': 'ws' }, { environment: { environmentAlias: 'pr-7' }, workspaceId: 'ws' }],
    [{ ...T, 'environment-id': '', 'deployment-url': 'https://pr-7.example.com' }, { environment: { deploymentUrl: 'https://pr-7.example.com' } }],
    [{ ...T, via: 'report-status', environment: 'pr-7', 'workspace-id': 'ws', 'environment-id': '' }, { via: 'report-status', environmentName: 'pr-7', workspaceId: 'ws', githubToken: RUNNER_TOKEN }],
    [{ mode: 'terminate', via: 'github-deployment', environment: 'pr-7' }, { via: 'github-deployment', environmentName: 'pr-7' }],
    [{ ...N, 'base-url': 'https://QA.Example.com:8443/qa/' }, { baseUrl: 'https://qa.example.com:8443/qa' }],
    [{ ...N, 'base-url': 'http://LOCALHOST/' }, { baseUrl: 'http://localhost' }],
    [{ ...N, 'base-url': 'http://127.10.20.30:3000' }, { baseUrl: 'http://127.10.20.30:3000' }],
    [{ ...N, 'base-url': 'http://[0:0:0:0:0:0:0:1]:9000' }, { baseUrl: 'http://[::1]:9000' }],
    // run-id: commas, whitespace, empty items and repeats; notify's JSON output; 200 characters
    [{ ...G, 'run-id': 'abc, def ,ghi\tjkl\r\nmno\n,,abc' }, { runIds: ['abc', 'def', 'ghi', 'jkl', 'mno'] }],
    [{ ...G, 'run-id': '[ "r-1" , "r-2", "r-1" ]' }, { runIds: ['r-1', 'r-2'] }],
    [{ ...G, 'run-id': LONGEST_ID }, { runIds: [LONGEST_ID] }]
  ])('reads %j', (given, expected) => expect(read(given).settings).toMatchObject(expected))

  it.each(['', '{}', '# nothing yet\n\n'])(
    'leaves out variables %j and keeps special keys',
    value => {
      expect(read({ ...N, variables: value }).settings).not.toHaveProperty('variables')
      const { settings } = read({ ...N, variables: '__proto__=x\nconstructor=y' })
      expect(JSON.stringify(settings.mode === 'notify' && settings.variables)).toBe(
        '{"__proto__":"x","constructor":"y"}'
      )
    }
  )

  it('needs no since on a check_run event', () => {
    const values: Record<string, string> = { ...C, since: '', 'github-token': RUNNER_TOKEN }
    const settings = readSettings(name => values[name] ?? '', { eventName: 'check_run' }).settings
    expect(settings).toMatchObject({ check: {} })
  })
})

// What is wrong, the input the message must name, and what it must say (the accepted forms).
// prettier-ignore
const REFUSED: [string, Record<string, string>, string, string][] = [
  ['mode empty', { mode: '' }, 'mode', "Input 'mode' is required: set it to notify, greenlight or terminate."],
  ['mode unknown', { mode: 'deploy' }, 'mode', "Input 'mode' must be notify, greenlight or terminate; got 'deploy'."],
  ['api-key empty', { ...N, 'api-key': '' }, 'api-key', "Input 'api-key' is required: pass the API key from a secret, e.g. api-key: ${{ secrets.QAWOLF_API_KEY }}."],
  ['api-key with a space', { ...N, 'api-key': `${API_KEY} x` }, 'api-key', 'cannot be sent in an HTTP header; pass the key alone (the value is not shown).'],
  ['api-key too short', { ...N, 'api-key': 'a1b2c3d' }, 'api-key', "Input 'api-key' is 7 characters long, too short for an API key (at least 8); pass the API key from a secret (the value is not shown)."],
  ['api-key with Bearer', { ...N, 'api-key': `Bearer ${API_KEY}` }, 'api-key', "Input 'api-key' must be the key alone, without the 'Bearer ' prefix (the value is not shown)."],
  ['api-key an unevaluated expression', { ...N, 'api-key': '${{ secrets.ACME_TEAM_KEY }}' }, 'api-key', 'e.g. api-key: ${{ secrets.QAWOLF_API_KEY }}. (Its value was an expression that nothing evaluated, ${{ … }}, which counts as unset.)'],
  ['base-url http elsewhere', { ...N, 'base-url': 'http://10.0.0.5:8080/' }, 'base-url', "Input 'base-url' must use https://; http:// is accepted only for loopback hosts (localhost, 127.0.0.0/8, [::1]); got an http:// address of another host (not shown)."],
  ['base-url http to a look-alike', { ...N, 'base-url': 'http://localhost.evil.example' }, 'base-url', 'http:// is accepted only for loopback hosts'],
  ['base-url without scheme', { ...N, 'base-url': 'qa.example.com/qa/tok-secret' }, 'base-url', "Input 'base-url' must start with https:// (or http:// for localhost); add https:// in front of the host (the value is not shown, as it may hold credentials)."],
  ['base-url without scheme, credentials', { ...N, 'base-url': 'admin:1234@qa.example.com' }, 'base-url', 'add https:// in front of the host'],
  ['base-url without scheme, loopback', { ...N, 'base-url': 'localhost:8080' }, 'base-url', 'add http:// in front of the host'],
  ['base-url without scheme, [::1]', { ...N, 'base-url': '[::1]:9000' }, 'base-url', 'add http:// in front of the host'],
  ['base-url a path', { ...N, 'base-url': '/api' }, 'base-url', "Input 'base-url' must be an absolute https:// URL, e.g. https://app.qawolf.com (the default; leave the input out for QA Wolf); got a value that is not one (not shown, as it may hold credentials)."],
  ['base-url javascript:', { ...N, 'base-url': 'javascript:alert(1)' }, 'base-url', 'must be an absolute https:// URL'],
  ['base-url scheme alone', { ...N, 'base-url': 'https://' }, 'base-url', 'must be an absolute https:// URL'],
  ['base-url a typo', { ...N, 'base-url': 'https//qa.example.com' }, 'base-url', 'must be an absolute https:// URL'],
  ['base-url a bare word', { ...N, 'base-url': 'qa-service' }, 'base-url', 'must be an absolute https:// URL'],
  ['base-url with a space', { ...N, 'base-url': 'qa.example.com/a b' }, 'base-url', 'must be an absolute https:// URL'],
  ['base-url with credentials', { ...N, 'base-url': 'https://admin:hunter2pass@qa.example.com' }, 'base-url', "Input 'base-url' must not contain a user name or password; pass the API key in 'api-key' (the value is not shown)."],
  ['base-url with a query', { ...N, 'base-url': 'https://qa.example.com/?token=abc' }, 'base-url', "Input 'base-url' must not contain a query (?...) or fragment (#...); give the service's base address, e.g. https://app.qawolf.com"],
  ['base-url with a fragment', { ...N, 'base-url': 'https://qa.example.com/#top' }, 'base-url', 'must not contain a query (?...) or fragment (#...)'],
  ['base-url with an empty query', { ...N, 'base-url': 'https://qa.example.com?' }, 'base-url', 'must not contain a query (?...) or fragment (#...)'],
  ['sha too short', { ...N, sha: 'abc' }, 'sha', `Input 'sha' must be a commit SHA of 4 to 64 hexadecimal digits, not all zeros; got ${unshownValue('abc')}.`],
  ['sha short with verdict-from: check', { ...C, sha: 'abc1234' }, 'sha', "With verdict-from: check, input 'sha' must be the full commit SHA (40 hexadecimal digits, or 64 for SHA-256)"],
  ['label too long', { ...N, label: 'x'.repeat(101) }, 'label', "Input 'label' must be at most 100 characters; got 101."],
  ['branch on two lines', { ...N, branch: 'main\nevil' }, 'branch', "Input 'branch' must be a single line without control characters; got a value of 2 lines (not shown)."],
  ['deployment-type with NUL', { ...N, 'deployment-type': 'pre\u0000view' }, 'deployment-type', 'a single line without control characters'],
  ['label with CRLF', { ...N, label: 'eu\r\nus' }, 'label', 'a single line without control characters'],
  ['environment-alias on two lines', { ...T, 'environment-alias': 'a\nb' }, 'environment-alias', 'a single line without control characters'],
  ['deployment-url javascript:', { ...N, 'deployment-url': 'javascript:alert(1)' }, 'deployment-url', "Input 'deployment-url' must be an absolute http:// or https:// URL, e.g. https://app.example.com; got a value that is not one (not shown, as it may hold credentials)."],
  ['hosting-service misspelt', { ...N, 'hosting-service': 'gitlabb' }, 'hosting-service', "must be GitHub or GitLab; got 'gitlabb'. Did you mean 'GitLab'?"],
  ['ephemeral-environment yes', { ...N, 'ephemeral-environment': 'yes' }, 'ephemeral-environment', "Input 'ephemeral-environment' must be true, false or empty (not sent); got 'yes'. Did you mean 'true'?"],
  ['merge-request-number !7', { ...N, 'hosting-service': 'GitLab', 'merge-request-number': '!7' }, 'merge-request-number', 'must be a positive whole number such as 42, or empty for none'],
  ['merge-request-number on GitHub', { ...N, 'merge-request-number': '7' }, 'merge-request-number', "Input 'merge-request-number' is for GitLab only (hosting-service: GitLab); on GitHub set 'pull-request-number'."],
  ['via webhook', { ...N, via: 'webhook' }, 'via', `Input 'via' must be ${NOTIFY_ROUTES.join(', ').replace(/, (?=[^,]*$)/, ' or ')}; got 'webhook'.`],
  ['repository without a slash', { ...N, repository: 'shop' }, 'repository', "Input 'repository' must be owner/name, e.g. acme/shop (GitLab: namespace/name, e.g. acme/web/shop); got a value of 4 characters (not shown)."],
  ['repository with groups on GitHub', { ...N, repository: 'acme/web/shop' }, 'repository', "Input 'repository' must be owner/name on GitHub, with one slash (a namespace with groups is GitLab's: set hosting-service: GitLab)."],
  ['wait-for-url-timeout zero', { ...N, 'wait-for-url': 'true', 'wait-for-url-timeout': '0' }, 'wait-for-url-timeout', "Input 'wait-for-url-timeout' must be greater than zero, e.g. 5m; to notify without waiting, set wait-for-url: false."],
  ['variables invalid JSON', { ...N, variables: '{"A": }' }, 'variables', 'starts with { but is not valid JSON'],
  ['variables an array', { ...N, variables: '["A=1"]' }, 'variables', 'must be a JSON object; got an array'],
  ['variables null', { ...N, variables: 'null' }, 'variables', 'must be a JSON object; got null'],
  ['variables a number value', { ...N, variables: '{"PORT": 8080}' }, 'variables', 'has a number value for variable 1; every value must be a string (quote it: "8080")'],
  ['variables an array value', { ...N, variables: '{"HOSTS": ["a"]}' }, 'variables', 'has an array value for variable 1; every value must be a string.'],
  ['variables a null value', { ...N, variables: '{"A": null}' }, 'variables', 'has a null value for variable 1'],
  ['variables a line without =', { ...N, variables: 'A=1\nDB_PASSWORD_s3cretValue' }, 'variables', "line 2 has no '=' (not shown)"],
  ['variables an empty key', { ...N, variables: '=value' }, 'variables', 'has an empty variable name (line 1)'],
  ['variables a key with spaces', { ...N, variables: 'MY KEY=1' }, 'variables', 'has a variable name with spaces or control characters (line 1; a value of 6 characters (not shown))'],
  ['run-id empty', { ...G, 'run-id': ' , ,' }, 'run-id', "Input 'run-id' is required in greenlight mode and lists no run ID: pass the notify step's output, e.g. run-id: ${{ steps.notify.outputs.run-ids }}. On QA Wolf's current path"],
  ['run-id an empty list', { ...G, 'run-id': '["", " "]' }, 'run-id', "Input 'run-id' is an empty list: the notify step started no run, so there is no verdict to wait for. On QA Wolf's current path (via: github-deployment or report-status) notify returns no run ID: gate on QA Wolf's check run of the commit instead, with verdict-from: check and since: ${{ steps.notify.outputs.reported-at }}."],
  ['run-id with a slash', { ...G, 'run-id': 'ok,a/b' }, 'run-id', "Input 'run-id' has entry 2, which is not a run ID (a value of 3 characters (not shown)). Run IDs are letters, digits, '-', '_', '.' and ':' (at most 200 characters each), separated by commas, whitespace or newlines, or a JSON array such as [\"id1\",\"id2\"] (the notify step's run-ids output)."],
  ['run-id ..', { ...G, 'run-id': '..' }, 'run-id', 'has entry 1, which is not a run ID'],
  ['run-id too long', { ...G, 'run-id': 'r'.repeat(201) }, 'run-id', 'a value of 201 characters (not shown)). Run IDs are'],
  ['run-id JSON of numbers', { ...G, 'run-id': '["a", 1]' }, 'run-id', 'must be a JSON array of strings when it starts with [. Run IDs are'],
  ['run-id invalid JSON', { ...G, 'run-id': '[abc' }, 'run-id', 'starts with [ but is not a valid JSON array. Run IDs are'],
  ['timeout zero', { ...G, timeout: '0ms' }, 'timeout', "Input 'timeout' must be greater than zero, e.g. 5m; to query once without waiting, set wait: false."],
  ['timeout not a duration', { ...G, timeout: 'soon' }, 'timeout', `Input 'timeout' must be a duration such as ${DURATIONS}; got 'soon'.`],
  ['poll-interval too short', { ...G, 'poll-interval': '50ms' }, 'poll-interval', "Input 'poll-interval' must be at least 100ms; got '50ms'."],
  ['outcome amber', { ...G, 'outcome-when-blocking-bugs-in-other-workflows': 'amber' }, 'outcome-when-blocking-bugs-in-other-workflows', "Input 'outcome-when-blocking-bugs-in-other-workflows' must be green or red; got 'amber'."],
  ['verdict-from service', { ...G, 'verdict-from': 'service' }, 'verdict-from', "Input 'verdict-from' must be run or check; got 'service'."],
  ['check-app with a space', { ...C, 'check-app': 'QA Wolf' }, 'check-app', "Input 'check-app' must be a GitHub App's slug (letters, digits and '-', as in the app's page github.com/apps/<slug>), or empty for any app but GitHub Actions; got a value of 7 characters (not shown)."],
  ['since a date', { ...C, since: '2025-01-05' }, 'since', "Input 'since' must be an ISO 8601 time with a time zone, e.g. 2026-11-26T12:00:00Z or 2026-11-26T13:00:00+01:00 (notify's reported-at output), or any; got a value of 10 characters (not shown)."],
  ['since missing while polling', { ...C, since: '' }, 'since', "Input 'since' is required with verdict-from: check while polling: pass notify's reported-at output (e.g. since: ${{ steps.notify.outputs.reported-at }}), so that only a check run of this deployment counts, or since: any to let any check run of the commit count (also one of an earlier deployment)."],
  ['comment-on-pr without a token', { ...G, 'comment-on-pr': 'true', 'github-token': '' }, 'github-token', "Input 'github-token' is empty but 'comment-on-pr' is true: pass a token with pull-requests: write permission (the default is ${{ github.token }}, with permissions: pull-requests: write in the job), or set comment-on-pr: false."],
  ['verdict-from check without a token', { ...C, 'github-token': '' }, 'github-token', "is empty but 'verdict-from' is check: pass a token with checks: read permission"],
  ['github-token with a space', { ...G, 'github-token': 'ghp_tokenPART1 ghp_tokenPART2' }, 'github-token', "Input 'github-token' contains spaces, line breaks or other characters that cannot be sent in an HTTP header (the value is not shown)."],
  ['terminate via mistyped', { ...T, via: 'deploy-success', 'environment-id': '' }, 'via', "Input 'via' must be environment-terminated, github-deployment or report-status; got 'deploy-success'."],
  ['terminate naming no environment', { ...T, 'environment-id': '' }, 'environment-id', "Input 'environment-id', 'environment-alias' or 'deployment-url' is required in terminate mode: set exactly one of 'environment-id', 'environment-alias', 'deployment-url' to name the environment that is gone"],
  ['terminate naming two environments', { ...T, 'environment-alias': 'pr-7' }, 'environment-id', "Inputs 'environment-id', 'environment-alias', 'deployment-url': set exactly one of them in terminate mode (the service takes one way to name the environment); 2 are set."],
  ['terminate by name without one', { mode: 'terminate', via: 'github-deployment' }, 'environment', "Input 'environment' is required with via: github-deployment in terminate mode: the environment's name as notify reported it, e.g. pr-42."],
  ['terminate github-deployment without a token', { mode: 'terminate', via: 'github-deployment', environment: 'pr-7', 'github-token': '' }, 'github-token', "is empty but via is github-deployment: pass a token with deployments: write permission"],
  ['terminate report-status without workspace', { mode: 'terminate', via: 'report-status', environment: 'pr-7' }, 'workspace-id', "Input 'workspace-id' is required with via: report-status: the report names the workspace it belongs to."],
  ['workspace-id holding the key', { ...N, 'workspace-id': API_KEY }, 'workspace-id', "Input 'workspace-id' holds the value of 'api-key', a secret that is sent nowhere else (the value is not shown): give 'workspace-id' its own value."],
  ['variables holding the token', { ...N, variables: `TOKEN=${RUNNER_TOKEN}` }, 'variables', "holds the value of 'github-token'"],
  ['api-key holding the token', { ...N, 'api-key': `${RUNNER_TOKEN}0` }, 'api-key', "holds the value of 'github-token'"],
  // The key, wherever it is pasted, never shows.
  ['the key as mode', { mode: API_KEY }, 'mode', `got ${refusedValue(API_KEY)}.`],
  ['the key as a variable name', { ...N, variables: `{"${API_KEY} x": "v"}` }, 'variables', 'has a variable name with spaces'],
]

describe('refused inputs', () => {
  it.each(REFUSED)('%s: one message naming %j and its accepted forms', (_, given, input, says) => {
    const error = refusal(given)
    expect(error).not.toBeInstanceOf(InputErrors)
    expect(error.input).toBe(input)
    expect(error.message).toContain(`'${input}'`)
    expect(error.message).toContain(says)
    // Neither the key nor a value that may hold a credential is echoed.
    expect(error.message).not.toMatch(/SENTINEL|hunter2|admin|token=|tok-secret|s3cret|tokenPART/)
    expect(error.message).not.toContain('ACME_TEAM_KEY')
  })

  it.each([
    ['greenlite', 'greenlight'],
    ['green', 'greenlight'],
    ['gr', undefined],
    ['notifiy', 'notify'],
    ['terminated', 'terminate'],
    ['deploy', undefined],
    ['no', undefined]
  ])('suggests for the mode %j the one it most likely meant: %j', (mode, meant) => {
    const suggestion = meant === undefined ? '' : ` Did you mean '${meant}'?`
    expect(message({ mode })).toBe(
      `Input 'mode' must be notify, greenlight or terminate; got '${mode}'.${suggestion}`
    )
  })

  it.each(['yes', 'no', '1', '0', 'on', 'tRUE', 'y'])(
    'refuses the boolean %j in every boolean input',
    value => {
      const meant = ['no', '0'].includes(value) ? 'false' : 'true'
      for (const [base, names] of BOOLEANS) {
        for (const name of names) {
          expect(message({ ...base, [name]: value })).toBe(
            `Input '${name}' must be true or false (also True, TRUE, False, FALSE); got ${refusedValue(value)}. Did you mean '${meant}'?`
          )
        }
      }
    }
  )

  it.each(['0', '-3', '12.5', '1e3', '012', 'twelve', '9007199254740992'])(
    'refuses the pull-request-number %j',
    value =>
      expect(message({ ...N, 'pull-request-number': value })).toBe(
        "Input 'pull-request-number' must be a positive whole number such as 42, or empty to " +
          `take it from the pull_request event; got ${refusedValue(value)}.`
      )
  )

  it('reports every problem, one line each, in action.yml order', () => {
    const error = refusal({
      mode: 'greenlight',
      'base-url': 'http://qa.example.com',
      'run-id': 'a/b',
      'comment-on-pr': 'maybe',
      timeout: 'soon',
      wait: 'maybe',
      'fail-on-red': 'maybe'
    })
    const order = ['base-url', 'run-id', 'wait', 'timeout', 'fail-on-red', 'comment-on-pr']
    expect(error).toBeInstanceOf(InputErrors)
    expect(error.message.split('\n').map(line => /^Input '([a-z-]+)'/.exec(line)?.[1])).toEqual(
      order
    )
    // Without a mode, the common inputs are still read, the others not.
    const modeless = refusal({ mode: 'both', 'base-url': 'ftp://qa.example.com', sha: 'nothex' })
    expect((modeless as InputErrors).errors.map(e => e.input)).toEqual(['mode', 'base-url'])
  })
})

describe('warnings', () => {
  // prettier-ignore
  it.each([
    [{ ...N, timeout: '10m', 'run-id': 'abc', 'comment-on-pr': 'true', 'poll-interval': 'nonsense' }, ["Input 'run-id' is ignored in notify mode.", "Input 'timeout' is ignored in notify mode.", "Input 'poll-interval' is ignored in notify mode.", "Input 'comment-on-pr' is ignored in notify mode."]],
    [{ ...G, sha: 'abc1234', variables: 'A=1', 'hosting-service': 'GitLab', 'fail-on-no-run': 'false' }, ["Input 'hosting-service' is ignored in greenlight mode.", "Input 'variables' is ignored in greenlight mode.", "Input 'fail-on-no-run' is ignored in greenlight mode.", "Input 'sha' is ignored with verdict-from: run."]],
    [{ ...N, wait: 'TRUE', timeout: '2H', 'poll-interval': '30s', 'github-token': 'ghs_anotherToken' }, []],
    [{ ...G, 'hosting-service': 'github', wait: 'false' }, []],
    [{ ...C, 'run-id': 'r', 'on-superseded': 'fail' }, ["Input 'run-id' is ignored with verdict-from: check.", "Input 'on-superseded' is ignored with verdict-from: check."]],
    [{ ...G, 'check-app': 'qawolf' }, ["Input 'check-app' is ignored with verdict-from: run."]],
    [{ ...G, wait: 'false', timeout: '5m' }, ["Input 'timeout' has little effect when 'wait' is false: the run is queried once (retrying a failed query at most twice, within 30 s and the timeout)."]],
    [{ ...N, 'wait-for-url-timeout': '10m' }, ["Input 'wait-for-url-timeout' has no effect while 'wait-for-url' is false."]],
    [{ ...N, variables: 'A=1\nB=2\nA=3' }, ["Input 'variables' line 3 sets the variable that line 1 already set; the last value is used."]],
    [{ ...N, 'base-url': '' }, ["Input 'base-url' is empty (a variable that is not set?); using the default https://app.qawolf.com. Leave the input out to use the default without this warning."]],
    [{ ...G, 'github-token': '${{ github.token }}' }, []],
    [{ ...N, label: '${{ matrix.environment }}' }, ["Input 'label' is an expression that nothing evaluated (${{ … }}), so it is treated as unset. A workflow's runner evaluates expressions; when running the action another way, give the value itself."]],
    [{ ...T, environment: 'pr-7' }, ["Input 'environment' is ignored with via: environment-terminated (it names the environment by 'environment-id', 'environment-alias' or 'deployment-url')."]],
    [{ ...T, via: 'report-status', environment: 'pr-7', 'workspace-id': 'ws' }, ["Input 'environment-id' is ignored with via: report-status (it names the environment by 'environment')."]]
  ])('reading %j warns %j', (given, warnings) => expect(read(given).warnings).toEqual(warnings))

  it('never show a piece of the key', () => {
    const piece = API_KEY.slice(0, 12)
    const { warnings } = read({ ...N, timeout: piece, variables: `${piece}=1\n${piece}=2` })
    expect(warnings).toHaveLength(2)
    for (const warning of warnings) expect(warning).not.toContain(piece.slice(0, 8))
  })
})
