"use strict";
exports.id = 508;
exports.ids = [508];
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

/***/ 1508:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   describeGitHubDeploymentFailure: () => (/* binding */ describeGitHubDeploymentFailure),
/* harmony export */   githubDeployment: () => (/* binding */ githubDeployment)
/* harmony export */ });
/* harmony import */ var _core_input_error_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(496);
/* harmony import */ var _core_error_message_js__WEBPACK_IMPORTED_MODULE_11__ = __webpack_require__(7);
/* harmony import */ var _core_durations_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(778);
/* harmony import */ var _core_urls_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(1221);
/* harmony import */ var _render_markdown_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(2495);
/* harmony import */ var _github_github_api_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(389);
/* harmony import */ var _github_deployments_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(6887);
/* harmony import */ var _github_github_failure_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(1423);
/* harmony import */ var _inputs_parse_mode_inputs_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(3772);
/* harmony import */ var _preview_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(8437);
/* harmony import */ var _route_summary_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(8297);
/* harmony import */ var _route_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(3620);












const SECRET_NAME = /TOKEN|SECRET|PASSWORD|KEY/i;
class ExchangeFailure extends Error {
    failure;
    created;
    constructor(failure, created) {
        super((0,_core_error_message_js__WEBPACK_IMPORTED_MODULE_11__/* .errorMessage */ .g)(failure), { cause: failure });
        this.failure = failure;
        this.created = created;
        this.name = 'ExchangeFailure';
    }
}
const githubDeployment = {
    via: 'github-deployment',
    words: {
        notSent: 'The deployment was not reported',
        failed: 'The deployment was not reported'
    },
    rules(settings) {
        const findings = { errors: [], warnings: [] };
        if (settings.environment === undefined) {
            findings.errors.push((0,_route_js__WEBPACK_IMPORTED_MODULE_10__/* .environmentRequired */ .J5)('github-deployment', " (GitHub's default, production, is never used implicitly)"));
        }
        if (settings.hostingService === 'GitLab') {
            findings.errors.push(new _core_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d('hosting-service', `Input 'hosting-service' is GitLab, but via: github-deployment creates a GitHub deployment: use via: report-status or deploy-success for GitLab.`));
        }
        if (settings.githubToken === '') {
            findings.errors.push((0,_inputs_parse_mode_inputs_js__WEBPACK_IMPORTED_MODULE_7__/* .emptyGitHubToken */ .ir)('via is github-deployment', 'deployments: write'));
        }
        if (settings.deploymentUrl !== undefined && (0,_core_urls_js__WEBPACK_IMPORTED_MODULE_2__/* .hasCredentials */ .Lk)(settings.deploymentUrl)) {
            findings.errors.push(new _core_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d('deployment-url', `Input 'deployment-url' holds a user name or password (user:password@host), and with via: github-deployment it becomes the deployment status's environment_url, which anyone who can read the repository can see. Give the URL without credentials (the value is not shown).`));
        }
        if (settings.service !== undefined) {
            findings.warnings.push((0,_route_js__WEBPACK_IMPORTED_MODULE_10__/* .ignoredInput */ .Xq)('service', 'github-deployment', 'only via: report-status sends it'));
        }
        const secretLooking = Object.keys(settings.variables ?? {})
            .map((name, index) => ({ name, place: index + 1 }))
            .filter(({ name }) => SECRET_NAME.test(name))
            .map(({ place }) => String(place));
        if (secretLooking.length > 0) {
            findings.warnings.push(`Input 'variables': ${secretLooking.length === 1 ? `variable ${secretLooking[0]} has a name that looks` : `variables ${secretLooking.join(', ')} have names that look`} like a secret (TOKEN, SECRET, PASSWORD or KEY). With via: github-deployment, variables go into the GitHub deployment's payload, which anyone who can read the repository can see: pass secrets to QA Wolf another way (its team variables), or use via: report-status.`);
        }
        return findings;
    },
    request(settings, plan, ctx) {
        const { sha, deploymentUrl, repository } = plan.facts;
        if (ctx.eventName === 'deployment_status' || ctx.eventName === 'deployment') {
            return (0,_route_js__WEBPACK_IMPORTED_MODULE_10__/* .notSendable */ .m2)(`the workflow runs on a ${ctx.eventName} event: that GitHub deployment already reaches QA Wolf's GitHub App, and another would report the deploy twice (with a personal token, its status would start this workflow again). Leave this step out, or use via: deploy-success.`);
        }
        if (sha === undefined) {
            return (0,_route_js__WEBPACK_IMPORTED_MODULE_10__/* .notSendable */ .m2)("no commit SHA is known, and a GitHub deployment's ref must be the SHA that was deployed (a branch moves on). Set the 'sha' input.");
        }
        if (deploymentUrl === undefined) {
            return (0,_route_js__WEBPACK_IMPORTED_MODULE_10__/* .notSendable */ .m2)("no deployment URL is known, and QA Wolf tests the URL of the deployment's success status. Set the 'deployment-url' input.");
        }
        if (repository === undefined) {
            return (0,_route_js__WEBPACK_IMPORTED_MODULE_10__/* .notSendable */ .m2)("the repository is unknown (GITHUB_REPOSITORY is not owner/name). Set the 'repository' input.");
        }
        const ephemeral = settings.ephemeralEnvironment === true;
        const environment = settings.environment ?? '';
        const lines = [...(0,_route_js__WEBPACK_IMPORTED_MODULE_10__/* .infoLines */ .Gw)(plan.notes), ...(0,_preview_js__WEBPACK_IMPORTED_MODULE_8__/* .previewWarnings */ .Q)(settings, plan.facts, environment)];
        const variables = settings.variables;
        const logUrl = ctx.runId && (0,_core_urls_js__WEBPACK_IMPORTED_MODULE_2__/* .isHttpUrl */ .q$)(ctx.serverUrl) && ctx.repository
            ? `${ctx.serverUrl}/${ctx.repository}/actions/runs/${ctx.runId}`
            : undefined;
        const deployment = {
            owner: repository.owner,
            repo: repository.name,
            ref: sha,
            environment,
            transient_environment: ephemeral,
            auto_merge: false,
            required_contexts: [],
            payload: variables === undefined ? {} : { qawolf: { environmentVariables: variables } },
            description: 'Reported by qa-greenlight for QA Wolf'
        };
        return {
            kind: 'send',
            request: {
                deployment,
                status: {
                    environment_url: deploymentUrl,
                    ...(logUrl === undefined ? {} : { log_url: logUrl }),
                    description: 'Deployed; QA Wolf tests this URL'
                }
            },
            describe: `Creating a GitHub deployment of ${sha} in ${repository.owner}/${repository.name} to environment ${environment}, then its success status with ${(0,_core_urls_js__WEBPACK_IMPORTED_MODULE_2__/* .displayUrl */ .Qy)(deploymentUrl)}.`,
            lines
        };
    },
    async send({ deployment, status }, settings, deps) {
        let created;
        const budgetMs = (0,_github_github_api_js__WEBPACK_IMPORTED_MODULE_4__/* .gitHubBudgetMs */ .t1)(deps.env, 'QA_GREENLIGHT_TEST_GITHUB_BUDGET_MS');
        let answer;
        try {
            answer = await (0,_github_github_api_js__WEBPACK_IMPORTED_MODULE_4__/* .withGitHub */ .WN)(settings.githubToken, deps.context.apiUrl, (octokit, signal) => (0,_github_deployments_js__WEBPACK_IMPORTED_MODULE_5__/* .createSuccessfulDeployment */ .A$)(octokit, deployment, status, signal, deployed => {
                created = deployed;
            }), budgetMs, deps.signal);
        }
        catch (error) {
            throw new ExchangeFailure(error, created);
        }
        return answer.createdAt === undefined ? { answer } : { answer, serverTime: answer.createdAt };
    },
    failure(thrown, settings, deps) {
        const error = thrown instanceof ExchangeFailure ? thrown.failure : thrown;
        const id = thrown instanceof ExchangeFailure ? thrown.created?.id : undefined;
        const outputs = id === undefined ? undefined : { 'github-deployment-id': String(id) };
        const exists = id === undefined
            ? 'It may exist without its success status'
            : `GitHub deployment ${id} exists without its success status, so QA Wolf will not test it`;
        const apiUrl = deps.context.apiUrl;
        const reason = deps.signal.aborted
            ? `the job was cancelled while the GitHub deployment was being created. ${exists}: look at the repository\u2019s deployments before running again.`
            : error instanceof _github_deployments_js__WEBPACK_IMPORTED_MODULE_5__/* .DeploymentStepError */ ._p
                ? describeGitHubDeploymentFailure(error.step, error.failure, apiUrl, settings.githubToken, error.deploymentId, Date.now())
                : error instanceof _github_github_api_js__WEBPACK_IMPORTED_MODULE_4__/* .BudgetExceeded */ .L$
                    ? `GitHub did not complete the deployment within ${(0,_core_durations_js__WEBPACK_IMPORTED_MODULE_1__/* .formatDuration */ .a3)(error.budgetMs)}. ${exists}: look at the repository\u2019s deployments before running again.`
                    : (0,_core_error_message_js__WEBPACK_IMPORTED_MODULE_11__/* .errorMessage */ .g)(error);
        return outputs === undefined ? { reason } : { reason, outputs };
    },
    report(deployed, settings) {
        return {
            outputs: {
                'github-deployment-id': String(deployed.id),
                environment: settings.environment ?? ''
            },
            lines: [
                {
                    kind: 'info',
                    message: `GitHub deployment ${deployed.id} created with a success status; QA Wolf's GitHub App reads it and evaluates its triggers.`
                }
            ]
        };
    },
    summary(input) {
        return (0,_route_summary_js__WEBPACK_IMPORTED_MODULE_9__/* .renderRouteSummary */ .o)(input, deployed => ({
            route: 'a GitHub deployment with a success status (QA Wolf\u2019s GitHub App reads it)',
            reported: deployed === undefined
                ? ''
                : `GitHub deployment ${(0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_3__/* .escapeText */ .X1)(String(deployed.id))}, state success.`
        }));
    }
};
function describeGitHubDeploymentFailure(step, error, apiUrl, token, deploymentId, now = 0) {
    const unreadableCreated = error instanceof _github_deployments_js__WEBPACK_IMPORTED_MODULE_5__/* .AnswerWithoutDeployment */ .s2 && error.response.status === 201;
    const words = {
        what: step === 'status'
            ? `GitHub created deployment ${deploymentId ?? ''} but not its success status, so QA Wolf will not test it`
            : unreadableCreated
                ? 'GitHub created a deployment but its answer could not be read, so no success status was sent and QA Wolf will not test it'
                : 'GitHub did not create the deployment',
        advice: step === 'status'
            ? {
                403: 'The token needs the deployments: write permission: add "permissions: deployments: write" to the job (and pass that token as \'github-token\').',
                404: "The deployment or the repository was not found, or the token cannot see it: check 'repository' and 'github-token'.",
                422: "GitHub refused the status itself (validation failed): check 'deployment-url', which becomes its environment_url, then look at the repository's deployments before running again."
            }
            : {
                201: "A deployment may exist without its status: look at the repository's deployments before running the job again.",
                202: 'GitHub merged the default branch into the ref instead of creating a deployment (its 202 answer); nothing was created. Deploy a commit that is up to date, then run the job again.',
                403: 'The token needs the deployments: write permission: add "permissions: deployments: write" to the job (and pass that token as \'github-token\').',
                404: "The repository was not found, or the token cannot see it: check 'repository' and 'github-token'.",
                422: "Check 'sha' (the commit must be in the repository) and 'environment'."
            },
        rateLimited: step === 'deployment' && !unreadableCreated
            ? 'run the job again once the wait has passed.'
            : "look at the repository's deployments before running the job again."
    };
    return (0,_github_github_failure_js__WEBPACK_IMPORTED_MODULE_6__/* .gitHubFailureMessage */ .$W)(error, words, apiUrl, token, now);
}


