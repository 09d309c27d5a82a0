"use strict";
exports.id = 302;
exports.ids = [302];
exports.modules = {

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

/***/ 7302:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   readDeploymentReport: () => (/* binding */ readDeploymentReport),
/* harmony export */   reportStatus: () => (/* binding */ reportStatus)
/* harmony export */ });
/* harmony import */ var _core_input_error_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(496);
/* harmony import */ var _core_error_message_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(7);
/* harmony import */ var _core_is_record_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(2789);
/* harmony import */ var _core_text_js__WEBPACK_IMPORTED_MODULE_11__ = __webpack_require__(2020);
/* harmony import */ var _core_urls_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1221);
/* harmony import */ var _github_event_values_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4518);
/* harmony import */ var _render_markdown_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(2495);
/* harmony import */ var _outputs_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(2915);
/* harmony import */ var _payload_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(7383);
/* harmony import */ var _preview_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(8437);
/* harmony import */ var _route_summary_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(8297);
/* harmony import */ var _route_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(3620);












const reportStatus = {
    via: 'report-status',
    words: {
        notSent: 'The deployment was not reported',
        failed: 'The deployment was not reported'
    },
    rules(settings) {
        const findings = { errors: [], warnings: [] };
        if (settings.environment === undefined) {
            findings.errors.push((0,_route_js__WEBPACK_IMPORTED_MODULE_8__/* .environmentRequired */ .J5)('report-status'));
        }
        if (settings.workspaceId === undefined) {
            findings.errors.push(new _core_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d('workspace-id', `Input 'workspace-id' is required with via: report-status: the report names the workspace it belongs to.`));
        }
        const repository = settings.repository;
        if (repository !== undefined && repository.owner.includes('/')) {
            findings.errors.push(new _core_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d('repository', `Input 'repository' must be owner/name with exactly one slash with via: report-status (QA Wolf refuses a repository with groups); for a GitLab project in a group, name its top-level owner and project, e.g. acme/shop.`));
        }
        if (settings.hostingService === 'GitLab' &&
            settings.mergeRequestNumber !== undefined &&
            repository === undefined) {
            findings.errors.push(new _core_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d('repository', `Input 'repository' is required with 'merge-request-number' on via: report-status: QA Wolf refuses a merge request number without its repository (owner/name).`));
        }
        return findings;
    },
    request(settings, plan, ctx) {
        if (ctx.eventName === 'deployment_status' || ctx.eventName === 'deployment') {
            return (0,_route_js__WEBPACK_IMPORTED_MODULE_8__/* .notSendable */ .m2)(`the workflow runs on a ${ctx.eventName} event: QA Wolf's GitHub App already has that deployment, and a second report would evaluate its triggers twice. Leave this step out, or use via: deploy-success.`);
        }
        const id = (0,_github_event_values_js__WEBPACK_IMPORTED_MODULE_2__/* .providerDeploymentId */ .Q)(ctx, settings.label);
        if (id === undefined) {
            return (0,_route_js__WEBPACK_IMPORTED_MODULE_8__/* .notSendable */ .m2)("GITHUB_RUN_ID, GITHUB_RUN_ATTEMPT or GITHUB_JOB is not set, and the report is named by them (as QA Wolf's own client names it). They are set by the GitHub runner.");
        }
        const { facts } = plan;
        if (facts.deploymentUrl === undefined) {
            return (0,_route_js__WEBPACK_IMPORTED_MODULE_8__/* .notSendable */ .m2)("no deployment URL is known, and the report's deployTarget is what QA Wolf tests. Set the 'deployment-url' input.");
        }
        const lines = (0,_route_js__WEBPACK_IMPORTED_MODULE_8__/* .infoLines */ .Gw)(plan.notes);
        const repository = facts.repository && `${facts.repository.owner}/${facts.repository.name}`;
        const number = settings.hostingService === 'GitLab' ? settings.mergeRequestNumber : facts.pullRequestNumber;
        if (number !== undefined && repository === undefined) {
            lines.push({
                kind: 'info',
                message: `The pull request number is not sent: QA Wolf takes one only with the repository, and none is known (set 'repository').`
            });
        }
        const environment = settings.environment ?? '';
        lines.push(...(0,_preview_js__WEBPACK_IMPORTED_MODULE_6__/* .previewWarnings */ .Q)(settings, facts, environment));
        const report = (0,_payload_js__WEBPACK_IMPORTED_MODULE_5__/* .withoutEmpty */ .C)({
            workspaceId: settings.workspaceId ?? '',
            providerDeploymentId: id,
            status: 'success',
            environment: (0,_payload_js__WEBPACK_IMPORTED_MODULE_5__/* .withoutEmpty */ .C)({ name: environment, ephemeral: settings.ephemeralEnvironment }),
            deployTarget: facts.deploymentUrl,
            environmentVariables: settings.variables,
            service: settings.service,
            metadata: (0,_payload_js__WEBPACK_IMPORTED_MODULE_5__/* .withoutEmpty */ .C)({
                commitSha: facts.sha,
                ref: facts.branch,
                repository,
                pullRequestNumber: repository === undefined ? undefined : number,
                commitUrl: facts.commitUrl
            })
        });
        return {
            kind: 'send',
            request: report,
            describe: `Reporting deployment ${id} to ${settings.baseUrl} (deployment.reportStatus): environment ${environment}, status success, target ${(0,_core_urls_js__WEBPACK_IMPORTED_MODULE_1__/* .displayUrl */ .Qy)(facts.deploymentUrl)}.`,
            lines
        };
    },
    send(report, _settings, deps, onRetry) {
        return (0,_route_js__WEBPACK_IMPORTED_MODULE_8__/* .postToService */ .Rq)((signal, onAnswered) => deps.client.reportDeploymentStatus(report, signal, onAnswered), readDeploymentReport, deps, onRetry);
    },
    failure(error, _settings, deps) {
        return {
            reason: deps.signal.aborted
                ? 'the job was cancelled while the report was being sent. It may have reached the service: look in the QA service before reporting again.'
                : (0,_core_error_message_js__WEBPACK_IMPORTED_MODULE_9__/* .errorMessage */ .g)(error)
        };
    },
    report(answer, settings) {
        const lines = [];
        if (answer.id === undefined) {
            lines.push({
                kind: 'warning',
                message: 'The service took the report but its answer names no deployment ID (read under result.data.json or result.data); the deployment-id output is empty.',
                title: 'QA service answer partly unreadable'
            });
        }
        lines.push({
            kind: 'info',
            message: `The QA service recorded the deployment${answer.id === undefined ? '' : ` ${answer.id}`}${answer.url === undefined ? '' : ` (the environment's runs: ${(0,_core_urls_js__WEBPACK_IMPORTED_MODULE_1__/* .displayUrl */ .Qy)(answer.url)})`}; it evaluates its triggers on this first success report.`
        });
        return {
            outputs: {
                'deployment-id': (0,_outputs_js__WEBPACK_IMPORTED_MODULE_4__/* .value */ .Uq)(answer.id),
                'deployment-url': (0,_outputs_js__WEBPACK_IMPORTED_MODULE_4__/* .value */ .Uq)(answer.url),
                environment: (0,_outputs_js__WEBPACK_IMPORTED_MODULE_4__/* .value */ .Uq)(settings.environment)
            },
            lines
        };
    },
    summary(input) {
        return (0,_route_summary_js__WEBPACK_IMPORTED_MODULE_7__/* .renderRouteSummary */ .o)(input, answer => {
            const id = answer?.id === undefined ? '' : ` ${(0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_3__/* .escapeText */ .X1)(answer.id)}`;
            const page = answer?.url === undefined ? '' : ` (${(0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_3__/* .link */ .nf)('the environment\u2019s runs', answer.url)})`;
            return {
                route: 'QA Wolf\u2019s deployment.reportStatus',
                reported: `deployment${id}${page}, status success.`
            };
        });
    }
};
function readDeploymentReport(response) {
    const result = response['result'];
    const data = (0,_core_is_record_js__WEBPACK_IMPORTED_MODULE_10__/* .isRecord */ .u)(result) ? result['data'] : undefined;
    if (!(0,_core_is_record_js__WEBPACK_IMPORTED_MODULE_10__/* .isRecord */ .u)(data))
        return {};
    const json = (0,_core_is_record_js__WEBPACK_IMPORTED_MODULE_10__/* .isRecord */ .u)(data['json']) ? data['json'] : data;
    const deployment = (0,_core_is_record_js__WEBPACK_IMPORTED_MODULE_10__/* .isRecord */ .u)(json['deployment']) ? json['deployment'] : json;
    const id = (0,_core_text_js__WEBPACK_IMPORTED_MODULE_11__/* .idText */ .FP)(deployment['id']);
    const url = typeof deployment['url'] === 'string' ? deployment['url'] : undefined;
    const status = (0,_core_text_js__WEBPACK_IMPORTED_MODULE_11__/* .idText */ .FP)(deployment['status']);
    return (0,_payload_js__WEBPACK_IMPORTED_MODULE_5__/* .withoutEmpty */ .C)({
        id,
        url: url !== undefined && (0,_core_urls_js__WEBPACK_IMPORTED_MODULE_1__/* .isHttpUrl */ .q$)(url) ? url : undefined,
        status
    });
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

/***/ 8297:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   o: () => (/* binding */ renderRouteSummary)
/* harmony export */ });
/* harmony import */ var _render_markdown_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2495);
/* harmony import */ var _render_byte_budget_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2636);
/* harmony import */ var _summary_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4121);



