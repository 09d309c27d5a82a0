export const id = 203;
export const ids = [203];
export const modules = {

/***/ 2641:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   L: () => (/* binding */ readGitHubContext)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _core_is_record_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2789);


function readGitHubContext(env) {
    const ref = env.GITHUB_REF ?? '';
    const event = readPayload(env.GITHUB_EVENT_PATH);
    return {
        eventName: env.GITHUB_EVENT_NAME ?? '',
        ...event,
        sha: env.GITHUB_SHA ?? '',
        ref,
        refName: env.GITHUB_REF_NAME || refNameOf(ref),
        refType: env.GITHUB_REF_TYPE || refTypeOf(ref),
        serverUrl: withoutTrailingSlash(env.GITHUB_SERVER_URL || 'https://github.com'),
        apiUrl: withoutTrailingSlash(env.GITHUB_API_URL || 'https://api.github.com'),
        repository: env.GITHUB_REPOSITORY ?? '',
        runId: env.GITHUB_RUN_ID ?? '',
        runAttempt: env.GITHUB_RUN_ATTEMPT ?? '',
        job: env.GITHUB_JOB ?? ''
    };
}
function readPayload(path) {
    const broken = (problem) => ({ payload: {}, eventFileProblem: problem });
    if (!path)
        return broken('GITHUB_EVENT_PATH is not set, so there is no event file to read.');
    const file = `The event file ${path} (GITHUB_EVENT_PATH)`;
    let text;
    try {
        text = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.readFileSync)(path, 'utf8');
    }
    catch (error) {
        const code = error.code;
        return broken(code === 'ENOENT' ? `${file} does not exist.` : `${file} cannot be read (${code ?? error}).`);
    }
    if (text.trim() === '')
        return broken(`${file} is empty.`);
    let parsed;
    try {
        parsed = JSON.parse(text);
    }
    catch {
        return broken(`${file} is not valid JSON.`);
    }
    if ((0,_core_is_record_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(parsed))
        return { payload: parsed };
    const kind = Array.isArray(parsed)
        ? 'a JSON array'
        : parsed === null
            ? 'null'
            : `a JSON ${typeof parsed}`;
    return broken(`${file} holds ${kind}, not a JSON object.`);
}
function refNameOf(ref) {
    return ref.replace(/^refs\/(heads|tags)\//, '');
}
function refTypeOf(ref) {
    if (ref.startsWith('refs/heads/'))
        return 'branch';
    if (ref.startsWith('refs/tags/'))
        return 'tag';
    return '';
}
function withoutTrailingSlash(url) {
    return url.replace(/\/+$/, '');
}


/***/ }),

/***/ 4518:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   I: () => (/* binding */ deriveFromEvent),
/* harmony export */   Q: () => (/* binding */ readsEventFile)
/* harmony export */ });
/* harmony import */ var _core_text_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2020);
/* harmony import */ var _core_urls_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1221);
/* harmony import */ var _core_commit_sha_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8801);



