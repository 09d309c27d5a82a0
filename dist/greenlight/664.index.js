"use strict";
exports.id = 664;
exports.ids = [664];
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

/***/ 2664:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  upsertPullRequestComment: () => (/* binding */ upsertPullRequestComment)
});

// EXTERNAL MODULE: ./src/render/action-io.ts + 1 modules
var action_io = __webpack_require__(9960);
// EXTERNAL MODULE: ./src/core/text.ts
var core_text = __webpack_require__(2020);
// EXTERNAL MODULE: ./src/core/durations.ts
var durations = __webpack_require__(778);
// EXTERNAL MODULE: ./src/github/pr-lookup.ts
var pr_lookup = __webpack_require__(8500);
// EXTERNAL MODULE: ./src/github/github-api.ts
var github_api = __webpack_require__(389);
// EXTERNAL MODULE: ./src/greenlight/pr-comment-body.ts
var pr_comment_body = __webpack_require__(4036);
// EXTERNAL MODULE: ./src/inputs/settings.ts
var inputs_settings = __webpack_require__(900);
// EXTERNAL MODULE: ./src/core/is-record.ts
var is_record = __webpack_require__(2789);
// EXTERNAL MODULE: ./src/github/github-failure.ts
var github_failure = __webpack_require__(1423);
;// CONCATENATED MODULE: ./src/greenlight/own-comment.ts




const MAX_COMMENT_PAGES = 30;
const GITHUB_ACTIONS_BOT = 'github-actions[bot]';
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
        return typeof login === 'string' && login !== '' ? { login } : undefined;
    }
    catch (error) {
        if (aborted())
            throw error;
        return refused(error) ? { login: GITHUB_ACTIONS_BOT } : undefined;
    }
}
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
async function findOwnComment(readPage, marker, author) {
    const read = async (page) => {
        const { comments, link } = await readPage(page);
        const found = comments.find(c => (0,is_record/* isRecord */.u)(c) && (0,pr_comment_body/* hasMarker */.xY)(c['body'], marker) && isOwnComment(c, author));
        const id = (0,is_record/* isRecord */.u)(found) && typeof found['id'] === 'number' ? found['id'] : undefined;
        return { id, last: (0,pr_lookup/* lastPageOf */.dD)(link) ?? page };
    };
    const first = await read(1);
    if (first.id !== undefined)
        return first.id;
    const lowest = Math.max(2, first.last - MAX_COMMENT_PAGES + 2);
    for (let page = first.last; page >= lowest; page--) {
        const { id } = await read(page);
        if (id !== undefined)
            return id;
    }
    return undefined;
}

;// CONCATENATED MODULE: ./src/greenlight/pr-comment.ts








async function upsertPullRequestComment(input) {
    const { settings, verdict, ctx, env } = input;
    const labelPrefix = (0,inputs_settings/* logPrefix */.JY)(settings);
    if (verdict.status === 'interrupted') {
        action_io/* info */.pq(`${labelPrefix}The job was cancelled; the pull request comment was not updated.`);
        return {};
    }
    const [owner, repo, ...extra] = ctx.repository.split('/');
    if (!owner || !repo || extra.length > 0) {
        const problem = `GITHUB_REPOSITORY is ${ctx.repository === '' ? 'not set' : `'${(0,core_text/* plainText */.wh)(ctx.repository)}'`}, ` +
            `not owner/repo, so no pull request comment was written. It is set by the GitHub runner.`;
        action_io/* warning */.$e(`${labelPrefix}${problem}`, 'Pull request comment not written');
        return { problem };
    }
    const lookup = (0,pr_lookup/* pullRequestLookup */.V0)(ctx, settings.check?.sha);
    if (lookup.kind === 'none') {
        action_io/* info */.pq(`${labelPrefix}${lookup.reason} No pull request comment was written.`);
        return {};
    }
    const budgetMs = (0,github_api/* gitHubBudgetMs */.t1)(env, 'QA_GREENLIGHT_TEST_PR_COMMENT_BUDGET_MS');
    try {
        await (0,github_api/* withGitHub */.WN)(settings.githubToken, ctx.apiUrl, (octokit, signal) => upsert(octokit, { settings, verdict, ctx, env, labelPrefix, lookup }, { owner, repo }, {
            signal
        }), budgetMs, input.signal);
        return {};
    }
    catch (error) {
        if (input.signal?.aborted) {
            action_io/* info */.pq(`${labelPrefix}The job was cancelled while commenting on the pull request.`);
            return {};
        }
        const cause = error instanceof github_api/* BudgetExceeded */.L$
            ? new Error(`GitHub did not complete the comment within ${(0,durations/* formatDuration */.a3)(budgetMs)}`)
            : error;
        const problem = (0,pr_lookup/* describeGitHubFailure */.Po)(cause, ctx.apiUrl, settings.githubToken, Date.now());
        action_io/* warning */.$e(`${labelPrefix}${problem}`, 'Pull request comment not written');
        return { problem };
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
        number = (0,pr_lookup/* openPullRequestWithHead */.JY)(data, lookup.sha);
        if (number === undefined) {
            action_io/* info */.pq(`${labelPrefix}No open pull request has commit ${lookup.sha} as its head; no pull request comment was written.`);
            return;
        }
    }
    const commitSha = (0,pr_lookup/* eventCommit */.ef)(ctx);
    const body = action_io/* redact */.E$((0,pr_comment_body/* renderPullRequestComment */.E5)({
        label: settings.label,
        verdict,
        commitSha,
        links: (0,pr_comment_body/* githubLinks */.Rj)(ctx, env, commitSha)
    }));
    const marker = (0,pr_comment_body/* commentMarker */.Ql)(settings.label);
    const author = await commentAuthor(octokit, request);
    if (author === undefined) {
        action_io/* info */.pq(`${labelPrefix}GitHub could not say which identity the token writes as, so no earlier comment is edited (it may be someone else's); a new one is written.`);
    }
    const existing = author === undefined
        ? undefined
        : await findOwnMarkedComment(octokit, repoRef, number, marker, author, request);
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
function commentAuthor(octokit, request) {
    return tokenIdentity({
        user: async () => (await octokit.rest.users.getAuthenticated({ request })).data.login,
        viewer: () => octokit.graphql('query { viewer { login } }', { request })
    }, () => request.signal.aborted);
}
function findOwnMarkedComment(octokit, repoRef, number, marker, author, request) {
    return findOwnComment(async (page) => {
        const params = { ...repoRef, issue_number: number, per_page: 100, page, request };
        const { data, headers } = await octokit.rest.issues.listComments(params);
        return { comments: data, link: headers.link };
    }, marker, author);
}


/***/ })

};
;