/***/ }),

/***/ 8437:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Q: () => (/* binding */ previewWarnings)
/* harmony export */ });
/* unused harmony export urlHasDiscriminator */
/* harmony import */ var _core_urls_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1221);

const TITLE_URL = 'Preview URL not per deployment';
const TITLE_NAME = 'Preview environment not per pull request';
function previewWarnings(settings, facts, name) {
    if (settings.ephemeralEnvironment !== true)
        return [];
    const url = facts.deploymentUrl;
    const warnings = [
        url === undefined ? undefined : previewUrlWarning(url, facts),
        name === undefined ? undefined : previewNameWarning(name, facts)
    ];
    return warnings.filter(warning => warning !== undefined);
}
function previewUrlWarning(url, facts) {
    if (urlHasDiscriminator(url, facts))
        return undefined;
    return {
        kind: 'warning',
        title: TITLE_URL,
        message: `The preview URL ${(0,_core_urls_js__WEBPACK_IMPORTED_MODULE_0__/* .displayUrl */ .Qy)(url)} names no pull request number, commit or branch. QA Wolf's docs warn that previews with a static URL fail silently: a green run for code that was never exercised. Give each preview its own URL.`
    };
}
function previewNameWarning(name, facts) {
    if (hasDiscriminator([name], facts))
        return undefined;
    return {
        kind: 'warning',
        title: TITLE_NAME,
        message: `The preview environment's name names no pull request number, commit or branch, so every pull request's preview is one environment in QA Wolf, and a run may test another pull request's code. Name it per pull request, e.g. pr-${facts.pullRequestNumber ?? '<number>'}.`
    };
}
function urlHasDiscriminator(url, facts) {
    let parsed;
    try {
        parsed = new URL(url);
    }
    catch {
        return false;
    }
    const pieces = [
        ...parsed.hostname.split('.'),
        ...parsed.pathname.split('/').map(segment => safeDecode(segment))
    ];
    return hasDiscriminator(pieces, facts);
}
function hasDiscriminator(pieces, facts) {
    const words = pieces.map(piece => wordsOf(piece)).filter(list => list.length > 0);
    const pr = facts.pullRequestNumber;
    if (pr !== undefined &&
        words.some(list => list.some(word => new RegExp(`^[a-z]*${pr}$`).test(word)))) {
        return true;
    }
    if (pr === undefined && words.some(list => list.some((_, i) => namesPullRequest(list, i)))) {
        return true;
    }
    const sha = facts.sha?.toLowerCase();
    if (sha !== undefined &&
        sha.length >= 7 &&
        words.some(list => list.some(word => word.length >= 7 && sha.startsWith(word)))) {
        return true;
    }
    const branch = facts.branch === undefined ? [] : wordsOf(facts.branch);
    return branch.length > 0 && words.some(list => containsRun(list, branch));
}
function namesPullRequest(words, index) {
    const word = words[index] ?? '';
    if (/^(pr|mr)[0-9]+$/.test(word))
        return true;
    return /^[0-9]+$/.test(word) && ['pr', 'pull', 'mr', 'preview'].includes(words[index - 1] ?? '');
}
function wordsOf(text) {
    return text
        .toLowerCase()
        .split(/[^a-z0-9]+/)
        .filter(word => word !== '');
}
function containsRun(list, run) {
    for (let start = 0; start + run.length <= list.length; start++) {
        if (run.every((word, i) => list[start + i] === word))
            return true;
    }
    return false;
}
function safeDecode(segment) {
    try {
        return decodeURIComponent(segment);
    }
    catch {
        return segment;
    }
}