function deriveFromEvent(ctx) {
    const notes = [];
    const values = readEvent(ctx, notes);
    if (values.skip !== undefined)
        return { skip: values.skip, notes };
    return {
        sha: checkSha(values.sha, notes),
        branch: checkBranch(values.branch, notes),
        deploymentUrl: checkDeploymentUrl(values.deploymentUrl, notes),
        pullRequestNumber: checkPullRequestNumber(values.pullRequestNumber),
        notes
    };
}
function readsEventFile(eventName) {
    return EVENTS_READING_THE_FILE.has(eventName);
}
const EVENTS_READING_THE_FILE = new Set([
    'pull_request',
    'pull_request_target',
    'push',
    'deployment_status',
    'deployment',
    'workflow_run',
    'merge_group',
    'check_suite',
    'check_run'
]);
function readEvent(ctx, notes) {
    switch (ctx.eventName) {
        case 'pull_request':
        case 'pull_request_target': {
            const p = ctx.payload;
            const head = p.pull_request?.head;
            return {
                sha: head?.sha,
                branch: head?.ref,
                pullRequestNumber: p.number ?? p.pull_request?.number
            };
        }
        case 'push': {
            const p = ctx.payload;
            const after = text(p.after);
            const sha = after !== undefined && !(0,_core_commit_sha_js__WEBPACK_IMPORTED_MODULE_1__/* .isZeroSha */ .hp)(after) ? after : ctx.sha;
            const ref = text(p.ref) ?? ctx.ref;
            if (ref.startsWith('refs/heads/'))
                return { sha, branch: ref.slice('refs/heads/'.length) };
            if (ref.startsWith('refs/tags/'))
                notes.push('A tag push has no branch; none is sent.');
            return { sha };
        }
        case 'deployment_status': {
            const p = ctx.payload;
            const state = text(p.deployment_status?.state);
            if (state !== 'success') {
                return {
                    skip: `The deployment_status event has state ${state === undefined ? '(missing)' : (0,_core_text_js__WEBPACK_IMPORTED_MODULE_2__/* .quote */ .hD)(state)}, ` +
                        `not 'success'.`
                };
            }
            return {
                sha: p.deployment?.sha,
                branch: branchOfDeploymentRef(text(p.deployment?.ref), notes),
                deploymentUrl: p.deployment_status?.environment_url
            };
        }
        case 'deployment': {
            const p = ctx.payload;
            return {
                sha: p.deployment?.sha,
                branch: branchOfDeploymentRef(text(p.deployment?.ref), notes),
                deploymentUrl: webUrlOf(p.deployment?.payload)
            };
        }
        case 'workflow_run': {
            const run = ctx.payload.workflow_run;
            return { sha: run?.head_sha, branch: run?.head_branch };
        }
        case 'merge_group': {
            const group = ctx.payload.merge_group;
            const branch = withoutHeadsPrefix(text(group?.head_ref));
            return { sha: group?.head_sha, branch, pullRequestNumber: mergeQueuePullRequest(branch) };
        }
        case 'check_suite': {
            const suite = ctx.payload.check_suite;
            return { sha: suite?.head_sha, branch: suite?.head_branch };
        }
        case 'check_run': {
            const suite = ctx.payload.check_run?.check_suite;
            return { sha: suite?.head_sha, branch: suite?.head_branch };
        }
        default: {
            const isBranch = ctx.refType === 'branch' && !ctx.ref.startsWith('refs/pull/');
            return { sha: ctx.sha, branch: isBranch ? ctx.refName : undefined };
        }
    }
}
function branchOfDeploymentRef(ref, notes) {
    if (ref === undefined)
        return undefined;
    if ((0,_core_commit_sha_js__WEBPACK_IMPORTED_MODULE_1__/* .isFullCommitSha */ .h2)(ref)) {
        notes.push('The deployment ref is a commit SHA, not a branch; no branch is sent.');
        return undefined;
    }
    if (ref.startsWith('refs/heads/'))
        return ref.slice('refs/heads/'.length);
    if (ref.startsWith('refs/')) {
        notes.push(`The deployment ref ${(0,_core_text_js__WEBPACK_IMPORTED_MODULE_2__/* .quote */ .hD)(ref)} is not a branch; no branch is sent.`);
        return undefined;
    }
    return ref;
}
function webUrlOf(payload) {
    if (typeof payload === 'string') {
        try {
            return webUrlOf(JSON.parse(payload));
        }
        catch {
            return undefined;
        }
    }
    if (typeof payload !== 'object' || payload === null)
        return undefined;
    return payload.web_url;
}
function mergeQueuePullRequest(branch) {
    const match = /^gh-readonly-queue\/.+\/pr-([1-9][0-9]*)-[0-9a-f]+$/.exec(branch ?? '');
    return match?.[1] === undefined ? undefined : Number(match[1]);
}
function withoutHeadsPrefix(ref) {
    return ref?.replace(/^refs\/heads\//, '');
}
function checkSha(value, notes) {
    const sha = text(value);
    if (sha === undefined)
        return undefined;
    if ((0,_core_commit_sha_js__WEBPACK_IMPORTED_MODULE_1__/* .isCommitSha */ ._$)(sha))
        return sha.toLowerCase();
    notes.push(`The event's commit ${(0,_core_text_js__WEBPACK_IMPORTED_MODULE_2__/* .quote */ .hD)(sha)} is not a commit SHA; no sha is sent.`);
    return undefined;
}
function checkBranch(value, notes) {
    const branch = text(value);
    if (branch === undefined)
        return undefined;
    if (!(0,_core_text_js__WEBPACK_IMPORTED_MODULE_2__/* .hasControlChar */ .Et)(branch))
        return branch;
    notes.push(`The event's branch ${(0,_core_text_js__WEBPACK_IMPORTED_MODULE_2__/* .quote */ .hD)(branch)} contains control characters; no branch is sent.`);
    return undefined;
}
function checkDeploymentUrl(value, notes) {
    const url = text(value);
    if (url === undefined)
        return undefined;
    if ((0,_core_urls_js__WEBPACK_IMPORTED_MODULE_0__/* .isHttpUrl */ .q$)(url) && !(0,_core_text_js__WEBPACK_IMPORTED_MODULE_2__/* .hasControlChar */ .Et)(url))
        return url;
    notes.push(`The event's deployment URL ${(0,_core_text_js__WEBPACK_IMPORTED_MODULE_2__/* .quote */ .hD)((0,_core_urls_js__WEBPACK_IMPORTED_MODULE_0__/* .displayUrl */ .Qy)(url))} is not an http(s) URL; it is not sent.`);
    return undefined;
}
function checkPullRequestNumber(value) {
    return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined;
}
function text(value) {
    return (0,_core_text_js__WEBPACK_IMPORTED_MODULE_2__/* .nonBlankText */ .xA)(value)?.trim();
}


/***/ }),

