"use strict";
exports.id = 227;
exports.ids = [227];
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

/***/ 4439:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  J5: () => (/* binding */ environmentRequired),
  Xq: () => (/* binding */ ignoredInput),
  Gw: () => (/* binding */ infoLines),
  m2: () => (/* binding */ notSendable),
  Rq: () => (/* binding */ postToService)
});

// EXTERNAL MODULE: ./src/core/input-error.ts
var input_error = __webpack_require__(496);
// EXTERNAL MODULE: ./src/service/errors.ts
var errors = __webpack_require__(5756);
// EXTERNAL MODULE: ./src/core/durations.ts
var durations = __webpack_require__(778);
// EXTERNAL MODULE: ./src/service/retry.ts
var retry = __webpack_require__(5585);
;// CONCATENATED MODULE: ./src/service/retry-policy.ts

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
    const backoffMs = (0,retry/* backoffDelayMs */.Q4)(s.failures - 1, policy, () => s.jitter);
    const delayMs = Math.max(RETRY_PAUSE_FLOOR_MS, retryAfterMs ?? 0, backoffMs);
    const windowLeftMs = error.unreachable
        ? unreachableLimit - (s.unreachableForMs ?? 0)
        : error.kind === 'http' && error.status === 404
            ? (s.notFoundGraceMs ?? DEFAULT_NOT_FOUND_GRACE_MS) - (s.sinceFirstQueryMs ?? 0)
            : Infinity;
    return { retry: true, delayMs: Math.min(delayMs, Math.max(RETRY_PAUSE_FLOOR_MS, windowLeftMs)) };
}

;// CONCATENATED MODULE: ./src/service/post-retries.ts




async function postWithRetries(send, deps) {
    for (let attempt = 1;; attempt++) {
        try {
            return await send(deps.signal);
        }
        catch (error) {
            if (!(error instanceof errors/* ServiceError */._7) || deps.signal.aborted)
                throw error;
            const decision = retryDecision(error, {
                method: 'POST',
                failures: attempt,
                msLeft: Infinity,
                jitter: deps.random()
            });
            if (!decision.retry) {
                if (decision.stop !== 'retry-after')
                    throw error;
                throw new errors/* ServiceError */._7(error.kind, `${error.message} The service asked to wait ${(0,durations/* formatDuration */.a3)(decision.retryAfterMs ?? 0)} before trying again (Retry-After), longer than the ${(0,durations/* formatDuration */.a3)(POST_MAX_RETRY_AFTER_MS)} this step waits.`, { ...error, cause: error });
            }
            deps.onRetry(`Attempt ${attempt} failed (${error.message}); retrying in ${decision.delayMs} ms.`);
            await deps.clock.sleep(decision.delayMs, deps.signal);
        }
    }
}

;// CONCATENATED MODULE: ./src/notify/route.ts


function notSendable(reason) {
    return { kind: 'fail', reason };
}
function infoLines(messages) {
    return messages.map(message => ({ kind: 'info', message }));
}
function environmentRequired(via, why = '') {
    return new input_error/* InputError */.d('environment', `Input 'environment' is required with via: ${via}: name the environment QA Wolf should test, e.g. staging or pr-42${why}.`);
}
function ignoredInput(name, via, why) {
    return `Input '${name}' is ignored with via: ${via} (${why}).`;
}
async function postToService(post, read, deps, onRetry) {
    let serverTime;
    const response = await postWithRetries(signal => post(signal, date => {
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