"use strict";
exports.id = 697;
exports.ids = [697];
exports.modules = {

/***/ 8697:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  describeGitHubDeploymentFailure: () => (/* binding */ describeGitHubDeploymentFailure),
  githubDeployment: () => (/* binding */ githubDeployment)
});

// EXTERNAL MODULE: ./src/core/input-error.ts
var input_error = __webpack_require__(496);
// EXTERNAL MODULE: ./src/core/error-message.ts
var error_message = __webpack_require__(7);
// EXTERNAL MODULE: ./src/core/durations.ts
var durations = __webpack_require__(778);
// EXTERNAL MODULE: ./src/core/urls.ts
var urls = __webpack_require__(1221);
// EXTERNAL MODULE: ./src/render/markdown.ts
var markdown = __webpack_require__(2495);
// EXTERNAL MODULE: external "node:timers/promises"
var promises_ = __webpack_require__(8500);
// EXTERNAL MODULE: ./src/core/version.ts
var version = __webpack_require__(3323);
// EXTERNAL MODULE: ./src/core/is-record.ts
var is_record = __webpack_require__(2789);
// EXTERNAL MODULE: ./src/core/text.ts
var core_text = __webpack_require__(2020);
;// CONCATENATED MODULE: ./src/github/github-failure.ts



function httpStatusOf(error) {
    if (!(0,is_record/* isRecord */.u)(error) || !(0,is_record/* isRecord */.u)(error['response']))
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
    const response = (0,is_record/* isRecord */.u)(error) ? error['response'] : undefined;
    const headers = (0,is_record/* isRecord */.u)(response) && (0,is_record/* isRecord */.u)(response['headers']) ? response['headers'] : {};
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
    if ((0,is_record/* isRecord */.u)(error))
        spentRetries.set(error, tries);
}
function gitHubFailureMessage(error, words, apiUrl, token, now = 0) {
    let detail = (0,core_text/* plainText */.wh)(gitHubMessage(error), 300);
    if (token.length >= 4)
        detail = detail.split(token).join('***');
    const status = httpStatusOf(error);
    const answered = `GitHub answered ${status} (${detail || 'no message'})`;
    const tail = words.tail === undefined ? '' : ` ${words.tail}`;
    const wait = rateLimitWait(error, now);
    if (wait !== undefined) {
        const tries = (0,is_record/* isRecord */.u)(error) ? spentRetries.get(error) : undefined;
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
    if ((0,is_record/* isRecord */.u)(error) && (0,is_record/* isRecord */.u)(error['response']) && (0,is_record/* isRecord */.u)(error['response']['data'])) {
        const message = error['response']['data']['message'];
        if (typeof message === 'string')
            return message;
    }
    return (0,error_message/* errorMessage */.g)(error);
}

;// CONCATENATED MODULE: ./src/github/github-api.ts




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
    const octokit = getOctokit(token, { baseUrl: apiUrl, userAgent: version/* USER_AGENT */._ });
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
                const response = (0,is_record/* isRecord */.u)(error) ? error['response'] : undefined;
                if ((0,is_record/* isRecord */.u)(response))
                    answeredFrom(response['url'], origin);
                const waitMs = rateLimitWaitMs(error, Date.now());
                if (waitMs === undefined)
                    throw error;
                const pauseMs = Math.max(waitMs, RATE_LIMIT_PAUSE_FLOOR_MS);
                if (tries >= RATE_LIMIT_TRIES)
                    noteRetriesSpent(error, tries);
                if (tries >= RATE_LIMIT_TRIES || Date.now() + pauseMs >= deadline)
                    throw error;
                await (0,promises_.setTimeout)(pauseMs, undefined, { signal });
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

;// CONCATENATED MODULE: ./src/github/deployments.ts

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
        const id = (0,is_record/* isRecord */.u)(data) ? data['id'] : undefined;
        if (answer.status !== 201 || typeof id !== 'number') {
            throw new AnswerWithoutDeployment(answer.status, data);
        }
        const stamp = (0,is_record/* isRecord */.u)(data) ? data['created_at'] : undefined;
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
            const id = isRecord(deployment) ? deployment['id'] : undefined;
            if (typeof id === 'number' &&
                isRecord(deployment) &&
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
        if (!isRecord(status))
            continue;
        const { id, state } = status;
        if (typeof id !== 'number' || typeof state !== 'string')
            continue;
        if (newest === undefined || id > newest.id)
            newest = { id, state };
    }
    return newest?.state;
}

// EXTERNAL MODULE: ./src/inputs/parse-mode-inputs.ts + 1 modules
var parse_mode_inputs = __webpack_require__(4753);
// EXTERNAL MODULE: ./src/notify/preview.ts
var preview = __webpack_require__(8437);
// EXTERNAL MODULE: ./src/notify/route-summary.ts
var route_summary = __webpack_require__(8297);
// EXTERNAL MODULE: ./src/notify/route.ts + 2 modules
var route = __webpack_require__(4439);
;// CONCATENATED MODULE: ./src/notify/github-deployment.ts