/***/ 2915:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Qn: () => (/* binding */ runIdsCutWarning),
/* harmony export */   Uq: () => (/* binding */ value),
/* harmony export */   _L: () => (/* binding */ notifyOutputs),
/* harmony export */   b_: () => (/* binding */ EMPTY_NOTIFY_OUTPUTS)
/* harmony export */ });
/* unused harmony export NOTIFY_OUTPUTS_MAX_BYTES */
/* harmony import */ var _render_byte_budget_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2636);
/* harmony import */ var _core_text_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2020);



const KIB = 1024;
const RESULTS_MAX_BYTES = 160 * KIB;
const RUN_IDS_MAX_BYTES = 64 * KIB;
const VALUE_MAX_CHARS = 1024;
const ENTRY_TEXT_MAX_CHARS = 2000;
const NOTIFY_OUTPUTS_MAX_BYTES = RESULTS_MAX_BYTES + RUN_IDS_MAX_BYTES + 8 * KIB;
const CUT = "cut to stay within GitHub's output limits; the job summary and the QA service have the rest";
const ENTRY_FIELDS = [
    'trigger_id',
    'environment_id',
    'outcome',
    'created_suite_id',
    'duplicate_suite_id',
    'failure_code',
    'failure_message',
    'failure_reason',
    'skip_reason'
];
const EMPTY_NOTIFY_OUTPUTS = {
    'run-id': '',
    'run-ids': '[]',
    'run-ids-cut': 'false',
    results: '[]',
    skipped: 'false',
    'skip-reason': '',
    'deployment-id': '',
    environment: '',
    'environment-id': '',
    via: '',
    'github-deployment-id': '',
    'deployment-url': '',
    'reported-at': ''
};
function notifyOutputs(report, results) {
    const runIds = (0,_render_byte_budget_js__WEBPACK_IMPORTED_MODULE_0__/* .fitJsonData */ .YS)(report.runIds, RUN_IDS_MAX_BYTES);
    return {
        'run-id': value(report.runIds[0]),
        'run-ids': runIds.json,
        'run-ids-cut': String(runIds.omitted > 0),
        results: (0,_render_byte_budget_js__WEBPACK_IMPORTED_MODULE_0__/* .fitJsonList */ .MK)((Array.isArray(results) ? results : []).map(compactEntry), RESULTS_MAX_BYTES, omitted => ({
            cutByQaGreenlight: `${(0,_core_text_js__WEBPACK_IMPORTED_MODULE_1__/* .plural */ .LS)(omitted, 'more entry', 'more entries')} left out, ${CUT}`
        })),
        'deployment-id': value(report.deploymentId),
        environment: value(report.environment?.name),
        'environment-id': value(report.environment?.id)
    };
}
function runIdsCutWarning(report, outputs) {
    if (outputs['run-ids-cut'] !== 'true')
        return undefined;
    const kept = report.runIds.length - (0,_render_byte_budget_js__WEBPACK_IMPORTED_MODULE_0__/* .fitJsonData */ .YS)(report.runIds, RUN_IDS_MAX_BYTES).omitted;
    return `The run-ids output holds the first ${kept} of ${(0,_core_text_js__WEBPACK_IMPORTED_MODULE_1__/* .plural */ .LS)(report.runIds.length, 'run ID')}, to stay within GitHub's output limits (run-ids-cut is true): a greenlight step given it gates only those ${kept}. The QA service lists every run.`;
}
function value(text) {
    return text === undefined ? '' : (0,_core_text_js__WEBPACK_IMPORTED_MODULE_1__/* .truncateText */ .EJ)(text, VALUE_MAX_CHARS);
}
function compactEntry(entry) {
    if (typeof entry === 'string')
        return (0,_core_text_js__WEBPACK_IMPORTED_MODULE_1__/* .truncateText */ .EJ)(entry, ENTRY_TEXT_MAX_CHARS);
    if (typeof entry !== 'object' || entry === null)
        return entry;
    if (Array.isArray(entry))
        return null;
    const fields = entry;
    const kept = {};
    for (const key of ENTRY_FIELDS) {
        if (!(key in fields))
            continue;
        const field = fields[key];
        kept[key] =
            typeof field === 'string'
                ? (0,_core_text_js__WEBPACK_IMPORTED_MODULE_1__/* .truncateText */ .EJ)(field, ENTRY_TEXT_MAX_CHARS)
                : typeof field === 'object' && field !== null
                    ? null
                    : field;
    }
    return kept;
}


