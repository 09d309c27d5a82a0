"use strict";
exports.id = 139;
exports.ids = [139];
exports.modules = {

/***/ 337:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  T: () => (/* binding */ postWithRetries)
});

// UNUSED EXPORTS: POST_MAX_ATTEMPTS

// EXTERNAL MODULE: ./src/service/errors.ts
var errors = __webpack_require__(5756);
// EXTERNAL MODULE: ./src/core/durations.ts
var durations = __webpack_require__(778);
// EXTERNAL MODULE: ./src/service/retry.ts
var retry = __webpack_require__(5585);
;// CONCATENATED MODULE: ./src/service/retry-policy.ts

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
    const backoffMs = (0,retry/* backoffDelayMs */.Q4)(s.failures - 1, policy, () => s.jitter);
    const delayMs = Math.max(RETRY_PAUSE_FLOOR_MS, retryAfterMs ?? 0, backoffMs);
    const windowLeftMs = error.unreachable
        ? unreachableLimit - (s.unreachableForMs ?? 0)
        : error.kind === 'http' && error.status === 404
            ? (s.notFoundGraceMs ?? DEFAULT_NOT_FOUND_GRACE_MS) - (s.sinceFirstQueryMs ?? 0)
            : Infinity;
    return { retry: true, delayMs: Math.min(delayMs, Math.max(RETRY_PAUSE_FLOOR_MS, windowLeftMs)) };
}

;// CONCATENATED MODULE: ./src/service/post-retries.ts




async function postWithRetries(send, deps) {
    for (let attempt = 1;; attempt++) {
        try {
            return await send(deps.signal);
        }
        catch (error) {
            if (!(error instanceof errors/* ServiceError */._7) || deps.signal.aborted)
                throw error;
            const decision = retryDecision(error, {
                method: 'POST',
                failures: attempt,
                msLeft: Infinity,
                jitter: deps.random()
            });
            if (!decision.retry) {
                if (decision.stop !== 'retry-after')
                    throw error;
                throw new errors/* ServiceError */._7(error.kind, `${error.message} The service asked to wait ${(0,durations/* formatDuration */.a3)(decision.retryAfterMs ?? 0)} before trying again (Retry-After), longer than the ${(0,durations/* formatDuration */.a3)(POST_MAX_RETRY_AFTER_MS)} this step waits.`, { ...error, cause: error });
            }
            deps.onRetry(`Attempt ${attempt} failed (${error.message}); retrying in ${decision.delayMs} ms.`);
            await deps.clock.sleep(decision.delayMs, deps.signal);
        }
    }
}


/***/ }),

/***/ 7139:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  close: () => (/* binding */ report_status_close)
});

