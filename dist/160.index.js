export const id = 160;
export const ids = [160];
export const modules = {

/***/ 2641:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   L: () => (/* binding */ readGitHubContext)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _core_is_record_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2789);
// The workflow run's GitHub context, read from the runner's environment. This deliberately avoids
// @actions/github, which loads Octokit and slows every step's start-up.


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
// A missing or corrupt event file must not stop a step that can use explicit inputs, but it must
// be named: read as an empty event it would look like an event that says nothing (or "skip").
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
// Older runners and local tools (act) may set GITHUB_REF without the derived variables.
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
/** True when the event's row of the table reads the event file (the others read only variables). */
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
            // GITHUB_SHA is the test merge commit here, which the deployment did not build from.
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
            // A branch deletion's `after` is all zeros, which names no commit.
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
            // Events such as pull_request_review run on refs/pull/<n>/merge, which is no branch.
            const isBranch = ctx.refType === 'branch' && !ctx.ref.startsWith('refs/pull/');
            return { sha: ctx.sha, branch: isBranch ? ctx.refName : undefined };
        }
    }
}
/** deployment.ref may be a branch, a tag or a commit SHA; only a branch is a branch. */
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
/** The deployment payload is free-form JSON, and API clients sometimes send it as a string. */
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
/**
 * A merge queue tests `gh-readonly-queue/<base>/pr-<N>-<sha>`: the pull request is named in the
 * branch only (the event carries no number). The base branch may itself hold slashes.
 */
