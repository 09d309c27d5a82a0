"use strict";
exports.id = 68;
exports.ids = [68];
exports.modules = {

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
        const earlier = earlierRunsOnly(report);
        if (earlier !== undefined) {
            all['reported-at'] = '';
            lines.push({
                kind: 'notice',
                message: `The service answered with an earlier run of this commit (${earlier}, duplicate_suite_id), not a new one: reported-at is left empty, so greenlight's since counts that run's check run, which started before this report.`,
                title: 'Earlier QA run'
            });
        }
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
function earlierRunsOnly(report) {
    const kinds = report.outcomes.map(outcome => outcome.kind);
    if (!kinds.includes('duplicate') || kinds.includes('created'))
        return undefined;
    return report.outcomes
        .flatMap(outcome => outcome.kind === 'duplicate' && outcome.runId !== undefined ? [outcome.runId] : [])
        .join(', ');
}


/***/ }),

/***/ 8437:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Q: () => (/* binding */ previewWarnings)
/* harmony export */ });
/* unused harmony export urlHasDiscriminator */
/* harmony import */ var _core_urls_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1221);

const TITLE_URL = 'Preview URL not per deployment';
const TITLE_NAME = 'Preview environment not per pull request';
function previewWarnings(settings, facts, name) {
    if (settings.ephemeralEnvironment !== true)
        return [];
    const url = facts.deploymentUrl;
    const warnings = [
        url === undefined ? undefined : previewUrlWarning(url, facts),
        name === undefined ? undefined : previewNameWarning(name, facts)
    ];
    return warnings.filter(warning => warning !== undefined);
}
function previewUrlWarning(url, facts) {
    if (urlHasDiscriminator(url, facts))
        return undefined;
    return {
        kind: 'warning',
        title: TITLE_URL,
        message: `The preview URL ${(0,_core_urls_js__WEBPACK_IMPORTED_MODULE_0__/* .displayUrl */ .Qy)(url)} names no pull request number, commit or branch. QA Wolf's docs warn that previews with a static URL fail silently: a green run for code that was never exercised. Give each preview its own URL.`
    };
}
function previewNameWarning(name, facts) {
    if (hasDiscriminator([name], facts))
        return undefined;
    return {
        kind: 'warning',
        title: TITLE_NAME,
        message: `The preview environment's name names no pull request number, commit or branch, so every pull request's preview is one environment in QA Wolf, and a run may test another pull request's code. Name it per pull request, e.g. pr-${facts.pullRequestNumber ?? '<number>'}.`
    };
}
function urlHasDiscriminator(url, facts) {
    let parsed;
    try {
        parsed = new URL(url);
    }
    catch {
        return false;
    }
    const pieces = [
        ...parsed.hostname.split('.'),
        ...parsed.pathname.split('/').map(segment => safeDecode(segment))
    ];
    return hasDiscriminator(pieces, facts);
}
function hasDiscriminator(pieces, facts) {
    const words = pieces.map(piece => wordsOf(piece)).filter(list => list.length > 0);
    const pr = facts.pullRequestNumber;
    if (pr !== undefined &&
        words.some(list => list.some(word => new RegExp(`^[a-z]*${pr}$`).test(word)))) {
        return true;
    }
    if (pr === undefined && words.some(list => list.some((_, i) => namesPullRequest(list, i)))) {
        return true;
    }
    const sha = facts.sha?.toLowerCase();
    if (sha !== undefined &&
        sha.length >= 7 &&
        words.some(list => list.some(word => word.length >= 7 && sha.startsWith(word)))) {
        return true;
    }
    const branch = facts.branch === undefined ? [] : wordsOf(facts.branch);
    return branch.length > 0 && words.some(list => containsRun(list, branch));
}
function namesPullRequest(words, index) {
    const word = words[index] ?? '';
    if (/^(pr|mr)[0-9]+$/.test(word))
        return true;
    return /^[0-9]+$/.test(word) && ['pr', 'pull', 'mr', 'preview'].includes(words[index - 1] ?? '');
}
function wordsOf(text) {
    return text
        .toLowerCase()
        .split(/[^a-z0-9]+/)
        .filter(word => word !== '');
}
function containsRun(list, run) {
    for (let start = 0; start + run.length <= list.length; start++) {
        if (run.every((word, i) => list[start + i] === word))
            return true;
    }
    return false;
}
function safeDecode(segment) {
    try {
        return decodeURIComponent(segment);
    }
    catch {
        return segment;
    }
}


