export const id = 525;
export const ids = [525];
export const modules = {

/***/ 5525:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   upsertPullRequestComment: () => (/* binding */ upsertPullRequestComment)
/* harmony export */ });
/* harmony import */ var _action_io_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3078);
// Sticky PR comment with the verdict (comment-on-pr). Being implemented; see issue #5.

async function upsertPullRequestComment(input) {
    _action_io_js__WEBPACK_IMPORTED_MODULE_0__/* .warning */ .$e(`comment-on-pr is not available yet; no comment was written for ${input.verdict.status}.`);
}


/***/ })

};
