"use strict";
exports.id = 301;
exports.ids = [301];
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

/***/ 2301:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  gatherCheckFacts: () => (/* binding */ gatherCheckFacts)
});

// EXTERNAL MODULE: ./src/render/action-io.ts + 1 modules
var action_io = __webpack_require__(9960);
// EXTERNAL MODULE: ./src/core/input-error.ts
var input_error = __webpack_require__(496);
// EXTERNAL MODULE: ./src/core/durations.ts
var durations = __webpack_require__(778);
// EXTERNAL MODULE: ./src/github/event-context.ts
var event_context = __webpack_require__(2641);
// EXTERNAL MODULE: ./src/github/event-values.ts
var event_values = __webpack_require__(4518);
// EXTERNAL MODULE: ./src/github/github-failure.ts
var github_failure = __webpack_require__(1423);
// EXTERNAL MODULE: ./src/github/github-api.ts
var github_api = __webpack_require__(389);
// EXTERNAL MODULE: ./src/core/is-record.ts
var is_record = __webpack_require__(2789);
;// CONCATENATED MODULE: ./src/github/check-runs.ts



const PER_PAGE = 100;
const MAX_PAGES = 20;
class CheckRunsFailure extends Error {
    status;
    retryAfterMs;
    permanent;
    cause;
    constructor(message, status, retryAfterMs, permanent, cause) {
        super(message);
        this.status = status;
        this.retryAfterMs = retryAfterMs;
        this.permanent = permanent;
        this.cause = cause;
        this.name = 'CheckRunsFailure';
    }
}
function checkRunsReader(options) {
    const pages = new Map();
    const now = options.now ?? Date.now;
    return async (budgetMs, cancel) => {
        try {
            return await (0,github_api/* withGitHub */.WN)(options.token, options.apiUrl, (octokit, signal) => readAllPages(octokit, options, pages, signal, now), budgetMs, cancel);
        }
        catch (error) {
            if (error instanceof CheckRunsFailure)
                throw error;
            const status = (0,github_failure/* httpStatusOf */.s_)(error);
            const waitMs = (0,github_failure/* rateLimitWaitMs */.JR)(error, now());
            const permanent = waitMs === undefined &&
                status !== undefined &&
                status < 500 &&
                status !== 408 &&
                status !== 429;
            throw new CheckRunsFailure((0,github_failure/* gitHubFailureMessage */.$W)(error, checkRunsWords(options), options.apiUrl, options.token, now()), status, waitMs, permanent, error);
        }
    };
}
function checkRunsWords(options) {
    const commit = `${options.owner}/${options.repo}@${options.sha.slice(0, 12)}`;
    return {
        what: `Could not read the check runs '${options.checkName}' of ${commit}`,
        advice: {
            403: 'The token needs the checks: read permission: add `permissions: checks: read` to the job (with the default github-token), or pass a token that can read checks.',
            404: "Check that the repository and the sha input (or the event's commit) exist, and that the token can read the repository (contents: read).",
            422: 'Check the sha input: GitHub does not know that commit in this repository.'
        },
        rateLimited: 'GitHub refuses reads with this token until the wait is over.',
        serverError: 'GitHub had trouble answering.'
    };
}
async function readAllPages(octokit, options, pages, signal, now) {
    const answer = { checkRuns: [], requests: 0, notModified: 0 };
    let totalCount = 0;
    let lastPageFull = false;
    for (let page = 1; page !== undefined;) {
        if (page > MAX_PAGES) {
            throw new CheckRunsFailure(`GitHub lists more than ${MAX_PAGES * PER_PAGE} check runs named '${options.checkName}' on this commit; the action reads at most ${MAX_PAGES} pages`, undefined, undefined, true);
        }
        const memo = pages.get(page);
        answer.requests += 1;
        let read;
        try {
            const response = await octokit.request('GET /repos/{owner}/{repo}/commits/{ref}/check-runs', {
                owner: options.owner,
                repo: options.repo,
                ref: options.sha,
                check_name: options.checkName,
                filter: 'all',
                per_page: PER_PAGE,
                page,
                headers: memo === undefined ? {} : { 'if-none-match': memo.etag },
                request: { signal }
            });
            noteRateLimit(answer, response.headers, now);
            read = {
                etag: typeof response.headers.etag === 'string' ? response.headers.etag : '',
                checkRuns: checkRunsOf(response.data),
                ...totalCountOf(response.data),
                ...nextPageOf(response.headers.link, page)
            };
        }
        catch (error) {
            if ((0,github_failure/* httpStatusOf */.s_)(error) !== 304 || memo === undefined)
                throw error;
            answer.notModified += 1;
            const response = (0,is_record/* isRecord */.u)(error) ? error['response'] : undefined;
            if ((0,is_record/* isRecord */.u)(response) && (0,is_record/* isRecord */.u)(response['headers'])) {
                noteRateLimit(answer, response['headers'], now);
            }
            read = memo;
        }
        if (read.etag !== '')
            pages.set(page, read);
        answer.checkRuns.push(...read.checkRuns);
        totalCount = Math.max(totalCount, read.totalCount ?? 0);
        lastPageFull = read.checkRuns.length >= PER_PAGE;
        page = read.nextPage;
    }
    if (lastPageFull && totalCount > answer.checkRuns.length) {
        throw new CheckRunsFailure(`GitHub counts ${totalCount} check runs named '${options.checkName}' on this commit, but its pages listed ${answer.checkRuns.length}; the list is read again`, 200, undefined, false);
    }
    return answer;
}
function totalCountOf(data) {
    const count = (0,is_record/* isRecord */.u)(data) ? data['total_count'] : undefined;
    return typeof count === 'number' && Number.isSafeInteger(count) && count >= 0
        ? { totalCount: count }
        : {};
}
function checkRunsOf(data) {
    if ((0,is_record/* isRecord */.u)(data) && Array.isArray(data['check_runs']))
        return data['check_runs'];
    throw new CheckRunsFailure("GitHub's answer to the check runs request has no check_runs list", 200, undefined, false);
}
function nextPageOf(link, page) {
    if (typeof link !== 'string')
        return {};
    for (const part of link.split(',')) {
        const match = /<([^>]*)>\s*;\s*rel="?next"?/.exec(part);
        if (match?.[1] === undefined)
            continue;
        let next = NaN;
        try {
            next = Number(new URL(match[1], 'https://api.invalid').searchParams.get('page') ?? NaN);
        }
        catch {
        }
        if (Number.isSafeInteger(next) && next > page)
            return { nextPage: next };
        throw new CheckRunsFailure(`GitHub's Link header names a next page of check runs without a page number after ${page}; the action reads pages by number only, and a list without that page could miss a failure`, 200, undefined, true);
    }
    return {};
}
function noteRateLimit(answer, headers, now) {
    const remaining = headers['x-ratelimit-remaining'];
    const reset = Number(headers['x-ratelimit-reset']);
    if (String(remaining) === '0' && Number.isFinite(reset) && reset * 1000 > now()) {
        answer.rateLimitedForMs = reset * 1000 - now();
        answer.rateLimitResetAtMs = reset * 1000;
    }
}
function checkRunNamesReader(options) {
    let memo;
    return (budgetMs, cancel) => (0,github_api/* withGitHub */.WN)(options.token, options.apiUrl, async (octokit, signal) => {
        try {
            const response = await octokit.request('GET /repos/{owner}/{repo}/commits/{ref}/check-runs', {
                owner: options.owner,
                repo: options.repo,
                ref: options.sha,
                per_page: PER_PAGE,
                headers: memo === undefined ? {} : { 'if-none-match': memo.etag },
                request: { signal }
            });
            const checkRuns = checkRunsOf(response.data);
            const etag = response.headers.etag;
            memo = typeof etag === 'string' && etag !== '' ? { etag, checkRuns } : undefined;
            return checkRuns;
        }
        catch (error) {
            if ((0,github_failure/* httpStatusOf */.s_)(error) === 304 && memo !== undefined)
                return memo.checkRuns;
            throw error;
        }
    }, budgetMs, cancel);
}