/***/ }),

/***/ 8391:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   E: () => (/* binding */ reportNotification),
/* harmony export */   N: () => (/* binding */ describeEnvironment)
/* harmony export */ });
/* harmony import */ var _core_is_record_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2789);
/* harmony import */ var _core_text_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2020);


const NO_OUTCOME = 'the service reported no outcome for this trigger';
const NO_RUN_ID = 'the service reported a created run but named no run ID';
const MAX_NAMED_UNREADABLE = 5;
function typeName(value) {
    if (Array.isArray(value))
        return 'a list';
    if (value === null)
        return 'null';
    const type = typeof value;
    return type === 'object' ? 'an object' : `a ${type}`;
}
class ShownFields {
    unreadable = [];
    text(value, path) {
        if (value === undefined || value === null)
            return undefined;
        if (typeof value === 'string')
            return (0,_core_text_js__WEBPACK_IMPORTED_MODULE_0__/* .nonBlankText */ .xA)(value);
        this.unreadable.push(`${path} (${typeName(value)})`);
        return undefined;
    }
    boolean(value, path) {
        if (value === undefined || value === null)
            return undefined;
        if (typeof value === 'boolean')
            return value;
        this.unreadable.push(`${path} (${typeName(value)})`);
        return undefined;
    }
}
function runIdOf(value) {
    if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0)
        return String(value);
    return (0,_core_text_js__WEBPACK_IMPORTED_MODULE_0__/* .nonBlankText */ .xA)(value)?.trim();
}
function classifyResult(entry, index, shown) {
    if (!(0,_core_is_record_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(entry)) {
        return { kind: 'failed', message: `the service sent ${typeName(entry)} instead of a result` };
    }
    const triggerId = shown.text(entry['trigger_id'], `results[${index}].trigger_id`);
    const named = triggerId === undefined ? {} : { triggerId };
    const created = runIdOf(entry['created_suite_id']);
    if (created !== undefined)
        return { ...named, kind: 'created', runId: created };
    const duplicate = runIdOf(entry['duplicate_suite_id']);
    if (duplicate !== undefined)
        return { ...named, kind: 'duplicate', runId: duplicate };
    const outcome = (0,_core_text_js__WEBPACK_IMPORTED_MODULE_0__/* .nonBlankText */ .xA)(entry['outcome'])?.trim().toLowerCase();
    if (outcome === 'skipped') {
        const message = (0,_core_text_js__WEBPACK_IMPORTED_MODULE_0__/* .nonBlankText */ .xA)(entry['skip_reason']);
        return { ...named, kind: 'skipped', ...(message === undefined ? {} : { message }) };
    }
    const code = (0,_core_text_js__WEBPACK_IMPORTED_MODULE_0__/* .nonBlankText */ .xA)(entry['failure_code']);
    const message = (0,_core_text_js__WEBPACK_IMPORTED_MODULE_0__/* .nonBlankText */ .xA)(entry['failure_message']) ??
        (0,_core_text_js__WEBPACK_IMPORTED_MODULE_0__/* .nonBlankText */ .xA)(entry['failure_reason']) ??
        (outcome === undefined || outcome === 'failed'
            ? NO_OUTCOME
            : outcome === 'created'
                ? NO_RUN_ID
                : `unknown outcome '${outcome}'`);
    return { ...named, kind: 'failed', message, ...(code === undefined ? {} : { code }) };
}
function readEnvironment(response, shown) {
    const raw = response['environment'];
    const view = {};
    if ((0,_core_is_record_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(raw)) {
        const alias = shown.text(raw['alias'], 'environment.alias');
        const id = shown.text(raw['id'], 'environment.id');
        const isStatic = shown.boolean(raw['isStatic'], 'environment.isStatic');
        if (alias !== undefined)
            view.name = alias;
        if (id !== undefined)
            view.id = id;
        if (isStatic !== undefined)
            view.kind = isStatic ? 'static' : 'preview';
    }
    else {
        const name = shown.text(raw, 'environment');
        if (name !== undefined)
            view.name = name;
    }
    if (view.id === undefined) {
        const firstEntry = response.results?.[0];
        const entryId = (0,_core_is_record_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(firstEntry)
            ? shown.text(firstEntry['environment_id'], 'results[0].environment_id')
            : undefined;
        if (entryId !== undefined)
            view.id = entryId;
    }
    return Object.keys(view).length === 0 ? undefined : view;
}
function readSkippedDeployment(value) {
    if (value === undefined || value === null || value === false)
        return undefined;
    const fields = (0,_core_is_record_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(value) ? value : {};
    const message = (0,_core_text_js__WEBPACK_IMPORTED_MODULE_0__/* .nonBlankText */ .xA)(fields['message']);
    return {
        reason: (0,_core_text_js__WEBPACK_IMPORTED_MODULE_0__/* .nonBlankText */ .xA)(fields['reason']) ?? (0,_core_text_js__WEBPACK_IMPORTED_MODULE_0__/* .nonBlankText */ .xA)(value) ?? 'skipped',
        ...(message === undefined ? {} : { message })
    };
}
function reportNotification(response) {
    const shown = new ShownFields();
    const results = response.results ?? [];
    const outcomes = results.map((entry, index) => classifyResult(entry, index, shown));
    const runIds = [...new Set(outcomes.flatMap(o => (o.runId === undefined ? [] : [o.runId])))];
    const skippedDeployment = readSkippedDeployment(response.skipped_deployment);
    const said = shown.text(response['warning'], 'warning');
    const warning = said === undefined ? undefined : (0,_core_text_js__WEBPACK_IMPORTED_MODULE_0__/* .truncateText */ .EJ)(said, _core_text_js__WEBPACK_IMPORTED_MODULE_0__/* .MAX_NOTE_CHARS */ .y);
    const deploymentId = shown.text(response['deployment_id'], 'deployment_id');
    const environment = readEnvironment(response, shown);
    const previewWithoutRun = results.length === 0 && skippedDeployment === undefined && environment?.kind === 'preview';
    const unreadable = shown.unreadable.length <= MAX_NAMED_UNREADABLE
        ? shown.unreadable
        : [
            ...shown.unreadable.slice(0, MAX_NAMED_UNREADABLE),
            `${shown.unreadable.length - MAX_NAMED_UNREADABLE} more`
        ];
    return {
        outcomes,
        runIds,
        producedRun: runIds.length > 0 && skippedDeployment === undefined,
        ...(previewWithoutRun ? { previewWithoutRun } : {}),
        ...(skippedDeployment === undefined ? {} : { skippedDeployment }),
        ...(warning === undefined ? {} : { warning }),
        ...(deploymentId === undefined ? {} : { deploymentId }),
        ...(environment === undefined ? {} : { environment }),
        ...(unreadable.length === 0 ? {} : { unreadable })
    };
}
function describeEnvironment(environment) {
    if (environment.name === undefined && environment.id === undefined)
        return undefined;
    const kind = environment.kind === 'static'
        ? 'Static environment'
        : environment.kind === 'preview'
            ? 'Preview environment'
            : 'Environment';
    const name = environment.name === undefined ? '' : ` ${environment.name}`;
    const id = environment.id === undefined ? '' : ` (id ${environment.id})`;
    return `${kind}${name}${id}`;
}


/***/ }),

/***/ 8297:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   o: () => (/* binding */ renderRouteSummary)
/* harmony export */ });
/* harmony import */ var _render_markdown_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2495);
/* harmony import */ var _render_byte_budget_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2636);
/* harmony import */ var _summary_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4121);



