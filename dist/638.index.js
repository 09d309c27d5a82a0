"use strict";
exports.id = 638;
exports.ids = [638];
exports.modules = {

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

/***/ 4638:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   close: () => (/* binding */ close)
/* harmony export */ });
/* harmony import */ var _core_error_message_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(7);
/* harmony import */ var _core_durations_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(778);
/* harmony import */ var _core_is_record_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(2789);
/* harmony import */ var _core_text_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(2020);
/* harmony import */ var _github_github_api_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(389);
/* harmony import */ var _github_github_failure_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(1423);






const LINES = {
    terminated: '✅ **Closed:** its active GitHub deployments are marked inactive.',
    'already-terminated': '⚠️ **Already closed:** none of its GitHub deployments is active.',
    'not-found': '⚠️ **Not found:** GitHub has no deployment of this environment; nothing to do.',
    failed: '⛔ **Not closed:** marking its GitHub deployments inactive failed.'
};
const LIVE = new Set(['success', 'in_progress', 'queued', 'pending']);
const PER_PAGE = 100;
const BUDGET_MS = 180_000;
const NAMED_IDS = 20;
class StepFailure extends Error {
    failure;
    deploymentId;
    constructor(failure, deploymentId) {
        super((0,_core_error_message_js__WEBPACK_IMPORTED_MODULE_3__/* .errorMessage */ .g)(failure), { cause: failure });
        this.failure = failure;
        this.deploymentId = deploymentId;
    }
}
class Unreadable extends Error {
}
async function close(settings, deps) {
    const name = settings.environmentName;
    const [owner, repo] = deps.context.repository.split('/');
    const failed = (message) => ({
        outcome: 'failed',
        line: LINES.failed,
        name,
        message
    });
    if (!owner || !repo) {
        return failed('the repository is unknown (GITHUB_REPOSITORY is not owner/name), so its deployments cannot be read.');
    }
    deps.log(`Marking every active GitHub deployment of environment ${name} in ${owner}/${repo} inactive.`);
    const progress = { listed: [], pages: 0, listedAll: false, marked: [], notLive: [] };
    const budget = Number(deps.env['QA_GREENLIGHT_TEST_GITHUB_BUDGET_MS']);
    try {
        await (0,_github_github_api_js__WEBPACK_IMPORTED_MODULE_1__/* .withGitHub */ .WN)(settings.githubToken, deps.context.apiUrl, (octokit, signal) => markLive(octokit, { owner, repo, environment: name }, progress, signal), budget > 0 ? budget : BUDGET_MS, deps.signal);
    }
    catch (error) {
        const head = deps.signal.aborted
            ? 'the job was cancelled while deployments were being marked.'
            : describeFailure(error, settings, deps.context.apiUrl);
        return failed(`${head}${progressText(progress)}`);
    }
    const { marked, notLive } = progress;
    if (marked.length > 0) {
        return {
            outcome: 'terminated',
            line: LINES.terminated,
            name,
            message: `GitHub ${(0,_core_text_js__WEBPACK_IMPORTED_MODULE_4__/* .plural */ .LS)(marked.length, 'deployment')} of environment ${name} marked inactive (${marked.join(', ')}); QA Wolf's GitHub App reads the statuses, and GitHub shows a transient deployment as destroyed.`
        };
    }
    const warning = 'Preview environment not closed now';
    return notLive.length > 0
        ? {
            outcome: 'already-terminated',
            line: LINES['already-terminated'],
            name,
            warning,
            message: `No GitHub deployment of environment ${name} is active (${(0,_core_text_js__WEBPACK_IMPORTED_MODULE_4__/* .plural */ .LS)(notLive.length, 'deployment')}, none live); nothing to do.`
        }
        : {
            outcome: 'not-found',
            line: LINES['not-found'],
            name,
            warning,
            message: `GitHub has no deployment of environment ${name} in ${owner}/${repo}; nothing to do. Check 'environment': it must be the name notify reported.`
        };
}
async function markLive(octokit, target, progress, signal) {
    const { owner, repo, environment } = target;
    for (let page = 1; !progress.listedAll; page++) {
        const answer = await octokit.rest.repos
            .listDeployments({ owner, repo, environment, per_page: PER_PAGE, page, request: { signal } })
            .catch((error) => Promise.reject(new StepFailure(error)));
        const ids = listOf(answer.data, `the deployments of environment ${environment}`).flatMap(deployment => {
            const fields = (0,_core_is_record_js__WEBPACK_IMPORTED_MODULE_5__/* .isRecord */ .u)(deployment) ? deployment : {};
            if (typeof fields['id'] !== 'number') {
                throw new Unreadable(`the deployments of environment ${environment} (one has no ID)`);
            }
            return fields['environment'] === environment ? [fields['id']] : [];
        });
        const fresh = ids.filter(id => !progress.listed.includes(id));
        progress.listed.push(...fresh);
        progress.pages = page;
        progress.listedAll =
            answer.data.length === 0 ||
                fresh.length === 0 ||
                !/rel="next"/.test(answer.headers.link ?? '');
    }
    for (const id of progress.listed) {
        try {
            const statuses = await octokit.rest.repos.listDeploymentStatuses({
                owner,
                repo,
                deployment_id: id,
                per_page: PER_PAGE,
                request: { signal }
            });
            if (!LIVE.has(newestState(listOf(statuses.data, `the statuses of deployment ${id}`)) ?? '')) {
                progress.notLive.push(id);
                continue;
            }
            await octokit.rest.repos.createDeploymentStatus({
                owner,
                repo,
                deployment_id: id,
                state: 'inactive',
                description: 'Environment closed; marked by qa-greenlight',
                request: { signal }
            });
            progress.marked.push(id);
        }
        catch (error) {
            throw error instanceof Unreadable ? error : new StepFailure(error, id);
        }
    }
}
function listOf(data, what) {
    if (Array.isArray(data))
        return data;
    const kind = data === null ? 'null' : typeof data === 'string' ? 'text' : `a ${typeof data}`;
    throw new Unreadable(`${what} (the answer is ${kind.replace('a object', 'an object')}, not a list)`);
}
function newestState(statuses) {
    let newest;
    for (const status of statuses) {
        if (!(0,_core_is_record_js__WEBPACK_IMPORTED_MODULE_5__/* .isRecord */ .u)(status))
            continue;
        const { id, state } = status;
        if (typeof id !== 'number' || typeof state !== 'string')
            continue;
        if (newest === undefined || id > newest.id)
            newest = { id, state };
    }
    return newest?.state;
}
function describeFailure(error, settings, apiUrl) {
    if (error instanceof Unreadable) {
        return `GitHub answered, but the step could not read ${error.message}, so whether a deployment is still live is unknown.`;
    }
    const failure = error instanceof StepFailure ? error.failure : error;
    if (failure instanceof _github_github_api_js__WEBPACK_IMPORTED_MODULE_1__/* .BudgetExceeded */ .L$) {
        return `GitHub did not answer within ${(0,_core_durations_js__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a3)(failure.budgetMs)}.`;
    }
    const listing = error instanceof StepFailure && error.deploymentId === undefined;
    const id = error instanceof StepFailure ? (error.deploymentId ?? '') : '';
    return (0,_github_github_failure_js__WEBPACK_IMPORTED_MODULE_2__/* .gitHubFailureMessage */ .$W)(failure, {
        what: listing
            ? `GitHub did not list the deployments of environment ${settings.environmentName}`
            : `GitHub did not mark deployment ${id} inactive`,
        advice: {
            403: listing
                ? 'The token needs the deployments: read permission (deployments: write to mark them): add "permissions: deployments: write" to the job.'
                : 'The token needs the deployments: write permission: add "permissions: deployments: write" to the job (and pass that token as \'github-token\').',
            404: "The repository was not found, or the token cannot see it: check 'github-token'."
        },
        rateLimited: 'run the job again once the wait has passed.'
    }, apiUrl, settings.githubToken, Date.now());
}
function progressText({ listed, pages, listedAll, marked, notLive }) {
    const ids = (list) => list.length <= NAMED_IDS
        ? list.join(', ')
        : `${list.slice(0, NAMED_IDS).join(', ')} and ${list.length - NAMED_IDS} more`;
    const left = listed.filter(id => !marked.includes(id) && !notLive.includes(id));
    const parts = [
        `marked inactive: ${marked.length > 0 ? ids(marked) : 'none'}`,
        ...(left.length > 0 ? [`not marked: ${ids(left)} (live or not read yet)`] : []),
        ...(listedAll || pages === 0 ? [] : [`the list was read to page ${pages} only`])
    ];
    if (pages === 0)
        return '';
    return ` Deployments ${parts.join('; ')}. Running the step again marks the rest.`;
}


/***/ })

};
;