// EXTERNAL MODULE: ./src/core/commit-sha.ts
var commit_sha = __webpack_require__(8801);
// EXTERNAL MODULE: ./src/core/text.ts
var core_text = __webpack_require__(2020);
;// CONCATENATED MODULE: ./src/github/branch-tip.ts





async function readBranchTip(options, budgetMs, cancel) {
    const answer = { fromDefault: options.branch === undefined, requests: 0 };
    if (options.branch !== undefined)
        answer.branch = options.branch;
    let step = options.branch === undefined ? 'repository' : 'branch';
    try {
        await (0,github_api/* withGitHub */.WN)(options.token, options.apiUrl, async (octokit, signal) => {
            const ask = (read) => {
                answer.requests += 1;
                return read(octokit);
            };
            const { owner, repo } = options;
            if (answer.branch === undefined) {
                const { data } = await ask(o => o.request('GET /repos/{owner}/{repo}', { owner, repo, request: { signal } }));
                const name = (0,core_text/* nonBlankText */.xA)((0,is_record/* isRecord */.u)(data) ? data['default_branch'] : undefined);
                if (name === undefined)
                    throw shapeError("GitHub's answer names no default_branch");
                answer.branch = name;
            }
            step = 'branch';
            let tip;
            try {
                const { data } = await ask(o => o.request('GET /repos/{owner}/{repo}/branches/{branch}', {
                    owner,
                    repo,
                    branch: answer.branch ?? '',
                    request: { signal }
                }));
                const commit = (0,is_record/* isRecord */.u)(data) && (0,is_record/* isRecord */.u)(data['commit']) ? data['commit'] : {};
                tip = typeof commit['sha'] === 'string' ? commit['sha'].toLowerCase() : undefined;
            }
            catch (error) {
                if ((0,github_failure/* httpStatusOf */.s_)(error) !== 404)
                    throw error;
                answer.branchMissing = true;
                return;
            }
            if (tip === undefined || !(0,commit_sha/* isFullCommitSha */.h2)(tip)) {
                throw shapeError("GitHub's answer about the branch names no commit SHA");
            }
            answer.tip = tip;
            if (tip === options.sha.toLowerCase())
                return;
            step = 'compare';
            try {
                const { data } = await ask(o => o.request('GET /repos/{owner}/{repo}/compare/{basehead}', {
                    owner,
                    repo,
                    basehead: `${tip}...${options.sha}`,
                    per_page: 1,
                    request: { signal }
                }));
                const record = (0,is_record/* isRecord */.u)(data) ? data : {};
                const status = (0,core_text/* nonBlankText */.xA)(record['status']);
                if (status === undefined)
                    throw shapeError("GitHub's compare answer has no status");
                const base = (0,is_record/* isRecord */.u)(record['merge_base_commit'])
                    ? record['merge_base_commit']
                    : {};
                const mergeBase = typeof base['sha'] === 'string' ? base['sha'].toLowerCase() : undefined;
                answer.compare = mergeBase === undefined ? { status } : { status, mergeBase };
            }
            catch (error) {
                if ((0,github_failure/* httpStatusOf */.s_)(error) !== 404)
                    throw error;
                answer.compare = { notFound: true };
            }
        }, budgetMs, cancel);
    }
    catch (error) {
        if (cancel.aborted)
            throw error;
        const message = (0,github_failure/* gitHubFailureMessage */.$W)(error, words(step, options, answer.branch), options.apiUrl, options.token);
        const status = (0,github_failure/* httpStatusOf */.s_)(error);
        answer.failure = status === undefined ? { message } : { message, status };
    }
    return answer;
}
function shapeError(message) {
    return Object.assign(new Error(message), {
        response: { status: 200, headers: {}, data: { message } }
    });
}
const CONTENTS_READ = "The token needs the contents: read permission: add `contents: read` to the job's `permissions:` (with the default github-token), or pass a token that can read the repository.";
function words(step, options, branch) {
    const repository = `${options.owner}/${options.repo}`;
    const what = step === 'repository'
        ? `Could not read the default branch of ${repository}, so the commit cannot be checked against it`
        : step === 'branch'
            ? `Could not read the tip of branch '${branch ?? ''}' of ${repository}`
            : `Could not compare commit ${options.sha.slice(0, 12)} with the tip of branch '${branch ?? ''}' of ${repository}`;
    return {
        what,
        advice: { 403: CONTENTS_READ, 404: CONTENTS_READ },
        rateLimited: 're-run the job once the rate limit resets.',
        serverError: 're-run the job.',
        tail: 'Not green: only the tip of the branch may be promoted, and that could not be checked.'
    };
}

