"use strict";
exports.id = 126;
exports.ids = [126];
exports.modules = {

/***/ 8181:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Q: () => (/* binding */ providerDeploymentId),
/* harmony export */   iB: () => (/* binding */ NO_PROVIDER_ID)
/* harmony export */ });
/* unused harmony exports deriveFromEvent, readsEventFile, mergeQueuePullRequest, positiveInteger, pullRequestLookup, eventCommit */
/* harmony import */ var _values_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6395);
/* harmony import */ var _parsers_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4672);




function deriveFromEvent(ctx) {
    const notes = [];
    const raw = readEvent(ctx, notes);
    if (typeof raw === 'string')
        return { skip: raw, notes };
    const checked = (value, ok, why, shown = quote) => {
        const found = text(value);
        if (found === undefined || ok(found))
            return found;
        notes.push(`The event's ${why.replace('%s', () => shown(found))}`);
        return undefined;
    };
    const sha = checked(raw.sha, isCommitSha, 'commit %s is not a commit SHA; no sha is sent.');
    return {
        sha: sha?.toLowerCase(),
        branch: checked(raw.branch, b => !hasControlChar(b), 'branch %s contains control characters; no branch is sent.'),
        deploymentUrl: checked(raw.deploymentUrl, u => isHttpUrl(u) && !hasControlChar(u), 'deployment URL %s is not an http(s) URL; it is not sent.', u => quote(displayUrl(u))),
        pullRequestNumber: positiveInteger(raw.pullRequestNumber),
        notes
    };
}
const readsEventFile = (eventName) => /^(pull_request(_target|_review|_review_comment)?|push|deployment(_status)?|workflow_run|merge_group|check_(suite|run))$/.test(eventName);
const at = (payload, path) => path.split('.').reduce((value, key) => (isRecord(value) ? value[key] : undefined), payload);
const HEAD_FIELDS = new Map([
    ['workflow_run', ['workflow_run.head_sha', 'workflow_run.head_branch']],
    ['check_suite', ['check_suite.head_sha', 'check_suite.head_branch']],
    ['check_run', ['check_run.head_sha', 'check_run.check_suite.head_branch']]
]);
function readEvent(ctx, notes) {
    const field = (path) => at(ctx.payload, path);
    const head = HEAD_FIELDS.get(ctx.eventName);
    if (head !== undefined)
        return { sha: field(head[0]), branch: field(head[1]) };
    switch (ctx.eventName) {
        case 'pull_request':
        case 'pull_request_target':
        case 'pull_request_review':
        case 'pull_request_review_comment':
            return {
                sha: field('pull_request.head.sha'),
                branch: field('pull_request.head.ref'),
                pullRequestNumber: field('number') ?? field('pull_request.number')
            };
        case 'push': {
            const after = text(field('after'));
            const sha = after !== undefined && !isZeroSha(after) ? after : ctx.sha;
            const ref = text(field('ref')) ?? ctx.ref;
            if (ref.startsWith('refs/heads/'))
                return { sha, branch: ref.slice('refs/heads/'.length) };
            if (ref.startsWith('refs/tags/'))
                notes.push('A tag push has no branch; none is sent.');
            return { sha };
        }
        case 'deployment_status':
        case 'deployment': {
            const state = text(field('deployment_status.state'));
            if (ctx.eventName === 'deployment_status' && state !== 'success')
                return `The deployment_status event has state ${state === undefined ? '(missing)' : quote(state)}, not 'success'.`;
            return {
                sha: field('deployment.sha'),
                branch: deploymentBranch(text(field('deployment.ref')), notes),
                deploymentUrl: ctx.eventName === 'deployment'
                    ? webUrlOf(field('deployment.payload'))
                    : field('deployment_status.environment_url')
            };
        }
        case 'merge_group': {
            const sha = field('merge_group.head_sha');
            const branch = text(field('merge_group.head_ref'))?.replace(/^refs\/heads\//, '');
            const pull = ctx.mergeQueuePull;
            return pull === undefined
                ? { sha, branch, pullRequestNumber: mergeQueuePullRequest(branch) }
                : { sha, branch: pull.branch, pullRequestNumber: pull.number };
        }
        default: {
            const isBranch = ctx.refType === 'branch' && !ctx.ref.startsWith('refs/pull/');
            return { sha: ctx.sha, branch: isBranch ? ctx.refName : undefined };
        }
    }
}
function deploymentBranch(ref, notes) {
    if (ref === undefined || ref.startsWith('refs/heads/'))
        return ref?.slice('refs/heads/'.length);
    const sha = isFullCommitSha(ref);
    if (!sha && !ref.startsWith('refs/'))
        return ref;
    notes.push(sha
        ? 'The deployment ref is a commit SHA, not a branch; no branch is sent.'
        : `The deployment ref ${quote(ref)} is not a branch; no branch is sent.`);
    return undefined;
}
const webUrlOf = (payload) => typeof payload === 'string'
    ? webUrlOf(parseJson(payload))
    : isRecord(payload)
        ? payload['web_url']
        : undefined;
function mergeQueuePullRequest(branch) {
    const match = /^gh-readonly-queue\/.+\/pr-([1-9][0-9]*)-[0-9a-f]+$/.exec(branch ?? '');
    return match === null ? undefined : Number(match[1]);
}
const text = (value) => nonBlankText(value)?.trim();
const positiveInteger = (value) => typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined;
const NO_PROVIDER_ID = "GITHUB_RUN_ID, GITHUB_RUN_ATTEMPT or GITHUB_JOB is not set, and the report is named by them (as QA Wolf's own client names it). They are set by the GitHub runner.";
function providerDeploymentId(ctx, label) {
    const { runId, runAttempt, job } = ctx;
    if (!runId || !runAttempt || !job)
        return undefined;
    return `${runId}-${runAttempt}-${job}${label === '' ? '' : `:${label}`}`;
}
function pullRequestLookup(ctx, sha) {
    const event = ctx.eventName || 'unknown';
    const none = (reason) => ({ kind: 'none', reason });
    const owner = event === 'issue_comment' ? 'issue' : 'pull_request';
    const number = positiveInteger(at(ctx.payload, `${owner}.number`));
    if (event.startsWith('pull_request'))
        return number !== undefined
            ? { kind: 'number', number }
            : none(`The ${event} event has no pull_request.number.`);
    if (event === 'issue_comment')
        return number !== undefined && isRecord(at(ctx.payload, 'issue.pull_request'))
            ? { kind: 'number', number }
            : none('The issue_comment event is on an issue, not a pull request.');
    const commit = sha ?? eventCommit(ctx);
    return commit === undefined
        ? none(`The ${event} event names no commit to look a pull request up by.`)
        : { kind: 'sha', sha: commit };
}
function eventCommit(ctx) {
    if (ctx.eventName === 'issue_comment')
        return undefined;
    const sha = deriveFromEvent(ctx).sha ?? ctx.sha;
    return isFullCommitSha(sha) ? sha.toLowerCase() : undefined;
}


/***/ }),