function renderRouteSummary(input, words) {
    const lines = [(0,_summary_js__WEBPACK_IMPORTED_MODULE_2__/* .notifyHeading */ .Sx)(input.label), ''];
    const { state } = input;
    if (state.kind === 'skipped')
        return (0,_summary_js__WEBPACK_IMPORTED_MODULE_2__/* .skippedSummary */ .vT)(lines, state.reason);
    const said = words(state.kind === 'reported' ? state.answer : undefined);
    lines.push(`**Route:** ${said.route}`, '');
    lines.push(`**Environment:** ${(0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeText */ .X1)(input.environment ?? '')}`);
    if (input.deploymentUrl !== undefined) {
        lines.push('', `**Deployment URL:** ${(0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .link */ .nf)(input.deploymentUrl, input.deploymentUrl)}`);
    }
    if (state.kind === 'failed') {
        lines.push('', `❌ **Not reported:** ${(0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeText */ .X1)(state.reason, 2000)}`);
        return (0,_render_byte_budget_js__WEBPACK_IMPORTED_MODULE_1__/* .limitSummary */ .g9)(`${lines.join('\n')}\n`);
    }
    lines.push('', `✅ **Reported:** ${said.reported}`);
    lines.push('', 'QA Wolf evaluates its triggers on this report; the answer names no run, so this step cannot say whether anything was tested. To gate on the result, use greenlight with `verdict-from: check` and `since` set to this step’s `reported-at` (QA Wolf’s check on the commit).');
    return (0,_render_byte_budget_js__WEBPACK_IMPORTED_MODULE_1__/* .limitSummary */ .g9)(`${lines.join('\n')}\n`);
}