/***/ }),

/***/ 8391:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   E: () => (/* binding */ reportNotification),
/* harmony export */   N: () => (/* binding */ describeEnvironment)
/* harmony export */ });
/* harmony import */ var _core_is_record_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2789);
/* harmony import */ var _core_text_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2020);


const NO_OUTCOME = 'the service reported no outcome for this trigger';
const NO_RUN_ID = 'the service reported a created run but named no run ID';
const MAX_NAMED_UNREADABLE = 5;
function typeName(value) {
    if (Array.isArray(value))
        return 'a list';
    if (value === null)
        return 'null';
    const type = typeof value;
    return type === 'object' ? 'an object' : `a ${type}`;
}
class ShownFields {
    unreadable = [];
    text(value, path) {
        if (value === undefined || value === null)
            return undefined;
        if (typeof value === 'string')
            return (0,_core_text_js__WEBPACK_IMPORTED_MODULE_0__/* .nonBlankText */ .xA)(value);
        this.unreadable.push(`${path} (${typeName(value)})`);
        return undefined;
    }
    boolean(value, path) {
        if (value === undefined || value === null)
            return undefined;
        if (typeof value === 'boolean')
            return value;
        this.unreadable.push(`${path} (${typeName(value)})`);
        return undefined;
    }
}
function runIdOf(value) {
    if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0)
        return String(value);
    return (0,_core_text_js__WEBPACK_IMPORTED_MODULE_0__/* .nonBlankText */ .xA)(value)?.trim();
}
function classifyResult(entry, index, shown) {
    if (!(0,_core_is_record_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(entry)) {
        return { kind: 'failed', message: `the service sent ${typeName(entry)} instead of a result` };
    }
    const triggerId = shown.text(entry['trigger_id'], `results[${index}].trigger_id`);
    const named = triggerId === undefined ? {} : { triggerId };
    const created = runIdOf(entry['created_suite_id']);
    if (created !== undefined)
        return { ...named, kind: 'created', runId: created };
    const duplicate = runIdOf(entry['duplicate_suite_id']);
    if (duplicate !== undefined)
        return { ...named, kind: 'duplicate', runId: duplicate };
    const outcome = (0,_core_text_js__WEBPACK_IMPORTED_MODULE_0__/* .nonBlankText */ .xA)(entry['outcome'])?.trim().toLowerCase();
    if (outcome === 'skipped') {
        const message = (0,_core_text_js__WEBPACK_IMPORTED_MODULE_0__/* .nonBlankText */ .xA)(entry['skip_reason']);
        return { ...named, kind: 'skipped', ...(message === undefined ? {} : { message }) };
    }
    const code = (0,_core_text_js__WEBPACK_IMPORTED_MODULE_0__/* .nonBlankText */ .xA)(entry['failure_code']);
    const message = (0,_core_text_js__WEBPACK_IMPORTED_MODULE_0__/* .nonBlankText */ .xA)(entry['failure_message']) ??
        (0,_core_text_js__WEBPACK_IMPORTED_MODULE_0__/* .nonBlankText */ .xA)(entry['failure_reason']) ??
        (outcome === undefined || outcome === 'failed'
            ? NO_OUTCOME
            : outcome === 'created'
                ? NO_RUN_ID
                : `unknown outcome '${outcome}'`);
    return { ...named, kind: 'failed', message, ...(code === undefined ? {} : { code }) };
}
function readEnvironment(response, shown) {
    const raw = response['environment'];
    const view = {};
    if ((0,_core_is_record_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(raw)) {
        const alias = shown.text(raw['alias'], 'environment.alias');
        const id = shown.text(raw['id'], 'environment.id');
        const isStatic = shown.boolean(raw['isStatic'], 'environment.isStatic');
        if (alias !== undefined)
            view.name = alias;
        if (id !== undefined)
            view.id = id;
        if (isStatic !== undefined)
            view.kind = isStatic ? 'static' : 'preview';
    }
    else {
        const name = shown.text(raw, 'environment');
        if (name !== undefined)
            view.name = name;
    }
    if (view.id === undefined) {
        const firstEntry = response.results?.[0];
        const entryId = (0,_core_is_record_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(firstEntry)
            ? shown.text(firstEntry['environment_id'], 'results[0].environment_id')
            : undefined;
        if (entryId !== undefined)
            view.id = entryId;
    }
    return Object.keys(view).length === 0 ? undefined : view;
}
function readSkippedDeployment(value) {
    if (value === undefined || value === null || value === false)
        return undefined;
    const fields = (0,_core_is_record_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(value) ? value : {};
    const message = (0,_core_text_js__WEBPACK_IMPORTED_MODULE_0__/* .nonBlankText */ .xA)(fields['message']);
    return {
        reason: (0,_core_text_js__WEBPACK_IMPORTED_MODULE_0__/* .nonBlankText */ .xA)(fields['reason']) ?? (0,_core_text_js__WEBPACK_IMPORTED_MODULE_0__/* .nonBlankText */ .xA)(value) ?? 'skipped',
        ...(message === undefined ? {} : { message })
    };
}
function reportNotification(response) {
    const shown = new ShownFields();
    const results = response.results ?? [];
    const outcomes = results.map((entry, index) => classifyResult(entry, index, shown));
    const runIds = [...new Set(outcomes.flatMap(o => (o.runId === undefined ? [] : [o.runId])))];
    const skippedDeployment = readSkippedDeployment(response.skipped_deployment);
    const said = shown.text(response['warning'], 'warning');
    const warning = said === undefined ? undefined : (0,_core_text_js__WEBPACK_IMPORTED_MODULE_0__/* .truncateText */ .EJ)(said, _core_text_js__WEBPACK_IMPORTED_MODULE_0__/* .MAX_NOTE_CHARS */ .y);
    const deploymentId = shown.text(response['deployment_id'], 'deployment_id');
    const environment = readEnvironment(response, shown);
    const previewWithoutRun = results.length === 0 && skippedDeployment === undefined && environment?.kind === 'preview';
    const unreadable = shown.unreadable.length <= MAX_NAMED_UNREADABLE
        ? shown.unreadable
        : [
            ...shown.unreadable.slice(0, MAX_NAMED_UNREADABLE),
            `${shown.unreadable.length - MAX_NAMED_UNREADABLE} more`
        ];
    return {
        outcomes,
        runIds,
        producedRun: runIds.length > 0 && skippedDeployment === undefined,
        ...(previewWithoutRun ? { previewWithoutRun } : {}),
        ...(skippedDeployment === undefined ? {} : { skippedDeployment }),
        ...(warning === undefined ? {} : { warning }),
        ...(deploymentId === undefined ? {} : { deploymentId }),
        ...(environment === undefined ? {} : { environment }),
        ...(unreadable.length === 0 ? {} : { unreadable })
    };
}
function describeEnvironment(environment) {
    if (environment.name === undefined && environment.id === undefined)
        return undefined;
    const kind = environment.kind === 'static'
        ? 'Static environment'
        : environment.kind === 'preview'
            ? 'Preview environment'
            : 'Environment';
    const name = environment.name === undefined ? '' : ` ${environment.name}`;
    const id = environment.id === undefined ? '' : ` (id ${environment.id})`;
    return `${kind}${name}${id}`;
}


/***/ }),

/***/ 3620:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Gw: () => (/* binding */ infoLines),
/* harmony export */   J5: () => (/* binding */ environmentRequired),
/* harmony export */   Rq: () => (/* binding */ postToService),
/* harmony export */   Xq: () => (/* binding */ ignoredInput),
/* harmony export */   m2: () => (/* binding */ notSendable)
/* harmony export */ });
/* harmony import */ var _core_input_error_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(496);
/* harmony import */ var _service_post_retries_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5514);


