export const id = 985;
export const ids = [985];
export const modules = {

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

/***/ 8985:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  runCurrentPath: () => (/* binding */ runCurrentPath)
});

// EXTERNAL MODULE: ./src/render/action-io.ts + 1 modules
var action_io = __webpack_require__(9960);
// EXTERNAL MODULE: ./src/github/github-api.ts
var github_api = __webpack_require__(389);
;// CONCATENATED MODULE: ./src/github/deployments.ts
/** Which of the two requests failed, and how; the deployment's ID when it was created. */
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
async function createSuccessfulDeployment(octokit, deployment, status, signal) {
    let id;
    try {
        const { data } = await octokit.rest.repos.createDeployment({
            ...deployment,
            request: { signal }
        });
        // 202 is GitHub's answer to an auto-merge, which auto_merge: false rules out; it has no ID.
        if (!('id' in data) || typeof data.id !== 'number') {
            throw new Error(`GitHub created no deployment: ${String(data.message ?? 'no ID in the answer')}`);
        }
        id = data.id;
    }
    catch (error) {
        throw new DeploymentStepError('deployment', error);
    }
    try {
        await octokit.rest.repos.createDeploymentStatus({
            owner: deployment.owner,
            repo: deployment.repo,
            deployment_id: id,
            state: 'success',
            ...status,
            request: { signal }
        });
    }
    catch (error) {
        throw new DeploymentStepError('status', error, id);
    }
    return { id };
}

// EXTERNAL MODULE: ./src/inputs/settings.ts
var inputs_settings = __webpack_require__(900);
// EXTERNAL MODULE: ./src/service/post-retries.ts
var post_retries = __webpack_require__(5514);
// EXTERNAL MODULE: ./src/core/error-message.ts
var error_message = __webpack_require__(7);
// EXTERNAL MODULE: ./src/core/durations.ts
var durations = __webpack_require__(778);
// EXTERNAL MODULE: ./src/core/urls.ts
var urls = __webpack_require__(1221);
// EXTERNAL MODULE: ./src/notify/payload.ts
var payload = __webpack_require__(7383);
// EXTERNAL MODULE: ./src/github/github-failure.ts
var github_failure = __webpack_require__(1423);
;// CONCATENATED MODULE: ./src/notify/github-deployment.ts


function planGitHubDeployment(settings, facts, ctx) {
    const { sha, deploymentUrl, repository } = facts;
    if (ctx.eventName === 'deployment_status' || ctx.eventName === 'deployment') {
        return {
            kind: 'fail',
            reason: `the workflow runs on a ${ctx.eventName} event: that GitHub deployment already reaches QA Wolf's GitHub App, and another would report the deploy twice (with a personal token, its status would start this workflow again). Leave this step out, or use via: report-status or deploy-success.`
        };
    }
    if (sha === undefined) {
        return {
            kind: 'fail',
            reason: "no commit SHA is known, and a GitHub deployment's ref must be the SHA that was deployed (a branch moves on). Set the 'sha' input."
        };
    }
    if (deploymentUrl === undefined) {
        return {
            kind: 'fail',
            reason: "no deployment URL is known, and QA Wolf tests the URL of the deployment's success status. Set the 'deployment-url' input."
        };
    }
    if (repository === undefined) {
        return {
            kind: 'fail',
            reason: "the repository is unknown (GITHUB_REPOSITORY is not owner/name). Set the 'repository' input."
        };
    }
    const ephemeral = settings.ephemeralEnvironment === true;
    const warnings = [];
    if (ephemeral && !hasDiscriminator(deploymentUrl, facts)) {
        warnings.push(`The preview URL ${(0,urls/* displayUrl */.Qy)(deploymentUrl)} names no pull request number, commit or branch. QA Wolf's docs warn that previews with a static URL fail silently: a green run for code that was never exercised. Give each preview its own URL.`);
    }
    const variables = settings.variables;
    const logUrl = ctx.runId && (0,urls/* isHttpUrl */.q$)(ctx.serverUrl) && ctx.repository
        ? `${ctx.serverUrl}/${ctx.repository}/actions/runs/${ctx.runId}`
        : undefined;
    return {
        kind: 'send',
        deployment: {
            owner: repository.owner,
            repo: repository.name,
            ref: sha,
            environment: settings.environment ?? '',
            transient_environment: ephemeral,
            auto_merge: false,
            required_contexts: [],
            // Strings only (the input's parser refuses anything else): one non-string value and QA
            // Wolf reads no variables at all, without saying so.
            payload: variables === undefined ? {} : { qawolf: { environmentVariables: variables } },
            description: 'Reported by qa-greenlight for QA Wolf'
        },
        status: {
            environment_url: deploymentUrl,
            ...(logUrl === undefined ? {} : { log_url: logUrl }),
            description: 'Deployed; QA Wolf tests this URL'
        },
        warnings
    };
}
/** A per-deployment part of a preview URL: the pull request number, the commit, or the branch. */
function hasDiscriminator(url, facts) {
    const text = url.toLowerCase();
    const pr = facts.pullRequestNumber;
    if (pr !== undefined && new RegExp(`(^|[^0-9])${pr}([^0-9]|$)`).test(text))
        return true;
    const sha = facts.sha?.toLowerCase();
    if (sha !== undefined && text.includes(sha.slice(0, 7)))
        return true;
    const branch = facts.branch?.toLowerCase();
    if (branch === undefined)
        return false;
    const slug = branch.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
    return slug !== '' && (text.includes(slug) || text.includes(branch));
}
/** Why the deployment or its status failed, and what to do; the token is never shown. */
function describeGitHubDeploymentFailure(step, error, apiUrl, token, deploymentId, now = 0) {
    const words = {
        what: step === 'deployment'
            ? 'GitHub did not create the deployment'
            : `GitHub created deployment ${deploymentId ?? ''} but not its success status, so QA Wolf will not test it`,
        advice: {
            403: 'The token needs the deployments: write permission: add "permissions: deployments: write" to the job (and pass that token as \'github-token\').',
            404: "The repository was not found, or the token cannot see it: check 'repository' and 'github-token'.",
            422: "Check 'sha' (the commit must be in the repository) and 'environment'."
        },
        rateLimited: step === 'deployment'
            ? 'run the job again once the wait has passed.'
            : "look at the repository's deployments before running the job again."
    };
    return (0,github_failure/* gitHubFailureMessage */.$W)(error, words, apiUrl, token, now);
}