/***/ }),

/***/ 3620:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Gw: () => (/* binding */ infoLines),
/* harmony export */   J5: () => (/* binding */ environmentRequired),
/* harmony export */   Rq: () => (/* binding */ postToService),
/* harmony export */   Xq: () => (/* binding */ ignoredInput),
/* harmony export */   m2: () => (/* binding */ notSendable)
/* harmony export */ });
/* harmony import */ var _core_input_error_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(496);
/* harmony import */ var _kernel_service_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8486);


function notSendable(reason) {
    return { kind: 'fail', reason };
}
function infoLines(messages) {
    return messages.map(message => ({ kind: 'info', message }));
}
function environmentRequired(via, why = '') {
    return new _core_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d('environment', `Input 'environment' is required with via: ${via}: name the environment QA Wolf should test, e.g. staging or pr-42${why}.`);
}
function ignoredInput(name, via, why) {
    return `Input '${name}' is ignored with via: ${via} (${why}).`;
}
async function postToService(post, read, deps, onRetry) {
    let serverTime;
    const response = await (0,_kernel_service_js__WEBPACK_IMPORTED_MODULE_1__/* .postWithRetries */ .T8)(signal => post(signal, date => {
        serverTime = date;
    }), { ...deps, onRetry });
    const answer = read(response);
    return serverTime === undefined ? { answer } : { answer, serverTime };
}