function notSendable(reason) {
    return { kind: 'fail', reason };
}
function infoLines(messages) {
    return messages.map(message => ({ kind: 'info', message }));
}
function environmentRequired(via, why = '') {
    return new _core_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d('environment', `Input 'environment' is required with via: ${via}: name the environment QA Wolf should test, e.g. staging or pr-42${why}.`);
}
function ignoredInput(name, via, why) {
    return `Input '${name}' is ignored with via: ${via} (${why}).`;
}
async function postToService(post, read, deps, onRetry) {
    let serverTime;
    const response = await (0,_service_post_retries_js__WEBPACK_IMPORTED_MODULE_1__/* .postWithRetries */ .T)(signal => post(signal, date => {
        serverTime = date;
    }), { ...deps, onRetry });
    const answer = read(response);
    return serverTime === undefined ? { answer } : { answer, serverTime };
}


/***/ }),

/***/ 4121:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Oc: () => (/* binding */ renderNotifySummary),
/* harmony export */   Sx: () => (/* binding */ notifyHeading),
/* harmony export */   vT: () => (/* binding */ skippedSummary)
/* harmony export */ });
/* harmony import */ var _render_markdown_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2495);
/* harmony import */ var _render_byte_budget_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2636);
/* harmony import */ var _results_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8391);



