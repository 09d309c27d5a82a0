"use strict";
exports.id = 638;
exports.ids = [638];
exports.modules = {

/***/ 4638:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   close: () => (/* binding */ close)
/* harmony export */ });
/* harmony import */ var _kernel_values_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6395);
/* harmony import */ var _kernel_time_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(884);
/* harmony import */ var _kernel_text_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(5426);
/* harmony import */ var _kernel_github_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2058);
/* harmony import */ var _kernel_github_failure_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(3737);
/* harmony import */ var _route_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(7326);






const LIVE = new Set(['success', 'in_progress', 'queued', 'pending']);
const BUDGET_MS = 180_000;
const NAMED_IDS = 20;
class Unreadable extends Error {
}
const close = async (settings, deps) => {
    const name = settings.environmentName;
    const [owner, repo] = deps.context.repository.split('/');
    const failed = (0,_route_js__WEBPACK_IMPORTED_MODULE_4__/* .failedWith */ .M)('⛔ **Not closed:** marking its GitHub deployments inactive failed.', name);
    if (!owner || !repo) {
        return failed('the repository is unknown (GITHUB_REPOSITORY is not owner/name), so its deployments cannot be read.');
    }
    deps.log(`Marking every active GitHub deployment of environment ${name} in ${owner}/${repo} inactive.`);
    const progress = { listed: [], pages: 0, listedAll: false, marked: [], notLive: [] };
    const { apiUrl } = deps.context;
    try {
        await (0,_kernel_github_js__WEBPACK_IMPORTED_MODULE_2__/* .withGitHub */ .WN)(settings.githubToken, apiUrl, async (octokit, signal) => {
            const where = { owner, repo, request: { signal } };
            for (let page = 1; !progress.listedAll; page++) {
                const answer = await octokit.rest.repos.listDeployments({
                    ...where,
                    environment: name,
                    per_page: 100,
                    page
                });
                const ids = listOf(answer.data, `the deployments of environment ${name}`).flatMap(deployment => {
                    const fields = (0,_kernel_values_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u4)(deployment) ? deployment : {};
                    if (typeof fields['id'] !== 'number') {
                        throw new Unreadable(`the deployments of environment ${name} (one has no ID)`);
                    }
                    return fields['environment'] === name ? [fields['id']] : [];
                });
                const fresh = ids.filter(id => !progress.listed.includes(id));
                progress.listed.push(...fresh);
                progress.pages = page;
                progress.listedAll =
                    answer.data.length === 0 ||
                        fresh.length === 0 ||
                        !/rel="next"/.test(answer.headers.link ?? '');
            }
            for (const id of progress.listed) {
                progress.at = id;
                const statuses = await octokit.rest.repos.listDeploymentStatuses({
                    ...where,
                    deployment_id: id,
                    per_page: 100
                });
                if (!LIVE.has(newestState(listOf(statuses.data, `the statuses of deployment ${id}`)) ?? '')) {
                    progress.notLive.push(id);
                    continue;
                }
                await octokit.rest.repos.createDeploymentStatus({
                    ...where,
                    deployment_id: id,
                    state: 'inactive',
                    description: 'Environment closed; marked by qa-greenlight'
                });
                progress.marked.push(id);
            }
        }, (0,_kernel_github_js__WEBPACK_IMPORTED_MODULE_2__/* .gitHubBudgetMs */ .t1)(deps.env, 'QA_GREENLIGHT_TEST_GITHUB_BUDGET_MS', BUDGET_MS), deps.signal);
    }
    catch (error) {
        const listing = progress.at === undefined;
        const words = {
            what: listing
                ? `GitHub did not list the deployments of environment ${name}`
                : `GitHub did not mark deployment ${progress.at} inactive`,
            advice: {
                403: listing
                    ? 'The token needs the deployments: read permission (deployments: write to mark them): add "permissions: deployments: write" to the job.'
                    : 'The token needs the deployments: write permission: add "permissions: deployments: write" to the job (and pass that token as \'github-token\').',
                404: "The repository was not found, or the token cannot see it: check 'github-token'."
            },
            rateLimited: 'run the job again once the wait has passed.'
        };
        const head = deps.signal.aborted
            ? 'the job was cancelled while deployments were being marked.'
            : error instanceof Unreadable
                ? `GitHub answered, but the step could not read ${error.message}, so whether a deployment is still live is unknown.`
                : error instanceof _kernel_github_js__WEBPACK_IMPORTED_MODULE_2__/* .BudgetExceeded */ .L$
                    ? `GitHub did not answer within ${(0,_kernel_time_js__WEBPACK_IMPORTED_MODULE_1__/* .formatDuration */ .a3)(error.budgetMs)}.`
                    : (0,_kernel_github_failure_js__WEBPACK_IMPORTED_MODULE_3__/* .gitHubFailureMessage */ .$W)(error, words, apiUrl, settings.githubToken, Date.now());
        return failed(`${head}${progressText(progress)}`);
    }
    const { marked, notLive } = progress;
    if (marked.length > 0) {
        return {
            outcome: 'terminated',
            line: '✅ **Closed:** its active GitHub deployments are marked inactive.',
            name,
            message: `GitHub ${(0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_5__/* .plural */ .LS)(marked.length, 'deployment')} of environment ${name} marked inactive (${marked.join(', ')}); QA Wolf's GitHub App reads the statuses, and GitHub shows a transient deployment as destroyed.`
        };
    }
    const warning = 'Preview environment not closed now';
    return notLive.length > 0
        ? {
            outcome: 'already-terminated',
            line: '⚠️ **Already closed:** none of its GitHub deployments is active.',
            name,
            warning,
            message: `No GitHub deployment of environment ${name} is active (${(0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_5__/* .plural */ .LS)(notLive.length, 'deployment')}, none live); nothing to do.`
        }
        : {
            outcome: 'not-found',
            line: '⚠️ **Not found:** GitHub has no deployment of this environment; nothing to do.',
            name,
            warning,
            message: `GitHub has no deployment of environment ${name} in ${owner}/${repo}; nothing to do. Check 'environment': it must be the name notify reported.`
        };
};
function listOf(data, what) {
    if (Array.isArray(data))
        return data;
    const kind = data === null ? 'null' : typeof data === 'string' ? 'text' : `a ${typeof data}`;
    throw new Unreadable(`${what} (the answer is ${kind.replace('a object', 'an object')}, not a list)`);
}
function newestState(statuses) {
    const read = statuses
        .filter(_kernel_values_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u4)
        .flatMap(({ id, state }) => typeof id === 'number' && typeof state === 'string' ? [{ id, state }] : []);
    return read.sort((a, b) => b.id - a.id)[0]?.state;
}
function progressText({ listed, pages, listedAll, marked, notLive }) {
    if (pages === 0)
        return '';
    const ids = (list) => list.length <= NAMED_IDS
        ? list.join(', ')
        : `${list.slice(0, NAMED_IDS).join(', ')} and ${list.length - NAMED_IDS} more`;
    const left = listed.filter(id => !marked.includes(id) && !notLive.includes(id));
    const parts = [
        `marked inactive: ${marked.length > 0 ? ids(marked) : 'none'}`,
        ...(left.length > 0 ? [`not marked: ${ids(left)} (live or not read yet)`] : []),
        ...(listedAll ? [] : [`the list was read to page ${pages} only`])
    ];
    return ` Deployments ${parts.join('; ')}. Running the step again marks the rest.`;
}


/***/ }),

/***/ 7326:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   M: () => (/* binding */ failedWith)
/* harmony export */ });
const failedWith = (line, name) => (message) => ({ outcome: 'failed', line, name, message });


/***/ })

};
;