function renderRouteSummary(input, words) {
    const lines = [(0,_summary_js__WEBPACK_IMPORTED_MODULE_2__/* .notifyHeading */ .Sx)(input.label), ''];
    const { state } = input;
    if (state.kind === 'skipped')
        return (0,_summary_js__WEBPACK_IMPORTED_MODULE_2__/* .skippedSummary */ .vT)(lines, state.reason);
    const said = words(state.kind === 'reported' ? state.answer : undefined);
    lines.push(`**Route:** ${said.route}`, '');
    lines.push(`**Environment:** ${(0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeText */ .X1)(input.environment ?? '')}`);
    if (input.deploymentUrl !== undefined) {
        lines.push('', `**Deployment URL:** ${(0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .link */ .nf)(input.deploymentUrl, input.deploymentUrl)}`);
    }
    if (state.kind === 'failed') {
        lines.push('', `❌ **Not reported:** ${(0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeText */ .X1)(state.reason, 2000)}`);
        return (0,_render_byte_budget_js__WEBPACK_IMPORTED_MODULE_1__/* .limitSummary */ .g9)(`${lines.join('\n')}\n`);
    }
    lines.push('', `✅ **Reported:** ${said.reported}`);
    lines.push('', 'QA Wolf evaluates its triggers on this report; the answer names no run, so this step cannot say whether anything was tested. To gate on the result, use greenlight with `verdict-from: check` and `since` set to this step’s `reported-at` (QA Wolf’s check on the commit).');
    return (0,_render_byte_budget_js__WEBPACK_IMPORTED_MODULE_1__/* .limitSummary */ .g9)(`${lines.join('\n')}\n`);
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
/* harmony import */ var _kernel_service_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8486);


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
    const response = await (0,_kernel_service_js__WEBPACK_IMPORTED_MODULE_1__/* .postWithRetries */ .T8)(signal => post(signal, date => {
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


/***/ })

};
;