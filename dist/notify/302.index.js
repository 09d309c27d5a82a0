"use strict";
exports.id = 302;
exports.ids = [302];
exports.modules = {

/***/ 7302:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   readDeploymentReport: () => (/* binding */ readDeploymentReport),
/* harmony export */   reportStatus: () => (/* binding */ reportStatus)
/* harmony export */ });
/* harmony import */ var _kernel_settings_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7688);
/* harmony import */ var _kernel_values_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6395);
/* harmony import */ var _kernel_text_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(5426);
/* harmony import */ var _kernel_parsers_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4672);
/* harmony import */ var _kernel_event_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8181);
/* harmony import */ var _kernel_markdown_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(9660);
/* harmony import */ var _kernel_retry_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(2351);
/* harmony import */ var _deployment_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(3998);









const reportStatus = {
    rules(settings) {
        const { repository } = settings;
        return [
            settings.environment === undefined && (0,_deployment_js__WEBPACK_IMPORTED_MODULE_6__/* .environmentRequired */ .J5)('report-status'),
            settings.workspaceId === undefined &&
                new _kernel_settings_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz('workspace-id', `Input 'workspace-id' is required with via: report-status: the report names the workspace it belongs to.`),
            repository !== undefined &&
                repository.owner.includes('/') &&
                new _kernel_settings_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz('repository', `Input 'repository' must be owner/name with exactly one slash with via: report-status (QA Wolf refuses a repository with groups); for a GitLab project in a group, name its top-level owner and project, e.g. acme/shop.`),
            settings.hostingService === 'GitLab' &&
                settings.mergeRequestNumber !== undefined &&
                repository === undefined &&
                new _kernel_settings_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .dz('repository', `Input 'repository' is required with 'merge-request-number' on via: report-status: QA Wolf refuses a merge request number without its repository (owner/name).`)
        ];
    },
    async tell(settings, plan, step) {
        const route = 'QA Wolf\u2019s deployment.reportStatus';
        const { failed, reported } = (0,_deployment_js__WEBPACK_IMPORTED_MODULE_6__/* .currentPath */ .No)(settings, plan, route);
        if (plan.kind === 'fail')
            return failed(plan.reason);
        const ctx = step.context;
        if (ctx.eventName === 'deployment_status' || ctx.eventName === 'deployment') {
            return failed(`the workflow runs on a ${ctx.eventName} event: QA Wolf's GitHub App already has that deployment, and a second report would evaluate its triggers twice. Leave this step out, or use via: deploy-success.`);
        }
        const id = (0,_kernel_event_js__WEBPACK_IMPORTED_MODULE_3__/* .providerDeploymentId */ .Q)(ctx, settings.label);
        if (id === undefined)
            return failed(_kernel_event_js__WEBPACK_IMPORTED_MODULE_3__/* .NO_PROVIDER_ID */ .iB);
        const { facts } = plan;
        if (facts.deploymentUrl === undefined) {
            return failed("no deployment URL is known, and the report's deployTarget is what QA Wolf tests. Set the 'deployment-url' input.");
        }
        for (const note of plan.notes)
            step.log(note);
        const repository = facts.repository && `${facts.repository.owner}/${facts.repository.name}`;
        const number = settings.hostingService === 'GitLab' ? settings.mergeRequestNumber : facts.pullRequestNumber;
        if (number !== undefined && repository === undefined) {
            step.log(`The pull request number is not sent: QA Wolf takes one only with the repository, and none is known (set 'repository').`);
        }
        const environment = settings.environment ?? '';
        (0,_deployment_js__WEBPACK_IMPORTED_MODULE_6__/* .previewWarnings */ .Q0)(settings, facts, step.warn, environment);
        const report = {
            ...(0,_deployment_js__WEBPACK_IMPORTED_MODULE_6__/* .withoutEmpty */ .C2)({
                workspaceId: settings.workspaceId ?? '',
                providerDeploymentId: id,
                status: 'success',
                environment: (0,_deployment_js__WEBPACK_IMPORTED_MODULE_6__/* .withoutEmpty */ .C2)({ name: environment, ephemeral: settings.ephemeralEnvironment }),
                deployTarget: facts.deploymentUrl,
                service: settings.service,
                metadata: (0,_deployment_js__WEBPACK_IMPORTED_MODULE_6__/* .withoutEmpty */ .C2)({
                    commitSha: facts.sha,
                    ref: facts.branch,
                    repository,
                    pullRequestNumber: repository === undefined ? undefined : number,
                    commitUrl: facts.commitUrl
                })
            }),
            environmentVariables: settings.variables ?? {}
        };
        const unready = await step.ready(`Reporting deployment ${id} to ${settings.baseUrl} (deployment.reportStatus): environment ${environment}, status success, target ${(0,_kernel_parsers_js__WEBPACK_IMPORTED_MODULE_2__/* .displayUrl */ .Qy)(facts.deploymentUrl)}.`);
        if (unready !== undefined)
            return failed(unready);
        let serverTime;
        let answer;
        try {
            const send = (signal) => step.client.reportDeploymentStatus(report, signal, date => (serverTime = date));
            answer = readDeploymentReport(await (0,_kernel_retry_js__WEBPACK_IMPORTED_MODULE_5__/* .postWithRetries */ .T8)(send, step, 'report-status'));
        }
        catch (error) {
            return failed(step.signal.aborted
                ? 'the job was cancelled while the report was being sent. It may have reached the service: look in the QA service before reporting again.'
                : (0,_kernel_values_js__WEBPACK_IMPORTED_MODULE_1__/* .errorMessage */ .gJ)(error));
        }
        if (answer.id === undefined) {
            step.warn('The service took the report but its answer names no deployment ID (read under result.data.json or result.data); the deployment-id output is empty.', 'QA service answer partly unreadable');
        }
        step.log(`The QA service recorded the deployment${answer.id === undefined ? '' : ` ${answer.id}`}${answer.url === undefined ? '' : ` (the environment's runs: ${(0,_kernel_parsers_js__WEBPACK_IMPORTED_MODULE_2__/* .displayUrl */ .Qy)(answer.url)})`}; it evaluates its triggers on this first success report.`);
        const page = answer.url === undefined ? '' : ` (${(0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_4__/* .link */ .nf)('the environment\u2019s runs', answer.url)})`;
        const shown = answer.id === undefined ? '' : ` ${(0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_4__/* .escapeText */ .X1)(answer.id)}`;
        return reported(`deployment${shown}${page}, status success.`, {
            'deployment-id': (0,_deployment_js__WEBPACK_IMPORTED_MODULE_6__/* .value */ .Uq)(answer.id),
            'deployment-url': (0,_deployment_js__WEBPACK_IMPORTED_MODULE_6__/* .value */ .Uq)(answer.url),
            environment: (0,_deployment_js__WEBPACK_IMPORTED_MODULE_6__/* .value */ .Uq)(settings.environment),
            'reported-at': (0,_deployment_js__WEBPACK_IMPORTED_MODULE_6__/* .reportedAt */ .XY)(serverTime)
        });
    }
};
function readDeploymentReport(response) {
    const data = (0,_kernel_values_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u4)(response['result']) ? response['result']['data'] : undefined;
    const json = !(0,_kernel_values_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u4)(data) ? {} : (0,_kernel_values_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u4)(data['json']) ? data['json'] : data;
    const deployment = (0,_kernel_values_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u4)(json['deployment']) ? json['deployment'] : json;
    const url = deployment['url'];
    return (0,_deployment_js__WEBPACK_IMPORTED_MODULE_6__/* .withoutEmpty */ .C2)({
        id: (0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_7__/* .idText */ .FP)(deployment['id']),
        url: typeof url === 'string' && (0,_kernel_parsers_js__WEBPACK_IMPORTED_MODULE_2__/* .isHttpUrl */ .q$)(url) ? url : undefined
    });
}


/***/ })

};
;