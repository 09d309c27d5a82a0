"use strict";
exports.id = 918;
exports.ids = [918];
exports.modules = {

/***/ 6887:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   A$: () => (/* binding */ createSuccessfulDeployment),
/* harmony export */   W_: () => (/* binding */ InactiveStatusError),
/* harmony export */   _p: () => (/* binding */ DeploymentStepError),
/* harmony export */   fB: () => (/* binding */ markDeploymentsInactive),
/* harmony export */   s2: () => (/* binding */ AnswerWithoutDeployment)
/* harmony export */ });
/* harmony import */ var _core_is_record_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2789);

class DeploymentStepError extends Error {
    step;
    failure;
    deploymentId;
    constructor(step, failure, deploymentId) {
        super(`the GitHub ${step} request failed`, { cause: failure });
        this.step = step;
        this.failure = failure;
        this.deploymentId = deploymentId;
        this.name = 'DeploymentStepError';
    }
}
class AnswerWithoutDeployment extends Error {
    response;
    constructor(status, data) {
        super(status === 201
            ? 'the answer said created, but its body could not be read'
            : 'no deployment in the answer');
        this.name = 'AnswerWithoutDeployment';
        this.response = { status, data };
    }
}
async function createSuccessfulDeployment(octokit, deployment, status, signal, onCreated = () => undefined) {
    let created;
    try {
        const answer = await octokit.rest.repos.createDeployment({
            ...deployment,
            request: { signal }
        });
        const data = answer.data;
        const id = (0,_core_is_record_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u)(data) ? data['id'] : undefined;
        if (answer.status !== 201 || typeof id !== 'number') {
            throw new AnswerWithoutDeployment(answer.status, data);
        }
        const stamp = (0,_core_is_record_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u)(data) ? data['created_at'] : undefined;
        const createdAt = typeof stamp === 'string' ? stamp : answer.headers.date;
        created = typeof createdAt === 'string' ? { id, createdAt } : { id };
    }
    catch (error) {
        throw new DeploymentStepError('deployment', error);
    }
    onCreated(created);
    try {
        await octokit.rest.repos.createDeploymentStatus({
            owner: deployment.owner,
            repo: deployment.repo,
            deployment_id: created.id,
            state: 'success',
            ...status,
            request: { signal }
        });
    }
    catch (error) {
        throw new DeploymentStepError('status', error, created.id);
    }
    return created;
}
const ACTIVE_STATES = new Set(['success', 'in_progress', 'queued', 'pending']);
const DEPLOYMENTS_PER_PAGE = 100;
const MAX_DEPLOYMENT_PAGES = 10;
class InactiveStatusError extends Error {
    failure;
    marked;
    deploymentId;
    constructor(failure, marked, deploymentId) {
        super(deploymentId === undefined
            ? "the GitHub request listing the environment's deployments failed"
            : `the GitHub request marking deployment ${deploymentId} inactive failed`, { cause: failure });
        this.failure = failure;
        this.marked = marked;
        this.deploymentId = deploymentId;
        this.name = 'InactiveStatusError';
    }
}
async function markDeploymentsInactive(octokit, target, signal) {
    const { owner, repo, environment } = target;
    const marked = [];
    let notActive = 0;
    let ids;
    try {
        ids = await deploymentIds(octokit, owner, repo, environment, signal);
    }
    catch (error) {
        throw new InactiveStatusError(error, marked);
    }
    for (const id of ids) {
        try {
            const statuses = await octokit.rest.repos.listDeploymentStatuses({
                owner,
                repo,
                deployment_id: id,
                per_page: DEPLOYMENTS_PER_PAGE,
                request: { signal }
            });
            if (!ACTIVE_STATES.has(newestState(statuses.data) ?? '')) {
                notActive++;
                continue;
            }
            await octokit.rest.repos.createDeploymentStatus({
                owner,
                repo,
                deployment_id: id,
                state: 'inactive',
                description: target.description,
                request: { signal }
            });
            marked.push(id);
        }
        catch (error) {
            throw new InactiveStatusError(error, marked, id);
        }
    }
    return { marked, notActive };
}
async function deploymentIds(octokit, owner, repo, environment, signal) {
    const ids = [];
    for (let page = 1; page <= MAX_DEPLOYMENT_PAGES; page++) {
        const answer = await octokit.rest.repos.listDeployments({
            owner,
            repo,
            environment,
            per_page: DEPLOYMENTS_PER_PAGE,
            page,
            request: { signal }
        });
        const list = answer.data;
        if (!Array.isArray(list))
            break;
        for (const deployment of list) {
            const id = (0,_core_is_record_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u)(deployment) ? deployment['id'] : undefined;
            if (typeof id === 'number' &&
                (0,_core_is_record_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u)(deployment) &&
                deployment['environment'] === environment)
                ids.push(id);
        }
        if (list.length === 0 || !/rel="next"/.test(answer.headers.link ?? ''))
            break;
    }
    return ids;
}
function newestState(statuses) {
    if (!Array.isArray(statuses))
        return undefined;
    let newest;
    for (const status of statuses) {
        if (!(0,_core_is_record_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u)(status))
            continue;
        const { id, state } = status;
        if (typeof id !== 'number' || typeof state !== 'string')
            continue;
        if (newest === undefined || id > newest.id)
            newest = { id, state };
    }
    return newest?.state;
}