// EXTERNAL MODULE: ./src/core/is-record.ts
var is_record = __webpack_require__(2789);
// EXTERNAL MODULE: ./src/core/text.ts
var core_text = __webpack_require__(2020);
;// CONCATENATED MODULE: ./src/notify/report-status.ts




function planDeploymentReport(settings, facts, ctx) {
    const id = providerDeploymentId(ctx, settings.label);
    if (id === undefined) {
        return {
            kind: 'fail',
            reason: "GITHUB_RUN_ID, GITHUB_RUN_ATTEMPT or GITHUB_JOB is not set, and the report is named by them (as QA Wolf's own client names it). They are set by the GitHub runner."
        };
    }
    if (facts.deploymentUrl === undefined) {
        return {
            kind: 'fail',
            reason: "no deployment URL is known, and the report's deployTarget is what QA Wolf tests. Set the 'deployment-url' input."
        };
    }
    const repository = facts.repository && `${facts.repository.owner}/${facts.repository.name}`;
    const report = (0,payload/* withoutEmpty */.C)({
        workspaceId: settings.workspaceId ?? '',
        providerDeploymentId: id,
        status: 'success',
        environment: (0,payload/* withoutEmpty */.C)({
            name: settings.environment ?? '',
            ephemeral: settings.ephemeralEnvironment
        }),
        deployTarget: facts.deploymentUrl,
        environmentVariables: settings.variables,
        metadata: (0,payload/* withoutEmpty */.C)({
            commitSha: facts.sha,
            ref: facts.branch,
            repository,
            pullRequestNumber: facts.pullRequestNumber,
            commitUrl: facts.commitUrl
        })
    });
    return { kind: 'send', report };
}
/**
 * `GITHUB_RUN_ID-GITHUB_RUN_ATTEMPT-GITHUB_JOB`, as QA Wolf's client composes it, plus
 * `:<label>` so that the legs of a matrix (one job definition) report different deployments.
 */
function providerDeploymentId(ctx, label) {
    const { runId, runAttempt, job } = ctx;
    if (!runId || !runAttempt || !job)
        return undefined;
    const id = `${runId}-${runAttempt}-${job}`;
    return label === '' ? id : `${id}:${label}`;
}
/**
 * The deployment under `result.data.json`, whether `json` is the deployment itself or
 * `{ deployment }` (no public source shows which). Nothing here decides: the 200 did.
 */
function readDeploymentReport(response) {
    const result = response['result'];
    const data = (0,is_record/* isRecord */.u)(result) ? result['data'] : undefined;
    const json = (0,is_record/* isRecord */.u)(data) ? data['json'] : undefined;
    if (!(0,is_record/* isRecord */.u)(json))
        return {};
    const deployment = (0,is_record/* isRecord */.u)(json['deployment']) ? json['deployment'] : json;
    const id = (0,core_text/* idText */.FP)(deployment['id']);
    const url = typeof deployment['url'] === 'string' ? deployment['url'] : undefined;
    const status = (0,core_text/* idText */.FP)(deployment['status']);
    return (0,payload/* withoutEmpty */.C)({
        id,
        url: url !== undefined && (0,urls/* isHttpUrl */.q$)(url) ? url : undefined,
        status
    });
}