// EXTERNAL MODULE: ./src/inputs/settings.ts
var inputs_settings = __webpack_require__(900);
// EXTERNAL MODULE: ./src/greenlight/check-selection.ts
var check_selection = __webpack_require__(1186);
// EXTERNAL MODULE: ./src/greenlight/poll-log.ts
var poll_log = __webpack_require__(59);
// EXTERNAL MODULE: ./src/core/error-message.ts
var error_message = __webpack_require__(7);
;// CONCATENATED MODULE: ./src/greenlight/check-names.ts


const MAX_NAME_CHARS = 50;
const MAX_CHECK_NAMES = 6;
function checkNamesOf(raw, rules) {
    const seen = new Map();
    for (const item of raw) {
        if (!(0,is_record/* isRecord */.u)(item))
            continue;
        const name = (0,core_text/* nonBlankText */.xA)(item['name']);
        const app = (0,is_record/* isRecord */.u)(item['app']) ? (0,core_text/* nonBlankText */.xA)(item['app']['slug']) : undefined;
        if (name === undefined || app === undefined)
            continue;
        const pair = { name, app: app.toLowerCase() };
        seen.set(JSON.stringify(pair), pair);
    }
    const all = [...seen.values()];
    const nearest = nearestCheck(all, rules);
    const listed = all.slice(0, MAX_CHECK_NAMES).map(({ name, app }) => ({
        name: (0,core_text/* plainText */.wh)(name, MAX_NAME_CHARS),
        app: (0,core_text/* plainText */.wh)(app, MAX_NAME_CHARS)
    }));
    return { listed, more: all.length - listed.length, ...(nearest === undefined ? {} : { nearest }) };
}
function nearestCheck(all, rules) {
    if (all.some(run => run.name === rules.name)) {
        const exact = all.filter(run => run.name === rules.name && run.app !== 'github-actions');
        const first = exact[0];
        if (rules.app === '' || first === undefined || exact.some(run => run.app === rules.app)) {
            return undefined;
        }
        return { input: 'check-app', value: (0,core_text/* plainText */.wh)(first.app, MAX_NAME_CHARS) };
    }
    const wanted = folded(rules.name);
    let best;
    for (const { name } of all) {
        const distance = folded(name) === wanted ? 0 : editDistance(name.toLowerCase(), rules.name.toLowerCase());
        if (best === undefined || distance < best.distance)
            best = { name, distance };
    }
    if (best === undefined)
        return undefined;
    const allowed = Math.min(3, Math.floor(rules.name.length / 5));
    return best.distance <= allowed
        ? { input: 'check-name', value: (0,core_text/* plainText */.wh)(best.name, MAX_NAME_CHARS) }
        : undefined;
}
function folded(name) {
    return name.toLowerCase().replace(/[\s_-]+/g, '');
}
function editDistance(a, b) {
    if (a.length > 200 || b.length > 200)
        return Number.POSITIVE_INFINITY;
    let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
    for (let i = 1; i <= a.length; i++) {
        const current = [i];
        for (let j = 1; j <= b.length; j++) {
            const cost = a[i - 1] === b[j - 1] ? 0 : 1;
            current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
        }
        previous = current;
    }
    return previous[b.length] ?? Number.POSITIVE_INFINITY;
}

