export const id = 523;
export const ids = [523];
export const modules = {

/***/ 2641:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   L: () => (/* binding */ readGitHubContext)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _core_is_record_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2789);
// The workflow run's GitHub context, read from the runner's environment. This deliberately avoids
// @actions/github, which loads Octokit and slows every step's start-up.


function readGitHubContext(env) {
    const ref = env.GITHUB_REF ?? '';
    const event = readPayload(env.GITHUB_EVENT_PATH);
    return {
        eventName: env.GITHUB_EVENT_NAME ?? '',
        ...event,
        sha: env.GITHUB_SHA ?? '',
        ref,
        refName: env.GITHUB_REF_NAME || refNameOf(ref),
        refType: env.GITHUB_REF_TYPE || refTypeOf(ref),
        serverUrl: withoutTrailingSlash(env.GITHUB_SERVER_URL || 'https://github.com'),
        apiUrl: withoutTrailingSlash(env.GITHUB_API_URL || 'https://api.github.com'),
        repository: env.GITHUB_REPOSITORY ?? '',
        runId: env.GITHUB_RUN_ID ?? '',
        runAttempt: env.GITHUB_RUN_ATTEMPT ?? '',
        job: env.GITHUB_JOB ?? ''
    };
}
// A missing or corrupt event file must not stop a step that can use explicit inputs, but it must
// be named: read as an empty event it would look like an event that says nothing (or "skip").
function readPayload(path) {
    const broken = (problem) => ({ payload: {}, eventFileProblem: problem });
    if (!path)
        return broken('GITHUB_EVENT_PATH is not set, so there is no event file to read.');
    const file = `The event file ${path} (GITHUB_EVENT_PATH)`;
    let text;
    try {
        text = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.readFileSync)(path, 'utf8');
    }
    catch (error) {
        const code = error.code;
        return broken(code === 'ENOENT' ? `${file} does not exist.` : `${file} cannot be read (${code ?? error}).`);
    }
    if (text.trim() === '')
        return broken(`${file} is empty.`);
    let parsed;
    try {
        parsed = JSON.parse(text);
    }
    catch {
        return broken(`${file} is not valid JSON.`);
    }
    if ((0,_core_is_record_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(parsed))
        return { payload: parsed };
    const kind = Array.isArray(parsed)
        ? 'a JSON array'
        : parsed === null
            ? 'null'
            : `a JSON ${typeof parsed}`;
    return broken(`${file} holds ${kind}, not a JSON object.`);
}
// Older runners and local tools (act) may set GITHUB_REF without the derived variables.
function refNameOf(ref) {
    return ref.replace(/^refs\/(heads|tags)\//, '');
}
function refTypeOf(ref) {
    if (ref.startsWith('refs/heads/'))
        return 'branch';
    if (ref.startsWith('refs/tags/'))
        return 'tag';
    return '';
}
function withoutTrailingSlash(url) {
    return url.replace(/\/+$/, '');
}


/***/ }),

/***/ 4518:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   I: () => (/* binding */ deriveFromEvent),
/* harmony export */   Q: () => (/* binding */ readsEventFile)
/* harmony export */ });
/* harmony import */ var _core_text_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2020);
/* harmony import */ var _core_urls_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1221);
/* harmony import */ var _core_commit_sha_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8801);