/***/ }),

/***/ 389:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   L$: () => (/* binding */ BudgetExceeded),
/* harmony export */   WN: () => (/* binding */ withGitHub),
/* harmony export */   t1: () => (/* binding */ gitHubBudgetMs)
/* harmony export */ });
/* unused harmony exports GITHUB_BUDGET_MS, RATE_LIMIT_TRIES, RATE_LIMIT_PAUSE_FLOOR_MS */
/* harmony import */ var node_timers_promises__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6119);
/* harmony import */ var node_timers_promises__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_timers_promises__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _core_version_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3323);
/* harmony import */ var _core_is_record_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(2789);
/* harmony import */ var _github_failure_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1423);




const GITHUB_BUDGET_MS = 30_000;
const RATE_LIMIT_TRIES = 4;
const RATE_LIMIT_PAUSE_FLOOR_MS = 1000;
function gitHubBudgetMs(env, testVariable) {
    const ms = Number(env[testVariable]);
    return Number.isFinite(ms) && ms > 0 ? ms : GITHUB_BUDGET_MS;
}
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
    const octokit = getOctokit(token, { baseUrl: apiUrl, userAgent: _core_version_js__WEBPACK_IMPORTED_MODULE_2__/* .USER_AGENT */ ._ });
    const origin = new URL(apiUrl).origin;
    octokit.hook.before('request', options => {
        const target = new URL(String(options.url), `${apiUrl.replace(/\/+$/, '')}/`);
        if (target.origin !== origin) {
            throw new Error(`refused to send the token to ${target.origin}, not GITHUB_API_URL`);
        }
    });
    octokit.hook.wrap('request', async (send, options) => {
        const changes = options.method !== 'GET' && options.method !== 'HEAD';
        if (changes)
            options.request = { ...options.request, redirect: 'manual' };
        for (let tries = 1;; tries++) {
            try {
                const response = await send(options);
                if (changes && response.status >= 300 && response.status <= 399) {
                    throw redirectRefused(response.status, response.headers, apiUrl);
                }
                answeredFrom(response.url, origin);
                return response;
            }
            catch (error) {
                const response = (0,_core_is_record_js__WEBPACK_IMPORTED_MODULE_3__/* .isRecord */ .u)(error) ? error['response'] : undefined;
                if ((0,_core_is_record_js__WEBPACK_IMPORTED_MODULE_3__/* .isRecord */ .u)(response))
                    answeredFrom(response['url'], origin);
                const waitMs = (0,_github_failure_js__WEBPACK_IMPORTED_MODULE_1__/* .rateLimitWaitMs */ .JR)(error, Date.now());
                if (waitMs === undefined)
                    throw error;
                const pauseMs = Math.max(waitMs, RATE_LIMIT_PAUSE_FLOOR_MS);
                if (tries >= RATE_LIMIT_TRIES)
                    (0,_github_failure_js__WEBPACK_IMPORTED_MODULE_1__/* .noteRetriesSpent */ .J9)(error, tries);
                if (tries >= RATE_LIMIT_TRIES || Date.now() + pauseMs >= deadline)
                    throw error;
                await (0,node_timers_promises__WEBPACK_IMPORTED_MODULE_0__.setTimeout)(pauseMs, undefined, { signal });
            }
        }
    });
    return octokit;
}
function answeredFrom(url, origin) {
    if (typeof url !== 'string' || url === '')
        return;
    let from;
    try {
        from = new URL(url).origin;
    }
    catch {
        return;
    }
    if (from !== origin) {
        throw new Error(`GitHub redirected the request to ${from}, not GITHUB_API_URL; an answer from there is never used`);
    }
}
function redirectRefused(status, headers, apiUrl) {
    const location = typeof headers['location'] === 'string' ? headers['location'] : '';
    let where = 'another address';
    try {
        where = new URL(location, apiUrl).origin;
    }
    catch {
    }
    const message = `GitHub redirected the request to ${where}; a request that changes something is never followed to another address, and was not sent there`;
    return Object.assign(new Error(message), {
        status,
        response: { status, headers, data: { message } }
    });
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
/* harmony export */   J9: () => (/* binding */ noteRetriesSpent),
/* harmony export */   JR: () => (/* binding */ rateLimitWaitMs),
/* harmony export */   s_: () => (/* binding */ httpStatusOf)
/* harmony export */ });
/* harmony import */ var _core_is_record_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2789);
/* harmony import */ var _core_text_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2020);
/* harmony import */ var _core_error_message_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7);



