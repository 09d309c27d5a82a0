export const id = 68;
export const ids = [68];
export const modules = {

/***/ 6068:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   deploySuccess: () => (/* binding */ deploySuccess),
/* harmony export */   deploySuccessBody: () => (/* binding */ deploySuccessBody)
/* harmony export */ });
/* harmony import */ var _core_urls_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1221);
/* harmony import */ var _render_action_io_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9960);
/* harmony import */ var _core_error_message_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(7);
/* harmony import */ var _results_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(8391);
/* harmony import */ var _summary_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4121);
/* harmony import */ var _outputs_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(2915);
/* harmony import */ var _preview_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(8437);
/* harmony import */ var _payload_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(7383);
/* harmony import */ var _route_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(3620);
// `via: deploy-success`: the `deploy_success` webhook, which feeds a workspace's legacy triggers.
// Its answer names the runs it started, each `results` entry read by its outcome (results.ts);
// a step that produced no run fails unless `fail-on-no-run` is false.









const NOTHING = { outcomes: [], runIds: [], producedRun: false };
const deploySuccess = {
    via: 'deploy-success',
    words: {
        notSent: 'The deployment notification was not sent',
        failed: 'The deployment notification failed'
    },
    rules(settings) {
        const warnings = [];
        if (settings.environment !== undefined) {
            warnings.push((0,_route_js__WEBPACK_IMPORTED_MODULE_6__/* .ignoredInput */ .Xq)('environment', 'deploy-success', 'the service picks the environment from its triggers'));
        }
        if (settings.service !== undefined) {
            warnings.push((0,_route_js__WEBPACK_IMPORTED_MODULE_6__/* .ignoredInput */ .Xq)('service', 'deploy-success', 'only via: report-status sends it'));
        }
        return { errors: [], warnings };
    },
    request(settings, plan) {
        const { body, notes } = deploySuccessBody(settings, plan.facts);
        const lines = (0,_route_js__WEBPACK_IMPORTED_MODULE_6__/* .infoLines */ .Gw)([...plan.notes, ...notes]);
        // QA Wolf names a preview from its URL here (no environment input): the URL must be per deployment.
        lines.push(...(0,_preview_js__WEBPACK_IMPORTED_MODULE_4__/* .previewWarnings */ .Q)(settings, plan.facts));
        if (body.sha === undefined) {
            lines.push({
                kind: 'warning',
                message: "The event names no commit, so the notification carries no SHA and the runs are linked to no commit. Set the 'sha' input to send one.",
                title: 'No commit SHA sent'
            });
        }
        return {
            kind: 'send',
            request: body,
            describe: `Notifying ${settings.baseUrl} of a successful deployment: ${describe(body)}`,
            lines
        };
    },
    send(body, _settings, deps, onRetry) {
        return (0,_route_js__WEBPACK_IMPORTED_MODULE_6__/* .postToService */ .Rq)((signal, onAnswered) => deps.client.notifyDeploySuccess(body, signal, onAnswered), response => ({ response, report: (0,_results_js__WEBPACK_IMPORTED_MODULE_7__/* .reportNotification */ .E)(response) }), deps, onRetry);
    },
    failure(error, _settings, deps) {
        return {
            reason: deps.signal.aborted
                ? 'the job was cancelled while the notification was being sent. The request may have reached the service, so runs may have been created: check the QA service before notifying again.'
                : (0,_core_error_message_js__WEBPACK_IMPORTED_MODULE_8__/* .errorMessage */ .g)(error)
        };
    },
    report({ response, report }, settings) {
        // Decided from the answer as it came; only what is shown of it is redacted (action-io.ts), so
        // that hiding the key can never rewrite a field name or a value the decision reads.
        const outputs = (0,_outputs_js__WEBPACK_IMPORTED_MODULE_3__/* .notifyOutputs */ ._L)(report, _render_action_io_js__WEBPACK_IMPORTED_MODULE_1__/* .redactDeep */ .KL(response.results ?? []));
        const lines = [];
        const cut = (0,_outputs_js__WEBPACK_IMPORTED_MODULE_3__/* .runIdsCutWarning */ .Qn)(report, outputs);
        if (cut !== undefined)
            lines.push({ kind: 'warning', message: cut, title: 'run-ids cut' });
        const environment = report.environment && (0,_results_js__WEBPACK_IMPORTED_MODULE_7__/* .describeEnvironment */ .N)(report.environment);
        if (environment !== undefined)
            lines.push({ kind: 'info', message: `${environment}.` });
        if (report.unreadable !== undefined) {
            lines.push({
                kind: 'warning',
                message: `The service's answer had fields of an unexpected type, left out of the outputs and the summary: ${report.unreadable.join(', ')}. The runs it names are reported as usual.`,
                title: 'QA service answer partly unreadable'
            });
        }
        if (report.warning !== undefined) {
            lines.push({ kind: 'warning', message: report.warning, title: 'QA service warning' });
        }
        const skipped = report.skippedDeployment;
        if (skipped !== undefined) {
            lines.push({
                kind: 'notice',
                message: `The QA service skipped this deployment (${skipped.reason})${skipped.message ? `: ${skipped.message}` : '.'}`,
                title: 'QA deployment skipped'
            });
        }
        for (const outcome of report.outcomes) {
            const name = outcome.triggerId === undefined ? '' : ` ${outcome.triggerId}`;
            const trigger = `Trigger${name}`;
            if (outcome.kind === 'failed') {
                const code = outcome.code === undefined ? '' : ` (${outcome.code})`;
                lines.push({
                    kind: 'warning',
                    message: `${trigger}: no run created: ${outcome.message ?? ''}${code}`,
                    title: `QA trigger${name} failed`
                });
            }
            else if (outcome.kind === 'skipped') {
                lines.push({
                    kind: 'info',
                    message: `${trigger}: skipped${outcome.message ? `: ${outcome.message}` : ''}`
                });
            }
            else {
                lines.push({ kind: 'info', message: `${trigger}: ${outcome.kind} run ${outcome.runId}` });
            }
        }
        const all = {
            ...outputs,
            results: new _render_action_io_js__WEBPACK_IMPORTED_MODULE_1__/* .Redacted */ .tm(outputs['results'] ?? '[]'),
            skipped: skipped === undefined ? 'false' : 'true',
            'skip-reason': (0,_outputs_js__WEBPACK_IMPORTED_MODULE_3__/* .value */ .Uq)(skipped?.reason)
        };
        if (report.previewWithoutRun) {
            const name = report.environment?.name ?? report.environment?.id;
            lines.push({
                kind: 'info',
                message: `Preview environment${name === undefined ? '' : ` ${name}`} is ready; no trigger created a run. Nothing was tested.`
            });
            return { outputs: all, lines };
        }
        if (report.producedRun)
            return { outputs: all, lines };
        const why = skipped !== undefined
            ? `the service skipped the deployment (${skipped.reason})`
            : report.outcomes.length === 0
                ? 'no trigger matched the notification (check deployment-type and the triggers configured in the service; a workspace on global triggers never sees deploy_success, which feeds legacy triggers only: set via: github-deployment or via: report-status)'
                : 'no matched trigger created a run';
        const message = `The notification produced no run: ${why}.`;
        if (settings.failOnNoRun)
            return { outputs: all, lines, failure: message };
        lines.push({ kind: 'warning', message, title: 'No QA run' });
        return { outputs: all, lines };
    },
    summary(input) {
        const { state } = input;
        return (0,_summary_js__WEBPACK_IMPORTED_MODULE_2__/* .renderNotifySummary */ .Oc)({
            label: input.label,
            baseUrl: input.baseUrl,
            report: state.kind === 'reported' ? state.answer.report : NOTHING,
            ...(state.kind === 'skipped' ? { skippedReason: state.reason } : {}),
            ...(state.kind === 'failed' ? { error: state.reason } : {})
        });
    }
};
/**
 * The deploy_success body, the union the service's own client sends: an ephemeral environment is
 * linked to no repository or pull request; any other deployment is, which is what links its runs
 * to the pull request. With why an input is left out, for the log. Pure.
 */