/***/ 6377:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  v: () => (/* binding */ DEPLOYMENTS_WRITE),
  L7: () => (/* binding */ readGitHubContext),
  d2: () => (/* binding */ tryGitHub)
});

// UNUSED EXPORTS: BudgetExceeded, GITHUB_BUDGET_MS, testOverride, withGitHub, withMergeQueuePull

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:timers/promises"
var promises_ = __webpack_require__(8500);
// EXTERNAL MODULE: ./src/kernel/values.ts
var values = __webpack_require__(6395);
// EXTERNAL MODULE: ./src/kernel/text.ts
var kernel_text = __webpack_require__(5426);
// EXTERNAL MODULE: ./src/kernel/event.ts
var kernel_event = __webpack_require__(8181);
// EXTERNAL MODULE: ./src/kernel/time.ts
var time = __webpack_require__(884);
;// CONCATENATED MODULE: ./src/kernel/github-failure.ts



const response = (error) => (0,values/* isRecord */.u4)(error) && (0,values/* isRecord */.u4)(error['response']) ? error['response'] : {};
function httpStatusOf(error) {
    const status = response(error)['status'];
    return typeof status === 'number' ? status : undefined;
}
function waitAskedFor(error, now) {
    const status = httpStatusOf(error);
    if (status !== 403 && status !== 429 && status !== 503)
        return undefined;
    const headers = response(error)['headers'];
    const header = (name) => ((0,values/* isRecord */.u4)(headers) ? headers[name] : undefined);
    const rateLimit = status !== 503;
    const seconds = Number(header('retry-after') ?? NaN);
    if (Number.isFinite(seconds) && seconds >= 0)
        return { ms: seconds * 1000, rateLimit };
    if (!rateLimit)
        return undefined;
    const resetAtMs = Number(header('x-ratelimit-reset')) * 1000;
    if (String(header('x-ratelimit-remaining')) === '0' && Number.isFinite(resetAtMs)) {
        return { ms: Math.max(0, resetAtMs - now), resetAtMs, rateLimit };
    }
    if (/\brate limit/i.test(gitHubMessage(error)))
        return { ms: 60_000, unnamed: true, rateLimit };
    return undefined;
}
function rateLimitWaitMs(error, now = Date.now()) {
    return waitAskedFor(error, now)?.ms;
}
function github_failure_gitHubFailureMessage(error, words, apiUrl, token, now = Date.now()) {
    let detail = (0,kernel_text/* plainText */.wh)(gitHubMessage(error), 300);
    if (token.length >= 4)
        detail = detail.split(token).join('***');
    const status = httpStatusOf(error);
    const tail = words.tail === undefined ? '' : ` ${words.tail}`;
    if (status === undefined) {
        return `${words.what}: GitHub could not be reached at ${apiUrl} (${detail || 'no details'}). Check GITHUB_API_URL and the proxy settings.${tail}`;
    }
    const answered = `${words.what}: GitHub answered ${status} (${detail || 'no message'})`;
    const wait = waitAskedFor(error, now);
    const tries = (0,values/* isRecord */.u4)(error) ? error['triesSpent'] : undefined;
    const bound = 'past the 30 s bound on the exchange';
    const why = tries !== undefined
        ? `it was still in force after ${tries} tries`
        : wait?.resetAtMs !== undefined
            ? `it resets at ${new Date(wait.resetAtMs).toISOString().slice(11, 19)} UTC (in ${(0,time/* formatDuration */.a3)(wait.ms)}), ${bound}`
            : wait?.unnamed
                ? `it named no time to wait (GitHub then asks for at least a minute), ${bound}`
                : `it asked to wait ${Math.max(1, Math.ceil((wait?.ms ?? 0) / 1000))}s, ${bound}`;
    if (wait?.rateLimit) {
        return `${answered}: GitHub's rate limit for this token was reached and ${why}. This is not a missing permission; ${words.rateLimited}${tail}`;
    }
    const advice = status === 401
        ? "Check that 'github-token' is a valid, unexpired token."
        : (words.advice[status] ?? (status >= 500 ? words.serverError : undefined));
    return `${answered}${wait ? `; ${why}` : ''}.${advice ? ` ${advice}` : ''}${tail}`;
}
function gitHubMessage(error) {
    const data = response(error)['data'];
    const message = (0,values/* isRecord */.u4)(data) ? data['message'] : undefined;
    return typeof message === 'string' ? message : (0,values/* errorMessage */.gJ)(error);
}
function linkedPage(link, rel) {
    if (typeof link !== 'string')
        return undefined;
    const target = new RegExp(`<([^>]*)>\\s*;\\s*rel="?${rel}"?`).exec(link)?.[1];
    if (target === undefined)
        return undefined;
    const page = Number(/[?&]page=(\d+)/.exec(target)?.[1] ?? NaN);
    return Number.isSafeInteger(page) && page > 0 ? page : NaN;
}
function lastPageOf(link) {
    const page = linkedPage(link, 'last');
    return Number.isNaN(page) ? undefined : page;
}