function httpStatusOf(error) {
    if (!(0,_core_is_record_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u)(error) || !(0,_core_is_record_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u)(error['response']))
        return undefined;
    const status = error['response']['status'];
    return typeof status === 'number' ? status : undefined;
}
const SECONDARY_WAIT_MS = 60_000;
function rateLimitWaitMs(error, now) {
    return rateLimitWait(error, now)?.ms;
}
function rateLimitWait(error, now) {
    const status = httpStatusOf(error);
    if (status !== 403 && status !== 429)
        return undefined;
    const response = (0,_core_is_record_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u)(error) ? error['response'] : undefined;
    const headers = (0,_core_is_record_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u)(response) && (0,_core_is_record_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u)(response['headers']) ? response['headers'] : {};
    const retryAfter = headers['retry-after'];
    if (typeof retryAfter === 'string' || typeof retryAfter === 'number') {
        const seconds = Number(retryAfter);
        if (Number.isFinite(seconds) && seconds >= 0)
            return { ms: seconds * 1000, named: true };
    }
    const reset = Number(headers['x-ratelimit-reset']);
    if (String(headers['x-ratelimit-remaining']) === '0' && Number.isFinite(reset)) {
        return { ms: Math.max(0, reset * 1000 - now), named: true };
    }
    if (/\brate limit/i.test(gitHubMessage(error)))
        return { ms: SECONDARY_WAIT_MS, named: false };
    return undefined;
}
const spentRetries = new WeakMap();
function noteRetriesSpent(error, tries) {
    if ((0,_core_is_record_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u)(error))
        spentRetries.set(error, tries);
}
function gitHubFailureMessage(error, words, apiUrl, token, now = 0) {
    let detail = (0,_core_text_js__WEBPACK_IMPORTED_MODULE_1__/* .plainText */ .wh)(gitHubMessage(error), 300);
    if (token.length >= 4)
        detail = detail.split(token).join('***');
    const status = httpStatusOf(error);
    const answered = `GitHub answered ${status} (${detail || 'no message'})`;
    const tail = words.tail === undefined ? '' : ` ${words.tail}`;
    const wait = rateLimitWait(error, now);
    if (wait !== undefined) {
        const tries = (0,_core_is_record_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u)(error) ? spentRetries.get(error) : undefined;
        const why = tries !== undefined
            ? `it was still in force after ${tries} tries`
            : wait.named
                ? `it asked to wait ${Math.max(1, Math.ceil(wait.ms / 1000))}s, past the 30 s bound on the exchange`
                : 'it named no time to wait (GitHub then asks for at least a minute), past the 30 s bound on the exchange';
        return `${words.what}: ${answered}: GitHub's rate limit for this token was reached and ${why}. This is not a missing permission; ${words.rateLimited}${tail}`;
    }
    if (status === undefined) {
        return `${words.what}: GitHub could not be reached at ${apiUrl} (${detail || 'no details'}). Check GITHUB_API_URL and the proxy settings.${tail}`;
    }
    const advice = status === 401
        ? "Check that 'github-token' is a valid, unexpired token."
        : (words.advice[status] ?? (status >= 500 ? (words.serverError ?? '') : ''));
    return `${words.what}: ${answered}.${advice === '' ? '' : ` ${advice}`}${tail}`;
}
function gitHubMessage(error) {
    if ((0,_core_is_record_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u)(error) && (0,_core_is_record_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u)(error['response']) && (0,_core_is_record_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u)(error['response']['data'])) {
        const message = error['response']['data']['message'];
        if (typeof message === 'string')
            return message;
    }
    return (0,_core_error_message_js__WEBPACK_IMPORTED_MODULE_2__/* .errorMessage */ .g)(error);
}