/***/ }),

/***/ 4121:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Oc: () => (/* binding */ renderNotifySummary),
/* harmony export */   Sx: () => (/* binding */ notifyHeading),
/* harmony export */   vT: () => (/* binding */ skippedSummary)
/* harmony export */ });
/* harmony import */ var _render_markdown_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2495);
/* harmony import */ var _render_byte_budget_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2636);
/* harmony import */ var _results_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8391);



const MAX_NAMED_RUNS = 20;
const OUTCOME_WORDS = {
    created: '✅ created',
    duplicate: '🔁 duplicate (a run for this SHA already exists)',
    skipped: '⏭️ skipped',
    failed: '❌ failed'
};
function producedLine(report) {
    if (report.skippedDeployment !== undefined) {
        const { reason, message } = report.skippedDeployment;
        const said = message === undefined ? '' : `: ${(0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeText */ .X1)(message, 1000)}`;
        return `⏭️ **Run produced:** no — the QA service skipped this deployment (${(0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeText */ .X1)(reason)})${said}.`;
    }
    if (report.producedRun) {
        const named = report.runIds.slice(0, MAX_NAMED_RUNS).map(id => (0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeText */ .X1)(id));
        const rest = report.runIds.length - named.length;
        const list = named.join(', ') + (rest > 0 ? ` and ${rest} more` : '');
        const runs = report.runIds.length === 1 ? 'run' : 'runs';
        return `✅ **Run produced:** yes — ${report.runIds.length} ${runs}: ${list}.`;
    }
    if (report.previewWithoutRun) {
        return '⚠️ **Run produced:** none — the preview environment is ready, but no trigger started a run: **nothing was tested**. To gate the pull request anyway, use greenlight with `verdict-from: check`, or add a trigger for previews.';
    }
    if (report.outcomes.length === 0) {
        return ('❌ **Run produced:** no — no trigger in the QA service matched this notification. ' +
            'Check that a trigger is configured for this branch, environment and deployment type.');
    }
    return '❌ **Run produced:** no — no matched trigger created a run; the reasons are below.';
}
function notifyHeading(label) {
    const shown = (0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeText */ .X1)(label);
    return shown === '' ? '## QA notify' : `## QA notify — ${shown}`;
}
function skippedSummary(lines, reason) {
    const why = (0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeText */ .X1)(reason, 1000);
    lines.push(`⏭️ **Nothing was sent**${why === '' ? '.' : `: ${why}`}`);
    return (0,_render_byte_budget_js__WEBPACK_IMPORTED_MODULE_1__/* .limitSummary */ .g9)(`${lines.join('\n')}\n`);
}
function renderNotifySummary(input) {
    const lines = [notifyHeading(input.label), ''];
    if (input.skippedReason !== undefined)
        return skippedSummary(lines, input.skippedReason);
    const { report } = input;
    if (input.error !== undefined) {
        const message = (0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeMultilineText */ .mj)(input.error);
        lines.push(`⛔ **The notification failed:** ${message === '' ? 'no details were given.' : message}`, '');
    }
    if (input.error === undefined || report.outcomes.length > 0)
        lines.push(producedLine(report), '');
    if (report.warning !== undefined)
        lines.push(`⚠️ ${(0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeText */ .X1)(report.warning, 1000)}`, '');
    const environment = report.environment && (0,_results_js__WEBPACK_IMPORTED_MODULE_2__/* .describeEnvironment */ .N)(report.environment);
    const deployment = [
        environment === undefined ? undefined : (0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeText */ .X1)(environment),
        report.deploymentId === undefined ? undefined : `deployment ${(0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeText */ .X1)(report.deploymentId)}`
    ].filter(part => part !== undefined);
    lines.push(`Service: ${(0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .link */ .nf)(input.baseUrl, input.baseUrl)}${deployment.length > 0 ? ` · ${deployment.join(' · ')}` : ''}`, '');
    if (report.outcomes.length > 0) {
        const named = report.outcomes.some(outcome => outcome.triggerId !== undefined);
        const rows = [];
        let chars = 0;
        for (const outcome of report.outcomes) {
            if (chars > _render_byte_budget_js__WEBPACK_IMPORTED_MODULE_1__/* .SUMMARY_MAX_BYTES */ .eR)
                break;
            const row = [
                ...(named ? [outcome.triggerId === undefined ? '—' : (0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeText */ .X1)(outcome.triggerId)] : []),
                OUTCOME_WORDS[outcome.kind],
                outcome.runId === undefined ? '—' : (0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeText */ .X1)(outcome.runId),
                outcome.message === undefined
                    ? '—'
                    : (0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeText */ .X1)(outcome.code === undefined ? outcome.message : `${outcome.message} (${outcome.code})`, 1000)
            ];
            chars += row.reduce((sum, cell) => sum + cell.length, 0);
            rows.push(row);
        }
        const headings = ['Outcome', 'Run ID', 'Why'];
        lines.push((0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .table */ .tp)(named ? ['Trigger', ...headings] : headings, rows), '');
    }
    return (0,_render_byte_budget_js__WEBPACK_IMPORTED_MODULE_1__/* .limitSummary */ .g9)(`${lines.join('\n').trimEnd()}\n`);
}


/***/ })

};
;