function deploySuccessBody(settings, facts) {
    const gitlab = settings.hostingService === 'GitLab';
    const ephemeral = settings.ephemeralEnvironment === true;
    const notes = ephemeral && settings.pullRequestNumber !== undefined
        ? [
            "The input 'pull-request-number' is not sent with ephemeral-environment: true (an ephemeral environment is linked to no pull request)."
        ]
        : [];
    const { repository } = facts;
    const link = ephemeral
        ? {}
        : gitlab
            ? {
                hosting_service: settings.hostingService,
                // The vendor's client sends a GitLab project only as the user names it.
                repository: repository && { namespace: repository.owner, name: repository.name },
                merge_request_number: settings.mergeRequestNumber
            }
            : {
                hosting_service: settings.hostingService,
                repository: repository && { owner: repository.owner, name: repository.name },
                pull_request_number: facts.pullRequestNumber
            };
    const body = (0,_payload_js__WEBPACK_IMPORTED_MODULE_5__/* .withoutEmpty */ .C)({
        branch: facts.branch,
        sha: facts.sha,
        deployment_type: settings.deploymentType,
        deployment_url: facts.deploymentUrl,
        ...link,
        commit_url: facts.commitUrl,
        variables: settings.variables,
        deduplication_key: settings.deduplicationKey,
        ephemeral_environment: settings.ephemeralEnvironment,
        workspaceId: settings.workspaceId
    });
    return { body, notes };
}
function describe(body) {
    const parts = [
        body.sha && `sha ${body.sha}`,
        body.branch && `branch ${body.branch}`,
        body.deployment_type && `type ${body.deployment_type}`,
        body.deployment_url && `url ${(0,_core_urls_js__WEBPACK_IMPORTED_MODULE_0__/* .displayUrl */ .Qy)(body.deployment_url)}`,
        body.pull_request_number !== undefined && `pull request #${body.pull_request_number}`,
        body.repository &&
            `repository ${'owner' in body.repository ? body.repository.owner : body.repository.namespace}/${body.repository.name}`,
        body.merge_request_number !== undefined && `merge request !${body.merge_request_number}`,
        body.ephemeral_environment === true && 'ephemeral environment'
    ].filter(Boolean);
    return parts.length > 0 ? parts.join(', ') : '(no commit information)';
}


/***/ })

};