/***/ }),

/***/ 5514:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   T: () => (/* binding */ postWithRetries)
/* harmony export */ });
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5756);
/* harmony import */ var _core_durations_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(778);
/* harmony import */ var _retry_policy_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7856);




async function postWithRetries(send, deps) {
    for (let attempt = 1;; attempt++) {
        try {
            return await send(deps.signal);
        }
        catch (error) {
            if (!(error instanceof _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ServiceError */ ._7) || deps.signal.aborted)
                throw error;
            const decision = (0,_retry_policy_js__WEBPACK_IMPORTED_MODULE_2__/* .retryDecision */ .PQ)(error, {
                method: 'POST',
                failures: attempt,
                msLeft: Infinity,
                jitter: deps.random()
            });
            if (!decision.retry) {
                if (decision.stop !== 'retry-after')
                    throw error;
                throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ServiceError */ ._7(error.kind, `${error.message} The service asked to wait ${(0,_core_durations_js__WEBPACK_IMPORTED_MODULE_1__/* .formatDuration */ .a3)(decision.retryAfterMs ?? 0)} before trying again (Retry-After), longer than the ${(0,_core_durations_js__WEBPACK_IMPORTED_MODULE_1__/* .formatDuration */ .a3)(_retry_policy_js__WEBPACK_IMPORTED_MODULE_2__/* .POST_MAX_RETRY_AFTER_MS */ .tD)} this step waits.`, { ...error, cause: error });
            }
            deps.onRetry(`Attempt ${attempt} failed (${error.message}); retrying in ${decision.delayMs} ms.`);
            await deps.clock.sleep(decision.delayMs, deps.signal);
        }
    }
}


/***/ }),

/***/ 7856:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   KO: () => (/* binding */ DEFAULT_UNREACHABLE_LIMIT_MS),
/* harmony export */   PQ: () => (/* binding */ retryDecision),
/* harmony export */   tD: () => (/* binding */ POST_MAX_RETRY_AFTER_MS),
/* harmony export */   xi: () => (/* binding */ DEFAULT_NOT_FOUND_GRACE_MS)
/* harmony export */ });
/* unused harmony exports POST_MAX_ATTEMPTS, NO_WAIT_MAX_ATTEMPTS, RETRY_PAUSE_FLOOR_MS, POST_BACKOFF, GET_BACKOFF */
/* harmony import */ var _retry_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5585);