const SECRET_NAME = /TOKEN|SECRET|PASSWORD|KEY/i;
class ExchangeFailure extends Error {
    failure;
    created;
    constructor(failure, created) {
        super((0,error_message/* errorMessage */.g)(failure), { cause: failure });
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
            findings.errors.push((0,route/* environmentRequired */.J5)('github-deployment', " (GitHub's default, production, is never used implicitly)"));
        }
        if (settings.hostingService === 'GitLab') {
            findings.errors.push(new input_error/* InputError */.d('hosting-service', `Input 'hosting-service' is GitLab, but via: github-deployment creates a GitHub deployment: use via: report-status or deploy-success for GitLab.`));
        }
        if (settings.githubToken === '') {
            findings.errors.push((0,parse_mode_inputs/* emptyGitHubToken */.ir)('via is github-deployment', 'deployments: write'));
        }
        if (settings.deploymentUrl !== undefined && (0,urls/* hasCredentials */.Lk)(settings.deploymentUrl)) {
            findings.errors.push(new input_error/* InputError */.d('deployment-url', `Input 'deployment-url' holds a user name or password (user:password@host), and with via: github-deployment it becomes the deployment status's environment_url, which anyone who can read the repository can see. Give the URL without credentials (the value is not shown).`));
        }
        if (settings.service !== undefined) {
            findings.warnings.push((0,route/* ignoredInput */.Xq)('service', 'github-deployment', 'only via: report-status sends it'));
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
            return (0,route/* notSendable */.m2)(`the workflow runs on a ${ctx.eventName} event: that GitHub deployment already reaches QA Wolf's GitHub App, and another would report the deploy twice (with a personal token, its status would start this workflow again). Leave this step out, or use via: deploy-success.`);
        }
        if (sha === undefined) {
            return (0,route/* notSendable */.m2)("no commit SHA is known, and a GitHub deployment's ref must be the SHA that was deployed (a branch moves on). Set the 'sha' input.");
        }
        if (deploymentUrl === undefined) {
            return (0,route/* notSendable */.m2)("no deployment URL is known, and QA Wolf tests the URL of the deployment's success status. Set the 'deployment-url' input.");
        }
        if (repository === undefined) {
            return (0,route/* notSendable */.m2)("the repository is unknown (GITHUB_REPOSITORY is not owner/name). Set the 'repository' input.");
        }
        const ephemeral = settings.ephemeralEnvironment === true;
        const environment = settings.environment ?? '';
        const lines = [...(0,route/* infoLines */.Gw)(plan.notes), ...(0,preview/* previewWarnings */.Q)(settings, plan.facts, environment)];
        const variables = settings.variables;
        const logUrl = ctx.runId && (0,urls/* isHttpUrl */.q$)(ctx.serverUrl) && ctx.repository
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
            describe: `Creating a GitHub deployment of ${sha} in ${repository.owner}/${repository.name} to environment ${environment}, then its success status with ${(0,urls/* displayUrl */.Qy)(deploymentUrl)}.`,
            lines
        };
    },
    async send({ deployment, status }, settings, deps) {
        let created;
        const budgetMs = gitHubBudgetMs(deps.env, 'QA_GREENLIGHT_TEST_GITHUB_BUDGET_MS');
        let answer;
        try {
            answer = await withGitHub(settings.githubToken, deps.context.apiUrl, (octokit, signal) => createSuccessfulDeployment(octokit, deployment, status, signal, deployed => {
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
            : error instanceof DeploymentStepError
                ? describeGitHubDeploymentFailure(error.step, error.failure, apiUrl, settings.githubToken, error.deploymentId, Date.now())
                : error instanceof BudgetExceeded
                    ? `GitHub did not complete the deployment within ${(0,durations/* formatDuration */.a3)(error.budgetMs)}. ${exists}: look at the repository\u2019s deployments before running again.`
                    : (0,error_message/* errorMessage */.g)(error);
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
        return (0,route_summary/* renderRouteSummary */.o)(input, deployed => ({
            route: 'a GitHub deployment with a success status (QA Wolf\u2019s GitHub App reads it)',
            reported: deployed === undefined
                ? ''
                : `GitHub deployment ${(0,markdown/* escapeText */.X1)(String(deployed.id))}, state success.`
        }));
    }
};
function describeGitHubDeploymentFailure(step, error, apiUrl, token, deploymentId, now = 0) {
    const unreadableCreated = error instanceof AnswerWithoutDeployment && error.response.status === 201;
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
    return gitHubFailureMessage(error, words, apiUrl, token, now);
}


/***/ })

};
;