function mergeQueuePullRequest(branch) {
    const match = /^gh-readonly-queue\/.+\/pr-([1-9][0-9]*)-[0-9a-f]+$/.exec(branch ?? '');
    return match?.[1] === undefined ? undefined : Number(match[1]);
}
function withoutHeadsPrefix(ref) {
    return ref?.replace(/^refs\/heads\//, '');
}
// ---- checks on event values ----------------------------------------------------------------------
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
/** A non-empty string, trimmed, else undefined: payload values are not trusted to have their types. */
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
// The notify step's outputs. GitHub allows a job 1 MB of outputs in all, so the outputs of one
// step stay under 256 KiB together whatever the service sends: `results` keeps each entry's
// documented fields, long text is shortened, and a list cut to its budget ends with a marker.



const KIB = 1024;
const RESULTS_MAX_BYTES = 160 * KIB;
const RUN_IDS_MAX_BYTES = 64 * KIB;
/** Any single value (an ID, a name, a reason): far more than a real one needs. */
const VALUE_MAX_CHARS = 1024;
/** Text inside a `results` entry, such as a failure message. */
const ENTRY_TEXT_MAX_CHARS = 2000;
const NOTIFY_OUTPUTS_MAX_BYTES = RESULTS_MAX_BYTES + RUN_IDS_MAX_BYTES + 8 * KIB;
const CUT = "cut to stay within GitHub's output limits; the job summary and the QA service have the rest";
/** The fields of a `results` entry that the service documents; others are left out. */
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
/** Every notify output with its "nothing happened" value, so that none is ever missing. */
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
    'deployment-url': ''
};
/** The outputs of an answer: what the report read, `results` as the service sent them. */
function notifyOutputs(report, results) {
    // Greenlight reads run-ids as data: a cut list stays a list of run IDs, and says so in run-ids-cut.
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
/** The warning of a step whose `run-ids` was cut, or undefined when it holds every run ID. */
function runIdsCutWarning(report, outputs) {
    if (outputs['run-ids-cut'] !== 'true')
        return undefined;
    const kept = report.runIds.length - (0,_render_byte_budget_js__WEBPACK_IMPORTED_MODULE_0__/* .fitJsonData */ .YS)(report.runIds, RUN_IDS_MAX_BYTES).omitted;
    return `The run-ids output holds the first ${kept} of ${(0,_core_text_js__WEBPACK_IMPORTED_MODULE_1__/* .plural */ .LS)(report.runIds.length, 'run ID')}, to stay within GitHub's output limits (run-ids-cut is true): a greenlight step given it gates only those ${kept}. The QA service lists every run.`;
}
/** A short output value: a skip reason, say. */
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
    // As the service's own client: an ephemeral environment is linked to no repository or pull
    // request; any other deployment is, which is what links its runs to the pull request.
    const ephemeral = settings.ephemeralEnvironment === true;
    if (ephemeral && deploymentUrl.value === undefined) {
        return {
            kind: 'fail',
            reason: "Input 'ephemeral-environment' is true but no deployment URL is known: set 'deployment-url' to the preview's address (a preview environment is named by its URL), or leave ephemeral-environment unset."
        };
    }
    if (ephemeral && settings.pullRequestNumber !== undefined) {
        notes.push("The input 'pull-request-number' is not sent with ephemeral-environment: true (an ephemeral environment is linked to no pull request).");
    }
    if (gitlab && settings.pullRequestNumber !== undefined) {
        notes.push("The input 'pull-request-number' is not sent with hosting-service: GitLab; set 'merge-request-number' instead.");
    }
    const pullRequestNumber = gitlab
        ? undefined
        : (settings.pullRequestNumber ?? event.pullRequestNumber);
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
                pull_request_number: pullRequestNumber
            };
    const body = withoutEmpty({
        branch: branch.value,
        sha: sha.value,
        deployment_type: settings.deploymentType,
        deployment_url: deploymentUrl.value,
        ...link,
        commit_url: commitUrl.value,
        variables: settings.variables,
        deduplication_key: settings.deduplicationKey,
        ephemeral_environment: settings.ephemeralEnvironment,
        workspaceId: settings.workspaceId
    });
    return {
        kind: 'send',
        body,
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
/**
 * The event's values; none when its file is broken, as an empty event would read as one that
 * names no commit or, for deployment_status, as a deployment that did not succeed.
 */
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
/** Keeps the field order of `body`, dropping undefined, '' and empty objects: never send blanks. */
function withoutEmpty(body) {
    const kept = Object.entries(body).filter(([, value]) => value !== undefined &&
        value !== '' &&
        !(typeof value === 'object' && value !== null && Object.keys(value).length === 0));
    return Object.fromEntries(kept);
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
/** How many unreadable fields are named; the rest are counted. */
const MAX_NAMED_UNREADABLE = 5;
function typeName(value) {
    if (Array.isArray(value))
        return 'a list';
    if (value === null)
        return 'null';
    const type = typeof value;
    return type === 'object' ? 'an object' : `a ${type}`;
}
/** Reads the shown fields of one answer, collecting the names of those of an unexpected type. */
class ShownFields {
    unreadable = [];
    /** A string, or nothing (absent, null and blank say nothing; any other type is noted). */
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
/** A run ID, which decides: a string, or a whole number as the service might spell one. */
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
    // A run ID counts whatever the outcome says: it is a run the service has.
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
    // `failed`, an outcome this version does not know, or no outcome and no run: failed.
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
    // Any other value says the deployment was skipped; only its words are optional.
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
    // Only shown: a warning of any length leaves the log and the summary readable.
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
/** How the log names the environment: `Static environment staging (id cm-env-1)`. */
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

/***/ 1160:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   notifyMode: () => (/* binding */ notifyMode),
/* harmony export */   runNotify: () => (/* binding */ runNotify)
/* harmony export */ });
/* harmony import */ var _render_action_io_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9960);
/* harmony import */ var _github_event_context_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2641);
/* harmony import */ var _payload_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7383);
/* harmony import */ var _results_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(8391);
/* harmony import */ var _summary_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(4121);
/* harmony import */ var _outputs_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(2915);
/* harmony import */ var _service_post_retries_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(5514);
/* harmony import */ var _inputs_settings_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(900);
/* harmony import */ var _core_error_message_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(7);
/* harmony import */ var _core_urls_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(1221);
/* harmony import */ var _url_probe_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(6007);
// notify mode: tell the service a deployment succeeded and report which runs it started.











