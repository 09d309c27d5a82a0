"use strict";
exports.id = 738;
exports.ids = [738];
exports.modules = {

/***/ 5738:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   close: () => (/* binding */ close),
/* harmony export */   readTerminationAnswer: () => (/* binding */ readTerminationAnswer)
/* harmony export */ });
/* harmony import */ var _kernel_values_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6395);
/* harmony import */ var _kernel_text_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(5426);
/* harmony import */ var _kernel_parsers_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4672);
/* harmony import */ var _kernel_retry_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2351);
/* harmony import */ var _route_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(7326);





const LINES = {
    terminated: '✅ **Terminated:** the service stops the runs that target it.',
    'already-terminated': '⚠️ **Already terminated:** nothing left to do.',
    'not-found': '⚠️ **Not found:** the service knows no such environment; nothing to do.',
    failed: '⛔ **Not terminated:** the request failed.'
};
async function close(settings, deps) {
    const target = settings.environment;
    const [name, named] = 'deploymentUrl' in target
        ? [(0,_kernel_parsers_js__WEBPACK_IMPORTED_MODULE_1__/* .displayUrl */ .Qy)(target.deploymentUrl), 'the environment at']
        : 'environmentId' in target
            ? [target.environmentId, 'the environment with ID']
            : [target.environmentAlias, 'the environment'];
    deps.log(`Telling ${settings.baseUrl} that ${named} ${name} is gone.`);
    const end = (0,_route_js__WEBPACK_IMPORTED_MODULE_3__/* .endedWith */ .t)(LINES, name, 'QA environment not terminated now');
    let response;
    try {
        const body = { ...target, workspaceId: settings.workspaceId };
        const send = (signal) => deps.client.terminateEnvironment(body, signal);
        response = await (0,_kernel_retry_js__WEBPACK_IMPORTED_MODULE_2__/* .postWithRetries */ .T8)(send, deps, 'terminate');
    }
    catch (error) {
        const status = error instanceof _kernel_retry_js__WEBPACK_IMPORTED_MODULE_2__/* .ServiceError */ ._7 && !error.foreign ? error.status : undefined;
        const outcome = status === 404 ? 'not-found' : status === 409 ? 'already-terminated' : 'failed';
        return end(outcome, (0,_kernel_values_js__WEBPACK_IMPORTED_MODULE_0__/* .errorMessage */ .gJ)(error));
    }
    const answer = readTerminationAnswer(response);
    if ('failure' in answer)
        return end('failed', answer.failure);
    if (answer.warning !== undefined)
        deps.warn(answer.warning, 'QA service warning');
    deps.log('The environment was terminated.');
    return end('terminated', undefined, answer.environmentId);
}
function readTerminationAnswer(response) {
    const results = response['results'];
    if (response['code'] !== undefined || !Array.isArray(results))
        return readOne(response);
    const answers = results.filter(_kernel_values_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u4).map(readOne);
    const failed = answers.find(answer => 'failure' in answer);
    if (answers[0] === undefined)
        return { failure: 'the service answered 200 with no result entry' };
    if (failed !== undefined)
        return failed;
    const warning = (0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_4__/* .nonBlankText */ .xA)(response['warning']);
    return warning === undefined ? answers[0] : { ...answers[0], warning };
}
function readOne(answer) {
    const code = answer['code'];
    if (code !== undefined && code !== null && code !== 'terminated') {
        const said = (0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_4__/* .nonBlankText */ .xA)(answer['error']) ?? (0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_4__/* .nonBlankText */ .xA)(answer['message']);
        const shown = typeof code === 'string' ? `'${code}'` : JSON.stringify(code);
        return {
            failure: `the service answered 200 with code ${shown}, not 'terminated'${said === undefined ? '' : `: ${said}`}`
        };
    }
    const warning = (0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_4__/* .nonBlankText */ .xA)(answer['warning']);
    return {
        environmentId: (0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_4__/* .nonBlankText */ .xA)(answer['environmentId']),
        warning: warning && (0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_4__/* .truncateText */ .EJ)(warning, _kernel_text_js__WEBPACK_IMPORTED_MODULE_4__/* .MAX_NOTE_CHARS */ .y)
    };
}


/***/ }),

/***/ 7326:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   t: () => (/* binding */ endedWith)
/* harmony export */ });
const endedWith = (lines, name, warning = '') => (outcome, message, environmentId) => {
    const warned = outcome === 'already-terminated' || outcome === 'not-found' ? warning : undefined;
    return { outcome, line: lines[outcome], name, message, environmentId, warning: warned };
};


/***/ })

};
;