function deriveFromEvent(ctx) {
    const notes = [];
    const values = readEvent(ctx, notes);
    if (values.skip !== undefined)
        return { skip: values.skip, notes };
    return {
        sha: checkSha(values.sha, notes),
        branch: checkBranch(values.branch, notes),
        deploymentUrl: checkDeploymentUrl(values.deploymentUrl, notes),
        pullRequestNumber: checkPullRequestNumber(values.pullRequestNumber),
        notes
    };
}
/** True when the event's row of the table reads the event file (the others read only variables). */
function readsEventFile(eventName) {
    return EVENTS_READING_THE_FILE.has(eventName);
}
const EVENTS_READING_THE_FILE = new Set([
    'pull_request',
    'pull_request_target',
    'push',
    'deployment_status',
    'deployment',
    'workflow_run',
    'merge_group',
    'check_suite',
    'check_run'
]);
function readEvent(ctx, notes) {
    switch (ctx.eventName) {
        case 'pull_request':
        case 'pull_request_target': {
            // GITHUB_SHA is the test merge commit here, which the deployment did not build from.
            const p = ctx.payload;
            const head = p.pull_request?.head;
            return {
                sha: head?.sha,
                branch: head?.ref,
                pullRequestNumber: p.number ?? p.pull_request?.number
            };
        }
        case 'push': {
            const p = ctx.payload;
            const after = text(p.after);
            // A branch deletion's `after` is all zeros, which names no commit.
            const sha = after !== undefined && !(0,_core_commit_sha_js__WEBPACK_IMPORTED_MODULE_1__/* .isZeroSha */ .hp)(after) ? after : ctx.sha;
            const ref = text(p.ref) ?? ctx.ref;
            if (ref.startsWith('refs/heads/'))
                return { sha, branch: ref.slice('refs/heads/'.length) };
            if (ref.startsWith('refs/tags/'))
                notes.push('A tag push has no branch; none is sent.');
            return { sha };
        }
        case 'deployment_status': {
            const p = ctx.payload;
            const state = text(p.deployment_status?.state);
            if (state !== 'success') {
                return {
                    skip: `The deployment_status event has state ${state === undefined ? '(missing)' : (0,_core_text_js__WEBPACK_IMPORTED_MODULE_2__/* .quote */ .hD)(state)}, ` +
                        `not 'success'.`
                };
            }
            return {
                sha: p.deployment?.sha,
                branch: branchOfDeploymentRef(text(p.deployment?.ref), notes),
                deploymentUrl: p.deployment_status?.environment_url
            };
        }
        case 'deployment': {
            const p = ctx.payload;
            return {
                sha: p.deployment?.sha,
                branch: branchOfDeploymentRef(text(p.deployment?.ref), notes),
                deploymentUrl: webUrlOf(p.deployment?.payload)
            };
        }
        case 'workflow_run': {
            const run = ctx.payload.workflow_run;
            return { sha: run?.head_sha, branch: run?.head_branch };
        }
        case 'merge_group': {
            const group = ctx.payload.merge_group;
            const branch = withoutHeadsPrefix(text(group?.head_ref));
            return { sha: group?.head_sha, branch, pullRequestNumber: mergeQueuePullRequest(branch) };
        }
        case 'check_suite': {
            const suite = ctx.payload.check_suite;
            return { sha: suite?.head_sha, branch: suite?.head_branch };
        }
        case 'check_run': {
            const suite = ctx.payload.check_run?.check_suite;
            return { sha: suite?.head_sha, branch: suite?.head_branch };
        }
        default: {
            // Events such as pull_request_review run on refs/pull/<n>/merge, which is no branch.
            const isBranch = ctx.refType === 'branch' && !ctx.ref.startsWith('refs/pull/');
            return { sha: ctx.sha, branch: isBranch ? ctx.refName : undefined };
        }
    }
}
/** deployment.ref may be a branch, a tag or a commit SHA; only a branch is a branch. */
function branchOfDeploymentRef(ref, notes) {
    if (ref === undefined)
        return undefined;
    if ((0,_core_commit_sha_js__WEBPACK_IMPORTED_MODULE_1__/* .isFullCommitSha */ .h2)(ref)) {
        notes.push('The deployment ref is a commit SHA, not a branch; no branch is sent.');
        return undefined;
    }
    if (ref.startsWith('refs/heads/'))
        return ref.slice('refs/heads/'.length);
    if (ref.startsWith('refs/')) {
        notes.push(`The deployment ref ${(0,_core_text_js__WEBPACK_IMPORTED_MODULE_2__/* .quote */ .hD)(ref)} is not a branch; no branch is sent.`);
        return undefined;
    }
    return ref;
}
/** The deployment payload is free-form JSON, and API clients sometimes send it as a string. */
function webUrlOf(payload) {
    if (typeof payload === 'string') {
        try {
            return webUrlOf(JSON.parse(payload));
        }
        catch {
            return undefined;
        }
    }
    if (typeof payload !== 'object' || payload === null)
        return undefined;
    return payload.web_url;
}
/**
 * A merge queue tests `gh-readonly-queue/<base>/pr-<N>-<sha>`: the pull request is named in the
 * branch only (the event carries no number). The base branch may itself hold slashes.
 */
function mergeQueuePullRequest(branch) {
    const match = /^gh-readonly-queue\/.+\/pr-([1-9][0-9]*)-[0-9a-f]+$/.exec(branch ?? '');
    return match?.[1] === undefined ? undefined : Number(match[1]);
}
function withoutHeadsPrefix(ref) {
    return ref?.replace(/^refs\/heads\//, '');
}
// ---- checks on event values ----------------------------------------------------------------------
function checkSha(value, notes) {
    const sha = text(value);
    if (sha === undefined)
        return undefined;
    if ((0,_core_commit_sha_js__WEBPACK_IMPORTED_MODULE_1__/* .isCommitSha */ ._$)(sha))
        return sha.toLowerCase();
    notes.push(`The event's commit ${(0,_core_text_js__WEBPACK_IMPORTED_MODULE_2__/* .quote */ .hD)(sha)} is not a commit SHA; no sha is sent.`);
    return undefined;
}
function checkBranch(value, notes) {
    const branch = text(value);
    if (branch === undefined)
        return undefined;
    if (!(0,_core_text_js__WEBPACK_IMPORTED_MODULE_2__/* .hasControlChar */ .Et)(branch))
        return branch;
    notes.push(`The event's branch ${(0,_core_text_js__WEBPACK_IMPORTED_MODULE_2__/* .quote */ .hD)(branch)} contains control characters; no branch is sent.`);
    return undefined;
}
function checkDeploymentUrl(value, notes) {
    const url = text(value);
    if (url === undefined)
        return undefined;
    if ((0,_core_urls_js__WEBPACK_IMPORTED_MODULE_0__/* .isHttpUrl */ .q$)(url) && !(0,_core_text_js__WEBPACK_IMPORTED_MODULE_2__/* .hasControlChar */ .Et)(url))
        return url;
    notes.push(`The event's deployment URL ${(0,_core_text_js__WEBPACK_IMPORTED_MODULE_2__/* .quote */ .hD)((0,_core_urls_js__WEBPACK_IMPORTED_MODULE_0__/* .displayUrl */ .Qy)(url))} is not an http(s) URL; it is not sent.`);
    return undefined;
}
function checkPullRequestNumber(value) {
    return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined;
}
/** A non-empty string, trimmed, else undefined: payload values are not trusted to have their types. */
function text(value) {
    return (0,_core_text_js__WEBPACK_IMPORTED_MODULE_2__/* .nonBlankText */ .xA)(value)?.trim();
}


/***/ }),

