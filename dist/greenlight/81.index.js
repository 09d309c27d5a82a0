"use strict";
exports.id = 81;
exports.ids = [81];
exports.modules = {

/***/ 81:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   upsertPullRequestComment: () => (/* binding */ upsertPullRequestComment)
/* harmony export */ });
/* harmony import */ var _kernel_io_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5742);
/* harmony import */ var _kernel_values_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6395);
/* harmony import */ var _kernel_text_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(5426);
/* harmony import */ var _kernel_time_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(884);
/* harmony import */ var _kernel_event_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8181);
/* harmony import */ var _github_reads_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(5700);
/* harmony import */ var _kernel_github_failure_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(3737);
/* harmony import */ var _kernel_github_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(2058);
/* harmony import */ var _render_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(1235);
/* harmony import */ var _kernel_settings_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(7688);










const MAX_COMMENT_PAGES = 30;
async function upsertPullRequestComment(input) {
    const { settings, verdict, target, ctx, env } = input;
    const prefix = (0,_kernel_settings_js__WEBPACK_IMPORTED_MODULE_7__/* .logPrefix */ .JY)(settings);
    const warn = (problem) => {
        _kernel_io_js__WEBPACK_IMPORTED_MODULE_0__/* .warning */ .$e(`${prefix}${problem}`, 'Pull request comment not written');
        return { problem };
    };
    const note = (text) => {
        _kernel_io_js__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq(`${prefix}${text}`);
        return {};
    };
    if (verdict.status === 'interrupted')
        return note('The job was cancelled; the pull request comment was not updated.');
    const [owner, repo, ...extra] = ctx.repository.split('/');
    if (!owner || !repo || extra.length > 0) {
        return warn(`GITHUB_REPOSITORY is ${ctx.repository === '' ? 'not set' : `'${(0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_8__/* .plainText */ .wh)(ctx.repository)}'`}, not owner/repo, so no pull request comment was written. It is set by the GitHub runner.`);
    }
    const lookup = (0,_kernel_event_js__WEBPACK_IMPORTED_MODULE_2__/* .pullRequestLookup */ .V0)(ctx, target.sha);
    if (lookup.kind === 'none')
        return note(`${lookup.reason} No pull request comment was written.`);
    const budgetMs = (0,_kernel_github_js__WEBPACK_IMPORTED_MODULE_5__/* .testOverride */ .jv)(env, 'QA_GREENLIGHT_TEST_PR_COMMENT_BUDGET_MS');
    try {
        await (0,_kernel_github_js__WEBPACK_IMPORTED_MODULE_5__/* .withGitHub */ .WN)(settings.githubToken, ctx.apiUrl, async (octokit, signal) => {
            const request = { signal };
            const repoRef = { owner, repo };
            let number;
            if (lookup.kind === 'number')
                number = lookup.number;
            else {
                const { data } = await octokit.rest.repos.listPullRequestsAssociatedWithCommit({
                    ...repoRef,
                    commit_sha: lookup.sha,
                    per_page: 100,
                    request
                });
                number = (0,_github_reads_js__WEBPACK_IMPORTED_MODULE_3__/* .openPullRequestWithHead */ .JY)(data, lookup.sha);
                if (number === undefined)
                    return note(`No open pull request has commit ${lookup.sha} as its head; no pull request comment was written.`);
            }
            const issue = { ...repoRef, issue_number: number, request };
            const links = { ...(0,_render_js__WEBPACK_IMPORTED_MODULE_6__/* .githubLinks */ .Rj)(ctx, env), commitUrl: target.commitUrl };
            const body = _kernel_io_js__WEBPACK_IMPORTED_MODULE_0__/* .redact */ .E$((0,_render_js__WEBPACK_IMPORTED_MODULE_6__/* .renderPullRequestComment */ .E5)({ label: settings.label, verdict, commitSha: target.sha, links }));
            const author = await tokenLogin(octokit, signal);
            if (author === undefined)
                note("GitHub could not say which identity the token writes as, so no earlier comment is edited (it may be someone else's); a new one is written.");
            const marker = (0,_render_js__WEBPACK_IMPORTED_MODULE_6__/* .commentMarker */ .Ql)(settings.label);
            const existing = author === undefined ? undefined : await findOwnComment(octokit, issue, marker, author);
            const { data } = existing === undefined
                ? await octokit.rest.issues.createComment({ ...issue, body })
                : await octokit.rest.issues.updateComment({
                    ...repoRef,
                    comment_id: existing,
                    body,
                    request
                });
            const did = existing === undefined ? 'Commented the QA verdict' : 'Updated the QA verdict comment';
            note(`${did} on pull request #${number}: ${data.html_url}`);
        }, budgetMs, input.signal);
        return {};
    }
    catch (error) {
        if (input.signal?.aborted)
            return note('The job was cancelled while commenting on the pull request.');
        const cause = error instanceof _kernel_github_js__WEBPACK_IMPORTED_MODULE_5__/* .BudgetExceeded */ .L$
            ? new Error(`GitHub did not complete the comment within ${(0,_kernel_time_js__WEBPACK_IMPORTED_MODULE_9__/* .formatDuration */ .a3)(budgetMs)}`)
            : error;
        return warn((0,_github_reads_js__WEBPACK_IMPORTED_MODULE_3__/* .describeGitHubFailure */ .Po)(cause, ctx.apiUrl, settings.githubToken, Date.now()));
    }
}
async function tokenLogin(octokit, signal) {
    const request = { signal };
    try {
        return (await octokit.rest.users.getAuthenticated({ request })).data.login;
    }
    catch (error) {
        if (!refused(error))
            throw error;
    }
    try {
        const data = await octokit.graphql('query { viewer { login } }', { request });
        const login = data?.viewer?.login;
        return typeof login === 'string' && login !== '' ? login : undefined;
    }
    catch (error) {
        if (signal.aborted)
            throw error;
        return refused(error) ? 'github-actions[bot]' : undefined;
    }
}
function refused(error) {
    if ((0,_kernel_github_failure_js__WEBPACK_IMPORTED_MODULE_4__/* .rateLimitWaitMs */ .JR)(error, 0) !== undefined)
        return false;
    const status = (0,_kernel_values_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u4)(error) && (0,_kernel_values_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u4)(error['response']) ? error['response']['status'] : 0;
    return status === 403 || status === 404;
}
async function findOwnComment(octokit, issue, marker, author) {
    const read = async (page) => {
        const { data, headers } = await octokit.rest.issues.listComments({
            ...issue,
            per_page: 100,
            page
        });
        const found = data.find(c => (0,_render_js__WEBPACK_IMPORTED_MODULE_6__/* .hasMarker */ .xY)(c?.body, marker) && c?.user?.login === author);
        return { id: found?.id, last: (0,_kernel_github_failure_js__WEBPACK_IMPORTED_MODULE_4__/* .lastPageOf */ .dD)(headers.link) ?? page };
    };
    const first = await read(1);
    if (first.id !== undefined)
        return first.id;
    const lowest = Math.max(2, first.last - MAX_COMMENT_PAGES + 2);
    for (let page = first.last; page >= lowest; page--) {
        const { id } = await read(page);
        if (id !== undefined)
            return id;
    }
    return undefined;
}


/***/ })

};
;