// EXTERNAL MODULE: ./src/kernel/http.ts + 1 modules
var http = __webpack_require__(224);
// EXTERNAL MODULE: ./src/kernel/json.ts
var json = __webpack_require__(551);
;// CONCATENATED MODULE: ./src/kernel/github.ts









const GITHUB_MAX_BYTES = 32 * 2 ** 20;
const GITHUB_BUDGET_MS = 30_000;
function testOverride(env, name, value = GITHUB_BUDGET_MS) {
    const asked = Number(env[name]);
    return Number.isFinite(asked) && asked > 0 ? asked : value;
}
class BudgetExceeded extends Error {
    budgetMs;
    name = 'BudgetExceeded';
    constructor(budgetMs) {
        super(`GitHub did not answer within ${Math.round(budgetMs / 1000)} s`);
        this.budgetMs = budgetMs;
    }
}
async function withGitHub(token, apiUrl, work, budgetMs, cancel) {
    const deadline = Date.now() + budgetMs;
    const reasons = { timedOut: () => new BudgetExceeded(budgetMs), cancelled: () => cancel?.reason };
    return (0,http/* withDeadline */.NE)(budgetMs, reasons, cancel, async (signal) => work(await openGitHubApi(token, apiUrl, deadline, signal), signal));
}
const DEPLOYMENTS_WRITE = 'The token needs the deployments: write permission: add "permissions: deployments: write" to the job (and pass that token as \'github-token\').';
async function tryGitHub(ctx, work, say, budgetMs = GITHUB_BUDGET_MS) {
    const budget = testOverride(ctx.env, 'QA_GREENLIGHT_TEST_GITHUB_BUDGET_MS', budgetMs);
    try {
        await withGitHub(ctx.token, ctx.apiUrl, work, budget, ctx.signal);
    }
    catch (error) {
        const words = say(error);
        if (ctx.signal.aborted)
            return words.cancelled;
        if (error instanceof BudgetExceeded)
            return words.timedOut((0,time/* formatDuration */.a3)(error.budgetMs));
        return words.said ?? github_failure_gitHubFailureMessage(error, words, ctx.apiUrl, ctx.token);
    }
}
async function openGitHubApi(token, apiUrl, deadline, signal) {
    const { getOctokit } = await __webpack_require__.e(/* import() */ 413).then(__webpack_require__.bind(__webpack_require__, 2413));
    const octokit = getOctokit(token, { baseUrl: apiUrl, userAgent: values/* USER_AGENT */._O });
    const origin = new URL(apiUrl).origin;
    const cap = testOverride(process.env, 'QA_GREENLIGHT_TEST_GITHUB_MAX_BYTES', GITHUB_MAX_BYTES);
    octokit.hook.wrap('request', async (send, options) => {
        const target = new URL(String(options.url), `${apiUrl.replace(/\/+$/, '')}/`);
        if (target.origin !== origin) {
            throw new Error(`refused to send the token to ${target.origin}, not GITHUB_API_URL`);
        }
        const reads = options.method === 'GET' || options.method === 'HEAD';
        const fetch = options.request.fetch ?? globalThis.fetch;
        options.request = {
            ...options.request,
            ...(reads ? {} : { redirect: 'manual' }),
            fetch: (url, init) => strictly(fetch(url, init), origin, reads, cap)
        };
        for (let tries = 1;; tries++) {
            try {
                return await send(options);
            }
            catch (error) {
                const cause = (0,values/* isRecord */.u4)(error) ? error['cause'] : undefined;
                if (cause instanceof Refusal)
                    throw cause;
                const wait = waitAskedFor(error, Date.now());
                if (wait === undefined || (!reads && httpStatusOf(error) === 503))
                    throw error;
                const pauseMs = Math.max(wait.ms, 1000);
                if (tries >= 4)
                    throw Object.assign(error, { triesSpent: tries });
                if (Date.now() + pauseMs >= deadline)
                    throw error;
                await (0,promises_.setTimeout)(pauseMs, undefined, { signal });
            }
        }
    });
    return octokit;
}
class Refusal extends Error {
}
const refusal = (message, status) => Object.assign(new Refusal(message), status === undefined ? {} : { response: { status, headers: {}, data: { message } } });
async function strictly(answer, origin, reads, cap) {
    const response = await answer;
    const from = response.url === '' ? origin : new URL(response.url).origin;
    if (from !== origin) {
        throw refusal(`GitHub redirected the request to ${from}, not GITHUB_API_URL; an answer from there is never used`);
    }
    if (!reads && response.status >= 300 && response.status <= 399) {
        const where = URL.parse(String(response.headers.get('location')), origin)?.origin;
        throw refusal(`GitHub redirected the request to ${where ?? 'another address'}; a request that changes something is never followed to another address, and was not sent there`, response.status);
    }
    const chunks = [];
    let size = 0;
    try {
        for await (const chunk of response.body ?? []) {
            if ((size += chunk.byteLength) > cap) {
                const mib = cap / 2 ** 20;
                throw refusal(`the answer is larger than ${mib} MiB, so it is not read`, response.status);
            }
            chunks.push(chunk);
        }
    }
    catch (error) {
        if (error instanceof Refusal)
            throw error;
    }
    const body = Buffer.concat(chunks);
    const read = new Response(size === 0 ? null : body, response);
    Object.defineProperty(read, 'url', { value: response.url });
    if (!/json/i.test(response.headers.get('content-type') ?? ''))
        return read;
    const text = body.toString('utf8');
    const key = (0,json/* parseJson */.qF)(text) === undefined ? undefined : (0,json/* findRepeatedKey */.h3)(text);
    if (key === undefined)
        return read;
    throw refusal(`the answer repeats the key '${(0,kernel_text/* plainText */.wh)(key, 60)}' in one object, so it is not read`, response.status);
}
function readGitHubContext(env) {
    const ref = env.GITHUB_REF ?? '';
    const kind = /^refs\/(heads|tags)\//.exec(ref)?.[1];
    return {
        eventName: env.GITHUB_EVENT_NAME ?? '',
        ...readPayload(env.GITHUB_EVENT_PATH),
        sha: env.GITHUB_SHA ?? '',
        ref,
        refName: env.GITHUB_REF_NAME || ref.replace(/^refs\/(heads|tags)\//, ''),
        refType: env.GITHUB_REF_TYPE || ({ heads: 'branch', tags: 'tag' }[kind ?? ''] ?? ''),
        serverUrl: (env.GITHUB_SERVER_URL || 'https://github.com').replace(/\/+$/, ''),
        apiUrl: (env.GITHUB_API_URL || 'https://api.github.com').replace(/\/+$/, ''),
        repository: env.GITHUB_REPOSITORY ?? '',
        runId: env.GITHUB_RUN_ID ?? '',
        runAttempt: env.GITHUB_RUN_ATTEMPT ?? '',
        job: env.GITHUB_JOB ?? ''
    };
}
function readPayload(path) {
    const broken = (problem) => ({ payload: {}, eventFileProblem: problem });
    if (!path)
        return broken('GITHUB_EVENT_PATH is not set, so there is no event file to read.');
    const file = `The event file ${path} (GITHUB_EVENT_PATH)`;
    let text;
    try {
        text = (0,external_node_fs_.readFileSync)(path, 'utf8');
    }
    catch (error) {
        const code = error.code;
        return broken(code === 'ENOENT' ? `${file} does not exist.` : `${file} cannot be read (${code ?? error}).`);
    }
    if (text.trim() === '')
        return broken(`${file} is empty.`);
    const parsed = (0,json/* parseJson */.qF)(text);
    if (parsed === undefined)
        return broken(`${file} is not valid JSON.`);
    if ((0,values/* isRecord */.u4)(parsed))
        return { payload: parsed };
    const kind = Array.isArray(parsed) ? 'array' : parsed === null ? 'null' : typeof parsed;
    return broken(`${file} holds ${kind === 'null' ? kind : `a JSON ${kind}`}, not a JSON object.`);
}
async function withMergeQueuePull(ctx, token, env) {
    const ref = ctx.eventName === 'merge_group' ? deriveFromEvent(ctx).branch : undefined;
    const number = mergeQueuePullRequest(ref);
    const [owner = '', repo = ''] = ctx.repository.split('/');
    if (number === undefined || repo === '')
        return { context: ctx };
    const what = `The merge queue's pull request ${number} was not read, so the queue ref ${quote(ref ?? '')} is sent as the branch`;
    if (token === '')
        return { context: ctx, notice: `${what}: input 'github-token' is empty.` };
    try {
        const { data } = await withGitHub(token, ctx.apiUrl, (octokit, signal) => octokit.rest.pulls.get({ owner, repo, pull_number: number, request: { signal } }), testOverride(env, 'QA_GREENLIGHT_TEST_GITHUB_BUDGET_MS'));
        const branch = nonBlankText(isRecord(data.head) ? data.head.ref : undefined)?.trim();
        if (data.number !== number || branch === undefined || hasControlChar(branch)) {
            return { context: ctx, notice: `${what}: GitHub's answer names no head branch of it.` };
        }
        return { context: { ...ctx, mergeQueuePull: { number, branch } } };
    }
    catch (error) {
        const advice = { 403: 'The token needs pull-requests: read.' };
        const words = { what, advice, rateLimited: 'the queue ref is sent this time.' };
        return { context: ctx, notice: gitHubFailureMessage(error, words, ctx.apiUrl, token) };
    }
}


/***/ }),