const POST_MAX_ATTEMPTS = 3;
const POST_MAX_RETRY_AFTER_MS = 60_000;
const NO_WAIT_MAX_ATTEMPTS = 3;
const DEFAULT_NOT_FOUND_GRACE_MS = 60_000;
const DEFAULT_UNREACHABLE_LIMIT_MS = 55_000;
const RETRY_PAUSE_FLOOR_MS = 100;
const POST_BACKOFF = { baseMs: 1000, capMs: 10_000 };
const GET_BACKOFF = { baseMs: 500, capMs: 30_000 };
function isTransientStatus(status) {
    return status !== undefined && (status >= 500 || status === 429 || status === 408);
}
function failureStop(error, s) {
    const post = s.method === 'POST';
    switch (error.kind) {
        case 'aborted':
            return 'aborted';
        case 'tls':
        case 'invalid-response':
        case 'too-large':
            return 'permanent';
        case 'network':
        case 'timeout':
        case 'unreadable':
            return post && error.answered ? 'answered' : undefined;
        case 'http':
            if (isTransientStatus(error.status))
                return undefined;
            if (error.status !== 404)
                return 'permanent';
            if (error.foreign)
                return 'permanent';
            if (post)
                return 'not-found';
            return (s.sinceFirstQueryMs ?? 0) <= (s.notFoundGraceMs ?? DEFAULT_NOT_FOUND_GRACE_MS)
                ? undefined
                : 'not-found';
    }
}
function retryDecision(error, s) {
    const stop = failureStop(error, s);
    if (stop !== undefined)
        return { retry: false, stop };
    const unreachableLimit = s.unreachableLimitMs ?? DEFAULT_UNREACHABLE_LIMIT_MS;
    if (error.unreachable && (s.unreachableForMs ?? 0) >= unreachableLimit) {
        return { retry: false, stop: 'unreachable' };
    }
    const maxAttempts = s.method === 'POST' ? POST_MAX_ATTEMPTS : s.wait === false ? NO_WAIT_MAX_ATTEMPTS : Infinity;
    if (s.failures >= maxAttempts)
        return { retry: false, stop: 'attempts' };
    if (s.msLeft <= 0)
        return { retry: false, stop: 'deadline' };
    const retryAfterMs = error.retryAfterMs;
    const longestWait = s.method === 'POST' ? POST_MAX_RETRY_AFTER_MS : s.msLeft;
    if (retryAfterMs !== undefined && retryAfterMs > longestWait) {
        return { retry: false, stop: 'retry-after', retryAfterMs };
    }
    const policy = s.backoff ?? (s.method === 'POST' ? POST_BACKOFF : GET_BACKOFF);
    const backoffMs = (0,_retry_js__WEBPACK_IMPORTED_MODULE_0__/* .backoffDelayMs */ .Q4)(s.failures - 1, policy, () => s.jitter);
    const delayMs = Math.max(RETRY_PAUSE_FLOOR_MS, retryAfterMs ?? 0, backoffMs);
    const windowLeftMs = error.unreachable
        ? unreachableLimit - (s.unreachableForMs ?? 0)
        : error.kind === 'http' && error.status === 404
            ? (s.notFoundGraceMs ?? DEFAULT_NOT_FOUND_GRACE_MS) - (s.sinceFirstQueryMs ?? 0)
            : Infinity;
    return { retry: true, delayMs: Math.min(delayMs, Math.max(RETRY_PAUSE_FLOOR_MS, windowLeftMs)) };
}


/***/ }),

/***/ 6918:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  EMPTY_TERMINATE_OUTPUTS: () => (/* binding */ EMPTY_TERMINATE_OUTPUTS),
  runTerminate: () => (/* binding */ runTerminate),
  terminateMode: () => (/* binding */ terminateMode)
});

// EXTERNAL MODULE: ./src/render/action-io.ts + 1 modules
var action_io = __webpack_require__(9960);
// EXTERNAL MODULE: ./src/github/event-context.ts
var event_context = __webpack_require__(2641);
// EXTERNAL MODULE: ./src/inputs/settings.ts
var inputs_settings = __webpack_require__(900);
// EXTERNAL MODULE: ./src/service/post-retries.ts
var post_retries = __webpack_require__(5514);
// EXTERNAL MODULE: ./src/service/errors.ts
var errors = __webpack_require__(5756);
// EXTERNAL MODULE: ./src/core/error-message.ts
var error_message = __webpack_require__(7);
// EXTERNAL MODULE: ./src/core/urls.ts
var urls = __webpack_require__(1221);
// EXTERNAL MODULE: ./src/core/text.ts
var core_text = __webpack_require__(2020);
// EXTERNAL MODULE: ./src/core/is-record.ts
var is_record = __webpack_require__(2789);
// EXTERNAL MODULE: ./src/render/markdown.ts
var markdown = __webpack_require__(2495);
// EXTERNAL MODULE: ./src/render/byte-budget.ts
var byte_budget = __webpack_require__(2636);
;// CONCATENATED MODULE: ./src/terminate/termination.ts