// EXTERNAL MODULE: ./src/render/markdown.ts
var markdown = __webpack_require__(2495);
// EXTERNAL MODULE: ./src/render/byte-budget.ts
var byte_budget = __webpack_require__(2636);
// EXTERNAL MODULE: ./src/notify/summary.ts
var summary = __webpack_require__(4121);
;// CONCATENATED MODULE: ./src/notify/route-summary.ts
// The job summary of a notify step on QA Wolf's current path (a GitHub deployment, or a
// reportStatus): what was reported, where to look, and that gating on this path is not built yet.



const ROUTE_WORDS = {
    'github-deployment': 'a GitHub deployment with a success status (QA Wolf\u2019s GitHub App reads it)',
    'report-status': 'QA Wolf\u2019s deployment.reportStatus'
};
function renderRouteSummary(input) {
    const lines = [(0,summary/* notifyHeading */.Sx)(input.label), ''];
    if (input.skippedReason !== undefined)
        return (0,summary/* skippedSummary */.vT)(lines, input.skippedReason);
    lines.push(`**Route:** ${ROUTE_WORDS[input.via]}`, '');
    lines.push(`**Environment:** ${(0,markdown/* escapeText */.X1)(input.environment)}`);
    if (input.deploymentUrl !== undefined) {
        lines.push('', `**Deployment URL:** ${(0,markdown/* link */.nf)(input.deploymentUrl, input.deploymentUrl)}`);
    }
    if (input.error !== undefined) {
        lines.push('', `❌ **Not reported:** ${(0,markdown/* escapeText */.X1)(input.error, 2000)}`);
        return (0,byte_budget/* limitSummary */.g9)(`${lines.join('\n')}\n`);
    }
    if (input.githubDeploymentId !== undefined) {
        lines.push('', `✅ **Reported:** GitHub deployment ${input.githubDeploymentId}, state success.`);
    }
    else {
        const id = input.deploymentId === undefined ? '' : ` ${(0,markdown/* escapeText */.X1)(input.deploymentId)}`;
        const page = input.deploymentPage === undefined ? '' : ` (${(0,markdown/* link */.nf)('its page', input.deploymentPage)})`;
        lines.push('', `✅ **Reported:** deployment${id}${page}, status success.`);
    }
    lines.push('', 'QA Wolf evaluates its global triggers on this report; which runs it starts is not in the answer, and gating on this path is not built yet.');
    return (0,byte_budget/* limitSummary */.g9)(`${lines.join('\n')}\n`);
}

// EXTERNAL MODULE: ./src/notify/outputs.ts
var outputs = __webpack_require__(2915);
// EXTERNAL MODULE: ./src/notify/url-probe.ts + 1 modules
var url_probe = __webpack_require__(6007);
;// CONCATENATED MODULE: ./src/notify/current-path.ts
// notify on QA Wolf's current deployment path: `via: github-deployment` (a GitHub deployment and
// its success status, which QA Wolf's GitHub App forwards) or `via: report-status` (its public
// deployment.reportStatus). Both feed global triggers, which never see deploy_success. Neither
// answer names runs, so there is nothing to gate on yet: the step reports what it told.