const MAX_NAMED_RUNS = 20;
const OUTCOME_WORDS = {
    created: '✅ created',
    duplicate: '🔁 duplicate (a run for this SHA already exists)',
    skipped: '⏭️ skipped',
    failed: '❌ failed'
};
function producedLine(report) {
    if (report.skippedDeployment !== undefined) {
        const { reason, message } = report.skippedDeployment;
        const said = message === undefined ? '' : `: ${(0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeText */ .X1)(message, 1000)}`;
        return `⏭️ **Run produced:** no — the QA service skipped this deployment (${(0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeText */ .X1)(reason)})${said}.`;
    }
    if (report.producedRun) {
        const named = report.runIds.slice(0, MAX_NAMED_RUNS).map(id => (0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeText */ .X1)(id));
        const rest = report.runIds.length - named.length;
        const list = named.join(', ') + (rest > 0 ? ` and ${rest} more` : '');
        const runs = report.runIds.length === 1 ? 'run' : 'runs';
        return `✅ **Run produced:** yes — ${report.runIds.length} ${runs}: ${list}.`;
    }
    if (report.previewWithoutRun) {
        return '⚠️ **Run produced:** none — the preview environment is ready, but no trigger started a run: **nothing was tested**. To gate the pull request anyway, use greenlight with `verdict-from: check`, or add a trigger for previews.';
    }
    if (report.outcomes.length === 0) {
        return ('❌ **Run produced:** no — no trigger in the QA service matched this notification. ' +
            'Check that a trigger is configured for this branch, environment and deployment type.');
    }
    return '❌ **Run produced:** no — no matched trigger created a run; the reasons are below.';
}
function notifyHeading(label) {
    const shown = (0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeText */ .X1)(label);
    return shown === '' ? '## QA notify' : `## QA notify — ${shown}`;
}
function skippedSummary(lines, reason) {
    const why = (0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeText */ .X1)(reason, 1000);
    lines.push(`⏭️ **Nothing was sent**${why === '' ? '.' : `: ${why}`}`);
    return (0,_render_byte_budget_js__WEBPACK_IMPORTED_MODULE_1__/* .limitSummary */ .g9)(`${lines.join('\n')}\n`);
}
function renderNotifySummary(input) {
    const lines = [notifyHeading(input.label), ''];
    if (input.skippedReason !== undefined)
        return skippedSummary(lines, input.skippedReason);
    const { report } = input;
    if (input.error !== undefined) {
        const message = (0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeMultilineText */ .mj)(input.error);
        lines.push(`⛔ **The notification failed:** ${message === '' ? 'no details were given.' : message}`, '');
    }
    if (input.error === undefined || report.outcomes.length > 0)
        lines.push(producedLine(report), '');
    if (report.warning !== undefined)
        lines.push(`⚠️ ${(0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeText */ .X1)(report.warning, 1000)}`, '');
    const environment = report.environment && (0,_results_js__WEBPACK_IMPORTED_MODULE_2__/* .describeEnvironment */ .N)(report.environment);
    const deployment = [
        environment === undefined ? undefined : (0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeText */ .X1)(environment),
        report.deploymentId === undefined ? undefined : `deployment ${(0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeText */ .X1)(report.deploymentId)}`
    ].filter(part => part !== undefined);
    lines.push(`Service: ${(0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .link */ .nf)(input.baseUrl, input.baseUrl)}${deployment.length > 0 ? ` · ${deployment.join(' · ')}` : ''}`, '');
    if (report.outcomes.length > 0) {
        const named = report.outcomes.some(outcome => outcome.triggerId !== undefined);
        const rows = [];
        let chars = 0;
        for (const outcome of report.outcomes) {
            if (chars > _render_byte_budget_js__WEBPACK_IMPORTED_MODULE_1__/* .SUMMARY_MAX_BYTES */ .eR)
                break;
            const row = [
                ...(named ? [outcome.triggerId === undefined ? '—' : (0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeText */ .X1)(outcome.triggerId)] : []),
                OUTCOME_WORDS[outcome.kind],
                outcome.runId === undefined ? '—' : (0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeText */ .X1)(outcome.runId),
                outcome.message === undefined
                    ? '—'
                    : (0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeText */ .X1)(outcome.code === undefined ? outcome.message : `${outcome.message} (${outcome.code})`, 1000)
            ];
            chars += row.reduce((sum, cell) => sum + cell.length, 0);
            rows.push(row);
        }
        const headings = ['Outcome', 'Run ID', 'Why'];
        lines.push((0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .table */ .tp)(named ? ['Trigger', ...headings] : headings, rows), '');
    }
    return (0,_render_byte_budget_js__WEBPACK_IMPORTED_MODULE_1__/* .limitSummary */ .g9)(`${lines.join('\n').trimEnd()}\n`);
}