function terminationBody(settings) {
    return settings.workspaceId === undefined
        ? { ...settings.environment }
        : { ...settings.environment, workspaceId: settings.workspaceId };
}
function readTerminationAnswer(response) {
    const results = response['results'];
    if (response.code === undefined && Array.isArray(results)) {
        const entries = results.filter(is_record/* isRecord */.u);
        if (entries.length === 0) {
            return { terminated: false, message: 'the service answered 200 with no result entry' };
        }
        const answers = entries.map(entry => readTerminationAnswer(entry));
        const failed = answers.find(answer => !answer.terminated);
        if (failed !== undefined)
            return failed;
        const warning = (0,core_text/* nonBlankText */.xA)(response.warning);
        const first = answers[0];
        if (first === undefined || !first.terminated)
            return { terminated: false, message: '' };
        return warning === undefined ? first : { ...first, warning };
    }
    return readOneAnswer(response);
}
function readOneAnswer(answer) {
    const code = answer.code;
    if (code !== undefined && code !== null && code !== 'terminated') {
        const said = (0,core_text/* nonBlankText */.xA)(answer['error']) ?? (0,core_text/* nonBlankText */.xA)(answer['message']);
        const shown = typeof code === 'string' ? `'${code}'` : JSON.stringify(code);
        return {
            terminated: false,
            message: `the service answered 200 with code ${shown}, not 'terminated'${said === undefined ? '' : `: ${said}`}`
        };
    }
    const environmentId = (0,core_text/* nonBlankText */.xA)(answer.environmentId);
    const said = (0,core_text/* nonBlankText */.xA)(answer.warning);
    const warning = said === undefined ? undefined : (0,core_text/* truncateText */.EJ)(said, core_text/* MAX_NOTE_CHARS */.y);
    return {
        terminated: true,
        ...(environmentId === undefined ? {} : { environmentId }),
        ...(warning === undefined ? {} : { warning })
    };
}
const OUTCOME_LINES = {
    terminated: '✅ **Terminated:** the service stops the runs that target it.',
    'already-terminated': '⚠️ **Already terminated:** nothing left to do.',
    'not-found': '⚠️ **Not found:** the service knows no such environment; nothing to do.',
    failed: '⛔ **Not terminated:** the request failed.'
};
const CURRENT_PATH_LINES = {
    'github-deployment': {
        terminated: '✅ **Closed:** its active GitHub deployments are marked inactive.',
        'already-terminated': '⚠️ **Already closed:** none of its GitHub deployments is active.',
        'not-found': '⚠️ **Not found:** GitHub has no deployment of this environment; nothing to do.',
        failed: '⛔ **Not closed:** marking its GitHub deployments inactive failed.'
    },
    'report-status': {
        terminated: '✅ **Reported inactive** to QA Wolf (what QA Wolf then does is not public).',
        failed: '⛔ **Not reported:** the request failed.'
    }
};
function renderTerminateSummary({ label, via, result }) {
    const own = via === undefined || via === 'environment-terminated' ? {} : CURRENT_PATH_LINES[via];
    const title = (0,markdown/* escapeText */.X1)(label) === '' ? 'QA environment' : `QA environment — ${(0,markdown/* escapeText */.X1)(label)}`;
    const lines = [
        `## ${title}`,
        '',
        `Environment ${(0,markdown/* escapeText */.X1)(result.name)}`,
        '',
        own[result.outcome] ?? OUTCOME_LINES[result.outcome]
    ];
    if (result.environmentId !== undefined) {
        lines.push('', `Environment ID: ${(0,markdown/* escapeText */.X1)(result.environmentId)}`);
    }
    if (result.message !== undefined)
        lines.push('', (0,markdown/* escapeText */.X1)(result.message, 1000));
    return (0,byte_budget/* limitSummary */.g9)(`${lines.join('\n')}\n`);
}

// EXTERNAL MODULE: ./src/core/durations.ts
var durations = __webpack_require__(778);
// EXTERNAL MODULE: ./src/github/event-values.ts
var event_values = __webpack_require__(4518);
// EXTERNAL MODULE: ./src/github/github-api.ts
var github_api = __webpack_require__(389);
// EXTERNAL MODULE: ./src/github/github-failure.ts
var github_failure = __webpack_require__(1423);
// EXTERNAL MODULE: ./src/github/deployments.ts
var deployments = __webpack_require__(6887);
;// CONCATENATED MODULE: ./src/terminate/current-path.ts










