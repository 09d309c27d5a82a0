"use strict";
exports.id = 508;
exports.ids = [508];
exports.modules = {

/***/ 1508:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   githubDeployment: () => (/* binding */ githubDeployment)
/* harmony export */ });
/* harmony import */ var _kernel_settings_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7688);
/* harmony import */ var _kernel_values_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6395);
/* harmony import */ var _kernel_parsers_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(9385);
/* harmony import */ var _kernel_markdown_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9660);
/* harmony import */ var _kernel_github_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(2058);
/* harmony import */ var _deployment_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(3998);







const LOOK = "look at the repository's deployments before running the job again.";
const githubDeployment = {
    rules(settings) {
        const url = settings.deploymentUrl;
        const secret = Object.keys(settings.variables ?? {}).flatMap((name, index) => /TOKEN|SECRET|PASSWORD|KEY/i.test(name) ? [String(index + 1)] : []);
        return [
            settings.environment === undefined &&
                (0,_deployment_js__WEBPACK_IMPORTED_MODULE_5__/* .environmentRequired */ .J5)('github-deployment', " (GitHub's default, production, is never used implicitly)"),
            settings.hostingService === 'GitLab' &&
                new _kernel_settings_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz('hosting-service', `Input 'hosting-service' is GitLab, but via: github-deployment creates a GitHub deployment: use via: report-status or deploy-success for GitLab.`),
            settings.githubToken === '' &&
                (0,_kernel_parsers_js__WEBPACK_IMPORTED_MODULE_2__/* .emptyGitHubToken */ .ir)('via is github-deployment', 'deployments: write'),
            url !== undefined &&
                (0,_kernel_parsers_js__WEBPACK_IMPORTED_MODULE_2__/* .hasCredentials */ .Lk)(url) &&
                new _kernel_settings_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz('deployment-url', `Input 'deployment-url' holds a user name or password (user:password@host), and with via: github-deployment it becomes the deployment status's environment_url, which anyone who can read the repository can see. Give the URL without credentials (the value is not shown).`),
            settings.service !== undefined &&
                (0,_deployment_js__WEBPACK_IMPORTED_MODULE_5__/* .ignoredInput */ .Xq)('service', 'github-deployment', 'only via: report-status sends it'),
            secret.length > 0 &&
                `Input 'variables': ${secret.length === 1 ? `variable ${secret[0]} has a name that looks` : `variables ${secret.join(', ')} have names that look`} like a secret (TOKEN, SECRET, PASSWORD or KEY). With via: github-deployment, variables go into the GitHub deployment's payload, which anyone who can read the repository can see: pass secrets to QA Wolf another way (its team variables), or use via: report-status.`
        ];
    },
    async tell(settings, plan, step) {
        const { failed, reported } = (0,_deployment_js__WEBPACK_IMPORTED_MODULE_5__/* .currentPath */ .No)(settings, plan, 'a GitHub deployment with a success status (QA Wolf\u2019s GitHub App reads it)');
        if (plan.kind === 'fail')
            return failed(plan.reason);
        const { sha, deploymentUrl, repository } = plan.facts;
        const ctx = step.context;
        const why = ctx.eventName === 'deployment_status' || ctx.eventName === 'deployment'
            ? `the workflow runs on a ${ctx.eventName} event: that GitHub deployment already reaches QA Wolf's GitHub App, and another would report the deploy twice (with a personal token, its status would start this workflow again). Leave this step out, or use via: deploy-success.`
            : sha === undefined
                ? "no commit SHA is known, and a GitHub deployment's ref must be the SHA that was deployed (a branch moves on). Set the 'sha' input."
                : deploymentUrl === undefined
                    ? "no deployment URL is known, and QA Wolf tests the URL of the deployment's success status. Set the 'deployment-url' input."
                    : repository === undefined
                        ? "the repository is unknown (GITHUB_REPOSITORY is not owner/name). Set the 'repository' input."
                        : undefined;
        if (why !== undefined || !sha || !deploymentUrl || !repository)
            return failed(why ?? '');
        const environment = settings.environment ?? '';
        for (const note of plan.notes)
            step.log(note);
        (0,_deployment_js__WEBPACK_IMPORTED_MODULE_5__/* .previewWarnings */ .Q0)(settings, plan.facts, step.warn, environment);
        const { owner, name: repo } = repository;
        const unready = await step.ready(`Creating a GitHub deployment of ${sha} in ${owner}/${repo} to environment ${environment}, then its success status with ${(0,_kernel_parsers_js__WEBPACK_IMPORTED_MODULE_2__/* .displayUrl */ .Qy)(deploymentUrl)}.`);
        if (unready !== undefined)
            return failed(unready);
        let [id, createdAt, unreadableCreated] = [];
        const failure = await (0,_kernel_github_js__WEBPACK_IMPORTED_MODULE_4__/* .tryGitHub */ .d2)({ ...step, token: settings.githubToken, apiUrl: ctx.apiUrl }, async (octokit, signal) => {
            const answer = await octokit.rest.repos.createDeployment({
                owner,
                repo,
                ref: sha,
                environment,
                transient_environment: settings.ephemeralEnvironment === true,
                auto_merge: false,
                required_contexts: [],
                payload: settings.variables
                    ? { qawolf: { environmentVariables: settings.variables } }
                    : {},
                description: 'Reported by qa-greenlight for QA Wolf',
                request: { signal }
            });
            const data = answer.data;
            const fields = (0,_kernel_values_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u4)(data) ? data : {};
            if (answer.status !== 201 || typeof fields['id'] !== 'number') {
                unreadableCreated = answer.status === 201;
                const said = unreadableCreated
                    ? 'the answer said created, but its body could not be read'
                    : 'no deployment in the answer';
                throw Object.assign(new Error(said), { response: { status: answer.status, data } });
            }
            id = fields['id'];
            const stamp = fields['created_at'];
            createdAt = typeof stamp === 'string' ? stamp : answer.headers.date;
            const logUrl = `${ctx.serverUrl}/${ctx.repository}/actions/runs/${ctx.runId}`;
            await octokit.rest.repos.createDeploymentStatus({
                owner,
                repo,
                deployment_id: id,
                state: 'success',
                environment_url: deploymentUrl,
                ...(ctx.runId && (0,_kernel_parsers_js__WEBPACK_IMPORTED_MODULE_2__/* .isHttpUrl */ .q$)(ctx.serverUrl) && ctx.repository ? { log_url: logUrl } : {}),
                description: 'Deployed; QA Wolf tests this URL',
                request: { signal }
            });
        }, () => {
            const status = id !== undefined;
            const exists = status
                ? `GitHub deployment ${id} exists without its success status, so QA Wolf will not test it`
                : 'It may exist without its success status';
            const look = `. ${exists}: look at the repository\u2019s deployments before running again.`;
            return {
                cancelled: `the job was cancelled while the GitHub deployment was being created${look}`,
                timedOut: within => `GitHub did not complete the deployment within ${within}${look}`,
                what: status
                    ? `GitHub created deployment ${id} but not its success status, so QA Wolf will not test it`
                    : unreadableCreated
                        ? 'GitHub created a deployment but its answer could not be read, so no success status was sent and QA Wolf will not test it'
                        : 'GitHub did not create the deployment',
                advice: status
                    ? {
                        403: _kernel_github_js__WEBPACK_IMPORTED_MODULE_4__/* .DEPLOYMENTS_WRITE */ .v,
                        404: "The deployment or the repository was not found, or the token cannot see it: check 'repository' and 'github-token'.",
                        422: "GitHub refused the status itself (validation failed): check 'deployment-url', which becomes its environment_url, then look at the repository's deployments before running again."
                    }
                    : {
                        201: `A deployment may exist without its status: ${LOOK}`,
                        202: 'GitHub merged the default branch into the ref instead of creating a deployment (its 202 answer); nothing was created. Deploy a commit that is up to date, then run the job again.',
                        403: _kernel_github_js__WEBPACK_IMPORTED_MODULE_4__/* .DEPLOYMENTS_WRITE */ .v,
                        404: "The repository was not found, or the token cannot see it: check 'repository' and 'github-token'.",
                        422: "Check 'sha' (the commit must be in the repository) and 'environment'."
                    },
                rateLimited: status || unreadableCreated ? LOOK : 'run the job again once the wait has passed.'
            };
        });
        if (failure !== undefined) {
            return failed(failure, id === undefined ? undefined : { 'github-deployment-id': String(id) });
        }
        step.log(`GitHub deployment ${id} created with a success status; QA Wolf's GitHub App reads it and evaluates its triggers.`);
        return reported(`GitHub deployment ${(0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_3__/* .escapeText */ .X1)(String(id))}, state success.`, {
            'github-deployment-id': String(id),
            environment,
            'reported-at': (0,_deployment_js__WEBPACK_IMPORTED_MODULE_5__/* .reportedAt */ .XY)(createdAt)
        });
    }
};


/***/ })

};
;