async function runNotify(settings, deps) {
    const labelPrefix = (0,_inputs_settings_js__WEBPACK_IMPORTED_MODULE_8__/* .logPrefix */ .J)(settings);
    const plan = (0,_payload_js__WEBPACK_IMPORTED_MODULE_2__/* .planNotification */ .l)(settings, deps.context);
    if (plan.kind === 'skip') {
        _render_action_io_js__WEBPACK_IMPORTED_MODULE_0__/* .notice */ .lm(`${labelPrefix}${plan.reason} Nothing was sent.`, 'QA notification skipped');
        _render_action_io_js__WEBPACK_IMPORTED_MODULE_0__/* .setOutputs */ .n0({ ..._outputs_js__WEBPACK_IMPORTED_MODULE_4__/* .EMPTY_NOTIFY_OUTPUTS */ .b_, skipped: 'true', 'skip-reason': (0,_outputs_js__WEBPACK_IMPORTED_MODULE_4__/* .value */ .Uq)(plan.reason) });
        await writeNotifySummary(settings, { outcomes: [], runIds: [], producedRun: false }, { skippedReason: plan.reason });
        return;
    }
    // Nothing was notified: every output empty, the summary and the step name the reason.
    const fail = async (head, reason) => {
        _render_action_io_js__WEBPACK_IMPORTED_MODULE_0__/* .setOutputs */ .n0(_outputs_js__WEBPACK_IMPORTED_MODULE_4__/* .EMPTY_NOTIFY_OUTPUTS */ .b_);
        await writeNotifySummary(settings, { outcomes: [], runIds: [], producedRun: false }, { error: reason });
        _render_action_io_js__WEBPACK_IMPORTED_MODULE_0__/* .setFailed */ .C1(`${labelPrefix}${head}: ${reason}`);
    };
    if (plan.kind === 'fail') {
        return fail('The deployment notification was not sent', plan.reason);
    }
    for (const warning of plan.warnings)
        _render_action_io_js__WEBPACK_IMPORTED_MODULE_0__/* .warning */ .$e(`${labelPrefix}${warning}`, 'Event file unreadable');
    _render_action_io_js__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq(`${labelPrefix}Notifying ${settings.baseUrl} of a successful deployment: ${describe(plan.body)}`);
    for (const note of plan.notes)
        _render_action_io_js__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq(`${labelPrefix}${note}`);
    if (plan.body.sha === undefined) {
        _render_action_io_js__WEBPACK_IMPORTED_MODULE_0__/* .warning */ .$e(`${labelPrefix}The event names no commit, so the notification carries no SHA and the runs are linked to no commit. Set the 'sha' input to send one.`, 'No commit SHA sent');
    }
    const unreachable = await (0,_url_probe_js__WEBPACK_IMPORTED_MODULE_7__/* .waitUntilDeployed */ .e)(settings, plan.body.deployment_url, deps);
    if (unreachable !== undefined) {
        return fail('The deployment notification was not sent', unreachable);
    }
    _render_action_io_js__WEBPACK_IMPORTED_MODULE_0__/* .setOutputs */ .n0({ skipped: 'false', 'skip-reason': '' });
    let response;
    try {
        response = await (0,_service_post_retries_js__WEBPACK_IMPORTED_MODULE_5__/* .postWithRetries */ .T)(signal => deps.client.notifyDeploySuccess(plan.body, signal), {
            ...deps,
            onRetry: line => _render_action_io_js__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq(`${labelPrefix}${line}`)
        });
    }
    catch (error) {
        const message = deps.signal.aborted
            ? 'the job was cancelled while the notification was being sent. The request may have reached the service, so runs may have been created: check the QA service before notifying again.'
            : (0,_core_error_message_js__WEBPACK_IMPORTED_MODULE_9__/* .errorMessage */ .g)(error);
        return fail('The deployment notification failed', message);
    }
    // Decided from the answer as it came; only what is shown of it is redacted (action-io.ts), so
    // that hiding the key can never rewrite a field name or a value the decision reads.
    const report = (0,_results_js__WEBPACK_IMPORTED_MODULE_10__/* .reportNotification */ .E)(response);
    const outputs = (0,_outputs_js__WEBPACK_IMPORTED_MODULE_4__/* .notifyOutputs */ ._L)(report, _render_action_io_js__WEBPACK_IMPORTED_MODULE_0__/* .redactDeep */ .KL(response.results ?? []));
    _render_action_io_js__WEBPACK_IMPORTED_MODULE_0__/* .setOutputs */ .n0({ ...outputs, results: new _render_action_io_js__WEBPACK_IMPORTED_MODULE_0__/* .Redacted */ .tm(outputs['results'] ?? '[]') });
    const cut = (0,_outputs_js__WEBPACK_IMPORTED_MODULE_4__/* .runIdsCutWarning */ .Qn)(report, outputs);
    if (cut !== undefined)
        _render_action_io_js__WEBPACK_IMPORTED_MODULE_0__/* .warning */ .$e(`${labelPrefix}${cut}`, 'run-ids cut');
    const environment = report.environment && (0,_results_js__WEBPACK_IMPORTED_MODULE_10__/* .describeEnvironment */ .N)(report.environment);
    if (environment !== undefined)
        _render_action_io_js__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq(`${labelPrefix}${environment}.`);
    if (report.unreadable !== undefined) {
        _render_action_io_js__WEBPACK_IMPORTED_MODULE_0__/* .warning */ .$e(`${labelPrefix}The service's answer had fields of an unexpected type, left out of the outputs and the summary: ${report.unreadable.join(', ')}. The runs it names are reported as usual.`, 'QA service answer partly unreadable');
    }
    if (report.warning !== undefined) {
        _render_action_io_js__WEBPACK_IMPORTED_MODULE_0__/* .warning */ .$e(`${labelPrefix}${report.warning}`, 'QA service warning');
    }
    if (report.skippedDeployment !== undefined) {
        const { reason, message } = report.skippedDeployment;
        _render_action_io_js__WEBPACK_IMPORTED_MODULE_0__/* .setOutputs */ .n0({ skipped: 'true', 'skip-reason': (0,_outputs_js__WEBPACK_IMPORTED_MODULE_4__/* .value */ .Uq)(reason) });
        _render_action_io_js__WEBPACK_IMPORTED_MODULE_0__/* .notice */ .lm(`${labelPrefix}The QA service skipped this deployment (${reason})${message ? `: ${message}` : '.'}`, 'QA deployment skipped');
    }
    for (const outcome of report.outcomes) {
        const name = outcome.triggerId === undefined ? '' : ` ${outcome.triggerId}`;
        const trigger = `${labelPrefix}Trigger${name}`;
        if (outcome.kind === 'failed') {
            const code = outcome.code === undefined ? '' : ` (${outcome.code})`;
            _render_action_io_js__WEBPACK_IMPORTED_MODULE_0__/* .warning */ .$e(`${trigger}: no run created: ${outcome.message ?? ''}${code}`, `QA trigger${name} failed`);
        }
        else if (outcome.kind === 'skipped') {
            _render_action_io_js__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq(`${trigger}: skipped${outcome.message ? `: ${outcome.message}` : ''}`);
        }
        else {
            _render_action_io_js__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq(`${trigger}: ${outcome.kind} run ${outcome.runId}`);
        }
    }
    await writeNotifySummary(settings, report, {});
    if (report.previewWithoutRun) {
        const name = report.environment?.name ?? report.environment?.id;
        _render_action_io_js__WEBPACK_IMPORTED_MODULE_0__/* .info */ .pq(`${labelPrefix}Preview environment${name === undefined ? '' : ` ${name}`} is ready; no trigger created a run.`);
        return;
    }
    if (!report.producedRun) {
        const why = report.skippedDeployment !== undefined
            ? `the service skipped the deployment (${report.skippedDeployment.reason})`
            : report.outcomes.length === 0
                ? 'no trigger matched the notification (check deployment-type and the triggers configured in the service; a workspace on global triggers never sees deploy_success, which feeds legacy triggers only: set via: github-deployment or via: report-status)'
                : 'no matched trigger created a run';
        if (settings.failOnNoRun)
            _render_action_io_js__WEBPACK_IMPORTED_MODULE_0__/* .setFailed */ .C1(`${labelPrefix}The notification produced no run: ${why}.`);
        else
            _render_action_io_js__WEBPACK_IMPORTED_MODULE_0__/* .warning */ .$e(`${labelPrefix}The notification produced no run: ${why}.`);
    }
}
/**
 * The notify mode as main.ts runs it: the event is read here, where it is used. QA Wolf's current
 * path (current-path.ts) is loaded only when `via` asks for it.
 */