// EXTERNAL MODULE: ./src/core/error-message.ts
var error_message = __webpack_require__(7);
// EXTERNAL MODULE: ./src/core/urls.ts
var urls = __webpack_require__(1221);
;// CONCATENATED MODULE: ./src/github/event-values.ts



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
            const after = event_values_text(p.after);
            const sha = after !== undefined && !isZeroSha(after) ? after : ctx.sha;
            const ref = event_values_text(p.ref) ?? ctx.ref;
            if (ref.startsWith('refs/heads/'))
                return { sha, branch: ref.slice('refs/heads/'.length) };
            if (ref.startsWith('refs/tags/'))
                notes.push('A tag push has no branch; none is sent.');
            return { sha };
        }
        case 'deployment_status': {
            const p = ctx.payload;
            const state = event_values_text(p.deployment_status?.state);
            if (state !== 'success') {
                return {
                    skip: `The deployment_status event has state ${state === undefined ? '(missing)' : quote(state)}, ` +
                        `not 'success'.`
                };
            }
            return {
                sha: p.deployment?.sha,
                branch: branchOfDeploymentRef(event_values_text(p.deployment?.ref), notes),
                deploymentUrl: p.deployment_status?.environment_url
            };
        }
        case 'deployment': {
            const p = ctx.payload;
            return {
                sha: p.deployment?.sha,
                branch: branchOfDeploymentRef(event_values_text(p.deployment?.ref), notes),
                deploymentUrl: webUrlOf(p.deployment?.payload)
            };
        }
        case 'workflow_run': {
            const run = ctx.payload.workflow_run;
            return { sha: run?.head_sha, branch: run?.head_branch };
        }
        case 'merge_group': {
            const group = ctx.payload.merge_group;
            const branch = withoutHeadsPrefix(event_values_text(group?.head_ref));
            return { sha: group?.head_sha, branch, pullRequestNumber: mergeQueuePullRequest(branch) };
        }
        case 'check_suite': {
            const suite = ctx.payload.check_suite;
            return { sha: suite?.head_sha, branch: suite?.head_branch };
        }
        case 'check_run': {
            const run = ctx.payload.check_run;
            return { sha: run?.head_sha, branch: run?.check_suite?.head_branch };
        }
        default: {
            const isBranch = ctx.refType === 'branch' && !ctx.ref.startsWith('refs/pull/');
            return { sha: ctx.sha, branch: isBranch ? ctx.refName : undefined };
        }
    }
}
function branchOfDeploymentRef(ref, notes) {
    if (ref === undefined)
        return undefined;
    if (isFullCommitSha(ref)) {
        notes.push('The deployment ref is a commit SHA, not a branch; no branch is sent.');
        return undefined;
    }
    if (ref.startsWith('refs/heads/'))
        return ref.slice('refs/heads/'.length);
    if (ref.startsWith('refs/')) {
        notes.push(`The deployment ref ${quote(ref)} is not a branch; no branch is sent.`);
        return undefined;
    }
    return ref;
}
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
function mergeQueuePullRequest(branch) {
    const match = /^gh-readonly-queue\/.+\/pr-([1-9][0-9]*)-[0-9a-f]+$/.exec(branch ?? '');
    return match?.[1] === undefined ? undefined : Number(match[1]);
}
function withoutHeadsPrefix(ref) {
    return ref?.replace(/^refs\/heads\//, '');
}
function checkSha(value, notes) {
    const sha = event_values_text(value);
    if (sha === undefined)
        return undefined;
    if (isCommitSha(sha))
        return sha.toLowerCase();
    notes.push(`The event's commit ${quote(sha)} is not a commit SHA; no sha is sent.`);
    return undefined;
}
function checkBranch(value, notes) {
    const branch = event_values_text(value);
    if (branch === undefined)
        return undefined;
    if (!hasControlChar(branch))
        return branch;
    notes.push(`The event's branch ${quote(branch)} contains control characters; no branch is sent.`);
    return undefined;
}
function checkDeploymentUrl(value, notes) {
    const url = event_values_text(value);
    if (url === undefined)
        return undefined;
    if (isHttpUrl(url) && !hasControlChar(url))
        return url;
    notes.push(`The event's deployment URL ${quote(displayUrl(url))} is not an http(s) URL; it is not sent.`);
    return undefined;
}
function checkPullRequestNumber(value) {
    return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined;
}
function event_values_text(value) {
    return nonBlankText(value)?.trim();
}
function providerDeploymentId(ctx, label) {
    const { runId, runAttempt, job } = ctx;
    if (!runId || !runAttempt || !job)
        return undefined;
    const id = `${runId}-${runAttempt}-${job}`;
    return label === '' ? id : `${id}:${label}`;
}

// EXTERNAL MODULE: ./src/service/errors.ts
var errors = __webpack_require__(5756);
// EXTERNAL MODULE: ./src/service/post-retries.ts + 1 modules
var post_retries = __webpack_require__(337);
;// CONCATENATED MODULE: ./src/terminate/report-status.ts




const NOT_PUBLIC = "What QA Wolf does when an environment's deployment turns inactive is not public: whether it stops runs that target it is not documented.";
async function report_status_close(settings, deps) {
    const name = settings.environmentName;
    const failed = (message) => ({
        outcome: 'failed',
        line: '⛔ **Not reported:** the request failed.',
        name,
        message
    });
    const id = providerDeploymentId(deps.context, settings.label);
    if (id === undefined) {
        return failed("GITHUB_RUN_ID, GITHUB_RUN_ATTEMPT or GITHUB_JOB is not set, and the report is named by them (as QA Wolf's own client names it). They are set by the GitHub runner.");
    }
    deps.log(`Reporting environment ${name} inactive to ${settings.baseUrl} (deployment.reportStatus, deployment ${id}).`);
    deps.log(NOT_PUBLIC);
    try {
        await (0,post_retries/* postWithRetries */.T)(signal => deps.client.reportDeploymentStatus({
            workspaceId: settings.workspaceId ?? '',
            providerDeploymentId: id,
            status: 'inactive',
            environment: { name, ephemeral: true }
        }, signal), { ...deps, onRetry: deps.log });
    }
    catch (error) {
        return failed(failure(error, name, deps.signal.aborted));
    }
    const untold = `Its answer does not say whether QA Wolf knew environment ${name} (from an earlier success report) or stopped anything.`;
    return {
        outcome: 'terminated',
        line: '✅ **Reported inactive** to QA Wolf (what QA Wolf then does is not public).',
        name,
        message: `QA Wolf took the inactive report of environment ${name}. ${untold} ${NOT_PUBLIC}`
    };
}
function failure(error, name, cancelled) {
    if (cancelled) {
        return 'the job was cancelled while the report was being sent. It may have reached the service; reporting again is safe.';
    }
    if (error instanceof errors/* ServiceError */._7 && error.answered && error.kind !== 'http') {
        const detail = error.cause instanceof Error ? error.cause.message : error.message;
        return `The QA service answered but the answer could not be read; it may have taken the inactive report of environment ${name} (reporting again is safe). ${detail}`;
    }
    return (0,error_message/* errorMessage */.g)(error);
}


/***/ })

};
;