/***/ 126:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   terminateMode: () => (/* binding */ terminateMode),
/* harmony export */   terminateSummary: () => (/* binding */ terminateSummary)
/* harmony export */ });
/* harmony import */ var _kernel_io_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5742);
/* harmony import */ var _kernel_github_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6377);
/* harmony import */ var _kernel_settings_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7688);
/* harmony import */ var _kernel_markdown_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9660);




const ROUTES = {
    'environment-terminated': () => __webpack_require__.e(/* import() */ 738).then(__webpack_require__.bind(__webpack_require__, 5738)),
    'github-deployment': () => __webpack_require__.e(/* import() */ 638).then(__webpack_require__.bind(__webpack_require__, 4638)),
    'report-status': () => __webpack_require__.e(/* import() */ 68).then(__webpack_require__.bind(__webpack_require__, 3068))
};
const terminateMode = {
    emptyOutputs: { outcome: '', 'environment-id': '' },
    async run(settings, deps) {
        const prefix = (0,_kernel_settings_js__WEBPACK_IMPORTED_MODULE_2__/* .logPrefix */ .JY)(settings);
        const route = (await ROUTES[settings.via]());
        const ended = await route.close(settings, {
            ...deps,
            context: (0,_kernel_github_js__WEBPACK_IMPORTED_MODULE_1__/* .readGitHubContext */ .L7)(deps.env),
            log: line => _kernel_io_js__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq(`${prefix}${line}`),
            warn: (line, title) => _kernel_io_js__WEBPACK_IMPORTED_MODULE_0__/* .warning */ .$e(`${prefix}${line}`, title)
        });
        const failed = ended.outcome === 'failed';
        const outputs = { outcome: ended.outcome, 'environment-id': ended.environmentId ?? '' };
        _kernel_io_js__WEBPACK_IMPORTED_MODULE_0__/* .setOutputs */ .n0(failed ? terminateMode.emptyOutputs : outputs);
        if (!failed && ended.message !== undefined) {
            if (ended.warning === undefined)
                _kernel_io_js__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq(`${prefix}${ended.message}`);
            else
                _kernel_io_js__WEBPACK_IMPORTED_MODULE_0__/* .warning */ .$e(`${prefix}${ended.message}`, ended.warning);
        }
        if (settings.summary)
            await _kernel_io_js__WEBPACK_IMPORTED_MODULE_0__/* .writeSummary */ .Sy(terminateSummary(settings.label, ended));
        if (failed)
            _kernel_io_js__WEBPACK_IMPORTED_MODULE_0__/* .setFailed */ .C1(`${prefix}The environment termination failed: ${ended.message ?? ''}`);
    }
};
function terminateSummary(label, ended) {
    const shown = (0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_3__/* .escapeText */ .X1)(label);
    const heading = `## QA environment${shown === '' ? '' : ` — ${shown}`}`;
    const id = ended.environmentId && `Environment ID: ${(0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_3__/* .escapeText */ .X1)(ended.environmentId)}`;
    const message = ended.message && (0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_3__/* .escapeText */ .X1)(ended.message, 1000);
    const lines = [heading, `Environment ${(0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_3__/* .escapeText */ .X1)(ended.name)}`, ended.line, id, message];
    return (0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_3__/* .limitSummary */ .g9)(`${lines.filter(line => line !== undefined).join('\n\n')}\n`);
}


/***/ })

};
;