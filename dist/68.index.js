"use strict";
exports.id = 68;
exports.ids = [68];
exports.modules = {

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

/***/ 3068:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   close: () => (/* binding */ close)
/* harmony export */ });
/* harmony import */ var _core_error_message_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(7);
/* harmony import */ var _github_event_values_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4518);
/* harmony import */ var _service_errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5756);
/* harmony import */ var _service_post_retries_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5514);




const NOT_PUBLIC = "What QA Wolf does when an environment's deployment turns inactive is not public: whether it stops runs that target it is not documented.";
async function close(settings, deps) {
    const name = settings.environmentName;
    const failed = (message) => ({
        outcome: 'failed',
        line: '⛔ **Not reported:** the request failed.',
        name,
        message
    });
    const id = (0,_github_event_values_js__WEBPACK_IMPORTED_MODULE_0__/* .providerDeploymentId */ .Q)(deps.context, settings.label);
    if (id === undefined) {
        return failed("GITHUB_RUN_ID, GITHUB_RUN_ATTEMPT or GITHUB_JOB is not set, and the report is named by them (as QA Wolf's own client names it). They are set by the GitHub runner.");
    }
    deps.log(`Reporting environment ${name} inactive to ${settings.baseUrl} (deployment.reportStatus, deployment ${id}).`);
    deps.log(NOT_PUBLIC);
    try {
        await (0,_service_post_retries_js__WEBPACK_IMPORTED_MODULE_2__/* .postWithRetries */ .T)(signal => deps.client.reportDeploymentStatus({
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
    if (error instanceof _service_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ServiceError */ ._7 && error.answered && error.kind !== 'http') {
        const detail = error.cause instanceof Error ? error.cause.message : error.message;
        return `The QA service answered but the answer could not be read; it may have taken the inactive report of environment ${name} (reporting again is safe). ${detail}`;
    }
    return (0,_core_error_message_js__WEBPACK_IMPORTED_MODULE_3__/* .errorMessage */ .g)(error);
}


/***/ })

};
;