/***/ }),

/***/ 7383:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   C: () => (/* binding */ withoutEmpty),
/* harmony export */   l: () => (/* binding */ planNotification)
/* harmony export */ });
/* harmony import */ var _github_event_values_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4518);
/* harmony import */ var _core_urls_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1221);


function planNotification(settings, ctx) {
    const event = eventValues(settings, ctx);
    if ('fail' in event)
        return { kind: 'fail', reason: event.fail };
    if (event.skip !== undefined)
        return { kind: 'skip', reason: event.skip };
    const gitlab = settings.hostingService === 'GitLab';
    const repository = settings.repository ?? (gitlab ? undefined : repositoryOf(ctx.repository));
    const sha = pick(settings.sha, event.sha);
    const branch = pick(settings.branch, event.branch);
    const deploymentUrl = pick(settings.deploymentUrl, event.deploymentUrl);
    const commitUrl = pick(settings.commitUrl, gitlab ? undefined : defaultCommitUrl(ctx, repository, sha.value));
    const notes = [...event.notes];
    if (settings.ephemeralEnvironment === true && deploymentUrl.value === undefined) {
        return {
            kind: 'fail',
            reason: "Input 'ephemeral-environment' is true but no deployment URL is known: set 'deployment-url' to the preview's address (a preview environment is named by its URL), or leave ephemeral-environment unset."
        };
    }
    if (gitlab && settings.pullRequestNumber !== undefined) {
        notes.push("The input 'pull-request-number' is not sent with hosting-service: GitLab; set 'merge-request-number' instead.");
    }
    const pullRequestNumber = gitlab
        ? undefined
        : (settings.pullRequestNumber ?? event.pullRequestNumber);
    return {
        kind: 'send',
        facts: withoutEmpty({
            sha: sha.value,
            branch: branch.value,
            deploymentUrl: deploymentUrl.value,
            commitUrl: commitUrl.value,
            pullRequestNumber,
            repository
        }),
        derived: {
            sha: sha.source,
            branch: branch.source,
            deploymentUrl: deploymentUrl.source,
            commitUrl: commitUrl.source
        },
        notes,
        warnings: event.warning === undefined ? [] : [event.warning]
    };
}
function eventValues(settings, ctx) {
    const problem = ctx.eventFileProblem;
    if (problem === undefined || !(0,_github_event_values_js__WEBPACK_IMPORTED_MODULE_0__/* .readsEventFile */ .Q)(ctx.eventName))
        return (0,_github_event_values_js__WEBPACK_IMPORTED_MODULE_0__/* .deriveFromEvent */ .I)(ctx);
    if (settings.sha === undefined) {
        return {
            fail: `${problem} Without it the ${ctx.eventName} event names no commit, so nothing was sent. ` +
                `Set the 'sha' input (with 'branch' and 'deployment-url' as needed) to notify from inputs alone.`
        };
    }
    return {
        notes: [],
        warning: `${problem} Sending the explicit inputs only; nothing is read from the event.`
    };
}
function pick(input, fromEvent) {
    if (input)
        return { value: input, source: 'input' };
    if (fromEvent)
        return { value: fromEvent, source: 'event' };
    return { value: undefined, source: 'none' };
}
const REPOSITORY = /^([^/\s]+)\/([^/\s]+)$/;
function repositoryOf(repository) {
    const match = REPOSITORY.exec(repository);
    return match?.[1] === undefined || match[2] === undefined
        ? undefined
        : { owner: match[1], name: match[2] };
}
function defaultCommitUrl(ctx, repository, sha) {
    if (!sha || repository === undefined || !(0,_core_urls_js__WEBPACK_IMPORTED_MODULE_1__/* .isHttpUrl */ .q$)(ctx.serverUrl))
        return undefined;
    const path = `${repository.owner}/${repository.name}`;
    return `${ctx.serverUrl.replace(/\/+$/, '')}/${path}/commit/${sha}`;
}
function withoutEmpty(body) {
    const kept = Object.entries(body).filter(([, value]) => value !== undefined &&
        value !== '' &&
        !(typeof value === 'object' && value !== null && Object.keys(value).length === 0));
    return Object.fromEntries(kept);
}