const notifyMode = {
    emptyOutputs: _outputs_js__WEBPACK_IMPORTED_MODULE_4__/* .EMPTY_NOTIFY_OUTPUTS */ .b_,
    run: async (settings, deps) => {
        const context = (0,_github_event_context_js__WEBPACK_IMPORTED_MODULE_1__/* .readGitHubContext */ .L)(deps.env);
        const via = settings.via;
        if (via !== 'deploy-success') {
            const { runCurrentPath } = await __webpack_require__.e(/* import() */ 985).then(__webpack_require__.bind(__webpack_require__, 8985));
            return runCurrentPath({ ...settings, via }, { ...deps, context });
        }
        await runNotify(settings, { ...deps, context });
        _render_action_io_js__WEBPACK_IMPORTED_MODULE_0__/* .setOutputs */ .n0({ via });
    }
};
function describe(body) {
    const parts = [
        body.sha && `sha ${body.sha}`,
        body.branch && `branch ${body.branch}`,
        body.deployment_type && `type ${body.deployment_type}`,
        body.deployment_url && `url ${(0,_core_urls_js__WEBPACK_IMPORTED_MODULE_6__/* .displayUrl */ .Qy)(body.deployment_url)}`,
        body.pull_request_number !== undefined && `pull request #${body.pull_request_number}`,
        body.repository &&
            `repository ${'owner' in body.repository ? body.repository.owner : body.repository.namespace}/${body.repository.name}`,
        body.merge_request_number !== undefined && `merge request !${body.merge_request_number}`,
        body.ephemeral_environment === true && 'ephemeral environment'
    ].filter(Boolean);
    return parts.length > 0 ? parts.join(', ') : '(no commit information)';
}
async function writeNotifySummary(settings, report, extra) {
    if (!settings.summary)
        return;
    const markdown = (0,_summary_js__WEBPACK_IMPORTED_MODULE_3__/* .renderNotifySummary */ .Oc)({
        label: settings.label,
        baseUrl: settings.baseUrl,
        report,
        ...extra
    });
    await _render_action_io_js__WEBPACK_IMPORTED_MODULE_0__/* .writeSummary */ .Sy(markdown);
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
// The notify job summary: what each matched trigger did and whether a run came out of it.



/** Run IDs named in the "run produced" line; the table lists them all. */
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
        return '✅ **Run produced:** none needed — the preview environment is ready and no trigger had a run to start.';
    }
    if (report.outcomes.length === 0) {
        return ('❌ **Run produced:** no — no trigger in the QA service matched this notification. ' +
            'Check that a trigger is configured for this branch, environment and deployment type.');
    }
    return '❌ **Run produced:** no — no matched trigger created a run; the reasons are below.';
}
/** The heading of a notify step's summary, whichever route it took. */
function notifyHeading(label) {
    const shown = (0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeText */ .X1)(label);
    return shown === '' ? '## QA notify' : `## QA notify — ${shown}`;
}
/** The summary of a notify step that sent nothing, whichever route it was to take. */
function skippedSummary(lines, reason) {
    const why = (0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeText */ .X1)(reason, 1000);
    lines.push(`⏭️ **Nothing was sent**${why === '' ? '.' : `: ${why}`}`);
    return (0,_render_byte_budget_js__WEBPACK_IMPORTED_MODULE_1__/* .limitSummary */ .g9)(`${lines.join('\n')}\n`);
}
/** The job summary of a notify step, within GitHub's size limit. */
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
        // The live service names no trigger: a column of dashes would say nothing.
        const named = report.outcomes.some(outcome => outcome.triggerId !== undefined);
        const rows = [];
        let chars = 0;
        for (const outcome of report.outcomes) {
            // Rows past the size limit are cut by limitSummary anyway (a character is at least a byte);
            // escaping 20,000 of them first would cost seconds.
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

/***/ 6007:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  e: () => (/* binding */ waitUntilDeployed)
});

