"use strict";
exports.id = 126;
exports.ids = [126];
exports.modules = {

/***/ 126:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   terminateMode: () => (/* binding */ terminateMode),
/* harmony export */   terminateSummary: () => (/* binding */ terminateSummary)
/* harmony export */ });
/* harmony import */ var _kernel_io_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5742);
/* harmony import */ var _kernel_github_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2058);
/* harmony import */ var _kernel_settings_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7688);
/* harmony import */ var _kernel_markdown_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9660);




const ROUTES = {
    'environment-terminated': () => __webpack_require__.e(/* import() */ 738).then(__webpack_require__.bind(__webpack_require__, 5738)),
    'github-deployment': () => __webpack_require__.e(/* import() */ 638).then(__webpack_require__.bind(__webpack_require__, 4638)),
    'report-status': () => __webpack_require__.e(/* import() */ 68).then(__webpack_require__.bind(__webpack_require__, 3068))
};
const terminateMode = {
    emptyOutputs: { outcome: '', 'environment-id': '' },
    async run(settings, deps) {
        const prefix = (0,_kernel_settings_js__WEBPACK_IMPORTED_MODULE_2__/* .logPrefix */ .JY)(settings);
        const route = (await ROUTES[settings.via]());
        const ended = await route.close(settings, {
            ...deps,
            context: (0,_kernel_github_js__WEBPACK_IMPORTED_MODULE_1__/* .readGitHubContext */ .L7)(deps.env),
            log: line => _kernel_io_js__WEBPACK_IMPORTED_MODULE_0__.info(`${prefix}${line}`),
            warn: (line, title) => _kernel_io_js__WEBPACK_IMPORTED_MODULE_0__.warning(`${prefix}${line}`, title)
        });
        const failed = ended.outcome === 'failed';
        const outputs = { outcome: ended.outcome, 'environment-id': ended.environmentId ?? '' };
        _kernel_io_js__WEBPACK_IMPORTED_MODULE_0__.setOutputs(failed ? terminateMode.emptyOutputs : outputs);
        if (!failed && ended.message !== undefined) {
            if (ended.warning === undefined)
                _kernel_io_js__WEBPACK_IMPORTED_MODULE_0__.info(`${prefix}${ended.message}`);
            else
                _kernel_io_js__WEBPACK_IMPORTED_MODULE_0__.warning(`${prefix}${ended.message}`, ended.warning);
        }
        if (settings.summary)
            await _kernel_io_js__WEBPACK_IMPORTED_MODULE_0__.writeSummary(terminateSummary(settings.label, ended));
        if (failed)
            _kernel_io_js__WEBPACK_IMPORTED_MODULE_0__.setFailed(`${prefix}The environment termination failed: ${ended.message ?? ''}`);
    }
};
function terminateSummary(label, ended) {
    const shown = (0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_3__/* .escapeText */ .X1)(label);
    const heading = `## QA environment${shown === '' ? '' : ` — ${shown}`}`;
    const id = ended.environmentId && `Environment ID: ${(0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_3__/* .escapeText */ .X1)(ended.environmentId)}`;
    const message = ended.message && (0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_3__/* .escapeText */ .X1)(ended.message, 1000);
    const lines = [heading, `Environment ${(0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_3__/* .escapeText */ .X1)(ended.name)}`, ended.line, id, message];
    return (0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_3__/* .limitSummary */ .g9)(`${lines.filter(line => line !== undefined).join('\n\n')}\n`);
}


/***/ })

};
;