/***/ }),

/***/ 9203:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  notifyMode: () => (/* binding */ notifyMode)
});

// EXTERNAL MODULE: ./src/render/action-io.ts + 1 modules
var action_io = __webpack_require__(9960);
// EXTERNAL MODULE: ./src/core/input-error.ts
var input_error = __webpack_require__(496);
// EXTERNAL MODULE: ./src/github/event-context.ts
var event_context = __webpack_require__(2641);
// EXTERNAL MODULE: ./src/inputs/settings.ts
var inputs_settings = __webpack_require__(900);
// EXTERNAL MODULE: ./src/notify/payload.ts
var payload = __webpack_require__(7383);
// EXTERNAL MODULE: ./src/notify/outputs.ts
var notify_outputs = __webpack_require__(2915);
// EXTERNAL MODULE: ./node_modules/@actions/http-client/lib/index.js + 1 modules
var lib = __webpack_require__(4942);
// EXTERNAL MODULE: ./src/core/durations.ts
var durations = __webpack_require__(778);
// EXTERNAL MODULE: ./src/core/error-message.ts
var error_message = __webpack_require__(7);
// EXTERNAL MODULE: ./src/core/text.ts
var core_text = __webpack_require__(2020);
// EXTERNAL MODULE: ./src/core/version.ts
var version = __webpack_require__(3323);
// EXTERNAL MODULE: ./src/service/transport.ts + 3 modules
var transport = __webpack_require__(2629);
// EXTERNAL MODULE: ./src/core/urls.ts
var urls = __webpack_require__(1221);
;// CONCATENATED MODULE: ./src/notify/wait-for-url.ts