;// CONCATENATED MODULE: ./src/greenlight/check-polling.ts






const MIN_PAUSE_MS = 1000;
const READ_BUDGET_MS = 30_000;
const MIN_READ_BUDGET_MS = 5000;
const NO_WAIT_WINDOW_MS = 30_000;
const ONE_SHOT_PAUSES_MS = [1000, 2000, 4000, 8000];
function oneShotPauseMs(failuresInRow) {
    return (ONE_SHOT_PAUSES_MS[Math.min(Math.max(failuresInRow, 1), ONE_SHOT_PAUSES_MS.length) - 1] ??
        MIN_PAUSE_MS);
}
const NAMES_BUDGET_MS = 5000;
async function pollCheckRuns(rules, options, deps) {
    let names;
    let lookedAfterRead = -1;
    const look = async (reads) => {
        if (deps.readNames === undefined || lookedAfterRead === reads || deps.signal.aborted)
            return;
        lookedAfterRead = reads;
        try {
            names = checkNamesOf(await deps.readNames(NAMES_BUDGET_MS, deps.signal), rules);
        }
        catch {
        }
    };
    const counter = { reads: 0 };
    const facts = await pollUntilSettled(rules, options, deps, counter, async () => {
        if (lookedAfterRead >= 0)
            return;
        await look(counter.reads);
        if (names !== undefined)
            deps.onLog?.((0,poll_log/* checkNamesLine */.DC)(names));
    });
    const noneCounts = facts.checkRuns !== undefined && (0,check_selection/* selectCheckRuns */.$)(facts.checkRuns, rules).counting.length === 0;
    const mayRead = facts.rateLimitedUntil === undefined;
    if (facts.ended.why === 'still-waiting' && noneCounts && mayRead)
        await look(counter.reads);
    return names === undefined ? facts : { ...facts, names };
}
async function pollUntilSettled(rules, options, deps, counter, noneCounts) {
    const { clock, signal } = deps;
    const facts = {
        source: 'poll',
        rules,
        requests: 0,
        notModified: 0,
        ended: { why: 'interrupted' }
    };
    const start = clock.now();
    const deadline = start + (options.wait ? options.timeoutMs : 0);
    const failureDeadline = options.wait ? deadline : start + NO_WAIT_WINDOW_MS;
    let lastLine = '';
    let lastFailure;
    let failuresInRow = 0;
    const log = (line) => {
        if (line !== lastLine)
            deps.onLog?.(line);
        lastLine = line;
    };
    for (;;) {
        if (signal.aborted)
            return { ...facts, ended: { why: 'interrupted' } };
        const readStart = clock.now();
        let nextAt = readStart + options.pollIntervalMs;
        const budget = Math.ceil(Math.min(READ_BUDGET_MS, Math.max(MIN_READ_BUDGET_MS, failureDeadline - readStart)));
        try {
            const read = await deps.read(budget, signal);
            if (signal.aborted)
                return { ...facts, ended: { why: 'interrupted' } };
            failuresInRow = 0;
            facts.requests += read.requests;
            facts.notModified += read.notModified;
            facts.checkRuns = read.checkRuns;
            counter.reads += 1;
            const selection = (0,check_selection/* selectCheckRuns */.$)(read.checkRuns, rules);
            log((0,poll_log/* checkWaitingLine */.kz)(selection, rules));
            if (selection.settled)
                return { ...facts, ended: { why: 'settled' } };
            if (selection.counting.length === 0 && read.rateLimitedForMs === undefined) {
                await noneCounts();
                if (signal.aborted)
                    return { ...facts, ended: { why: 'interrupted' } };
            }
            if (!options.wait)
                return stillWaiting(facts, options);
            if (read.rateLimitedForMs !== undefined) {
                if (clock.now() + read.rateLimitedForMs >= deadline) {
                    log(`GitHub's rate limit for this token is used up until after the timeout (${(0,durations/* formatDuration */.a3)(read.rateLimitedForMs)}); no more reads.`);
                    return rateLimited(stillWaiting(facts, options), read.rateLimitResetAtMs ?? Date.now() + read.rateLimitedForMs);
                }
                nextAt = Math.max(nextAt, clock.now() + read.rateLimitedForMs);
                log(`GitHub's rate limit for this token is used up; the next read waits ${(0,durations/* formatDuration */.a3)(read.rateLimitedForMs)} for its reset.`);
            }
        }
        catch (error) {
            if (signal.aborted)
                return { ...facts, ended: { why: 'interrupted' } };
            const failure = readFailure(error);
            lastFailure = failure;
            facts.requests += 1;
            failuresInRow += 1;
            const answered = facts.checkRuns !== undefined;
            if (failure.permanent)
                return { ...facts, ended: { why: 'failed', failure, answered } };
            const oneShotPause = oneShotPauseMs(failuresInRow);
            const pauseMs = Math.max(MIN_PAUSE_MS, failure.retryAfterMs ?? (options.wait ? options.pollIntervalMs : oneShotPause));
            nextAt = clock.now() + pauseMs;
            const until = answered ? deadline : failureDeadline;
            if (nextAt > until && (options.wait || failure.retryAfterMs !== undefined)) {
                if (answered) {
                    const waiting = stillWaiting(facts, options);
                    return failure.status === 403 || failure.status === 429
                        ? rateLimited(waiting, Date.now() + pauseMs)
                        : waiting;
                }
                return {
                    ...facts,
                    ended: {
                        why: 'failed',
                        failure,
                        answered,
                        ...(failure.retryAfterMs === undefined ? {} : { stoppedForWaitMs: pauseMs })
                    }
                };
            }
            log(`Reading the check runs failed; asking again in ${(0,durations/* formatDuration */.a3)(pauseMs)}: ${failure.message}`);
        }
        const now = clock.now();
        const end = facts.checkRuns === undefined ? failureDeadline : deadline;
        if (now >= end) {
            return facts.checkRuns === undefined && lastFailure !== undefined
                ? { ...facts, ended: { why: 'failed', failure: lastFailure, answered: false } }
                : stillWaiting(facts, options);
        }
        await clock.sleep(Math.max(0, Math.min(nextAt, end) - now), signal);
    }
}
function stillWaiting(facts, options) {
    return {
        ...facts,
        ended: { why: 'still-waiting', wait: options.wait },
        waitedMs: options.wait ? options.timeoutMs : 0
    };
}
function rateLimited(facts, resetAtMs) {
    return { ...facts, rateLimitedUntil: new Date(Math.ceil(resetAtMs / 1000) * 1000).toISOString() };
}
function readFailure(error) {
    const record = (0,is_record/* isRecord */.u)(error) ? error : {};
    const status = record['status'];
    const retryAfterMs = record['retryAfterMs'];
    return {
        message: (0,error_message/* errorMessage */.g)(error),
        ...(typeof status === 'number' ? { status } : {}),
        ...(typeof retryAfterMs === 'number' && Number.isFinite(retryAfterMs) ? { retryAfterMs } : {}),
        permanent: record['permanent'] === true
    };
}