const INACTIVE_NOT_PUBLIC = "What QA Wolf does when an environment's deployment turns inactive is not public: whether it stops runs that target it is not documented.";
async function markGitHubDeploymentsInactive(settings, deps) {
    const [owner, repo] = deps.context.repository.split('/');
    if (!owner || !repo) {
        return {
            outcome: 'failed',
            message: 'the repository is unknown (GITHUB_REPOSITORY is not owner/name), so its deployments cannot be read.'
        };
    }
    const environment = settings.environmentName;
    action_io/* info */.pq(`${(0,inputs_settings/* logPrefix */.JY)(settings)}Marking every active GitHub deployment of environment ${environment} in ${owner}/${repo} inactive.`);
    const apiUrl = deps.context.apiUrl;
    try {
        const { marked, notActive } = await (0,github_api/* withGitHub */.WN)(settings.githubToken, apiUrl, (octokit, signal) => (0,deployments/* markDeploymentsInactive */.fB)(octokit, { owner, repo, environment, description: 'Environment closed; marked by qa-greenlight' }, signal), (0,github_api/* gitHubBudgetMs */.t1)(deps.env, 'QA_GREENLIGHT_TEST_GITHUB_BUDGET_MS'), deps.signal);
        if (marked.length > 0) {
            return {
                outcome: 'terminated',
                message: `GitHub ${(0,core_text/* plural */.LS)(marked.length, 'deployment')} of environment ${environment} marked inactive (${marked.join(', ')}); QA Wolf's GitHub App reads the statuses, and GitHub shows a transient deployment as destroyed.`
            };
        }
        return notActive > 0
            ? {
                outcome: 'already-terminated',
                warning: true,
                message: `No GitHub deployment of environment ${environment} is active (${(0,core_text/* plural */.LS)(notActive, 'deployment')}, none live); nothing to do.`
            }
            : {
                outcome: 'not-found',
                warning: true,
                message: `GitHub has no deployment of environment ${environment} in ${owner}/${repo}; nothing to do. Check 'environment': it must be the name notify reported.`
            };
    }
    catch (error) {
        return { outcome: 'failed', message: describeInactiveFailure(error, settings, apiUrl, deps) };
    }
}
function describeInactiveFailure(error, settings, apiUrl, deps) {
    const marked = error instanceof deployments/* InactiveStatusError */.W_ ? error.marked : [];
    const done = marked.length === 0
        ? ''
        : ` ${(0,core_text/* plural */.LS)(marked.length, 'deployment')} (${marked.join(', ')}) already marked inactive; running the step again finishes the rest.`;
    if (deps.signal.aborted)
        return `the job was cancelled while deployments were being marked.${done}`;
    const failure = error instanceof deployments/* InactiveStatusError */.W_ ? error.failure : error;
    if (failure instanceof github_api/* BudgetExceeded */.L$) {
        return `GitHub did not answer within ${(0,durations/* formatDuration */.a3)(failure.budgetMs)}.${done}`;
    }
    const listing = error instanceof deployments/* InactiveStatusError */.W_ && error.deploymentId === undefined;
    const message = (0,github_failure/* gitHubFailureMessage */.$W)(failure, {
        what: listing
            ? `GitHub did not list the deployments of environment ${settings.environmentName}`
            : `GitHub did not mark deployment ${error instanceof deployments/* InactiveStatusError */.W_ ? (error.deploymentId ?? '') : ''} inactive`,
        advice: {
            403: listing
                ? 'The token needs the deployments: read permission (deployments: write to mark them): add "permissions: deployments: write" to the job.'
                : 'The token needs the deployments: write permission: add "permissions: deployments: write" to the job (and pass that token as \'github-token\').',
            404: "The repository was not found, or the token cannot see it: check 'github-token'."
        },
        rateLimited: 'run the job again once the wait has passed.'
    }, apiUrl, settings.githubToken, Date.now());
    return `${message}${done}`;
}
async function reportEnvironmentInactive(settings, deps) {
    const prefix = (0,inputs_settings/* logPrefix */.JY)(settings);
    const id = (0,event_values/* providerDeploymentId */.Q)(deps.context, settings.label);
    if (id === undefined) {
        return {
            outcome: 'failed',
            message: "GITHUB_RUN_ID, GITHUB_RUN_ATTEMPT or GITHUB_JOB is not set, and the report is named by them (as QA Wolf's own client names it). They are set by the GitHub runner."
        };
    }
    const environment = settings.environmentName;
    action_io/* info */.pq(`${prefix}Reporting environment ${environment} inactive to ${settings.baseUrl} (deployment.reportStatus, deployment ${id}).`);
    action_io/* info */.pq(`${prefix}${INACTIVE_NOT_PUBLIC}`);
    try {
        await (0,post_retries/* postWithRetries */.T)(signal => deps.client.reportDeploymentStatus({
            workspaceId: settings.workspaceId ?? '',
            providerDeploymentId: id,
            status: 'inactive',
            environment: { name: environment, ephemeral: true }
        }, signal), { ...deps, onRetry: line => action_io/* info */.pq(`${prefix}${line}`) });
    }
    catch (error) {
        return {
            outcome: 'failed',
            message: deps.signal.aborted
                ? 'the job was cancelled while the report was being sent. It may have reached the service; reporting again is safe.'
                : (0,error_message/* errorMessage */.g)(error)
        };
    }
    return {
        outcome: 'terminated',
        message: `QA Wolf took the report: environment ${environment} is inactive. ${INACTIVE_NOT_PUBLIC}`
    };
}