/***/ }),

/***/ 5514:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   T: () => (/* binding */ postWithRetries)
/* harmony export */ });
/* harmony import */ var _errors_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5756);
/* harmony import */ var _core_durations_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(778);
/* harmony import */ var _retry_policy_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7856);




async function postWithRetries(send, deps) {
    for (let attempt = 1;; attempt++) {
        try {
            return await send(deps.signal);
        }
        catch (error) {
            if (!(error instanceof _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ServiceError */ ._7) || deps.signal.aborted)
                throw error;
            const decision = (0,_retry_policy_js__WEBPACK_IMPORTED_MODULE_2__/* .retryDecision */ .PQ)(error, {
                method: 'POST',
                failures: attempt,
                msLeft: Infinity,
                jitter: deps.random()
            });
            if (!decision.retry) {
                if (decision.stop !== 'retry-after')
                    throw error;
                throw new _errors_js__WEBPACK_IMPORTED_MODULE_0__/* .ServiceError */ ._7(error.kind, `${error.message} The service asked to wait ${(0,_core_durations_js__WEBPACK_IMPORTED_MODULE_1__/* .formatDuration */ .a3)(decision.retryAfterMs ?? 0)} before trying again (Retry-After), longer than the ${(0,_core_durations_js__WEBPACK_IMPORTED_MODULE_1__/* .formatDuration */ .a3)(_retry_policy_js__WEBPACK_IMPORTED_MODULE_2__/* .POST_MAX_RETRY_AFTER_MS */ .tD)} this step waits.`, { ...error, cause: error });
            }
            deps.onRetry(`Attempt ${attempt} failed (${error.message}); retrying in ${decision.delayMs} ms.`);
            await deps.clock.sleep(decision.delayMs, deps.signal);
        }
    }
}


/***/ }),