async function runCurrentPath(settings, deps) {
    const prefix = (0,inputs_settings/* logPrefix */.J)(settings);
    const summary = {
        label: settings.label,
        via: settings.via,
        environment: settings.environment ?? ''
    };
    action_io/* setOutputs */.n0({ ...outputs/* EMPTY_NOTIFY_OUTPUTS */.b_, via: settings.via });
    const fail = async (reason) => {
        await writeSummary(settings, { ...summary, error: reason });
        action_io/* setFailed */.C1(`${prefix}The deployment was not reported: ${reason}`);
    };
    const plan = (0,payload/* planNotification */.l)(settings, deps.context);
    if (plan.kind === 'skip') {
        action_io/* notice */.lm(`${prefix}${plan.reason} Nothing was sent.`, 'QA notification skipped');
        action_io/* setOutputs */.n0({ skipped: 'true', 'skip-reason': (0,outputs/* value */.Uq)(plan.reason) });
        await writeSummary(settings, { ...summary, skippedReason: plan.reason });
        return;
    }
    if (plan.kind === 'fail')
        return fail(plan.reason);
    for (const warning of plan.warnings)
        action_io/* warning */.$e(`${prefix}${warning}`, 'Event file unreadable');
    for (const note of plan.notes)
        action_io/* info */.pq(`${prefix}${note}`);
    const facts = plan.facts;
    if (facts.deploymentUrl !== undefined)
        summary.deploymentUrl = facts.deploymentUrl;
    const unreachable = await (0,url_probe/* waitUntilDeployed */.e)(settings, facts.deploymentUrl, deps);
    if (unreachable !== undefined)
        return fail(unreachable);
    if (settings.via === 'github-deployment') {
        const gh = planGitHubDeployment(settings, facts, deps.context);
        if (gh.kind === 'fail')
            return fail(gh.reason);
        for (const warning of gh.warnings)
            action_io/* warning */.$e(`${prefix}${warning}`, 'Preview URL not per deployment');
        const { owner, repo, ref, environment } = gh.deployment;
        action_io/* info */.pq(`${prefix}Creating a GitHub deployment of ${ref} in ${owner}/${repo} to environment ${environment}, then its success status with ${(0,urls/* displayUrl */.Qy)(gh.status.environment_url)}.`);
        const apiUrl = deps.context.apiUrl;
        const budgetMs = (0,github_api/* gitHubBudgetMs */.t1)(deps.env, 'QA_GREENLIGHT_TEST_GITHUB_BUDGET_MS');
        try {
            const { id } = await (0,github_api/* withGitHub */.WN)(settings.githubToken, apiUrl, (octokit, signal) => createSuccessfulDeployment(octokit, gh.deployment, gh.status, signal), budgetMs, deps.signal);
            action_io/* setOutputs */.n0({ 'github-deployment-id': String(id) });
            action_io/* info */.pq(`${prefix}GitHub deployment ${id} created with a success status; QA Wolf's GitHub App reads it and evaluates its triggers.`);
            await writeSummary(settings, { ...summary, githubDeploymentId: id });
        }
        catch (error) {
            if (error instanceof DeploymentStepError && error.deploymentId !== undefined) {
                action_io/* setOutputs */.n0({ 'github-deployment-id': String(error.deploymentId) });
            }
            const message = deps.signal.aborted
                ? 'the job was cancelled while the GitHub deployment was being created. It may exist without its success status: look at the repository\u2019s deployments before running again.'
                : error instanceof DeploymentStepError
                    ? describeGitHubDeploymentFailure(error.step, error.failure, apiUrl, settings.githubToken, error.deploymentId, Date.now())
                    : error instanceof github_api/* BudgetExceeded */.L$
                        ? `GitHub did not complete the deployment within ${(0,durations/* formatDuration */.a3)(budgetMs)}; it may exist without its success status: look at the repository\u2019s deployments before running again.`
                        : (0,error_message/* errorMessage */.g)(error);
            return fail(message);
        }
        return;
    }
    const rs = planDeploymentReport(settings, facts, deps.context);
    if (rs.kind === 'fail')
        return fail(rs.reason);
    action_io/* info */.pq(`${prefix}Reporting deployment ${rs.report.providerDeploymentId} to ${settings.baseUrl} (deployment.reportStatus): environment ${rs.report.environment.name}, status success, target ${(0,urls/* displayUrl */.Qy)(rs.report.deployTarget ?? '')}.`);
    let response;
    try {
        response = await (0,post_retries/* postWithRetries */.T)(signal => deps.client.reportDeploymentStatus(rs.report, signal), { ...deps, onRetry: line => action_io/* info */.pq(`${prefix}${line}`) });
    }
    catch (error) {
        return fail(deps.signal.aborted
            ? 'the job was cancelled while the report was being sent. It may have reached the service: look in the QA service before reporting again.'
            : (0,error_message/* errorMessage */.g)(error));
    }
    const answer = readDeploymentReport(response);
    action_io/* setOutputs */.n0({ 'deployment-id': (0,outputs/* value */.Uq)(answer.id), 'deployment-url': (0,outputs/* value */.Uq)(answer.url) });
    if (answer.id === undefined) {
        action_io/* warning */.$e(`${prefix}The service took the report but its answer names no deployment ID (read under result.data.json); the deployment-id output is empty.`, 'QA service answer partly unreadable');
    }
    action_io/* info */.pq(`${prefix}The QA service recorded the deployment${answer.id === undefined ? '' : ` ${answer.id}`}${answer.url === undefined ? '' : ` (${(0,urls/* displayUrl */.Qy)(answer.url)})`}; it evaluates its triggers on this first success report.`);
    await writeSummary(settings, {
        ...summary,
        ...(answer.id === undefined ? {} : { deploymentId: answer.id }),
        ...(answer.url === undefined ? {} : { deploymentPage: answer.url })
    });
}
async function writeSummary(settings, input) {
    if (!settings.summary)
        return;
    await action_io/* writeSummary */.Sy(renderRouteSummary(input));
}


/***/ })

};