;// CONCATENATED MODULE: ./src/terminate/run-terminate.ts









const EMPTY_TERMINATE_OUTPUTS = {
    outcome: '',
    'environment-id': ''
};
async function runTerminate(settings, deps) {
    if (settings.via === 'environment-terminated')
        return terminateLegacy(settings, deps);
    const context = (0,event_context/* readGitHubContext */.L)(deps.env);
    const result = settings.via === 'github-deployment'
        ? await markGitHubDeploymentsInactive(settings, { ...deps, context })
        : await reportEnvironmentInactive(settings, { ...deps, context });
    await finishCurrentPath(settings, result);
}
async function finishCurrentPath(settings, result) {
    const name = settings.environmentName;
    if (result.outcome === 'failed')
        return fail(settings, name, result.message);
    const prefix = (0,inputs_settings/* logPrefix */.JY)(settings);
    action_io/* setOutputs */.n0({ outcome: result.outcome, 'environment-id': '' });
    if ('warning' in result && result.warning === true) {
        action_io/* warning */.$e(`${prefix}${result.message}`, 'Preview environment not closed now');
    }
    else
        action_io/* info */.pq(`${prefix}${result.message}`);
    await writeSummary(settings, { outcome: result.outcome, name, message: result.message });
}
async function terminateLegacy(settings, deps) {
    const labelPrefix = (0,inputs_settings/* logPrefix */.JY)(settings);
    const body = terminationBody(settings);
    const target = settings.environment;
    const [given] = Object.values(target);
    const name = 'deploymentUrl' in target ? (0,urls/* displayUrl */.Qy)(given) : given;
    const named = 'environmentAlias' in target
        ? `the environment ${target.environmentAlias}`
        : 'environmentId' in target
            ? `the environment with ID ${target.environmentId}`
            : `the environment at ${(0,urls/* displayUrl */.Qy)(target.deploymentUrl)}`;
    action_io/* info */.pq(`${labelPrefix}Telling ${settings.baseUrl} that ${named} is gone.`);
    let outcome;
    let environmentId;
    let message;
    try {
        const response = await (0,post_retries/* postWithRetries */.T)(signal => deps.client.terminateEnvironment(body, signal), { ...deps, onRetry: line => action_io/* info */.pq(`${labelPrefix}${line}`) });
        const answer = readTerminationAnswer(response);
        if (!answer.terminated)
            return await fail(settings, name, answer.message);
        outcome = 'terminated';
        environmentId = answer.environmentId;
        if (answer.warning)
            action_io/* warning */.$e(`${labelPrefix}${answer.warning}`, 'QA service warning');
    }
    catch (error) {
        const serviceSaid = error instanceof errors/* ServiceError */._7 && !error.foreign;
        const status = serviceSaid ? error.status : undefined;
        message = (0,error_message/* errorMessage */.g)(error);
        if (status !== 404 && status !== 409)
            return await fail(settings, name, message);
        outcome = status === 404 ? 'not-found' : 'already-terminated';
        action_io/* warning */.$e(`${labelPrefix}${message}`, 'QA environment not terminated now');
    }
    action_io/* setOutputs */.n0({ outcome, 'environment-id': environmentId ?? '' });
    if (outcome === 'terminated')
        action_io/* info */.pq(`${labelPrefix}The environment was terminated.`);
    await writeSummary(settings, { outcome, name, environmentId, message });
}
const terminateMode = { emptyOutputs: EMPTY_TERMINATE_OUTPUTS, run: runTerminate };
async function fail(settings, name, message) {
    action_io/* setOutputs */.n0(EMPTY_TERMINATE_OUTPUTS);
    await writeSummary(settings, { outcome: 'failed', name, message });
    action_io/* setFailed */.C1(`${(0,inputs_settings/* logPrefix */.JY)(settings)}The environment termination failed: ${message}`);
}
async function writeSummary(settings, content) {
    if (!settings.summary)
        return;
    await action_io/* writeSummary */.Sy(renderTerminateSummary({ label: settings.label, via: settings.via, result: content }));
}


/***/ })

};
;