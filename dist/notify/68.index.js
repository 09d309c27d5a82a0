"use strict";
exports.id = 68;
exports.ids = [68];
exports.modules = {

/***/ 6068:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   deploySuccess: () => (/* binding */ deploySuccess),
/* harmony export */   reportNotification: () => (/* binding */ reportNotification)
/* harmony export */ });
/* harmony import */ var _kernel_values_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6395);
/* harmony import */ var _kernel_text_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(5426);
/* harmony import */ var _kernel_parsers_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4672);
/* harmony import */ var _kernel_io_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5742);
/* harmony import */ var _kernel_markdown_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9660);
/* harmony import */ var _kernel_retry_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(2351);
/* harmony import */ var _deployment_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(3998);









const RESULTS_MAX_BYTES = 160 * 1024;
const RUN_IDS_MAX_BYTES = 64 * 1024;
const ENTRY_TEXT_MAX_CHARS = 2000;
const ENTRY_FIELDS = `trigger_id environment_id outcome created_suite_id duplicate_suite_id
  failure_code failure_message failure_reason skip_reason`.split(/\s+/);
const OUTCOME_WORDS = {
    created: '✅ created',
    duplicate: '🔁 duplicate (a run for this SHA already exists)',
    skipped: '⏭️ skipped',
    failed: '❌ failed'
};
const PICKS = 'the service picks the environment from its triggers';
const deploySuccess = {
    rules: settings => [
        settings.environment !== undefined && (0,_deployment_js__WEBPACK_IMPORTED_MODULE_5__/* .ignoredInput */ .Xq)('environment', 'deploy-success', PICKS),
        settings.service !== undefined &&
            (0,_deployment_js__WEBPACK_IMPORTED_MODULE_5__/* .ignoredInput */ .Xq)('service', 'deploy-success', 'only via: report-status sends it')
    ],
    async tell(settings, plan, step) {
        const failed = (head, reason) => ({
            failure: `${head}: ${reason}`,
            summary: summary(settings, reportNotification({}), reason)
        });
        const notSent = 'The deployment notification was not sent';
        if (plan.kind === 'fail')
            return failed(notSent, plan.reason);
        const { facts } = plan;
        const ephemeral = settings.ephemeralEnvironment === true;
        const gitlab = settings.hostingService === 'GitLab';
        for (const note of plan.notes)
            step.log(note);
        if (ephemeral && settings.pullRequestNumber !== undefined) {
            step.log("The input 'pull-request-number' is not sent with ephemeral-environment: true (an ephemeral environment is linked to no pull request).");
        }
        const repo = ephemeral ? undefined : facts.repository;
        const body = (0,_deployment_js__WEBPACK_IMPORTED_MODULE_5__/* .withoutEmpty */ .C2)({
            branch: facts.branch,
            sha: facts.sha,
            deployment_type: settings.deploymentType,
            deployment_url: facts.deploymentUrl,
            hosting_service: ephemeral ? undefined : settings.hostingService,
            repository: repo && { [gitlab ? 'namespace' : 'owner']: repo.owner, name: repo.name },
            pull_request_number: ephemeral || gitlab ? undefined : facts.pullRequestNumber,
            merge_request_number: !ephemeral && gitlab ? settings.mergeRequestNumber : undefined,
            commit_url: facts.commitUrl,
            variables: settings.variables,
            deduplication_key: settings.deduplicationKey,
            ephemeral_environment: settings.ephemeralEnvironment,
            workspaceId: settings.workspaceId
        });
        (0,_deployment_js__WEBPACK_IMPORTED_MODULE_5__/* .previewWarnings */ .Q0)(settings, facts, step.warn);
        if (body.sha === undefined) {
            step.warn("The event names no commit, so the notification carries no SHA and the runs are linked to no commit. Set the 'sha' input to send one.", 'No commit SHA sent');
        }
        const parts = [
            body.sha && `sha ${body.sha}`,
            body.branch && `branch ${body.branch}`,
            body.deployment_type && `type ${body.deployment_type}`,
            body.deployment_url && `url ${(0,_kernel_parsers_js__WEBPACK_IMPORTED_MODULE_1__/* .displayUrl */ .Qy)(body.deployment_url)}`,
            body.pull_request_number !== undefined && `pull request #${body.pull_request_number}`,
            repo && `repository ${repo.owner}/${repo.name}`,
            body.merge_request_number !== undefined && `merge request !${body.merge_request_number}`,
            body.ephemeral_environment === true && 'ephemeral environment'
        ].filter(Boolean);
        const said = parts.join(', ') || '(no commit information)';
        const unready = await step.ready(`Notifying ${settings.baseUrl} of a successful deployment: ${said}`);
        if (unready !== undefined)
            return failed(notSent, unready);
        let serverTime;
        let response;
        try {
            const send = (signal) => step.client.notifyDeploySuccess(body, signal, date => (serverTime = date));
            response = await (0,_kernel_retry_js__WEBPACK_IMPORTED_MODULE_4__/* .postWithRetries */ .T8)(send, step, 'notify');
        }
        catch (error) {
            return failed('The deployment notification failed', step.signal.aborted
                ? 'the job was cancelled while the notification was being sent. The request may have reached the service, so runs may have been created: check the QA service before notifying again.'
                : (0,_kernel_values_js__WEBPACK_IMPORTED_MODULE_0__/* .errorMessage */ .gJ)(error));
        }
        const report = reportNotification(response);
        const runIds = (0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_3__/* .fitJsonData */ .YS)(report.runIds, RUN_IDS_MAX_BYTES);
        if (runIds.omitted > 0) {
            const kept = report.runIds.length - runIds.omitted;
            step.warn(`The run-ids output holds the first ${kept} of ${(0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_6__/* .plural */ .LS)(report.runIds.length, 'run ID')}, to stay within GitHub's output limits (run-ids-cut is true): a greenlight step given it gates only those ${kept}. The QA service lists every run.`, 'run-ids cut');
        }
        const environment = report.environment && describeEnvironment(report.environment);
        if (environment !== undefined)
            step.log(`${environment}.`);
        if (report.unreadable !== undefined) {
            step.warn(`The service's answer had fields of an unexpected type, left out of the outputs and the summary: ${report.unreadable.join(', ')}. The runs it names are reported as usual.`, 'QA service answer partly unreadable');
        }
        if (report.warning !== undefined)
            step.warn(report.warning, 'QA service warning');
        const skipped = report.skippedDeployment;
        if (skipped !== undefined) {
            step.warn(`The QA service skipped this deployment (${skipped.reason})${skipped.message ? `: ${skipped.message}` : '.'}`, 'QA deployment skipped', 'notice');
        }
        for (const { triggerId, kind, runId, message } of report.outcomes) {
            const name = triggerId === undefined ? '' : ` ${triggerId}`;
            const what = kind === 'failed' ? 'no run created' : kind === 'skipped' ? kind : `${kind} run`;
            const line = `Trigger${name}: ${what}${runId === undefined ? '' : ` ${runId}`}`;
            if (kind === 'failed')
                step.warn(`${line}: ${message}`, `QA trigger${name} failed`);
            else
                step.log(`${line}${message === undefined ? '' : `: ${message}`}`);
        }
        const results = _kernel_io_js__WEBPACK_IMPORTED_MODULE_2__.redactDeep(response.results ?? []);
        const outputs = {
            'run-id': (0,_deployment_js__WEBPACK_IMPORTED_MODULE_5__/* .value */ .Uq)(report.runIds[0]),
            'run-ids': runIds.json,
            'run-ids-cut': String(runIds.omitted > 0),
            results: new _kernel_io_js__WEBPACK_IMPORTED_MODULE_2__.Redacted((0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_3__/* .fitJsonList */ .MK)(results.map(compactEntry), RESULTS_MAX_BYTES, omitted => ({
                cutByQaGreenlight: `${(0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_6__/* .plural */ .LS)(omitted, 'more entry', 'more entries')} left out, cut to stay within GitHub's output limits; the job summary and the QA service have the rest`
            }))),
            'deployment-id': (0,_deployment_js__WEBPACK_IMPORTED_MODULE_5__/* .value */ .Uq)(report.deploymentId),
            environment: (0,_deployment_js__WEBPACK_IMPORTED_MODULE_5__/* .value */ .Uq)(report.environment?.name),
            'environment-id': (0,_deployment_js__WEBPACK_IMPORTED_MODULE_5__/* .value */ .Uq)(report.environment?.id),
            skipped: String(skipped !== undefined),
            'skip-reason': (0,_deployment_js__WEBPACK_IMPORTED_MODULE_5__/* .value */ .Uq)(skipped?.reason),
            'reported-at': (0,_deployment_js__WEBPACK_IMPORTED_MODULE_5__/* .reportedAt */ .XY)(serverTime)
        };
        const kinds = report.outcomes.map(outcome => outcome.kind);
        if (kinds.includes('duplicate') && !kinds.includes('created')) {
            const earlier = report.outcomes.flatMap(o => (o.kind === 'duplicate' ? [o.runId] : []));
            outputs['reported-at'] = 'any';
            step.warn(`The service answered with an earlier run of this commit (${earlier.join(', ')}, duplicate_suite_id), not a new one: reported-at is any, so greenlight's since (since: any) counts that run's check run, which started before this report.`, 'Earlier QA run', 'notice');
        }
        if (report.previewWithoutRun) {
            const named = report.environment?.name ?? report.environment?.id;
            step.log(`Preview environment${named === undefined ? '' : ` ${named}`} is ready; no trigger created a run. Nothing was tested.`);
        }
        const told = { outputs, summary: summary(settings, report) };
        if (report.producedRun || report.previewWithoutRun)
            return told;
        const why = skipped !== undefined
            ? `the service skipped the deployment (${skipped.reason})`
            : report.outcomes.length === 0
                ? 'no trigger matched the notification (check deployment-type and the triggers configured in the service; a workspace on global triggers never sees deploy_success, which feeds legacy triggers only: set via: github-deployment or via: report-status)'
                : 'no matched trigger created a run';
        const message = `The notification produced no run: ${why}.`;
        if (settings.failOnNoRun)
            return { ...told, failure: message };
        step.warn(message, 'No QA run');
        return told;
    }
};
function summary(settings, report, failed) {
    const said = failed === undefined ? '' : (0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_3__/* .escapeMultilineText */ .mj)(failed) || 'no details were given.';
    const lines = [
        (0,_deployment_js__WEBPACK_IMPORTED_MODULE_5__/* .notifyHeading */ .Sx)(settings.label),
        failed === undefined ? producedLine(report) : `⛔ **The notification failed:** ${said}`
    ];
    if (report.warning !== undefined)
        lines.push(`⚠️ ${(0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_3__/* .escapeText */ .X1)(report.warning, 1000)}`);
    const environment = report.environment && describeEnvironment(report.environment);
    const id = report.deploymentId && `deployment ${report.deploymentId}`;
    const more = [environment, id].map(part => (part ? ` · ${(0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_3__/* .escapeText */ .X1)(part)}` : '')).join('');
    lines.push(`Service: ${(0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_3__/* .link */ .nf)(settings.baseUrl, settings.baseUrl)}${more}`);
    if (report.outcomes.length > 0) {
        const named = report.outcomes.some(outcome => outcome.triggerId !== undefined);
        const rows = [];
        let chars = 0;
        const cell = (text, max) => (text === undefined ? '—' : (0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_3__/* .escapeText */ .X1)(text, max));
        for (const { triggerId, kind, runId, message } of report.outcomes) {
            if (chars > _kernel_markdown_js__WEBPACK_IMPORTED_MODULE_3__/* .SUMMARY_MAX_BYTES */ .eR)
                break;
            const row = [OUTCOME_WORDS[kind], cell(runId), cell(message, 1000)];
            if (named)
                row.unshift(cell(triggerId));
            chars += row.reduce((sum, cell) => sum + cell.length, 0);
            rows.push(row);
        }
        const headings = ['Outcome', 'Run ID', 'Why'];
        lines.push((0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_3__/* .table */ .tp)(named ? ['Trigger', ...headings] : headings, rows));
    }
    return (0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_3__/* .limitSummary */ .g9)(`${lines.join('\n\n').trimEnd()}\n`);
}
function typeName(field) {
    if (Array.isArray(field))
        return 'a list';
    if (field === null)
        return 'null';
    return typeof field === 'object' ? 'an object' : `a ${typeof field}`;
}
function runIdOf(field) {
    if (typeof field === 'number' && Number.isSafeInteger(field) && field >= 0)
        return String(field);
    return (0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_6__/* .nonBlankText */ .xA)(field)?.trim();
}
function reportNotification(response) {
    const unreadable = [];
    function shown(field, path, type = 'string') {
        if (field === undefined || field === null)
            return undefined;
        if (typeof field === type)
            return type === 'string' ? (0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_6__/* .nonBlankText */ .xA)(field) : field;
        unreadable.push(`${path} (${typeName(field)})`);
        return undefined;
    }
    const results = response.results ?? [];
    const outcomes = results.map((entry, index) => {
        if (!(0,_kernel_values_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u4)(entry)) {
            return {
                kind: 'failed',
                message: `the service sent ${typeName(entry)} instead of a result`
            };
        }
        const triggerId = shown(entry['trigger_id'], `results[${index}].trigger_id`);
        const created = runIdOf(entry['created_suite_id']);
        if (created !== undefined)
            return { triggerId, kind: 'created', runId: created };
        const duplicate = runIdOf(entry['duplicate_suite_id']);
        if (duplicate !== undefined)
            return { triggerId, kind: 'duplicate', runId: duplicate };
        const outcome = (0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_6__/* .nonBlankText */ .xA)(entry['outcome'])?.trim().toLowerCase();
        if (outcome === 'skipped') {
            return { triggerId, kind: 'skipped', message: (0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_6__/* .nonBlankText */ .xA)(entry['skip_reason']) };
        }
        const message = (0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_6__/* .nonBlankText */ .xA)(entry['failure_message']) ??
            (0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_6__/* .nonBlankText */ .xA)(entry['failure_reason']) ??
            (outcome === undefined || outcome === 'failed'
                ? 'the service reported no outcome for this trigger'
                : outcome === 'created'
                    ? 'the service reported a created run but named no run ID'
                    : `unknown outcome '${outcome}'`);
        const code = (0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_6__/* .nonBlankText */ .xA)(entry['failure_code']);
        return { triggerId, kind: 'failed', message: code ? `${message} (${code})` : message };
    });
    const runIds = [...new Set(outcomes.flatMap(o => (o.runId === undefined ? [] : [o.runId])))];
    const skippedField = response.skipped_deployment;
    const skippedWords = (0,_kernel_values_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u4)(skippedField) ? skippedField : {};
    const skipped = skippedField === undefined || skippedField === null || skippedField === false
        ? undefined
        : (0,_deployment_js__WEBPACK_IMPORTED_MODULE_5__/* .withoutEmpty */ .C2)({
            reason: (0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_6__/* .nonBlankText */ .xA)(skippedWords['reason']) ?? (0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_6__/* .nonBlankText */ .xA)(skippedField) ?? 'skipped',
            message: (0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_6__/* .nonBlankText */ .xA)(skippedWords['message'])
        });
    const said = shown(response['warning'], 'warning');
    const deploymentId = shown(response['deployment_id'], 'deployment_id');
    const raw = response['environment'];
    const fields = (0,_kernel_values_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u4)(raw) ? raw : {};
    const name = (0,_kernel_values_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u4)(raw) ? shown(raw['alias'], 'environment.alias') : shown(raw, 'environment');
    const id = shown(fields['id'], 'environment.id');
    const isStatic = shown(fields['isStatic'], 'environment.isStatic', 'boolean');
    const first = (0,_kernel_values_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u4)(results[0]) ? results[0] : {};
    const environment = (0,_deployment_js__WEBPACK_IMPORTED_MODULE_5__/* .withoutEmpty */ .C2)({
        name,
        id: id ?? shown(first['environment_id'], 'results[0].environment_id'),
        kind: isStatic === undefined ? undefined : isStatic ? 'static' : 'preview'
    });
    const more = unreadable.length - 5;
    const previewWithoutRun = results.length === 0 && skipped === undefined && environment.kind === 'preview';
    return {
        outcomes,
        runIds,
        producedRun: runIds.length > 0 && skipped === undefined,
        ...(0,_deployment_js__WEBPACK_IMPORTED_MODULE_5__/* .withoutEmpty */ .C2)({
            previewWithoutRun: previewWithoutRun || undefined,
            skippedDeployment: skipped,
            warning: said && (0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_6__/* .truncateText */ .EJ)(said, _kernel_text_js__WEBPACK_IMPORTED_MODULE_6__/* .MAX_NOTE_CHARS */ .y),
            deploymentId,
            environment,
            unreadable: more > 0 ? [...unreadable.slice(0, 5), `${more} more`] : unreadable
        })
    };
}
function describeEnvironment({ name, id, kind }) {
    if (name === undefined && id === undefined)
        return undefined;
    const what = kind === undefined ? 'Environment' : `${kind === 'static' ? 'Static' : 'Preview'} environment`;
    return `${what}${name === undefined ? '' : ` ${name}`}${id === undefined ? '' : ` (id ${id})`}`;
}
function producedLine(report) {
    if (report.skippedDeployment !== undefined) {
        const { reason, message } = report.skippedDeployment;
        const said = message === undefined ? '' : `: ${(0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_3__/* .escapeText */ .X1)(message, 1000)}`;
        return `⏭️ **Run produced:** no — the QA service skipped this deployment (${(0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_3__/* .escapeText */ .X1)(reason)})${said}.`;
    }
    if (report.producedRun) {
        const named = report.runIds.slice(0, 20).map(id => (0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_3__/* .escapeText */ .X1)(id));
        const rest = report.runIds.length - named.length;
        return `✅ **Run produced:** yes — ${(0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_6__/* .plural */ .LS)(report.runIds.length, 'run')}: ${named.join(', ')}${rest > 0 ? ` and ${rest} more` : ''}.`;
    }
    if (report.previewWithoutRun) {
        return '⚠️ **Run produced:** none — the preview environment is ready, but no trigger started a run: **nothing was tested**. To gate the pull request anyway, use greenlight with `verdict-from: check`, or add a trigger for previews.';
    }
    return report.outcomes.length === 0
        ? '❌ **Run produced:** no — no trigger in the QA service matched this notification. Check that a trigger is configured for this branch, environment and deployment type.'
        : '❌ **Run produced:** no — no matched trigger created a run; the reasons are below.';
}
function compactEntry(entry) {
    const cut = (field) => typeof field === 'string' ? (0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_6__/* .truncateText */ .EJ)(field, ENTRY_TEXT_MAX_CHARS) : field;
    if (!(0,_kernel_values_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u4)(entry))
        return Array.isArray(entry) ? null : cut(entry);
    const kept = ENTRY_FIELDS.filter(key => key in entry).map(key => {
        const field = entry[key];
        return [key, typeof field === 'object' && field !== null ? null : cut(field)];
    });
    return Object.fromEntries(kept);
}


/***/ })

};
;