const PAUSES_MS = [1000, 2000, 4000, 5000];
const TRY_TIMEOUT_MS = 10_000;
const MIN_TRY_MS = 1000;
const LOG_EVERY_MS = 30_000;
async function waitForUrl(url, timeoutMs, deps) {
    const shown = (0,urls/* displayUrl */.Qy)(url);
    const start = deps.clock.now();
    const deadline = start + timeoutMs;
    deps.log(`Waiting up to ${(0,durations/* formatDuration */.a3)(timeoutMs)} for ${shown} to answer (any HTTP status below 500) before notifying.`);
    let lastProblem = 'no try finished';
    let lastLogged = -Infinity;
    for (let tries = 1;; tries++) {
        const remaining = deadline - deps.clock.now();
        const budget = Math.min(TRY_TIMEOUT_MS, Math.max(remaining, MIN_TRY_MS));
        const problem = await tryOnce(url, budget, deps);
        if (deps.signal.aborted) {
            return `the job was cancelled while waiting for ${shown} to answer; nothing was sent.`;
        }
        if (problem === undefined) {
            deps.log(`${shown} answered after ${(0,core_text/* plural */.LS)(tries, 'try', 'tries')}.`);
            return undefined;
        }
        lastProblem = problem;
        const now = deps.clock.now();
        if (now >= deadline)
            break;
        if (now - lastLogged >= LOG_EVERY_MS) {
            lastLogged = now;
            deps.log(`${shown} does not answer yet (${problem}); trying again.`);
        }
        const pause = PAUSES_MS[Math.min(tries - 1, PAUSES_MS.length - 1)] ?? 5000;
        await deps.clock.sleep(Math.min(pause, deadline - now), deps.signal);
    }
    return (`${shown} did not answer with a status below 500 within ${(0,durations/* formatDuration */.a3)(timeoutMs)} ` +
        `(wait-for-url-timeout; last try: ${lastProblem}), so nothing was sent to the service. ` +
        `Check that the deployment is up, or give it longer with wait-for-url-timeout.`);
}
async function tryOnce(url, timeoutMs, deps) {
    try {
        const status = await deps.probe(url, timeoutMs, deps.signal);
        return status < 500 ? undefined : `HTTP ${status}`;
    }
    catch (error) {
        return error instanceof Error && error.message !== '' ? error.message : 'no answer';
    }
}

;// CONCATENATED MODULE: ./src/notify/url-probe.ts









const probeUrl = async (url, givenMs, callerSignal) => {
    const timeoutMs = Math.max(1, Math.ceil(givenMs));
    const signal = AbortSignal.any([callerSignal, AbortSignal.timeout(timeoutMs)]);
    const client = new lib/* HttpClient */.Qq(version/* USER_AGENT */._, [new transport/* SignalHandler */.Hc(signal)], {
        allowRedirects: false,
        allowRetries: false,
        keepAlive: false,
        socketTimeout: timeoutMs
    });
    try {
        const response = await client.request('GET', url, null, {});
        response.message.destroy();
        return response.message.statusCode ?? 0;
    }
    catch (error) {
        if (signal.aborted && !callerSignal.aborted) {
            throw new Error(`no answer within ${(0,durations/* formatDuration */.a3)(timeoutMs)}`);
        }
        throw new Error((0,core_text/* oneLine */.TN)((0,error_message/* errorMessage */.g)(error)));
    }
    finally {
        client.dispose();
    }
};
async function waitUntilDeployed(settings, url, deps) {
    if (settings.waitForUrl === undefined)
        return undefined;
    if (url === undefined) {
        return `'wait-for-url' is true but there is no deployment URL to wait for: set 'deployment-url' (the event gives none).`;
    }
    return waitForUrl(url, settings.waitForUrl.timeoutMs, {
        clock: deps.clock,
        signal: deps.signal,
        probe: probeUrl,
        log: line => action_io/* info */.pq(`${(0,inputs_settings/* logPrefix */.J)(settings)}${line}`)
    });
}

;// CONCATENATED MODULE: ./src/notify/run-notify.ts







