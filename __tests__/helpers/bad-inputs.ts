// Malformed inputs, one row each: what is wrong, the input the message must name and the accepted
// form it must state. The unit tests run every row through readSettings; the end-to-end tests run
// a few through the bundled action, to show that the same messages reach the runner.

export interface BadInputRow {
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
export const BAD_INPUT_ROWS: BadInputRow[] = [
  // Durations
  { case: 'comment-on-pr maybe', mode: 'greenlight', inputs: { 'comment-on-pr': 'maybe' }, input: 'comment-on-pr', accepts: 'true or false' },
  { case: 'timeout not a duration', mode: 'greenlight', inputs: { timeout: 'abc' }, input: 'timeout', accepts: '500ms, 90s, 45m, 2h' },
  { case: 'timeout negative', mode: 'greenlight', inputs: { timeout: '-5s' }, input: 'timeout', accepts: 'must not be negative' },
  { case: 'timeout zero', mode: 'greenlight', inputs: { timeout: '0' }, input: 'timeout', accepts: 'greater than zero' },
  { case: 'timeout over 24h', mode: 'greenlight', inputs: { timeout: '7200m' }, input: 'timeout', accepts: 'at most 24h' },
  { case: 'poll-interval not a duration', mode: 'greenlight', inputs: { 'poll-interval': 'soon' }, input: 'poll-interval', accepts: '500ms, 90s, 45m, 2h' },
  { case: 'poll-interval too short', mode: 'greenlight', inputs: { 'poll-interval': '10ms' }, input: 'poll-interval', accepts: 'at least 100ms' },
  // run-id
  { case: 'run-id empty', mode: 'greenlight', inputs: { 'run-id': '' }, input: 'run-id', accepts: 'steps.notify.outputs.run-ids' },
  { case: 'run-id with a slash', mode: 'greenlight', inputs: { 'run-id': 'run/1' }, input: 'run-id', accepts: "letters, digits, '-', '_', '.' and ':'" },
  { case: 'run-id ..', mode: 'greenlight', inputs: { 'run-id': '..' }, input: 'run-id', accepts: "letters, digits, '-', '_', '.' and ':'" },
  { case: 'run-id JSON entry with a space', mode: 'greenlight', inputs: { 'run-id': '["a b"]' }, input: 'run-id', accepts: 'a JSON array such as ["id1","id2"]' },
  { case: 'run-id with a control character', mode: 'greenlight', inputs: { 'run-id': CONTROL }, input: 'run-id', accepts: "letters, digits, '-', '_', '.' and ':'" },
  { case: 'run-id JSON array of numbers', mode: 'greenlight', inputs: { 'run-id': '[1,2]' }, input: 'run-id', accepts: 'JSON array of strings' },
  { case: 'run-id invalid JSON array', mode: 'greenlight', inputs: { 'run-id': '["a"' }, input: 'run-id', accepts: 'not a valid JSON array' },
  { case: 'run-id too long', mode: 'greenlight', inputs: { 'run-id': 'r'.repeat(201) }, input: 'run-id', accepts: 'at most 200 characters' },
  // base-url
  { case: 'base-url ftp', mode: 'notify', inputs: { 'base-url': 'ftp://qa.example.com' }, input: 'base-url', accepts: 'https:// URL, e.g. https://qa.example.com' },
  { case: 'base-url not a URL', mode: 'greenlight', inputs: { 'base-url': 'not a url' }, input: 'base-url', accepts: 'https:// URL, e.g. https://qa.example.com' },
  { case: 'base-url with credentials', mode: 'notify', inputs: { 'base-url': 'https://user:pass@qa.example.com' }, input: 'base-url', accepts: "pass the API key in 'api-key'", hides: 'user:pass' },
  { case: 'base-url http on a public host', mode: 'notify', inputs: { 'base-url': 'http://qa.example.com' }, input: 'base-url', accepts: 'http:// is accepted only for loopback hosts' },
  { case: 'base-url empty', mode: 'greenlight', inputs: { 'base-url': '' }, input: 'base-url', accepts: 'e.g. https://qa.example.com' },
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
  { case: 'variables JSON array', mode: 'notify', inputs: { variables: '["A=1"]' }, input: 'variables', accepts: 'KEY=VALUE lines' },
  { case: 'sha not hex', mode: 'notify', inputs: { sha: 'not-hex' }, input: 'sha', accepts: '4 to 64 hexadecimal digits' },
  { case: 'branch with a line break', mode: 'notify', inputs: { branch: 'main\nevil' }, input: 'branch', accepts: 'single line without control characters' },
  { case: 'deduplication-key with a control character', mode: 'notify', inputs: { 'deduplication-key': CONTROL }, input: 'deduplication-key', accepts: 'single line without control characters' },
  { case: 'workspace-id on two lines', mode: 'notify', inputs: { 'workspace-id': 'ws-1\nws-2' }, input: 'workspace-id', accepts: 'single line without control characters' },
  // terminate inputs
  { case: 'terminate naming no environment', mode: 'terminate', inputs: { 'environment-id': '' }, input: 'environment-id', accepts: "set exactly one of 'environment-id', 'environment-alias', 'deployment-url'" },
  { case: 'terminate naming two environments', mode: 'terminate', inputs: { 'environment-alias': 'pr-7' }, input: 'environment-alias', accepts: "set exactly one of them in terminate mode" },
  { case: 'fail-on-no-run not a boolean', mode: 'notify', inputs: { 'fail-on-no-run': 'no' }, input: 'fail-on-no-run', accepts: 'true or false' },
  // common inputs
  { case: 'mode deploy', mode: 'notify', inputs: { mode: 'deploy' }, input: 'mode', accepts: 'notify, greenlight or terminate' },
  { case: 'mode empty', mode: 'notify', inputs: { mode: '' }, input: 'mode', accepts: 'notify, greenlight or terminate' },
  { case: 'api-key empty', mode: 'greenlight', inputs: { 'api-key': '' }, input: 'api-key', accepts: 'secrets.QA_API_KEY' },
  { case: 'api-key with a Bearer prefix', mode: 'notify', inputs: { 'api-key': 'Bearer qa-e2e-secret-key-7f3c9a' }, input: 'api-key', accepts: "without the 'Bearer ' prefix" },
  { case: 'summary sometimes', mode: 'notify', inputs: { summary: 'sometimes' }, input: 'summary', accepts: 'true or false' },
  { case: 'label with a control character', mode: 'greenlight', inputs: { label: CONTROL }, input: 'label', accepts: 'single line without control characters' },
  { case: 'label too long', mode: 'notify', inputs: { label: 'x'.repeat(101) }, input: 'label', accepts: 'at most 100 characters' },
  // greenlight switches
  { case: 'wait yes-please', mode: 'greenlight', inputs: { wait: 'yes-please' }, input: 'wait', accepts: 'true or false' },
  { case: 'fail-on-red 1', mode: 'greenlight', inputs: { 'fail-on-red': '1' }, input: 'fail-on-red', accepts: 'true or false' },
  { case: 'fail-on-timeout on', mode: 'greenlight', inputs: { 'fail-on-timeout': 'on' }, input: 'fail-on-timeout', accepts: 'true or false' },
  { case: 'outcome amber', mode: 'greenlight', inputs: { 'outcome-when-blocking-bugs-in-other-workflows': 'amber' }, input: 'outcome-when-blocking-bugs-in-other-workflows', accepts: 'green or red' },
  { case: 'comment-on-pr without a token', mode: 'greenlight', inputs: { 'comment-on-pr': 'true', 'github-token': '' }, input: 'github-token', accepts: 'pull-requests: write' },
  { case: 'github-token with a space', mode: 'greenlight', inputs: { 'comment-on-pr': 'true', 'github-token': 'ghs_a b' }, input: 'github-token', accepts: 'cannot be sent in an HTTP header' }
]