/***/ 389:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   L$: () => (/* binding */ BudgetExceeded),
/* harmony export */   WN: () => (/* binding */ withGitHub),
/* harmony export */   t1: () => (/* binding */ gitHubBudgetMs)
/* harmony export */ });
/* unused harmony export GITHUB_BUDGET_MS */
/* harmony import */ var node_timers_promises__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8500);
/* harmony import */ var node_timers_promises__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_timers_promises__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _core_version_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3323);
/* harmony import */ var _github_failure_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(1423);
// The GitHub REST API as this action uses it (the PR comment, notify's GitHub deployment):
// Octokit, loaded only when a step needs it (it is a large part of the bundle), with one set of
// guarantees: the token goes to GITHUB_API_URL's origin and nowhere else, a rate limit is waited
// out when GitHub's wait ends within the budget, and the whole exchange ends within that budget
// or at the job's cancellation, however GitHub behaves meanwhile.



/** For a whole exchange with GitHub (every request, page and byte): a hanging API must not hold the job. */
const GITHUB_BUDGET_MS = 30_000;
/** The budget, or a shorter one the end-to-end tests set through a test-only variable. */
function gitHubBudgetMs(env, testVariable) {
    const ms = Number(env[testVariable]);
    return Number.isFinite(ms) && ms > 0 ? ms : GITHUB_BUDGET_MS;
}
/**
 * `work(octokit, signal)` against GITHUB_API_URL (GitHub Enterprise Server included) under one
 * signal that aborts at `budgetMs` or with `cancel`, whichever comes first; the promise settles
 * then even if `work` does not listen. A `BudgetExceeded` rejection tells the budget from the
 * cancellation.
 */
async function withGitHub(token, apiUrl, work, budgetMs, cancel) {
    const deadline = Date.now() + budgetMs;
    const budget = AbortSignal.timeout(budgetMs);
    const signal = cancel ? AbortSignal.any([cancel, budget]) : budget;
    return new Promise((resolve, reject) => {
        const onAbort = () => reject(budget.aborted && !cancel?.aborted
            ? new BudgetExceeded(budgetMs)
            : signal.reason);
        if (signal.aborted)
            return onAbort();
        signal.addEventListener('abort', onAbort, { once: true });
        openGitHubApi(token, apiUrl, deadline, signal)
            .then(octokit => work(octokit, signal))
            .then(resolve, reject)
            .finally(() => signal.removeEventListener('abort', onAbort));
    });
}
async function openGitHubApi(token, apiUrl, deadline, signal) {
    const { getOctokit } = await __webpack_require__.e(/* import() */ 413).then(__webpack_require__.bind(__webpack_require__, 2413));
    const octokit = getOctokit(token, { baseUrl: apiUrl, userAgent: _core_version_js__WEBPACK_IMPORTED_MODULE_1__/* .USER_AGENT */ ._ });
    // Requests are built from paths and page numbers, never from a Link header's URL, and anything
    // that would leave GITHUB_API_URL's origin anyway is refused before it is sent.
    const origin = new URL(apiUrl).origin;
    octokit.hook.before('request', options => {
        const target = new URL(String(options.url), `${apiUrl.replace(/\/+$/, '')}/`);
        if (target.origin !== origin) {
            throw new Error(`refused to send the token to ${target.origin}, not GITHUB_API_URL`);
        }
    });
    // A secondary (or primary) rate limit is GitHub saying "not now", not a missing permission, and
    // GitHub did not act on the request: it is sent again after the wait GitHub asks for, when that
    // ends within the budget; otherwise the failure stands and is described as a rate limit.
    octokit.hook.wrap('request', async (send, options) => {
        for (;;) {
            try {
                return await send(options);
            }
            catch (error) {
                const waitMs = (0,_github_failure_js__WEBPACK_IMPORTED_MODULE_2__/* .rateLimitWaitMs */ .JR)(error, Date.now());
                if (waitMs === undefined || Date.now() + waitMs >= deadline)
                    throw error;
                await (0,node_timers_promises__WEBPACK_IMPORTED_MODULE_0__.setTimeout)(waitMs, undefined, { signal });
            }
        }
    });
    return octokit;
}
class BudgetExceeded extends Error {
    budgetMs;
    constructor(budgetMs) {
        super(`GitHub did not answer within ${Math.round(budgetMs / 1000)} s`);
        this.budgetMs = budgetMs;
        this.name = 'BudgetExceeded';
    }
}