// UNUSED EXPORTS: probeUrl

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
// EXTERNAL MODULE: ./src/render/action-io.ts + 1 modules
var action_io = __webpack_require__(9960);
// EXTERNAL MODULE: ./src/inputs/settings.ts
var inputs_settings = __webpack_require__(900);
// EXTERNAL MODULE: ./src/core/urls.ts
var urls = __webpack_require__(1221);
;// CONCATENATED MODULE: ./src/notify/wait-for-url.ts



/** The pause after the n-th failed try: 1 s, 2 s, 4 s, then every 5 s. */
const PAUSES_MS = [1000, 2000, 4000, 5000];
/** One try never waits longer than this for a status line, nor less than the minimum. */
const TRY_TIMEOUT_MS = 10_000;
const MIN_TRY_MS = 1000;
/** A failed try is logged at most this often, with the first one always shown. */
const LOG_EVERY_MS = 30_000;
/**
 * Resolves when `url` answers with a status below 500; returns why not otherwise (the time-out
 * passed, or the job was cancelled), for the step's failure message. Nothing has been sent then.
 */
async function waitForUrl(url, timeoutMs, deps) {
    const shown = (0,urls/* displayUrl */.Qy)(url);
    const start = deps.clock.now();
    const deadline = start + timeoutMs;
    deps.log(`Waiting up to ${(0,durations/* formatDuration */.a3)(timeoutMs)} for ${shown} to answer (any HTTP status below 500) before notifying.`);
    let lastProblem = 'no try finished';
    let lastLogged = -Infinity;
    for (let tries = 1;; tries++) {
        // The try at the deadline still gets a fair chance to hear back.
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
        // The last pause ends at the deadline, where one more try is made.
        const pause = PAUSES_MS[Math.min(tries - 1, PAUSES_MS.length - 1)] ?? 5000;
        await deps.clock.sleep(Math.min(pause, deadline - now), deps.signal);
    }
    return (`${shown} did not answer with a status below 500 within ${(0,durations/* formatDuration */.a3)(timeoutMs)} ` +
        `(wait-for-url-timeout; last try: ${lastProblem}), so nothing was sent to the service. ` +
        `Check that the deployment is up, or give it longer with wait-for-url-timeout.`);
}
/** Undefined when the URL answered; else what went wrong, for the log. */
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
// The one request `wait-for-url` makes, again and again: a GET of the deployment URL, read up to
// its status line and then dropped. It carries no API key (the URL is the user's deployment, not
// the service), follows no redirect (a 3xx already says the server is up) and goes through the
// runner's proxy settings (HTTPS_PROXY, NO_PROXY) like every other request of the action.