async function runRoute(settings, deps) {
    switch (settings.via) {
        case 'deploy-success':
            return drive((await __webpack_require__.e(/* import() */ 68).then(__webpack_require__.bind(__webpack_require__, 6068))).deploySuccess, settings, deps);
        case 'github-deployment':
            return drive((await Promise.all(/* import() */[__webpack_require__.e(16), __webpack_require__.e(614)]).then(__webpack_require__.bind(__webpack_require__, 2614))).githubDeployment, settings, deps);
        case 'report-status':
            return drive((await Promise.all(/* import() */[__webpack_require__.e(16), __webpack_require__.e(302)]).then(__webpack_require__.bind(__webpack_require__, 7302))).reportStatus, settings, deps);
    }
}
async function drive(route, settings, deps) {
    const prefix = (0,inputs_settings/* logPrefix */.J)(settings);
    const log = (line) => {
        if (line.kind === 'info')
            action_io/* info */.pq(`${prefix}${line.message}`);
        else if (line.kind === 'warning')
            action_io/* warning */.$e(`${prefix}${line.message}`, line.title);
        else
            action_io/* notice */.lm(`${prefix}${line.message}`, line.title);
    };
    const findings = route.rules(settings);
    if (findings.errors.length > 0) {
        throw findings.errors.length === 1 ? findings.errors[0] : new input_error/* InputErrors */.G(findings.errors);
    }
    for (const warning of findings.warnings)
        action_io/* warning */.$e(warning);
    const outputs = {
        ...notify_outputs/* EMPTY_NOTIFY_OUTPUTS */.b_,
        via: settings.via
    };
    const shown = {
        label: settings.label,
        baseUrl: settings.baseUrl,
        ...(settings.environment === undefined ? {} : { environment: settings.environment })
    };
    const summarize = async (state) => {
        if (settings.summary)
            await action_io/* writeSummary */.Sy(route.summary({ ...shown, state }));
    };
    const fail = async (head, reason) => {
        action_io/* setOutputs */.n0(outputs);
        await summarize({ kind: 'failed', reason });
        action_io/* setFailed */.C1(`${prefix}${head}: ${reason}`);
    };
    const plan = (0,payload/* planNotification */.l)(settings, deps.context);
    if (plan.kind === 'skip') {
        action_io/* notice */.lm(`${prefix}${plan.reason} Nothing was sent.`, 'QA notification skipped');
        action_io/* setOutputs */.n0({ ...outputs, skipped: 'true', 'skip-reason': (0,notify_outputs/* value */.Uq)(plan.reason) });
        return summarize({ kind: 'skipped', reason: plan.reason });
    }
    if (plan.kind === 'fail')
        return fail(route.words.notSent, plan.reason);
    for (const warning of plan.warnings)
        action_io/* warning */.$e(`${prefix}${warning}`, 'Event file unreadable');
    if (plan.facts.deploymentUrl !== undefined)
        shown.deploymentUrl = plan.facts.deploymentUrl;
    const request = route.request(settings, plan, deps.context);
    if (request.kind === 'fail')
        return fail(route.words.notSent, request.reason);
    for (const line of request.lines)
        log(line);
    const unreachable = await waitUntilDeployed(settings, plan.facts.deploymentUrl, deps);
    if (unreachable !== undefined)
        return fail(route.words.notSent, unreachable);
    action_io/* info */.pq(`${prefix}${request.describe}`);
    let sent;
    try {
        sent = await route.send(request.request, settings, deps, line => action_io/* info */.pq(`${prefix}${line}`));
    }
    catch (error) {
        const failure = route.failure(error, settings, deps);
        Object.assign(outputs, failure.outputs);
        return fail(route.words.failed, failure.reason);
    }
    const reported = route.report(sent.answer, settings);
    action_io/* setOutputs */.n0({
        ...outputs,
        ...reported.outputs,
        'reported-at': reportedAt(sent.serverTime)
    });
    for (const line of reported.lines)
        log(line);
    await summarize({ kind: 'reported', answer: sent.answer });
    if (reported.failure !== undefined)
        action_io/* setFailed */.C1(`${prefix}${reported.failure}`);
}
function reportedAt(serverTime, now = Date.now()) {
    const server = serverTime === undefined ? NaN : Date.parse(serverTime);
    return new Date(Number.isFinite(server) ? server : now).toISOString();
}
const notifyMode = {
    emptyOutputs: notify_outputs/* EMPTY_NOTIFY_OUTPUTS */.b_,
    run: async (settings, deps) => runRoute(settings, { ...deps, context: (0,event_context/* readGitHubContext */.L)(deps.env) })
};


/***/ }),

/***/ 2636:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   MK: () => (/* binding */ fitJsonList),
/* harmony export */   RV: () => (/* binding */ fitLines),
/* harmony export */   YS: () => (/* binding */ fitJsonData),
/* harmony export */   eR: () => (/* binding */ SUMMARY_MAX_BYTES),
/* harmony export */   g9: () => (/* binding */ limitSummary),
/* harmony export */   wI: () => (/* binding */ utf8Length)
/* harmony export */ });
/* unused harmony export TRUNCATION_NOTE */
const STEP_SUMMARY_LIMIT_BYTES = 1024 * 1024;
const SUMMARY_MAX_BYTES = STEP_SUMMARY_LIMIT_BYTES - 8 * 1024;
const TRUNCATION_NOTE = "⚠️ **This summary was truncated** to stay within GitHub's 1 MiB step-summary limit. " +
    'Open the run in the QA service for the full details.';