/***/ }),

/***/ 1423:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $W: () => (/* binding */ gitHubFailureMessage),
/* harmony export */   JR: () => (/* binding */ rateLimitWaitMs)
/* harmony export */ });
/* unused harmony export httpStatusOf */
/* harmony import */ var _core_is_record_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2789);
/* harmony import */ var _core_text_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2020);
/* harmony import */ var _core_error_message_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7);
// What went wrong talking to GitHub, for a message: the status GitHub answered (a network failure
// has none), how long a rate limit asked to wait, and the one shape every GitHub failure message
// takes (what did not happen, what GitHub said, what to do), with the token never shown. The PR
// comment and notify's GitHub deployment each give only their own words.



/** The HTTP status of an Octokit error; undefined when no answer came. */
function httpStatusOf(error) {
    // Octokit reports network failures as status 500 without a response: only a response has a status.
    if (!(0,_core_is_record_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u)(error) || !(0,_core_is_record_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u)(error['response']))
        return undefined;
    const status = error['response']['status'];
    return typeof status === 'number' ? status : undefined;
}
/**
 * How long GitHub asked to wait when `error` is a rate limit (403 or 429 with `Retry-After`, or
 * with `x-ratelimit-remaining: 0` and its reset time), else undefined: a 403 without them is a
 * missing permission.
 */
function rateLimitWaitMs(error, now) {
    const status = httpStatusOf(error);
    if (status !== 403 && status !== 429)
        return undefined;
    const response = (0,_core_is_record_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u)(error) ? error['response'] : undefined;
    const headers = (0,_core_is_record_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u)(response) && (0,_core_is_record_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u)(response['headers']) ? response['headers'] : {};
    const retryAfter = headers['retry-after'];
    if (typeof retryAfter === 'string' || typeof retryAfter === 'number') {
        const seconds = Number(retryAfter);
        if (Number.isFinite(seconds) && seconds >= 0)
            return seconds * 1000;
    }
    const reset = Number(headers['x-ratelimit-reset']);
    if (String(headers['x-ratelimit-remaining']) === '0' && Number.isFinite(reset)) {
        return Math.max(0, reset * 1000 - now);
    }
    return undefined;
}
/** Why a request to GitHub failed and what to do, for a warning or an error; never the token. */
function gitHubFailureMessage(error, words, apiUrl, token, now = 0) {
    let detail = (0,_core_text_js__WEBPACK_IMPORTED_MODULE_1__/* .plainText */ .wh)(gitHubMessage(error), 300);
    // Never echo the token, even if a server or proxy put it into its answer.
    if (token.length >= 4)
        detail = detail.split(token).join('***');
    const status = httpStatusOf(error);
    const answered = `GitHub answered ${status} (${detail || 'no message'})`;
    const tail = words.tail === undefined ? '' : ` ${words.tail}`;
    const waitMs = rateLimitWaitMs(error, now);
    if (waitMs !== undefined) {
        return `${words.what}: ${answered}: GitHub's rate limit for this token was reached and it asked to wait ${Math.ceil(waitMs / 1000)}s, past the 30 s bound on the exchange. This is not a missing permission; ${words.rateLimited}${tail}`;
    }
    if (status === undefined) {
        return `${words.what}: GitHub could not be reached at ${apiUrl} (${detail || 'no details'}). Check GITHUB_API_URL and the proxy settings.${tail}`;
    }
    const advice = status === 401
        ? "Check that 'github-token' is a valid, unexpired token."
        : (words.advice[status] ?? (status >= 500 ? (words.serverError ?? '') : ''));
    return `${words.what}: ${answered}.${advice === '' ? '' : ` ${advice}`}${tail}`;
}
/** GitHub's own message (the answer's `message`), else the error's. */
function gitHubMessage(error) {
    if ((0,_core_is_record_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u)(error) && (0,_core_is_record_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u)(error['response']) && (0,_core_is_record_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u)(error['response']['data'])) {
        const message = error['response']['data']['message'];
        if (typeof message === 'string')
            return message;
    }
    return (0,_core_error_message_js__WEBPACK_IMPORTED_MODULE_2__/* .errorMessage */ .g)(error);
}


/***/ }),

/***/ 4523:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  upsertPullRequestComment: () => (/* binding */ upsertPullRequestComment)
});