;// CONCATENATED MODULE: ./src/greenlight/check-facts.ts














async function gatherCheckFacts(settings, deps) {
    const check = settings.check;
    if (check === undefined)
        throw new Error('gatherCheckFacts needs verdict-from: check');
    const labelPrefix = (0,inputs_settings/* logPrefix */.JY)(settings);
    const ctx = (0,event_context/* readGitHubContext */.L)(deps.env);
    const sha = check.sha ?? (0,event_values/* deriveFromEvent */.I0)(ctx).sha;
    if (sha === undefined) {
        throw new input_error/* InputError */.d('sha', `Input 'sha' is empty and the ${ctx.eventName === '' ? 'event' : `${ctx.eventName} event`} names no commit` +
            (ctx.eventFileProblem === undefined ? '' : ` (${ctx.eventFileProblem})`) +
            (ctx.eventName === 'check_run'
                ? `: GitHub's check_run event carries check_run.head_sha; set sha to the checked commit, e.g. sha: \${{ github.event.check_run.head_sha }}.`
                : `: set sha to the deployed commit, e.g. sha: \${{ github.event.deployment.sha }}.`));
    }
    const rules = {
        name: check.name,
        sha,
        app: check.app,
        ...(check.since === undefined ? {} : { sinceMs: check.since.ms })
    };
    const who = check.app === '' ? 'any app but GitHub Actions' : `app ${check.app}`;
    const onCheckRunEvent = ctx.eventName === 'check_run';
    if (check.branch !== undefined && !onCheckRunEvent) {
        action_io/* warning */.$e(`Input 'branch' is read only on a check_run event (only that branch's tip may be promoted); on ${ctx.eventName === '' ? 'this event' : ctx.eventName} the step gates the commit it was given.`);
    }
    const event = onCheckRunEvent ? ctx.payload['check_run'] : undefined;
    const eventFacts = {
        source: 'event',
        ...withAction((0,core_text/* nonBlankText */.xA)(ctx.payload['action'])),
        eventCheckRun: event,
        rules,
        checkRuns: (0,is_record/* isRecord */.u)(event) ? [event] : [],
        requests: 0,
        notModified: 0,
        ended: { why: 'settled' }
    };
    if (onCheckRunEvent && !isAboutWantedCheck(eventFacts)) {
        action_io/* info */.pq(`${labelPrefix}Reading the verdict from the check_run event (check '${check.name}' by ${who} on ${sha.slice(0, 12)}); the event is not about that check completing, so no request.`);
        return eventFacts;
    }
    const [owner, repo, ...extra] = ctx.repository.split('/');
    if (!owner || !repo || extra.length > 0) {
        throw new input_error/* InputError */.d('verdict-from', `GITHUB_REPOSITORY is not owner/name, so the check runs of the commit cannot be read with verdict-from: check. It is set by the GitHub runner.`);
    }
    if (onCheckRunEvent) {
        action_io/* info */.pq(`${labelPrefix}Reading the verdict from the check_run event (check '${check.name}' by ${who} on ${owner}/${repo}@${sha.slice(0, 12)}), with one read of the commit's check runs of that name and of the branch's tip; no polling.`);
    }
    else {
        if (check.since === undefined) {
            action_io/* notice */.lm(`${labelPrefix}Input 'since' is empty, so any earlier check run '${check.name}' of this commit counts, also one from an earlier deployment of it. To have only this deployment's check decide, pass notify's reported-at output (e.g. since: \${{ needs.deploy.outputs.reported-at }}), and check that the output it names is set.`, 'Any earlier check of the commit counts');
        }
        action_io/* info */.pq(settings.wait
            ? `${labelPrefix}Waiting for check run '${check.name}' by ${who} on ${owner}/${repo}@${sha.slice(0, 12)} (timeout ${(0,durations/* formatDuration */.a3)(settings.timeoutMs)}, polling every ${(0,durations/* formatDuration */.a3)(settings.pollIntervalMs)}).`
            : `${labelPrefix}Reading check run '${check.name}' by ${who} on ${owner}/${repo}@${sha.slice(0, 12)} once (wait: false).`);
    }
    const read = checkRunsReader({
        token: settings.githubToken,
        apiUrl: ctx.apiUrl,
        owner,
        repo,
        sha,
        checkName: check.name
    });
    const budgetMs = (0,github_api/* gitHubBudgetMs */.t1)(deps.env, 'QA_GREENLIGHT_TEST_CHECK_READ_BUDGET_MS');
    const pollDeps = {
        read: async (budget, signal) => {
            const answer = await read(Math.min(budget, budgetMs), signal);
            action_io/* debug */.Yz(`Check runs of ${sha.slice(0, 12)}: ${answer.checkRuns.length} named '${check.name}', ${answer.requests} request(s), ${answer.notModified} not modified (304).`);
            return answer;
        },
        clock: deps.clock,
        signal: deps.signal,
        onLog: (line) => action_io/* info */.pq(`${labelPrefix}${line}`)
    };
    if (!onCheckRunEvent) {
        const readNames = checkRunNamesReader({
            token: settings.githubToken,
            apiUrl: ctx.apiUrl,
            owner,
            repo,
            sha
        });
        return pollCheckRuns(rules, {
            timeoutMs: settings.timeoutMs,
            pollIntervalMs: settings.pollIntervalMs,
            wait: settings.wait
        }, {
            ...pollDeps,
            readNames: (budget, signal) => readNames(Math.min(budget, budgetMs), signal)
        });
    }
    const listed = await pollCheckRuns(rules, { timeoutMs: 0, pollIntervalMs: settings.pollIntervalMs, wait: false }, { ...pollDeps, onLog: line => action_io/* debug */.Yz(`${labelPrefix}${line}`) });
    if (listed.checkRuns === undefined || listed.ended.why === 'interrupted') {
        return { ...eventFacts, requests: listed.requests, ended: listed.ended };
    }
    const checkRuns = (0,check_selection/* withEventCheckRun */.C)(listed.checkRuns, event);
    action_io/* info */.pq(`${labelPrefix}${(0,poll_log/* checkWaitingLine */.kz)((0,check_selection/* selectCheckRuns */.$)(checkRuns, rules), rules)}`);
    const facts = {
        ...eventFacts,
        listed: true,
        checkRuns,
        requests: listed.requests,
        notModified: listed.notModified,
        ended: listed.ended,
        ...(listed.waitedMs === undefined ? {} : { waitedMs: listed.waitedMs })
    };
    const windowEnd = deps.clock.now() + NO_WAIT_WINDOW_MS;
    let branchTip;
    let branchRequests = 0;
    for (let failures = 1;; failures++) {
        try {
            branchTip = await readBranchTip({
                token: settings.githubToken,
                apiUrl: ctx.apiUrl,
                owner,
                repo,
                sha,
                ...(check.branch === undefined ? {} : { branch: check.branch })
            }, Math.ceil(Math.min(budgetMs, Math.max(0, windowEnd - deps.clock.now()))), deps.signal);
        }
        catch {
            return { ...facts, ended: { why: 'interrupted' } };
        }
        branchRequests += branchTip.requests;
        const failure = branchTip.failure;
        const transient = failure !== undefined &&
            (failure.status === undefined || failure.status >= 500 || failure.status === 429);
        const pauseMs = oneShotPauseMs(failures);
        if (!transient || deps.clock.now() + pauseMs >= windowEnd)
            break;
        action_io/* info */.pq(`${labelPrefix}Reading the branch failed; asking again in ${(0,durations/* formatDuration */.a3)(pauseMs)}: ${failure.message}`);
        await deps.clock.sleep(pauseMs, deps.signal);
        if (deps.signal.aborted)
            return { ...facts, ended: { why: 'interrupted' } };
    }
    const tipWords = branchTip.tip === undefined
        ? 'could not be read'
        : `is ${branchTip.tip.slice(0, 12)}${branchTip.tip === sha.toLowerCase() ? ' (this commit)' : ''}`;
    action_io/* info */.pq(`${labelPrefix}The tip of branch '${branchTip.branch ?? '(default branch)'}'${branchTip.fromDefault ? " (the repository's default branch)" : ''} ${tipWords}; only that commit may be promoted.`);
    return { ...facts, requests: facts.requests + branchRequests, branchTip };
}
function withAction(action) {
    return action === undefined ? {} : { eventAction: action };
}
function isAboutWantedCheck(facts) {
    const { counting, unreadable } = (0,check_selection/* selectCheckRuns */.$)(facts.checkRuns ?? [], facts.rules);
    return (facts.eventAction === 'completed' &&
        unreadable.length === 0 &&
        counting.length === 1 &&
        counting[0]?.status === 'completed');
}


/***/ })

};
;