function utf8Length(text) {
    return Buffer.byteLength(text, 'utf8');
}
function prefixWithinBytes(text, maxBytes) {
    const bytes = Buffer.from(text, 'utf8');
    if (bytes.length <= maxBytes)
        return text;
    let end = Math.max(0, maxBytes);
    while (end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80)
        end--;
    return bytes.subarray(0, end).toString('utf8');
}
function safeCut(prefix) {
    const lastNewline = prefix.lastIndexOf('\n');
    if (lastNewline >= prefix.length / 2)
        return prefix.slice(0, lastNewline);
    let cut = prefix;
    const openTag = cut.lastIndexOf('<');
    if (openTag > cut.lastIndexOf('>'))
        cut = cut.slice(0, openTag);
    const reference = /&#?[0-9A-Za-z]*$/.exec(cut);
    if (reference)
        cut = cut.slice(0, reference.index);
    return cut;
}
function closingTags(kept) {
    const count = (pattern) => kept.match(pattern)?.length ?? 0;
    const openSummaries = count(/<summary[\s>]/gi) - count(/<\/summary>/gi);
    const openDetails = count(/<details[\s>]/gi) - count(/<\/details>/gi);
    return ('</summary>'.repeat(Math.max(0, openSummaries)) +
        '\n\n</details>'.repeat(Math.max(0, openDetails)));
}
function limitSummary(markdown, maxBytes = SUMMARY_MAX_BYTES, truncationNote = TRUNCATION_NOTE) {
    if (utf8Length(markdown) <= maxBytes)
        return markdown;
    const note = `\n\n${truncationNote}\n`;
    const minimum = utf8Length(note) + 256;
    if (!Number.isFinite(maxBytes) || maxBytes < minimum) {
        throw new RangeError(`limitSummary: maxBytes must be a number of at least ${minimum} bytes (room for the truncation note); got ${maxBytes}`);
    }
    let budget = maxBytes - utf8Length(note);
    for (;;) {
        const kept = safeCut(prefixWithinBytes(markdown, budget)).trimEnd();
        const result = `${kept}${closingTags(kept)}${note}`;
        const overflow = utf8Length(result) - maxBytes;
        if (overflow <= 0)
            return result;
        budget -= overflow;
    }
}
function fitJsonList(items, maxBytes, marker, omittedBefore = 0) {
    const kept = [];
    let bytes = 2;
    let total = 0;
    let full = false;
    for (const item of items) {
        total++;
        if (full)
            continue;
        const json = JSON.stringify(item) ?? 'null';
        const next = bytes + utf8Length(json) + (kept.length > 0 ? 1 : 0);
        if (next > maxBytes)
            full = true;
        else {
            kept.push(json);
            bytes = next;
        }
    }
    if (!full && omittedBefore === 0)
        return `[${kept.join(',')}]`;
    for (;;) {
        const end = JSON.stringify(marker(omittedBefore + total - kept.length));
        if (bytes + utf8Length(end) + 1 <= maxBytes || kept.length === 0) {
            return `[${[...kept, end].join(',')}]`;
        }
        bytes -= utf8Length(kept.pop() ?? '') + (kept.length > 0 ? 1 : 0);
    }
}
function fitJsonData(items, maxBytes) {
    const kept = [];
    let bytes = 2;
    for (const item of items) {
        const json = JSON.stringify(item) ?? 'null';
        const next = bytes + utf8Length(json) + (kept.length > 0 ? 1 : 0);
        if (next > maxBytes)
            break;
        kept.push(json);
        bytes = next;
    }
    return { json: `[${kept.join(',')}]`, omitted: items.length - kept.length };
}
function fitLines(lines, maxBytes, marker) {
    let bytes = 0;
    let kept = 0;
    for (const line of lines) {
        const next = bytes + utf8Length(line) + (kept > 0 ? 1 : 0);
        if (next > maxBytes)
            break;
        bytes = next;
        kept++;
    }
    if (kept === lines.length)
        return lines.join('\n');
    for (;;) {
        const end = marker(lines.length - kept);
        const head = lines.slice(0, kept);
        const text = [...head, end].join('\n');
        if (utf8Length(text) <= maxBytes || kept === 0)
            return text;
        kept--;
    }
}


/***/ })

};