// EXTERNAL MODULE: ./src/render/action-io.ts + 1 modules
var action_io = __webpack_require__(9960);
// EXTERNAL MODULE: ./src/github/event-context.ts
var event_context = __webpack_require__(2641);
// EXTERNAL MODULE: ./src/core/text.ts
var core_text = __webpack_require__(2020);
// EXTERNAL MODULE: ./src/core/durations.ts
var durations = __webpack_require__(778);
// EXTERNAL MODULE: ./src/core/is-record.ts
var is_record = __webpack_require__(2789);
// EXTERNAL MODULE: ./src/github/event-values.ts
var event_values = __webpack_require__(4518);
// EXTERNAL MODULE: ./src/core/commit-sha.ts
var commit_sha = __webpack_require__(8801);
// EXTERNAL MODULE: ./src/github/github-failure.ts
var github_failure = __webpack_require__(1423);
;// CONCATENATED MODULE: ./src/github/pr-lookup.ts




/**
 * Where the pull request comes from: the event itself for pull request events (and comments on
 * a pull request), else the open pull request whose head is the event's commit.
 */
function pullRequestLookup(ctx) {
    const event = ctx.eventName || 'unknown';
    if (ctx.eventName.startsWith('pull_request')) {
        const pr = ctx.payload['pull_request'];
        const number = (0,is_record/* isRecord */.u)(pr) ? positiveInteger(pr['number']) : undefined;
        return number === undefined
            ? { kind: 'none', reason: `The ${event} event has no pull_request.number.` }
            : { kind: 'number', number };
    }
    if (ctx.eventName === 'issue_comment') {
        const issue = ctx.payload['issue'];
        const number = (0,is_record/* isRecord */.u)(issue) ? positiveInteger(issue['number']) : undefined;
        if (number === undefined || !(0,is_record/* isRecord */.u)(issue) || !(0,is_record/* isRecord */.u)(issue['pull_request'])) {
            return { kind: 'none', reason: 'The issue_comment event is on an issue, not a pull request.' };
        }
        return { kind: 'number', number };
    }
    const sha = eventCommit(ctx);
    return sha === undefined
        ? { kind: 'none', reason: `The ${event} event names no commit to look a pull request up by.` }
        : { kind: 'sha', sha };
}
/** The commit the verdict belongs to, as notify derives it; undefined when the event has none. */
function eventCommit(ctx) {
    // An issue comment runs on the default branch, which is not the pull request's commit.
    if (ctx.eventName === 'issue_comment')
        return undefined;
    // A non-success deployment_status makes notify skip, but GITHUB_SHA still names its commit.
    const sha = (0,event_values/* deriveFromEvent */.I)(ctx).sha ?? ctx.sha;
    return (0,commit_sha/* isFullCommitSha */.h2)(sha) ? sha.toLowerCase() : undefined;
}
/** The first open pull request whose head is `sha`, from GitHub's list for that commit. */
function openPullRequestWithHead(pulls, sha) {
    for (const pr of pulls) {
        if (!(0,is_record/* isRecord */.u)(pr) || pr['state'] !== 'open')
            continue;
        const head = pr['head'];
        const headSha = (0,is_record/* isRecord */.u)(head) && typeof head['sha'] === 'string' ? head['sha'] : '';
        const number = positiveInteger(pr['number']);
        if (headSha.toLowerCase() === sha.toLowerCase() && number !== undefined)
            return number;
    }
    return undefined;
}
/** The number of the last page, from a Link header's rel="last" (the URL itself is not used). */
function lastPageOf(link) {
    if (typeof link !== 'string')
        return undefined;
    const last = /<([^>]*)>\s*;\s*rel="last"/.exec(link)?.[1];
    const page = last === undefined ? NaN : Number(/[?&]page=(\d+)/.exec(last)?.[1]);
    return Number.isSafeInteger(page) && page > 0 ? page : undefined;
}
const COMMENT_FAILURE = {
    what: 'The QA verdict was not commented on the pull request',
    advice: {
        403: 'The token needs the pull-requests: write permission: add "permissions: pull-requests: write" ' +
            'to the job. Pull requests from forks get a read-only token; set comment-on-pr: false there.',
        404: 'The repository or pull request was not found, or the token cannot see it.'
    },
    rateLimited: 'the next run will comment.',
    serverError: 'GitHub may be having trouble; the next run will try again.',
    tail: 'The gate is not affected.'
};
/** Why the comment was not written, for a warning: the cause and what to do about it. */
function describeGitHubFailure(error, apiUrl, token, now = 0) {
    return (0,github_failure/* gitHubFailureMessage */.$W)(error, COMMENT_FAILURE, apiUrl, token, now);
}
function positiveInteger(value) {
    return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

// EXTERNAL MODULE: ./src/github/github-api.ts
var github_api = __webpack_require__(389);
// EXTERNAL MODULE: ./src/greenlight/summary-bugs.ts
var summary_bugs = __webpack_require__(1361);
// EXTERNAL MODULE: ./src/greenlight/summary-verdict.ts
var summary_verdict = __webpack_require__(1001);
// EXTERNAL MODULE: ./src/greenlight/verdict.ts + 1 modules
var greenlight_verdict = __webpack_require__(3761);
// EXTERNAL MODULE: ./src/render/markdown.ts
var markdown = __webpack_require__(2495);
// EXTERNAL MODULE: ./src/render/byte-budget.ts
var byte_budget = __webpack_require__(2636);
;// CONCATENATED MODULE: ./src/greenlight/pr-comment-body.ts





/** GitHub rejects a comment body over 65,536 characters; this leaves a margin. */
const COMMENT_MAX_CHARS = 65_000;
/** Blocking bugs listed in the comment; the job summary lists more. */
const MAX_COMMENT_BUGS = 25;
const COMMENT_TRUNCATION_NOTE = "⚠️ **This comment was truncated** to stay within GitHub's comment size limit. " +
    'The job summary of the workflow run has the details.';
/**
 * The hidden first line that identifies this step's comment. The label is percent-encoded, so
 * that no label can end the HTML comment early (`-->`) and different labels never share a marker.
 */
function commentMarker(label) {
    if (label === '')
        return '<!-- qa-greenlight -->';
    let encoded = '';
    for (const char of label) {
        encoded += /^[A-Za-z0-9._~-]$/.test(char)
            ? char
            : [...Buffer.from(char, 'utf8')]
                .map(byte => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`)
                .join('');
    }
    return `<!-- qa-greenlight:${encoded} -->`;
}
/** True when the comment body starts with `marker` on a line of its own. */
function hasMarker(body, marker) {
    return typeof body === 'string' && (body.split('\n', 1)[0] ?? '').trim() === marker;
}
/** Links on the GitHub server of the run (GITHUB_SERVER_URL, so GHES works). */
function githubLinks(ctx, env, sha) {
    const server = (0,markdown/* safeHttpUrl */.vH)(ctx.serverUrl) === undefined ? undefined : ctx.serverUrl;
    if (server === undefined || !/^[^/\s]+\/[^/\s]+$/.test(ctx.repository))
        return {};
    const base = `${server}/${ctx.repository}`;
    const runId = env['GITHUB_RUN_ID'] ?? '';
    const attempt = Number(env['GITHUB_RUN_ATTEMPT'] ?? '1');
    const links = {};
    if (sha !== undefined)
        links.commitUrl = `${base}/commit/${sha}`;
    if (/^\d+$/.test(runId)) {
        links.workflowRunUrl =
            Number.isInteger(attempt) && attempt > 1
                ? `${base}/actions/runs/${runId}/attempts/${attempt}`
                : `${base}/actions/runs/${runId}`;
    }
    return links;
}
/** The whole comment body: marker, verdict, a row per run, blocking bugs, links; capped in size. */
function renderPullRequestComment(content) {
    const marker = commentMarker(content.label);
    const footer = renderFooter(content);
    const main = [
        ...(0,summary_verdict/* renderVerdict */.g)(content.verdict, content.label),
        '',
        ...renderBugsAcrossRuns(content.verdict, run => run.bugs.blocking, 'Blocking bugs'),
        '',
        ...renderBugsAcrossRuns(content.verdict, run => run.bugs.other, 'Blocking bugs in workflows outside this run'),
        '',
        renderRunTable(content.verdict)
    ]
        .join('\n')
        .replace(/\n{3,}/g, '\n\n')
        .trim();
    // Bytes bound characters from above, so a byte budget keeps the character limit too.
    const budget = COMMENT_MAX_CHARS - (0,byte_budget/* utf8Length */.wI)(`${marker}\n\n\n${footer}\n`);
    const limited = (0,byte_budget/* limitSummary */.g9)(main, budget, COMMENT_TRUNCATION_NOTE).trimEnd();
    return `${marker}\n${limited}\n\n${footer}\n`;
}
function renderRunTable(verdict) {
    const rows = verdict.runs.map(run => {
        const response = run.response;
        const runCell = run.supersededBy !== undefined
            ? `${(0,markdown/* link */.nf)(run.rootRunId, run.rootRunUrl)} → ${(0,markdown/* link */.nf)(run.supersededBy, response?.relevantRunUrl)}`
            : (0,markdown/* link */.nf)(run.rootRunId, run.rootRunUrl ?? response?.relevantRunUrl);
        return [
            runCell,
            (0,markdown/* escapeText */.X1)(run.status),
            response === undefined ? '—' : String(run.counts.blocking),
            response === undefined ? '—' : String(run.counts.nonBlocking),
            (0,summary_bugs/* count */.U9)(response?.workflowsInRunCount),
            (0,summary_bugs/* count */.U9)(response?.workflowsUnderInvestigationCount),
            response === undefined ? '—' : (0,markdown/* link */.nf)('bugs', response.relevantRunWithBugsUrl)
        ];
    });
    return (0,markdown/* table */.tp)([
        'Run',
        'Status',
        'Blocking bugs',
        'Non-blocking bugs',
        'Workflows',
        'Under investigation',
        'Link'
    ], rows);
}
/** One kind of bug across all runs, each bug once; the job summary lists more. */
function renderBugsAcrossRuns(verdict, pick, title) {
    const { bugs, total } = (0,greenlight_verdict/* bugsAcrossRuns */.xY)(verdict, pick);
    if (total === 0)
        return [];
    const list = (0,summary_bugs/* renderBugList */.LX)(bugs.map(({ bug }) => bug), total, MAX_COMMENT_BUGS, rest => `… and ${rest} more: see the job summary or the QA service.`);
    return [`**${title} (${total}):**`, '', list];
}
function renderFooter(content) {
    const parts = [];
    if (content.commitSha !== undefined) {
        parts.push(`Commit ${(0,markdown/* link */.nf)(content.commitSha.slice(0, 7), content.links?.commitUrl)}`);
    }
    if (content.links?.workflowRunUrl !== undefined) {
        parts.push((0,markdown/* link */.nf)('workflow run and job summary', content.links.workflowRunUrl));
    }
    parts.push('updated by qa-greenlight on every run of this step');
    return `<sub>${parts.join(' · ')}</sub>`;
}

// EXTERNAL MODULE: ./src/inputs/settings.ts
var inputs_settings = __webpack_require__(900);
;// CONCATENATED MODULE: ./src/greenlight/own-comment.ts
// Which comment is this step's sticky comment: one written by the token's own login (never "any
// bot") that carries the step's marker, and where to look for it. Pure: the questions to GitHub
// are passed in (pr-comment.ts asks them).




/**
 * Comments are read 100 a page, at most this many pages (3,000 comments): the first page (where a
 * comment made by the first run sits), then from the newest backwards (where one made since
 * sits), so a pull request with more comments gets at most one more sticky comment, found from
 * then on, never one per run.
 */
const MAX_COMMENT_PAGES = 30;
/** The job's GITHUB_TOKEN writes as this bot; the identity assumed when GitHub names none. */
const GITHUB_ACTIONS_BOT = 'github-actions[bot]';
/**
 * Who the token is. A personal token says so at GET /user. An app installation token, such as the
 * job's GITHUB_TOKEN, cannot, but GraphQL's `viewer` names its bot; where that is refused too (an
 * older GitHub Enterprise Server), the token is taken to be the job's GITHUB_TOKEN, which writes as
 * github-actions[bot]. Another app's bot, or a person quoting the marker, is never taken for ours.
 */
async function tokenIdentity(ask, aborted) {
    try {
        return { login: await ask.user() };
    }
    catch (error) {
        if (!refused(error))
            throw error;
    }
    try {
        const data = await ask.viewer();
        const viewer = (0,is_record/* isRecord */.u)(data) ? data['viewer'] : undefined;
        const login = (0,is_record/* isRecord */.u)(viewer) ? viewer['login'] : undefined;
        if (typeof login === 'string' && login !== '')
            return { login };
    }
    catch (error) {
        // Any refusal of GraphQL leads to the fallback below; a cancellation does not.
        if (aborted())
            throw error;
    }
    return { login: GITHUB_ACTIONS_BOT };
}
/** GitHub refused to say who the token is: a 403 or 404 that is not a rate limit. */
function refused(error) {
    if ((0,github_failure/* rateLimitWaitMs */.JR)(error, 0) !== undefined)
        return false;
    const status = (0,is_record/* isRecord */.u)(error) && (0,is_record/* isRecord */.u)(error['response']) ? error['response']['status'] : 0;
    return status === 403 || status === 404;
}
function isOwnComment(comment, author) {
    if (!(0,is_record/* isRecord */.u)(comment) || !(0,is_record/* isRecord */.u)(comment['user']))
        return false;
    return comment['user']['login'] === author.login;
}
/** The ID of the marked comment `author` wrote, searching as MAX_COMMENT_PAGES says. */
async function findOwnComment(readPage, marker, author) {
    const read = async (page) => {
        const { comments, link } = await readPage(page);
        const found = comments.find(c => (0,is_record/* isRecord */.u)(c) && hasMarker(c['body'], marker) && isOwnComment(c, author));
        const id = (0,is_record/* isRecord */.u)(found) && typeof found['id'] === 'number' ? found['id'] : undefined;
        return { id, last: lastPageOf(link) ?? page };
    };
    const first = await read(1);
    if (first.id !== undefined)
        return first.id;
    // Then the newest pages first; the page numbers come from the count, never from a Link URL.
    const lowest = Math.max(2, first.last - MAX_COMMENT_PAGES + 2);
    for (let page = first.last; page >= lowest; page--) {
        const { id } = await read(page);
        if (id !== undefined)
            return id;
    }
    return undefined;
}

;// CONCATENATED MODULE: ./src/greenlight/pr-comment.ts
// comment-on-pr: one sticky comment per pull request and label, created on the first run and
// edited in place afterwards, so a pull request shows the latest verdict instead of a comment per
// push. The comment is a courtesy: GitHub trouble is a warning and never changes the gate.
// This module is the GitHub side (which pull request, Octokit requests, warnings); the body is
// rendered by pr-comment-body.ts. run-greenlight.ts imports this module only when comment-on-pr is on,
// so Octokit is loaded only then.









/** Creates or updates this step's comment; any failure becomes a warning. */
async function upsertPullRequestComment(input) {
    const { settings, verdict, env } = input;
    const labelPrefix = (0,inputs_settings/* logPrefix */.J)(settings);
    if (verdict.status === 'interrupted') {
        // The step must end within seconds of a cancellation; the comment keeps its last verdict.
        action_io/* info */.pq(`${labelPrefix}The job was cancelled; the pull request comment was not updated.`);
        return;
    }
    const ctx = (0,event_context/* readGitHubContext */.L)(env);
    const [owner, repo, ...extra] = ctx.repository.split('/');
    if (!owner || !repo || extra.length > 0) {
        action_io/* warning */.$e(`${labelPrefix}GITHUB_REPOSITORY is ${ctx.repository === '' ? 'not set' : `'${(0,core_text/* plainText */.wh)(ctx.repository)}'`}, ` +
            `not owner/repo, so no pull request comment was written. It is set by the GitHub runner.`, 'Pull request comment not written');
        return;
    }
    const lookup = pullRequestLookup(ctx);
    if (lookup.kind === 'none') {
        action_io/* info */.pq(`${labelPrefix}${lookup.reason} No pull request comment was written.`);
        return;
    }
    const budgetMs = (0,github_api/* gitHubBudgetMs */.t1)(env, 'QA_GREENLIGHT_TEST_PR_COMMENT_BUDGET_MS');
    try {
        await (0,github_api/* withGitHub */.WN)(settings.githubToken, ctx.apiUrl, (octokit, signal) => upsert(octokit, { settings, verdict, ctx, env, labelPrefix, lookup }, { owner, repo }, {
            signal
        }), budgetMs, input.signal);
    }
    catch (error) {
        if (input.signal?.aborted) {
            action_io/* info */.pq(`${labelPrefix}The job was cancelled while commenting on the pull request.`);
            return;
        }
        const cause = error instanceof github_api/* BudgetExceeded */.L$
            ? new Error(`GitHub did not complete the comment within ${(0,durations/* formatDuration */.a3)(budgetMs)}`)
            : error;
        action_io/* warning */.$e(`${labelPrefix}${describeGitHubFailure(cause, ctx.apiUrl, settings.githubToken, Date.now())}`, 'Pull request comment not written');
    }
}
async function upsert(octokit, { settings, verdict, ctx, env, labelPrefix, lookup }, repoRef, request) {
    let number;
    if (lookup.kind === 'number') {
        number = lookup.number;
    }
    else {
        const { data } = await octokit.rest.repos.listPullRequestsAssociatedWithCommit({
            ...repoRef,
            commit_sha: lookup.sha,
            per_page: 100,
            request
        });
        number = openPullRequestWithHead(data, lookup.sha);
        if (number === undefined) {
            action_io/* info */.pq(`${labelPrefix}No open pull request has commit ${lookup.sha} as its head; no pull request comment was written.`);
            return;
        }
    }
    const commitSha = eventCommit(ctx);
    const body = action_io/* redact */.E$(renderPullRequestComment({
        label: settings.label,
        verdict,
        commitSha,
        links: githubLinks(ctx, env, commitSha)
    }));
    const marker = commentMarker(settings.label);
    const author = await commentAuthor(octokit, request);
    const existing = await findOwnMarkedComment(octokit, repoRef, number, marker, author, request);
    if (existing === undefined) {
        const { data } = await octokit.rest.issues.createComment({
            ...repoRef,
            issue_number: number,
            body,
            request
        });
        action_io/* info */.pq(`${labelPrefix}Commented the QA verdict on pull request #${number}: ${data.html_url}`);
    }
    else {
        const { data } = await octokit.rest.issues.updateComment({
            ...repoRef,
            comment_id: existing,
            body,
            request
        });
        action_io/* info */.pq(`${labelPrefix}Updated the QA verdict comment on pull request #${number}: ${data.html_url}`);
    }
}
/** Who the token is: GET /user, else GraphQL's `viewer` (own-comment.ts decides). */
function commentAuthor(octokit, request) {
    return tokenIdentity({
        user: async () => (await octokit.rest.users.getAuthenticated({ request })).data.login,
        viewer: () => octokit.graphql('query { viewer { login } }', { request })
    }, () => request.signal.aborted);
}
/** This step's marked comment, read 100 a page (own-comment.ts decides which pages). */
function findOwnMarkedComment(octokit, repoRef, number, marker, author, request) {
    return findOwnComment(async (page) => {
        const params = { ...repoRef, issue_number: number, per_page: 100, page, request };
        const { data, headers } = await octokit.rest.issues.listComments(params);
        return { comments: data, link: headers.link };
    }, marker, author);
}


/***/ })

};