/***/ 7856:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   KO: () => (/* binding */ DEFAULT_UNREACHABLE_LIMIT_MS),
/* harmony export */   PQ: () => (/* binding */ retryDecision),
/* harmony export */   tD: () => (/* binding */ POST_MAX_RETRY_AFTER_MS),
/* harmony export */   xi: () => (/* binding */ DEFAULT_NOT_FOUND_GRACE_MS)
/* harmony export */ });
/* unused harmony exports POST_MAX_ATTEMPTS, NO_WAIT_MAX_ATTEMPTS, RETRY_PAUSE_FLOOR_MS, POST_BACKOFF, GET_BACKOFF */
/* harmony import */ var _retry_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5585);

const POST_MAX_ATTEMPTS = 3;
const POST_MAX_RETRY_AFTER_MS = 60_000;
const NO_WAIT_MAX_ATTEMPTS = 3;
const DEFAULT_NOT_FOUND_GRACE_MS = 60_000;
const DEFAULT_UNREACHABLE_LIMIT_MS = 55_000;
const RETRY_PAUSE_FLOOR_MS = 100;
const POST_BACKOFF = { baseMs: 1000, capMs: 10_000 };
const GET_BACKOFF = { baseMs: 500, capMs: 30_000 };
function isTransientStatus(status) {
    return status !== undefined && (status >= 500 || status === 429 || status === 408);
}
function failureStop(error, s) {
    const post = s.method === 'POST';
    switch (error.kind) {
        case 'aborted':
            return 'aborted';
        case 'tls':
        case 'invalid-response':
        case 'too-large':
            return 'permanent';
        case 'network':
        case 'timeout':
        case 'unreadable':
            return post && error.answered ? 'answered' : undefined;
        case 'http':
            if (isTransientStatus(error.status))
                return undefined;
            if (error.status !== 404)
                return 'permanent';
            if (error.foreign)
                return 'permanent';
            if (post)
                return 'not-found';
            return (s.sinceFirstQueryMs ?? 0) <= (s.notFoundGraceMs ?? DEFAULT_NOT_FOUND_GRACE_MS)
                ? undefined
                : 'not-found';
    }
}
function retryDecision(error, s) {
    const stop = failureStop(error, s);
    if (stop !== undefined)
        return { retry: false, stop };
    const unreachableLimit = s.unreachableLimitMs ?? DEFAULT_UNREACHABLE_LIMIT_MS;
    if (error.unreachable && (s.unreachableForMs ?? 0) >= unreachableLimit) {
        return { retry: false, stop: 'unreachable' };
    }
    const maxAttempts = s.method === 'POST' ? POST_MAX_ATTEMPTS : s.wait === false ? NO_WAIT_MAX_ATTEMPTS : Infinity;
    if (s.failures >= maxAttempts)
        return { retry: false, stop: 'attempts' };
    if (s.msLeft <= 0)
        return { retry: false, stop: 'deadline' };
    const retryAfterMs = error.retryAfterMs;
    const longestWait = s.method === 'POST' ? POST_MAX_RETRY_AFTER_MS : s.msLeft;
    if (retryAfterMs !== undefined && retryAfterMs > longestWait) {
        return { retry: false, stop: 'retry-after', retryAfterMs };
    }
    const policy = s.backoff ?? (s.method === 'POST' ? POST_BACKOFF : GET_BACKOFF);
    const backoffMs = (0,_retry_js__WEBPACK_IMPORTED_MODULE_0__/* .backoffDelayMs */ .Q4)(s.failures - 1, policy, () => s.jitter);
    const delayMs = Math.max(RETRY_PAUSE_FLOOR_MS, retryAfterMs ?? 0, backoffMs);
    const windowLeftMs = error.unreachable
        ? unreachableLimit - (s.unreachableForMs ?? 0)
        : error.kind === 'http' && error.status === 404
            ? (s.notFoundGraceMs ?? DEFAULT_NOT_FOUND_GRACE_MS) - (s.sinceFirstQueryMs ?? 0)
            : Infinity;
    return { retry: true, delayMs: Math.min(delayMs, Math.max(RETRY_PAUSE_FLOOR_MS, windowLeftMs)) };
}


/***/ })

};
;