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
/* harmony import */ var _kernel_text_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(5426);
/* harmony import */ var _kernel_github_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6377);
/* harmony import */ var _route_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7326);




const OVER = new Set(['inactive', 'error', 'failure']);
const BUDGET_MS = 180_000;
const NAMED_IDS = 20;
const LINES = {
    terminated: '✅ **Closed:** its active GitHub deployments are marked inactive.',
    'already-terminated': '⚠️ **Already closed:** none of its GitHub deployments is active.',
    'not-found': '⚠️ **Not found:** GitHub has no deployment of this environment; nothing to do.',
    failed: '⛔ **Not closed:** marking its GitHub deployments inactive failed.'
};
class Unreadable extends Error {
}
const close = async (settings, deps) => {
    const name = settings.environmentName;
    const [owner, repo] = deps.context.repository.split('/');
    const end = (0,_route_js__WEBPACK_IMPORTED_MODULE_2__/* .endedWith */ .t)(LINES, name, 'Preview environment not closed now');
    if (!owner || !repo) {
        return end('failed', 'the repository is unknown (GITHUB_REPOSITORY is not owner/name), so its deployments cannot be read.');
    }
    deps.log(`Marking every active GitHub deployment of environment ${name} in ${owner}/${repo} inactive.`);
    const [listed, marked] = [[], []];
    let [pages, listedAll, done] = [0, false, 0];
    const failure = await (0,_kernel_github_js__WEBPACK_IMPORTED_MODULE_1__/* .tryGitHub */ .d2)({ ...deps, token: settings.githubToken, apiUrl: deps.context.apiUrl }, async (octokit, signal) => {
        const where = { owner, repo, request: { signal } };
        const what = `the deployments of environment ${name}`;
        while (!listedAll) {
            const query = { ...where, environment: name, per_page: 100, page: pages + 1 };
            const answer = await octokit.rest.repos.listDeployments(query);
            const found = listOf(answer.data, what).map(item => ((0,_kernel_values_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u4)(item) ? item : {}));
            if (found.some(fields => typeof fields['id'] !== 'number')) {
                throw new Unreadable(`${what} (one has no ID)`);
            }
            const mine = found.filter(fields => fields['environment'] === name);
            const fresh = mine.map(f => f['id']).filter(id => !listed.includes(id));
            listed.push(...fresh);
            pages++;
            listedAll = fresh.length === 0 || !/rel="next"/.test(answer.headers.link ?? '');
        }
        for (const id of listed) {
            const [states, statuses] = [new Map(), `the statuses of deployment ${id}`];
            for (let [page, more] = [1, true]; more; page++) {
                const query = { ...where, deployment_id: id, per_page: 100, page };
                const answer = await octokit.rest.repos.listDeploymentStatuses(query);
                const known = states.size;
                for (const status of listOf(answer.data, statuses)) {
                    const { id: statusId, state } = (0,_kernel_values_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u4)(status) ? status : {};
                    if (typeof statusId !== 'number' || typeof state !== 'string') {
                        throw new Unreadable(`${statuses} (one has no ID or no state)`);
                    }
                    states.set(statusId, state);
                }
                more = states.size > known && /rel="next"/.test(answer.headers.link ?? '');
            }
            const newest = states.get(Math.max(...states.keys()));
            if (newest !== undefined && !OVER.has(newest)) {
                await octokit.rest.repos.createDeploymentStatus({
                    ...where,
                    deployment_id: id,
                    state: 'inactive',
                    description: 'Environment closed; marked by qa-greenlight'
                });
                marked.push(id);
            }
            done++;
        }
    }, error => ({
        cancelled: 'the job was cancelled while deployments were being marked.',
        timedOut: within => `GitHub did not answer within ${within}.`,
        said: error instanceof Unreadable
            ? `GitHub answered, but the step could not read ${error.message}, so whether a deployment is still live is unknown.`
            : undefined,
        what: listedAll
            ? `GitHub did not mark deployment ${listed[done]} inactive`
            : `GitHub did not list the deployments of environment ${name}`,
        advice: {
            403: listedAll
                ? _kernel_github_js__WEBPACK_IMPORTED_MODULE_1__/* .DEPLOYMENTS_WRITE */ .v
                : 'The token needs the deployments: read permission (deployments: write to mark them): add "permissions: deployments: write" to the job.',
            404: "The repository was not found, or the token cannot see it: check 'github-token'."
        },
        rateLimited: 'run the job again once the wait has passed.'
    }), BUDGET_MS);
    if (failure !== undefined) {
        const ids = (list) => `${list.slice(0, NAMED_IDS).join(', ')}${list.length > NAMED_IDS ? ` and ${list.length - NAMED_IDS} more` : ''}`;
        const left = listed.slice(done);
        const parts = [
            `marked inactive: ${marked.length > 0 ? ids(marked) : 'none'}`,
            left.length > 0 && `not marked: ${ids(left)} (live or not read yet)`,
            !listedAll && `the list was read to page ${pages} only`
        ].filter(Boolean);
        const rest = ` Deployments ${parts.join('; ')}. Running the step again marks the rest.`;
        return end('failed', `${failure}${pages === 0 ? '' : rest}`);
    }
    if (marked.length > 0) {
        return end('terminated', `GitHub ${(0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_3__/* .plural */ .LS)(marked.length, 'deployment')} of environment ${name} marked inactive (${marked.join(', ')}); QA Wolf's GitHub App reads the statuses, and GitHub shows a transient deployment as destroyed.`);
    }
    return listed.length > 0
        ? end('already-terminated', `No GitHub deployment of environment ${name} is active (${(0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_3__/* .plural */ .LS)(listed.length, 'deployment')}, none live); nothing to do.`)
        : end('not-found', `GitHub has no deployment of environment ${name} in ${owner}/${repo}; nothing to do. Check 'environment': it must be the name notify reported.`);
};
function listOf(data, what) {
    if (Array.isArray(data))
        return data;
    const kind = data === null ? 'null' : typeof data === 'string' ? 'text' : `a ${typeof data}`;
    throw new Unreadable(`${what} (the answer is ${kind.replace('a object', 'an object')}, not a list)`);
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