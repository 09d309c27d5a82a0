"use strict";
exports.id = 738;
exports.ids = [738];
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

/***/ 5738:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   close: () => (/* binding */ close),
/* harmony export */   readTerminationAnswer: () => (/* binding */ readTerminationAnswer),
/* harmony export */   terminationBody: () => (/* binding */ terminationBody)
/* harmony export */ });
/* harmony import */ var _core_error_message_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(7);
/* harmony import */ var _core_is_record_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(2789);
/* harmony import */ var _core_text_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(2020);
/* harmony import */ var _core_urls_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1221);
/* harmony import */ var _service_errors_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5756);
/* harmony import */ var _service_post_retries_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5514);






const LINES = {
    terminated: '✅ **Terminated:** the service stops the runs that target it.',
    'already-terminated': '⚠️ **Already terminated:** nothing left to do.',
    'not-found': '⚠️ **Not found:** the service knows no such environment; nothing to do.',
    failed: '⛔ **Not terminated:** the request failed.'
};
function terminationBody(settings) {
    return settings.workspaceId === undefined
        ? { ...settings.environment }
        : { ...settings.environment, workspaceId: settings.workspaceId };
}
async function close(settings, deps) {
    const target = settings.environment;
    const name = 'deploymentUrl' in target
        ? (0,_core_urls_js__WEBPACK_IMPORTED_MODULE_0__/* .displayUrl */ .Qy)(target.deploymentUrl)
        : 'environmentId' in target
            ? target.environmentId
            : target.environmentAlias;
    const named = 'environmentAlias' in target
        ? `the environment ${name}`
        : 'environmentId' in target
            ? `the environment with ID ${name}`
            : `the environment at ${name}`;
    deps.log(`Telling ${settings.baseUrl} that ${named} is gone.`);
    const failed = (message) => ({
        outcome: 'failed',
        line: LINES.failed,
        name,
        message
    });
    let response;
    try {
        response = await (0,_service_post_retries_js__WEBPACK_IMPORTED_MODULE_2__/* .postWithRetries */ .T)(signal => deps.client.terminateEnvironment(terminationBody(settings), signal), { ...deps, onRetry: deps.log });
    }
    catch (error) {
        const status = error instanceof _service_errors_js__WEBPACK_IMPORTED_MODULE_1__/* .ServiceError */ ._7 && !error.foreign ? error.status : undefined;
        if (status !== 404 && status !== 409)
            return failed((0,_core_error_message_js__WEBPACK_IMPORTED_MODULE_3__/* .errorMessage */ .g)(error));
        const outcome = status === 404 ? 'not-found' : 'already-terminated';
        const warning = 'QA environment not terminated now';
        return { outcome, line: LINES[outcome], name, message: (0,_core_error_message_js__WEBPACK_IMPORTED_MODULE_3__/* .errorMessage */ .g)(error), warning };
    }
    const answer = readTerminationAnswer(response);
    if ('failure' in answer)
        return failed(answer.failure);
    if (answer.warning !== undefined)
        deps.warn(answer.warning, 'QA service warning');
    deps.log('The environment was terminated.');
    const id = answer.environmentId;
    return {
        outcome: 'terminated',
        line: LINES.terminated,
        name,
        ...(id === undefined ? {} : { environmentId: id })
    };
}
function readTerminationAnswer(response) {
    const results = response['results'];
    if (response.code !== undefined || !Array.isArray(results))
        return readOne(response);
    const answers = results.filter(_core_is_record_js__WEBPACK_IMPORTED_MODULE_4__/* .isRecord */ .u).map(entry => readOne(entry));
    const [first] = answers;
    if (first === undefined)
        return { failure: 'the service answered 200 with no result entry' };
    const failed = answers.find(answer => 'failure' in answer);
    if (failed !== undefined || 'failure' in first)
        return failed ?? first;
    const warning = (0,_core_text_js__WEBPACK_IMPORTED_MODULE_5__/* .nonBlankText */ .xA)(response.warning);
    return warning === undefined ? first : { ...first, warning };
}
function readOne(answer) {
    const code = answer['code'];
    if (code !== undefined && code !== null && code !== 'terminated') {
        const said = (0,_core_text_js__WEBPACK_IMPORTED_MODULE_5__/* .nonBlankText */ .xA)(answer['error']) ?? (0,_core_text_js__WEBPACK_IMPORTED_MODULE_5__/* .nonBlankText */ .xA)(answer['message']);
        const shown = typeof code === 'string' ? `'${code}'` : JSON.stringify(code);
        return {
            failure: `the service answered 200 with code ${shown}, not 'terminated'${said === undefined ? '' : `: ${said}`}`
        };
    }
    const environmentId = (0,_core_text_js__WEBPACK_IMPORTED_MODULE_5__/* .nonBlankText */ .xA)(answer['environmentId']);
    const warning = (0,_core_text_js__WEBPACK_IMPORTED_MODULE_5__/* .nonBlankText */ .xA)(answer['warning']);
    return {
        ...(environmentId === undefined ? {} : { environmentId }),
        ...(warning === undefined ? {} : { warning: (0,_core_text_js__WEBPACK_IMPORTED_MODULE_5__/* .truncateText */ .EJ)(warning, _core_text_js__WEBPACK_IMPORTED_MODULE_5__/* .MAX_NOTE_CHARS */ .y) })
    };
}


/***/ })

};
;