const probeUrl = async (url, timeoutMs, callerSignal) => {
    const signal = AbortSignal.any([callerSignal, AbortSignal.timeout(timeoutMs)]);
    const client = new lib/* HttpClient */.Qq(version/* USER_AGENT */._, [new transport/* SignalHandler */.Hc(signal)], {
        allowRedirects: false,
        allowRetries: false,
        keepAlive: false,
        socketTimeout: timeoutMs
    });
    try {
        const response = await client.request('GET', url, null, {});
        // Only the status matters: the body (a whole web page) is not read.
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
/**
 * `wait-for-url`, before any route tells anyone: undefined when it is off or the deployment
 * answered, else why nothing is sent.
 */
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
/** GitHub rejects a step summary larger than this. */
const STEP_SUMMARY_LIMIT_BYTES = 1024 * 1024;
/**
 * The default budget of `limitSummary`: the margin leaves room for the newline the writer adds
 * and for anything else the step appends to the same summary file.
 */
const SUMMARY_MAX_BYTES = STEP_SUMMARY_LIMIT_BYTES - 8 * 1024;
const TRUNCATION_NOTE = "⚠️ **This summary was truncated** to stay within GitHub's 1 MiB step-summary limit. " +
    'Open the run in the QA service for the full details.';
function utf8Length(text) {
    return Buffer.byteLength(text, 'utf8');
}
/** The longest prefix of `text` within `maxBytes` bytes of UTF-8 that ends on a whole character. */
function prefixWithinBytes(text, maxBytes) {
    const bytes = Buffer.from(text, 'utf8');
    if (bytes.length <= maxBytes)
        return text;
    let end = Math.max(0, maxBytes);
    while (end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80)
        end--;
    return bytes.subarray(0, end).toString('utf8');
}
/** Moves a cut back so that it does not split an HTML tag, a character reference or a line. */
function safeCut(prefix) {
    const lastNewline = prefix.lastIndexOf('\n');
    // A line boundary is the cleanest cut; fall back to a mid-line one only for a huge line.
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
/**
 * `markdown` unchanged when it fits in `maxBytes` bytes of UTF-8; otherwise cut at a safe place
 * (a line end where possible, never inside a tag or character reference), with every open
 * `<details>` closed and `truncationNote` (Markdown) at the end.
 */
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
/**
 * `items` as a JSON array of at most `maxBytes` bytes of UTF-8: whole items from the start, then,
 * when some were left out (here, or `omittedBefore` of them earlier), `marker(omitted)` as the last
 * element, so that a cut list says it was cut. Items are serialised one at a time and never all at
 * once: a list far over the budget costs only what is kept.
 */
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
    // Room for the marker: drop kept items from the end until it fits.
    for (;;) {
        const end = JSON.stringify(marker(omittedBefore + total - kept.length));
        if (bytes + utf8Length(end) + 1 <= maxBytes || kept.length === 0) {
            return `[${[...kept, end].join(',')}]`;
        }
        bytes -= utf8Length(kept.pop() ?? '') + (kept.length > 0 ? 1 : 0);
    }
}
/**
 * `items` as a JSON array of at most `maxBytes` bytes of UTF-8, whole items from the start and
 * nothing else: a list that must stay readable as data (notify's `run-ids`, which greenlight reads)
 * says it was cut elsewhere, by `omitted`.
 */
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
/**
 * Lines (one per run) within `maxBytes` bytes: whole lines from the start, then one last line
 * `marker(omitted)` when some did not fit.
 */
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
/* unused harmony exports POST_MAX_ATTEMPTS, NO_WAIT_MAX_ATTEMPTS, POST_BACKOFF, GET_BACKOFF */
/* harmony import */ var _retry_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5585);

/**
 * A POST is made at most this often in total. Repeating one whose request never got an answer is
 * safe where it matters: the service answers a SHA it has already seen with `duplicate_suite_id`,
 * and a second termination is a 409 that terminate accepts.
 */
const POST_MAX_ATTEMPTS = 3;
/** A Retry-After longer than this ends a POST instead: a deploy step should not hang for minutes. */
const POST_MAX_RETRY_AFTER_MS = 60_000;
/** `wait: false` asks for one answer: this many attempts at most (within its short window). */
const NO_WAIT_MAX_ATTEMPTS = 3;
/** A new run may answer 404 for a while after the notification that created it. */
const DEFAULT_NOT_FOUND_GRACE_MS = 60_000;
/** This long of nothing but "not reached at all" ends the step: a typo must not wait for hours. */
const DEFAULT_UNREACHABLE_LIMIT_MS = 120_000;
const POST_BACKOFF = { baseMs: 1000, capMs: 10_000 };
const GET_BACKOFF = { baseMs: 500, capMs: 30_000 };
/** Statuses that say "not now": 408, 429 and every 5xx (503 TRANSACTION_TIMEOUT among them). */
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
            // Another server's 404 page: a wrong address, which no grace period for new runs mends.
            if (error.foreign)
                return 'permanent';
            if (post)
                return 'not-found';
            return (s.sinceFirstQueryMs ?? 0) <= (s.notFoundGraceMs ?? DEFAULT_NOT_FOUND_GRACE_MS)
                ? undefined
                : 'not-found';
    }
}
/** Whether to ask again after `error`, and after how long. */
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
    // The service said when it will answer again; asking sooner, at the deadline, ignores it.
    if (retryAfterMs !== undefined && retryAfterMs > longestWait) {
        return { retry: false, stop: 'retry-after', retryAfterMs };
    }
    const policy = s.backoff ?? (s.method === 'POST' ? POST_BACKOFF : GET_BACKOFF);
    // Never before Retry-After, and never a tight loop on "Retry-After: 0" either.
    const backoffMs = (0,_retry_js__WEBPACK_IMPORTED_MODULE_0__/* .backoffDelayMs */ .Q4)(s.failures - 1, policy, () => s.jitter);
    return { retry: true, delayMs: Math.max(retryAfterMs ?? 0, backoffMs) };
}


/***/ })

};
