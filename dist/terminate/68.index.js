"use strict";
exports.id = 68;
exports.ids = [68];
exports.modules = {

/***/ 3068:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   close: () => (/* binding */ close)
/* harmony export */ });
/* harmony import */ var _kernel_values_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6395);
/* harmony import */ var _kernel_event_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8181);
/* harmony import */ var _kernel_retry_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2351);
/* harmony import */ var _route_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(7326);




const NOT_PUBLIC = "What QA Wolf does when an environment's deployment turns inactive is not public: whether it stops runs that target it is not documented.";
const LINES = {
    terminated: '✅ **Reported inactive** to QA Wolf (what QA Wolf then does is not public).',
    failed: '⛔ **Not reported:** the request failed.'
};
const close = async (settings, deps) => {
    const name = settings.environmentName;
    const end = (0,_route_js__WEBPACK_IMPORTED_MODULE_3__/* .endedWith */ .t)(LINES, name);
    const id = (0,_kernel_event_js__WEBPACK_IMPORTED_MODULE_1__/* .providerDeploymentId */ .Q)(deps.context, settings.label);
    if (id === undefined)
        return end('failed', _kernel_event_js__WEBPACK_IMPORTED_MODULE_1__/* .NO_PROVIDER_ID */ .iB);
    deps.log(`Reporting environment ${name} inactive to ${settings.baseUrl} (deployment.reportStatus, deployment ${id}).`);
    deps.log(NOT_PUBLIC);
    const report = {
        workspaceId: settings.workspaceId ?? '',
        providerDeploymentId: id,
        status: 'inactive',
        environment: { name, ephemeral: true }
    };
    try {
        const send = (signal) => deps.client.reportDeploymentStatus(report, signal);
        await (0,_kernel_retry_js__WEBPACK_IMPORTED_MODULE_2__/* .postWithRetries */ .T8)(send, deps, 'report-status');
    }
    catch (error) {
        const unread = error instanceof _kernel_retry_js__WEBPACK_IMPORTED_MODULE_2__/* .ServiceError */ ._7 && error.answered && error.kind !== 'http';
        return end('failed', deps.signal.aborted
            ? 'the job was cancelled while the report was being sent. It may have reached the service; reporting again is safe.'
            : unread
                ? `The QA service answered but the answer could not be read; it may have taken the inactive report of environment ${name} (reporting again is safe). ${error.cause instanceof Error ? error.cause.message : (0,_kernel_values_js__WEBPACK_IMPORTED_MODULE_0__/* .errorMessage */ .gJ)(error)}`
                : (0,_kernel_values_js__WEBPACK_IMPORTED_MODULE_0__/* .errorMessage */ .gJ)(error));
    }
    return end('terminated', `QA Wolf took the inactive report of environment ${name}. Its answer does not say whether QA Wolf knew environment ${name} (from an earlier success report) or stopped anything. ${NOT_PUBLIC}`);
};


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