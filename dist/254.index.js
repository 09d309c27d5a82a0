"use strict";
exports.id = 254;
exports.ids = [254];
exports.modules = {

/***/ 1423:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $W: () => (/* binding */ gitHubFailureMessage),
/* harmony export */   J9: () => (/* binding */ noteRetriesSpent),
/* harmony export */   JR: () => (/* binding */ rateLimitWaitMs),
/* harmony export */   s_: () => (/* binding */ httpStatusOf)
/* harmony export */ });
/* harmony import */ var _core_is_record_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2789);
/* harmony import */ var _core_text_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2020);
/* harmony import */ var _core_error_message_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7);



function httpStatusOf(error) {
    if (!(0,_core_is_record_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u)(error) || !(0,_core_is_record_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u)(error['response']))
        return undefined;
    const status = error['response']['status'];
    return typeof status === 'number' ? status : undefined;
}
const SECONDARY_WAIT_MS = 60_000;
function rateLimitWaitMs(error, now) {
    return rateLimitWait(error, now)?.ms;
}
function rateLimitWait(error, now) {
    const status = httpStatusOf(error);
    if (status !== 403 && status !== 429)
        return undefined;
    const response = (0,_core_is_record_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u)(error) ? error['response'] : undefined;
    const headers = (0,_core_is_record_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u)(response) && (0,_core_is_record_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u)(response['headers']) ? response['headers'] : {};
    const retryAfter = headers['retry-after'];
    if (typeof retryAfter === 'string' || typeof retryAfter === 'number') {
        const seconds = Number(retryAfter);
        if (Number.isFinite(seconds) && seconds >= 0)
            return { ms: seconds * 1000, named: true };
    }
    const reset = Number(headers['x-ratelimit-reset']);
    if (String(headers['x-ratelimit-remaining']) === '0' && Number.isFinite(reset)) {
        return { ms: Math.max(0, reset * 1000 - now), named: true };
    }
    if (/\brate limit/i.test(gitHubMessage(error)))
        return { ms: SECONDARY_WAIT_MS, named: false };
    return undefined;
}
const spentRetries = new WeakMap();
function noteRetriesSpent(error, tries) {
    if ((0,_core_is_record_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u)(error))
        spentRetries.set(error, tries);
}
function gitHubFailureMessage(error, words, apiUrl, token, now = 0) {
    let detail = (0,_core_text_js__WEBPACK_IMPORTED_MODULE_1__/* .plainText */ .wh)(gitHubMessage(error), 300);
    if (token.length >= 4)
        detail = detail.split(token).join('***');
    const status = httpStatusOf(error);
    const answered = `GitHub answered ${status} (${detail || 'no message'})`;
    const tail = words.tail === undefined ? '' : ` ${words.tail}`;
    const wait = rateLimitWait(error, now);
    if (wait !== undefined) {
        const tries = (0,_core_is_record_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u)(error) ? spentRetries.get(error) : undefined;
        const why = tries !== undefined
            ? `it was still in force after ${tries} tries`
            : wait.named
                ? `it asked to wait ${Math.max(1, Math.ceil(wait.ms / 1000))}s, past the 30 s bound on the exchange`
                : 'it named no time to wait (GitHub then asks for at least a minute), past the 30 s bound on the exchange';
        return `${words.what}: ${answered}: GitHub's rate limit for this token was reached and ${why}. This is not a missing permission; ${words.rateLimited}${tail}`;
    }
    if (status === undefined) {
        return `${words.what}: GitHub could not be reached at ${apiUrl} (${detail || 'no details'}). Check GITHUB_API_URL and the proxy settings.${tail}`;
    }
    const advice = status === 401
        ? "Check that 'github-token' is a valid, unexpired token."
        : (words.advice[status] ?? (status >= 500 ? (words.serverError ?? '') : ''));
    return `${words.what}: ${answered}.${advice === '' ? '' : ` ${advice}`}${tail}`;
}
function gitHubMessage(error) {
    if ((0,_core_is_record_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u)(error) && (0,_core_is_record_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u)(error['response']) && (0,_core_is_record_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u)(error['response']['data'])) {
        const message = error['response']['data']['message'];
        if (typeof message === 'string')
            return message;
    }
    return (0,_core_error_message_js__WEBPACK_IMPORTED_MODULE_2__/* .errorMessage */ .g)(error);
}


/***/ }),

/***/ 8500:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   JY: () => (/* binding */ openPullRequestWithHead),
/* harmony export */   Po: () => (/* binding */ describeGitHubFailure),
/* harmony export */   V0: () => (/* binding */ pullRequestLookup),
/* harmony export */   dD: () => (/* binding */ lastPageOf),
/* harmony export */   ef: () => (/* binding */ eventCommit)
/* harmony export */ });
/* unused harmony export positiveInteger */
/* harmony import */ var _core_is_record_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2789);
/* harmony import */ var _github_event_values_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4518);
/* harmony import */ var _core_commit_sha_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8801);
/* harmony import */ var _github_failure_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1423);




function pullRequestLookup(ctx, sha) {
    const event = ctx.eventName || 'unknown';
    if (ctx.eventName.startsWith('pull_request')) {
        const pr = ctx.payload['pull_request'];
        const number = (0,_core_is_record_js__WEBPACK_IMPORTED_MODULE_2__/* .isRecord */ .u)(pr) ? positiveInteger(pr['number']) : undefined;
        return number === undefined
            ? { kind: 'none', reason: `The ${event} event has no pull_request.number.` }
            : { kind: 'number', number };
    }
    if (ctx.eventName === 'issue_comment') {
        const issue = ctx.payload['issue'];
        const number = (0,_core_is_record_js__WEBPACK_IMPORTED_MODULE_2__/* .isRecord */ .u)(issue) ? positiveInteger(issue['number']) : undefined;
        if (number === undefined || !(0,_core_is_record_js__WEBPACK_IMPORTED_MODULE_2__/* .isRecord */ .u)(issue) || !(0,_core_is_record_js__WEBPACK_IMPORTED_MODULE_2__/* .isRecord */ .u)(issue['pull_request'])) {
            return { kind: 'none', reason: 'The issue_comment event is on an issue, not a pull request.' };
        }
        return { kind: 'number', number };
    }
    const commit = sha ?? eventCommit(ctx);
    return commit === undefined
        ? { kind: 'none', reason: `The ${event} event names no commit to look a pull request up by.` }
        : { kind: 'sha', sha: commit };
}
function eventCommit(ctx) {
    if (ctx.eventName === 'issue_comment')
        return undefined;
    const sha = (0,_github_event_values_js__WEBPACK_IMPORTED_MODULE_0__/* .deriveFromEvent */ .I0)(ctx).sha ?? ctx.sha;
    return (0,_core_commit_sha_js__WEBPACK_IMPORTED_MODULE_3__/* .isFullCommitSha */ .h2)(sha) ? sha.toLowerCase() : undefined;
}
function openPullRequestWithHead(pulls, sha) {
    for (const pr of pulls) {
        if (!(0,_core_is_record_js__WEBPACK_IMPORTED_MODULE_2__/* .isRecord */ .u)(pr) || pr['state'] !== 'open')
            continue;
        const head = pr['head'];
        const headSha = (0,_core_is_record_js__WEBPACK_IMPORTED_MODULE_2__/* .isRecord */ .u)(head) && typeof head['sha'] === 'string' ? head['sha'] : '';
        const number = positiveInteger(pr['number']);
        if (headSha.toLowerCase() === sha.toLowerCase() && number !== undefined)
            return number;
    }
    return undefined;
}
function lastPageOf(link) {
    if (typeof link !== 'string')
        return undefined;
    const last = /<([^>]*)>\s*;\s*rel="last"/.exec(link)?.[1];
    const page = last === undefined ? NaN : Number(/[?&]page=(\d+)/.exec(last)?.[1]);
    return Number.isSafeInteger(page) && page > 0 ? page : undefined;
}
const COMMENT_FAILURE = {
    what: 'The QA verdict was not commented on the pull request',
    advice: {
        403: 'The token needs the pull-requests: write permission: add "permissions: pull-requests: write" ' +
            'to the job. Pull requests from forks get a read-only token; set comment-on-pr: false there.',
        404: 'The repository or pull request was not found, or the token cannot see it.'
    },
    rateLimited: 'the next run will comment.',
    serverError: 'GitHub may be having trouble; the next run will try again.',
    tail: 'The gate is not affected.'
};
function describeGitHubFailure(error, apiUrl, token, now = 0) {
    return (0,_github_failure_js__WEBPACK_IMPORTED_MODULE_1__/* .gitHubFailureMessage */ .$W)(error, COMMENT_FAILURE, apiUrl, token, now);
}
function positiveInteger(value) {
    return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined;
}


/***/ }),

/***/ 8594:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   SG: () => (/* binding */ answerFigures),
/* harmony export */   WX: () => (/* binding */ readBugs),
/* harmony export */   k5: () => (/* binding */ classifyBugs),
/* harmony export */   rx: () => (/* binding */ FIELDS_THAT_EXCUSE_A_BUG),
/* harmony export */   zo: () => (/* binding */ allBugs)
/* harmony export */ });
/* harmony import */ var _core_text_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2020);

const NON_BLOCKING_PRIORITIES = new Set(['medium', 'low']);
function readPriority(raw) {
    if (!('priority' in raw) || raw.priority === undefined)
        return undefined;
    if (raw.priority === null)
        return null;
    if (typeof raw.priority !== 'string')
        return 'unreadable';
    const priority = raw.priority.trim().toLowerCase();
    return priority === '' || priority === 'unprioritized' ? null : priority;
}
function readExternalIssue(value) {
    if (typeof value !== 'object' || value === null)
        return undefined;
    const issue = value;
    const url = (0,_core_text_js__WEBPACK_IMPORTED_MODULE_0__/* .idText */ .FP)(issue['applicationUrl']) ?? (0,_core_text_js__WEBPACK_IMPORTED_MODULE_0__/* .idText */ .FP)(issue['url']);
    const id = (0,_core_text_js__WEBPACK_IMPORTED_MODULE_0__/* .idText */ .FP)(issue['externalIssueId']);
    const platform = (0,_core_text_js__WEBPACK_IMPORTED_MODULE_0__/* .idText */ .FP)(issue['platform']);
    if (url === undefined && id === undefined)
        return undefined;
    return { url, id, platform };
}
function readBug(raw) {
    const priority = readPriority(raw);
    const url = (0,_core_text_js__WEBPACK_IMPORTED_MODULE_0__/* .idText */ .FP)(raw.applicationUrl) ?? (0,_core_text_js__WEBPACK_IMPORTED_MODULE_0__/* .idText */ .FP)(raw.url);
    const externalIssue = readExternalIssue(raw.externalIssue) ??
        (typeof raw.externalIssueUrl === 'string' ? { url: raw.externalIssueUrl } : undefined);
    return {
        name: (0,_core_text_js__WEBPACK_IMPORTED_MODULE_0__/* .idText */ .FP)(raw.name) ?? (0,_core_text_js__WEBPACK_IMPORTED_MODULE_0__/* .idText */ .FP)(raw.title),
        number: (0,_core_text_js__WEBPACK_IMPORTED_MODULE_0__/* .idText */ .FP)(raw.number),
        ...(priority === undefined ? {} : { priority }),
        isNew: typeof raw.isNew === 'boolean' ? raw.isNew : undefined,
        url,
        link: (0,_core_text_js__WEBPACK_IMPORTED_MODULE_0__/* .nonBlankText */ .xA)(raw.applicationUrl),
        externalIssue,
        ...isBlockingField(raw)
    };
}
function isBlockingField(raw) {
    if (!('isBlocking' in raw) || raw.isBlocking === undefined)
        return {};
    return { isBlocking: typeof raw.isBlocking === 'boolean' ? raw.isBlocking : 'unreadable' };
}
function isBlockingBug(bug, blockingUrls, nonBlockingUrls) {
    if (bug.isBlocking !== undefined)
        return bug.isBlocking !== false;
    if (bug.url !== undefined && blockingUrls.has(bug.url))
        return true;
    if (bug.link !== undefined && blockingUrls.has(bug.link))
        return true;
    if (bug.link !== undefined && nonBlockingUrls.has(bug.link))
        return false;
    return typeof bug.priority !== 'string' || !NON_BLOCKING_PRIORITIES.has(bug.priority);
}
const FIELDS_THAT_EXCUSE_A_BUG = new Set([
    'nonBlockingBugUrls',
    'reproducedBugs[].applicationUrl'
]);
function readBugs(raws, blockingUrls = new Set(), nonBlockingUrls = new Set()) {
    return (raws ?? []).map(raw => {
        const read = readBug(raw);
        const { isBlocking: _, link: __, ...bug } = read;
        return { ...bug, blocking: isBlockingBug(read, blockingUrls, nonBlockingUrls) };
    });
}
function allBugs(response) {
    const blockingUrls = new Set(response.blockingBugUrls ?? []);
    const nonBlockingUrls = new Set(response.nonBlockingBugUrls ?? []);
    const bugs = readBugs(response.reproducedBugs, blockingUrls, nonBlockingUrls);
    const seen = new Set(bugs.flatMap(bug => (bug.url === undefined ? [] : [bug.url])));
    const withoutUrl = (blocking) => bugs.filter(bug => bug.url === undefined && bug.blocking === blocking).length;
    const unmatched = { blocking: withoutUrl(true), nonBlocking: withoutUrl(false) };
    for (const url of blockingUrls) {
        if (seen.has(url))
            continue;
        if (unmatched.blocking > 0)
            unmatched.blocking--;
        else
            bugs.push({ url, blocking: true });
    }
    for (const url of nonBlockingUrls) {
        if (seen.has(url) || blockingUrls.has(url))
            continue;
        if (unmatched.nonBlocking > 0)
            unmatched.nonBlocking--;
        else
            bugs.push({ url, blocking: false });
    }
    return bugs;
}
function classifyBugs(response) {
    const bugs = allBugs(response);
    return {
        blocking: bugs.filter(bug => bug.blocking),
        nonBlocking: bugs.filter(bug => !bug.blocking)
    };
}
function answerFigures(response) {
    const { blocking, nonBlocking } = classifyBugs(response);
    const others = readBugs(response.otherBlockingBugsInEnvironment);
    return {
        blockingBugs: blocking.length,
        nonBlockingBugs: nonBlocking.length,
        otherBlockingBugs: others.filter(bug => bug.blocking).length
    };
}


/***/ }),

/***/ 1186:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $: () => (/* binding */ selectCheckRuns),
/* harmony export */   C: () => (/* binding */ withEventCheckRun)
/* harmony export */ });
/* harmony import */ var _core_is_record_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2789);
/* harmony import */ var _core_text_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2020);
/* harmony import */ var _core_commit_sha_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8801);
/* harmony import */ var _core_iso_time_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2430);




const GITHUB_ACTIONS_APP = 'github-actions';
function selectCheckRuns(raw, rules) {
    const counting = [];
    const ignored = [];
    const unreadable = [];
    raw.forEach((item, index) => {
        if (!(0,_core_is_record_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u)(item) || item['name'] !== rules.name)
            return;
        const read = readCheckRun(item, rules.sinceMs !== undefined);
        if (typeof read === 'string') {
            unreadable.push(`check run ${index + 1} named ${rules.name}: ${read}`);
            return;
        }
        const why = whyIgnored(read, rules);
        if (why === undefined)
            counting.push(read);
        else
            ignored.push({ run: read, why });
    });
    for (const run of [...counting]) {
        if (counting.some(other => other.app === run.app && isNewer(other, run))) {
            counting.splice(counting.indexOf(run), 1);
            ignored.push({ run, why: 'superseded' });
        }
    }
    const settled = unreadable.length > 0 ||
        (counting.length > 0 && counting.every(run => run.status === 'completed'));
    return { counting, ignored, unreadable, settled };
}
function isNewer(a, b) {
    const [idA, idB] = [Number(a.id), Number(b.id)];
    if (Number.isSafeInteger(idA) && Number.isSafeInteger(idB) && idA !== idB)
        return idA > idB;
    return a.startedAtMs !== undefined && b.startedAtMs !== undefined && a.startedAtMs > b.startedAtMs;
}
function whyIgnored(run, rules) {
    if (run.headSha !== rules.sha.toLowerCase())
        return 'other-commit';
    if (rules.app === '' ? run.app === GITHUB_ACTIONS_APP : run.app !== rules.app) {
        return run.app === GITHUB_ACTIONS_APP && rules.app === '' ? 'github-actions' : 'other-app';
    }
    if (rules.sinceMs !== undefined &&
        run.startedAtMs !== undefined &&
        run.startedAtMs < Math.floor(rules.sinceMs / 1000) * 1000) {
        return 'before-since';
    }
    return undefined;
}
function readCheckRun(item, needsStart) {
    const name = (0,_core_text_js__WEBPACK_IMPORTED_MODULE_1__/* .nonBlankText */ .xA)(item['name']);
    const headSha = (0,_core_text_js__WEBPACK_IMPORTED_MODULE_1__/* .nonBlankText */ .xA)(item['head_sha']);
    const app = (0,_core_is_record_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u)(item['app']) ? (0,_core_text_js__WEBPACK_IMPORTED_MODULE_1__/* .nonBlankText */ .xA)(item['app']['slug']) : undefined;
    const status = (0,_core_text_js__WEBPACK_IMPORTED_MODULE_1__/* .nonBlankText */ .xA)(item['status']);
    const conclusion = item['conclusion'];
    const startedAt = (0,_core_text_js__WEBPACK_IMPORTED_MODULE_1__/* .nonBlankText */ .xA)(item['started_at']);
    const startedAtMs = startedAt === undefined ? undefined : (0,_core_iso_time_js__WEBPACK_IMPORTED_MODULE_2__/* .isoTimeMs */ .L)(startedAt);
    if (name === undefined)
        return 'no name';
    if (headSha === undefined || !(0,_core_commit_sha_js__WEBPACK_IMPORTED_MODULE_3__/* .isCommitSha */ ._$)(headSha))
        return 'no readable head_sha';
    if (app === undefined)
        return 'no readable app.slug';
    if (status === undefined)
        return 'no readable status';
    if (conclusion !== null && conclusion !== undefined && (0,_core_text_js__WEBPACK_IMPORTED_MODULE_1__/* .nonBlankText */ .xA)(conclusion) === undefined) {
        return 'a conclusion that is not text';
    }
    if (status === 'completed' && (0,_core_text_js__WEBPACK_IMPORTED_MODULE_1__/* .nonBlankText */ .xA)(conclusion) === undefined) {
        return 'completed without a conclusion';
    }
    if (needsStart &&
        startedAtMs === undefined &&
        (status === 'completed' || startedAt !== undefined)) {
        return 'no readable started_at, which since needs';
    }
    const output = (0,_core_is_record_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u)(item['output']) ? item['output'] : {};
    const view = {
        name,
        headSha: headSha.toLowerCase(),
        app: app.toLowerCase(),
        status
    };
    const shown = {
        id: (0,_core_text_js__WEBPACK_IMPORTED_MODULE_1__/* .idText */ .FP)(item['id']),
        appName: (0,_core_is_record_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u)(item['app']) ? (0,_core_text_js__WEBPACK_IMPORTED_MODULE_1__/* .nonBlankText */ .xA)(item['app']['name']) : undefined,
        conclusion: (0,_core_text_js__WEBPACK_IMPORTED_MODULE_1__/* .nonBlankText */ .xA)(conclusion),
        startedAt,
        startedAtMs,
        htmlUrl: (0,_core_text_js__WEBPACK_IMPORTED_MODULE_1__/* .nonBlankText */ .xA)(item['html_url']),
        detailsUrl: (0,_core_text_js__WEBPACK_IMPORTED_MODULE_1__/* .nonBlankText */ .xA)(item['details_url']),
        title: (0,_core_text_js__WEBPACK_IMPORTED_MODULE_1__/* .nonBlankText */ .xA)(output['title']),
        summary: (0,_core_text_js__WEBPACK_IMPORTED_MODULE_1__/* .nonBlankText */ .xA)(output['summary'])
    };
    for (const [key, value] of Object.entries(shown)) {
        if (value !== undefined)
            Object.assign(view, { [key]: value });
    }
    return view;
}
function withEventCheckRun(listed, event) {
    if (!(0,_core_is_record_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u)(event))
        return [...listed];
    const id = (0,_core_text_js__WEBPACK_IMPORTED_MODULE_1__/* .idText */ .FP)(event['id']);
    const index = id === undefined ? -1 : listed.findIndex(item => (0,_core_is_record_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u)(item) && (0,_core_text_js__WEBPACK_IMPORTED_MODULE_1__/* .idText */ .FP)(item['id']) === id);
    if (index < 0)
        return [...listed, event];
    return listed.map((item, i) => (i === index && eventCopyIsNewer(event, item) ? event : item));
}
function eventCopyIsNewer(event, listed) {
    if (!(0,_core_is_record_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u)(listed) || event['status'] !== 'completed' || listed['status'] !== 'completed') {
        return false;
    }
    const [eventEnd, listedEnd] = [event['completed_at'], listed['completed_at']].map(value => {
        const text = (0,_core_text_js__WEBPACK_IMPORTED_MODULE_1__/* .nonBlankText */ .xA)(value);
        return text === undefined ? undefined : (0,_core_iso_time_js__WEBPACK_IMPORTED_MODULE_2__/* .isoTimeMs */ .L)(text);
    });
    return eventEnd !== undefined && listedEnd !== undefined && eventEnd > listedEnd;
}


/***/ }),

/***/ 4173:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   C_: () => (/* binding */ gateLine),
/* harmony export */   GE: () => (/* binding */ verdictAnnotations),
/* harmony export */   If: () => (/* binding */ verdictEmoji),
/* harmony export */   MB: () => (/* binding */ entryName),
/* harmony export */   Q6: () => (/* binding */ entryCause),
/* harmony export */   Y6: () => (/* binding */ restOf),
/* harmony export */   _l: () => (/* binding */ stageWords),
/* harmony export */   bp: () => (/* binding */ moreWords),
/* harmony export */   cu: () => (/* binding */ STATUS_EMOJI),
/* harmony export */   fb: () => (/* binding */ finishedLine),
/* harmony export */   fz: () => (/* binding */ contradictionText),
/* harmony export */   l2: () => (/* binding */ capitalized),
/* harmony export */   q1: () => (/* binding */ headingWords),
/* harmony export */   sn: () => (/* binding */ contradictionLine),
/* harmony export */   wQ: () => (/* binding */ CLASS_LEAD)
/* harmony export */ });
/* unused harmony exports reasonText, bugAnnotationTitles, bugAnnotations */
/* harmony import */ var _core_durations_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(778);
/* harmony import */ var _core_text_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2020);
/* harmony import */ var _poll_log_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(59);



const STATUS_EMOJI = {
    passed: '✅',
    failed: '❌',
    canceled: '❌',
    superseded: '❌',
    'not-tested': '⚪',
    'timed-out': '⏱️',
    interrupted: '⚠️',
    error: '⛔'
};
const CLASS_LEAD = {
    green: 'Green',
    red: 'Not green',
    'no-verdict': 'No verdict'
};
const STAGE_WORDS = {
    initializing: 'initializing',
    underReview: 'under review',
    completed: 'completed',
    canceled: 'canceled'
};
function stageWords(stage) {
    return STAGE_WORDS[stage] ?? stage;
}
const INTERRUPTED_REASON = 'the job was cancelled while waiting for the verdict';
function entryNoun(entry) {
    return entry.source === 'check' ? 'check run' : 'run';
}
function verdictEmoji(verdict) {
    if (verdict.class === 'green')
        return '✅';
    return verdict.status === 'passed' ? '❌' : STATUS_EMOJI[verdict.status];
}
function headingWords(verdict) {
    switch (verdict.class) {
        case 'green':
            return 'green';
        case 'red':
            return verdict.status === 'not-tested' ? 'not tested, not green' : 'not green';
        case 'no-verdict':
            return `${verdict.status === 'timed-out' ? 'timed out' : verdict.status}, no verdict`;
    }
}
function contradictionText(c) {
    switch (c.kind) {
        case 'green-while-canceled':
            return 'the service reported a greenlight for a canceled run';
        case 'green-while-running':
            return `the service reported a greenlight while the run is still ${c.stage}`;
        case 'green-without-count':
            return 'the service reported a greenlight for a completed run but no blocking-bug count';
        case 'green-with-blocking-count':
            return `the service reported a greenlight together with ${(0,_core_text_js__WEBPACK_IMPORTED_MODULE_2__/* .plural */ .LS)(c.count, 'blocking bug')}`;
        case 'green-with-blocking-urls':
            return `the service reported a greenlight and zero blocking bugs, but listed ${(0,_core_text_js__WEBPACK_IMPORTED_MODULE_2__/* .plural */ .LS)(c.count, 'blocking bug URL')}`;
        case 'green-with-blocking-bugs':
            return `the service reported a greenlight and zero blocking bugs, but ${(0,_core_text_js__WEBPACK_IMPORTED_MODULE_2__/* .plural */ .LS)(c.count, 'reproduced bug')} that blocks (urgent, high or unset priority, or isBlocking)`;
    }
}
function reasonText(reason) {
    switch (reason.code) {
        case 'run-canceled': {
            const said = [
                reason.message,
                reason.serviceReason === undefined ? undefined : `reason: ${reason.serviceReason}`
            ].filter((part) => part !== undefined);
            return said.length === 0
                ? 'the run was canceled'
                : `the run was canceled; the service says: ${said.join('; ')}`;
        }
        case 'contradiction':
            return contradictionText(reason.contradiction);
        case 'blocking-bugs':
            return `the run completed with ${(0,_core_text_js__WEBPACK_IMPORTED_MODULE_2__/* .plural */ .LS)(reason.count, 'blocking bug')}`;
        case 'no-greenlight':
            return 'the run completed without a greenlight';
        case 'no-greenlight-zero-blocking':
            return 'the run completed without a greenlight (no blocking bugs in this run; possibly blocking bugs in other workflows)';
        case 'blocking-bugs-in-other-workflows':
            return `${(0,_core_text_js__WEBPACK_IMPORTED_MODULE_2__/* .plural */ .LS)(reason.count, 'blocking bug')} in workflows outside this run, with outcome-when-blocking-bugs-in-other-workflows: red`;
        case 'superseded':
            return `run ${reason.rootRunId} was superseded by run ${reason.newerRunId}, and on-superseded is fail`;
        case 'still-running': {
            const stage = reason.stage ?? 'unknown';
            return reason.wait
                ? `the timeout passed while the run was still ${stage}`
                : `wait is false and the run is still ${stage}`;
        }
        case 'not-ended':
            return `the run was still ${reason.stage}`;
        case 'interrupted':
            return INTERRUPTED_REASON;
        case 'crashed':
            return reason.during === 'query'
                ? `unexpected failure while querying the service: ${reason.message}`
                : `internal error while polling: ${reason.message}`;
        case 'no-answer-to-judge':
            return 'internal error while polling: no answer to judge';
        case 'query-refused':
            return reason.message;
        case 'run-not-found':
            return `${reason.message} (still not found ${(0,_core_durations_js__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a3)(reason.sinceFirstQueryMs)} after the first query; check the run-id input)`;
        case 'unreachable':
            return `${reason.message} The service has not been reachable for ${(0,_core_durations_js__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a3)(reason.unreachableForMs)}; check the base-url input.`;
        case 'retry-after-past-deadline': {
            const wait = `the service asked to wait ${(0,_core_durations_js__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a3)(reason.retryAfterMs)} before the next query (Retry-After), which is past the ${reason.wait ? 'timeout' : 'window of wait: false'} (${(0,_core_durations_js__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a3)(reason.msLeft)} left)`;
            return reason.stage === undefined
                ? `${wait}; no answer before that: ${reason.message}`
                : `the run was still ${reason.stage} and ${wait}: ${reason.message}`;
        }
        case 'failing-at-deadline':
            return `the timeout passed while the run was still ${reason.stage}; the last query failed after ${(0,_core_text_js__WEBPACK_IMPORTED_MODULE_2__/* .plural */ .LS)(reason.failures, 'failed attempt')}: ${reason.message}`;
        case 'no-answer': {
            const attempts = (0,_core_text_js__WEBPACK_IMPORTED_MODULE_2__/* .plural */ .LS)(reason.failures, 'failed attempt');
            if (reason.notFound)
                return `${reason.message} (still not found after ${attempts})`;
            return `no answer from the service ${reason.wait ? 'within the timeout' : 'with wait set to false'} (${attempts}); last failure: ${reason.message}`;
        }
        case 'check-conclusion':
            return (CONCLUSION_WORDS[reason.conclusion] ??
                `the check run concluded ${(0,_core_text_js__WEBPACK_IMPORTED_MODULE_2__/* .quote */ .hD)(reason.conclusion)}, which this action does not know, so it is not green`);
        case 'no-check': {
            const ignored = reason.ignored.length === 0
                ? ''
                : ` (of that name, only check runs ${reason.ignored.map(why => _poll_log_js__WEBPACK_IMPORTED_MODULE_1__/* .IGNORED_WORDS */ .X[why]).join(', ')}, which do not count)`;
            const names = reason.names === undefined ? '' : ` ${(0,_poll_log_js__WEBPACK_IMPORTED_MODULE_1__/* .checkNamesWords */ .S7)(reason.names)}`;
            const causes = reason.names === undefined || reason.names.listed.length === 0
                ? 'Likely causes'
                : "If none of them is QA Wolf's, likely causes";
            return (`QA Wolf posted no check run ${(0,_core_text_js__WEBPACK_IMPORTED_MODULE_2__/* .quote */ .hD)(reason.name)} ${appWords(reason.app)} on this commit ` +
                `${reason.wait ? 'by the timeout' : 'when read once (wait: false)'}${ignored}.${names} ${causes}: ` +
                `the repository is not connected to QA Wolf, QA Wolf's GitHub App is not installed on this ` +
                `repository, or no run started for this deployment (no trigger matched it)`);
        }
        case 'check-rate-limited':
            return `GitHub's rate limit for this token is used up until ${reason.until}, after the ${reason.wait ? 'timeout' : 'read (wait: false)'}, so the step stopped reading the check runs before any counted: no verdict. Re-run the job after the reset, or give the step a token with its own rate limit (github-token)`;
        case 'check-not-completed': {
            const state = reason.checkStatus.replace(/_/g, ' ');
            if (reason.rateLimitedUntil !== undefined) {
                return `the check run was still ${state} when GitHub's rate limit for this token was used up until ${reason.rateLimitedUntil}, after the timeout, so the step stopped reading`;
            }
            return reason.wait
                ? `the timeout passed while the check run was still ${state}`
                : `wait is false and the check run is still ${state}`;
        }
        case 'check-newer-running': {
            const state = reason.checkStatus.replace(/_/g, ' ');
            return reason.rerun
                ? `the check run of this check_run event was asked to run again since and is ${state} now, so its earlier result is not the verdict: its next completed check_run event starts this workflow again and decides`
                : `a newer check run of that name is still ${state} on this commit, so this event's result is not the verdict: the newer check run's own completed check_run event starts this workflow again and decides`;
        }
        case 'check-unreadable':
            return `GitHub listed a check run of that name whose deciding fields cannot be read, so the verdict cannot be trusted: ${reason.problems.join('; ')}`;
        case 'check-read-failed':
            return reason.stoppedForWaitMs === undefined
                ? reason.message
                : `${reason.message} The wait GitHub asked for (${(0,_core_durations_js__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a3)(reason.stoppedForWaitMs)}) ends after the time the step had to read, so the step stopped asking`;
        case 'event-other-check': {
            const which = reason.eventName === undefined
                ? 'a check run without a readable name'
                : `check ${(0,_core_text_js__WEBPACK_IMPORTED_MODULE_2__/* .quote */ .hD)(reason.eventName)}${reason.eventApp === undefined ? '' : ` by ${(0,_core_text_js__WEBPACK_IMPORTED_MODULE_2__/* .quote */ .hD)(reason.eventApp)}`}`;
            const why = reason.why === undefined || reason.why === 'other-app' || reason.why === 'github-actions'
                ? ''
                : ` (${_poll_log_js__WEBPACK_IMPORTED_MODULE_1__/* .IGNORED_WORDS */ .X[reason.why]})`;
            if (reason.why === 'before-since' || reason.why === 'superseded') {
                return reason.why === 'before-since'
                    ? `this check_run event is about ${which}, which started before the since input: an earlier deployment's result, which never counts for this one, so it is never green. The check run of this deployment sends its own completed check_run event; check that since is the time this deployment was reported (notify's reported-at)`
                    : `this check_run event is about ${which}, and a newer check run of that app replaced it, so it is never green: the newer one's own completed check_run event decides`;
            }
            if (reason.why === 'other-commit') {
                return (`this check_run event is about ${which} on another commit than the sha input, so it is never green. ` +
                    `On check_run, github.sha is the default branch's last commit: leave sha empty (the event's commit) or pass sha: \${{ github.event.check_run.head_sha }}`);
            }
            return (`this check_run event is about ${which}${why}, not ${(0,_core_text_js__WEBPACK_IMPORTED_MODULE_2__/* .quote */ .hD)(reason.name)} ${appWords(reason.app)}, ` +
                `so it is never green. Run the job only for QA Wolf's check: add this to the job, ` +
                `if: ${checkRunIf(reason.name, reason.app)}`);
        }
        case 'event-not-completed':
            return reason.eventAction === undefined
                ? `the check_run event's check run is ${reason.checkStatus.replace(/_/g, ' ')}, not completed: start the workflow with on: check_run: types: [completed]`
                : `this check_run event is ${reason.eventAction === '' ? 'of no action' : (0,_core_text_js__WEBPACK_IMPORTED_MODULE_2__/* .quote */ .hD)(reason.eventAction)}, not completed: only a completed event carries a verdict (a rerequested one shows the check run from before it was asked again). Start the workflow with on: check_run: types: [completed]`;
        case 'commit-superseded':
            return `commit ${reason.sha.slice(0, 12)} is an older commit of branch ${(0,_core_text_js__WEBPACK_IMPORTED_MODULE_2__/* .quote */ .hD)(reason.branch)}, whose tip is now ${reason.tip.slice(0, 12)}: only the tip may be promoted, so a late check never rolls production back; the newer commit's own check decides`;
        case 'commit-not-on-branch': {
            const named = reason.eventBranch === undefined
                ? ''
                : ` (branch ${(0,_core_text_js__WEBPACK_IMPORTED_MODULE_2__/* .quote */ .hD)(reason.eventBranch)} as the event says)`;
            const where = reason.found
                ? `is not on branch ${(0,_core_text_js__WEBPACK_IMPORTED_MODULE_2__/* .quote */ .hD)(reason.branch)} (tip ${reason.tip.slice(0, 12)})`
                : `is not known to GitHub in this repository, so it is not on branch ${(0,_core_text_js__WEBPACK_IMPORTED_MODULE_2__/* .quote */ .hD)(reason.branch)}`;
            return `commit ${reason.sha.slice(0, 12)}${named} ${where}: only the tip of ${(0,_core_text_js__WEBPACK_IMPORTED_MODULE_2__/* .quote */ .hD)(reason.branch)} may be promoted (a pull request's, a fork's or a merge queue's commit never is). To promote another branch's tip, set branch: (e.g. branch: release)`;
        }
        case 'branch-not-found':
            return reason.fromDefault
                ? `GitHub has no branch ${(0,_core_text_js__WEBPACK_IMPORTED_MODULE_2__/* .quote */ .hD)(reason.branch)} (the repository's default branch) in this repository, or the token cannot read it (contents: read), so no commit can be promoted from it`
                : `GitHub has no branch ${(0,_core_text_js__WEBPACK_IMPORTED_MODULE_2__/* .quote */ .hD)(reason.branch)} in this repository, or the token cannot read it (contents: read), so no commit can be promoted from it: check the branch input`;
        case 'branch-read-failed':
            return reason.message;
    }
}
const CONCLUSION_WORDS = {
    failure: 'the check run concluded failure',
    timed_out: 'the check run timed out',
    action_required: 'the check run concluded action_required (it waits for someone to act on it)',
    startup_failure: 'the check run failed to start (startup_failure)',
    cancelled: 'the check run was cancelled',
    neutral: 'the check run concluded neutral: nothing was tested, which is not green',
    skipped: 'the check run was skipped: nothing was tested, which is not green',
    stale: 'the check run is stale (GitHub marks a check run stale when it did not complete in time), which is not green'
};
function appWords(app) {
    return app === '' ? 'by an app other than GitHub Actions' : `by app ${(0,_core_text_js__WEBPACK_IMPORTED_MODULE_2__/* .quote */ .hD)(app)}`;
}
function checkRunIf(name, app) {
    const literal = (text) => `'${text.replace(/'/g, "''")}'`;
    return (`github.event.check_run.name == ${literal(name)} && github.event.check_run.app.slug ` +
        (app === '' ? "!= 'github-actions'" : `== ${literal(app)}`));
}
function entryName(entry) {
    if (entry.source === 'check' && entry.check === undefined)
        return `check ${entry.id}`;
    return `${entryNoun(entry)} ${entry.id}`;
}
function capitalized(words) {
    return `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
}
function entryCause(entry, timedOutAfterMs) {
    const reason = entry.reason === undefined ? undefined : reasonText(entry.reason);
    const response = entry.run?.response;
    if (entry.source === 'check' && entry.status === 'passed') {
        return `${entry.check?.name ?? 'the check'} concluded success${entry.check === undefined ? '' : ` (posted by ${entry.check.appName ?? entry.check.app})`}`;
    }
    if (entry.reason?.code === 'check-newer-running' && reason !== undefined)
        return reason;
    if (entry.source === 'check' && entry.status === 'timed-out' && reason !== undefined) {
        return `${waitedWords(timedOutAfterMs)}: ${reason}`;
    }
    switch (entry.status) {
        case 'passed':
            return 'completed with no blocking bugs';
        case 'failed': {
            const blocking = entry.bugs.blocking.count.total;
            if (blocking > 0)
                return (0,_core_text_js__WEBPACK_IMPORTED_MODULE_2__/* .plural */ .LS)(blocking, 'blocking bug');
            return reason ?? 'the service did not give the greenlight';
        }
        case 'canceled':
            return reason ?? 'the run was canceled';
        case 'superseded':
            return reason ?? 'superseded by a newer run';
        case 'not-tested':
            return reason ?? 'not tested';
        case 'timed-out': {
            const waited = waitedWords(timedOutAfterMs);
            return response === undefined
                ? waited
                : `${waited}; the run was ${stageWords(response.runStage)}`;
        }
        case 'interrupted':
            return `interrupted: ${reason ?? INTERRUPTED_REASON}`;
        case 'error':
            return `error: ${reason ?? 'the verdict could not be obtained'}`;
    }
}
function waitedWords(timedOutAfterMs) {
    return timedOutAfterMs === undefined || !Number.isFinite(timedOutAfterMs) || timedOutAfterMs < 0
        ? 'timed out'
        : timedOutAfterMs === 0
            ? 'not finished when queried once without waiting'
            : `timed out after ${(0,_core_durations_js__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a3)(timedOutAfterMs)}`;
}
function finishedLine(entry) {
    const queries = entry.run?.queries ?? 0;
    return `Run ${entry.id}: ${entry.status} after ${(0,_core_text_js__WEBPACK_IMPORTED_MODULE_2__/* .plural */ .LS)(queries, 'query', 'queries')}.`;
}
function contradictionLine(runId, contradiction) {
    return `Run ${(0,_core_text_js__WEBPACK_IMPORTED_MODULE_2__/* .plainText */ .wh)(runId, Number.POSITIVE_INFINITY)}: the service's answer contradicts itself (${contradictionText(contradiction)}); it is not treated as green.`;
}
function moreWords(rest, noun) {
    return `… and ${(0,_core_text_js__WEBPACK_IMPORTED_MODULE_2__/* .plural */ .LS)(rest, `more ${noun}`)}`;
}
function restOf(count, shown) {
    return count.more + Math.max(0, count.listed - shown);
}
const MAX_BUG_ANNOTATIONS = 8;
function verdictAnnotations(verdict, labelPrefix) {
    return bugAnnotations(bugAnnotationTitles(verdict), verdict.bugs.blocking.count, MAX_BUG_ANNOTATIONS, labelPrefix);
}
function bugAnnotationTitles(verdict) {
    return verdict.bugs.blocking.shown.map(({ bug, entryId }) => bugTitle(bug, entryId));
}
function bugAnnotations(titles, count, max, labelPrefix) {
    const shown = titles.slice(0, max);
    const lines = shown.map(title => ({
        message: `${labelPrefix}Blocking bug: ${title}`,
        title: `Blocking bug: ${title}`
    }));
    const rest = restOf(count, shown.length);
    if (rest > 0) {
        lines.push({
            message: `${labelPrefix}${moreWords(rest, 'blocking bug')}: see the job summary.`,
            title: `${(0,_core_text_js__WEBPACK_IMPORTED_MODULE_2__/* .plural */ .LS)(rest, 'more blocking bug')}`
        });
    }
    return lines;
}
function bugTitle(bug, entryId) {
    const title = (0,_core_text_js__WEBPACK_IMPORTED_MODULE_2__/* .plainText */ .wh)(bug.name ?? bug.url ?? '');
    return title === '' ? `Unnamed blocking bug in run ${(0,_core_text_js__WEBPACK_IMPORTED_MODULE_2__/* .plainText */ .wh)(entryId)}` : title;
}
function gateLine(verdict, gate, labelPrefix) {
    if (gate.ends === 'green')
        return { kind: 'info', message: `${labelPrefix}QA verdict: green.` };
    const message = verdict.interrupted === 'reporting'
        ? `${labelPrefix}The job was cancelled while the verdict was being reported.`
        : `${labelPrefix}QA verdict: ${verdict.status}. ${verdict.entries
            .filter(entry => entry.status !== 'passed')
            .map(entry => `${entry.id}: ${entry.status}${entry.reason ? ` (${reasonText(entry.reason)})` : ''}`)
            .join('; ')}`.trim();
    if (gate.ends === 'failed')
        return { kind: 'failed', message };
    return { kind: 'warning', message: `${message} (${gate.forgivenBy} is false)` };
}


/***/ }),

/***/ 59:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   DC: () => (/* binding */ checkNamesLine),
/* harmony export */   DQ: () => (/* binding */ unknownStageWarning),
/* harmony export */   S7: () => (/* binding */ checkNamesWords),
/* harmony export */   X: () => (/* binding */ IGNORED_WORDS),
/* harmony export */   X0: () => (/* binding */ changesWorthLogging),
/* harmony export */   fT: () => (/* binding */ droppedFieldWarning),
/* harmony export */   i7: () => (/* binding */ pollingStartLine),
/* harmony export */   iK: () => (/* binding */ RetryLines),
/* harmony export */   kz: () => (/* binding */ checkWaitingLine)
/* harmony export */ });
/* harmony import */ var _core_durations_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(778);
/* harmony import */ var _core_text_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2020);
/* harmony import */ var _bugs_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8594);



const RETRY_LINE_EVERY_MS = 30_000;
function logText(text) {
    return (0,_core_text_js__WEBPACK_IMPORTED_MODULE_2__/* .plainText */ .wh)(text, Number.POSITIVE_INFINITY);
}
function pollingStartLine(settings) {
    const runList = settings.runIds.join(', ');
    return settings.wait
        ? `Waiting for the QA verdict of ${runList} (timeout ${(0,_core_durations_js__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a3)(settings.timeoutMs)}, polling every ${(0,_core_durations_js__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a3)(settings.pollIntervalMs)}).`
        : `Querying the QA verdict of ${runList} once (wait: false).`;
}
function droppedFieldWarning(field) {
    return (`The QA service's greenlight answer has no readable '${logText(field)}' (missing, null or not of the documented type); it is left out of what this step shows, and ` +
        (_bugs_js__WEBPACK_IMPORTED_MODULE_1__/* .FIELDS_THAT_EXCUSE_A_BUG */ .rx.has(field)
            ? `a bug without 'isBlocking' that it would have named as non-blocking counts as blocking.`
            : `it does not decide the verdict.`));
}
function unknownStageWarning(stage) {
    return `The QA service reports run stage '${logText(stage)}', which this action does not know; it is not a verdict, so polling goes on within the timeout.`;
}
function changesWorthLogging(previous, response, previousRunId, relevantRunId) {
    const lines = [];
    const run = `Run ${logText(relevantRunId)}`;
    if (relevantRunId !== previousRunId) {
        lines.push(`Run ${logText(previousRunId)} was superseded by run ${logText(relevantRunId)}; following the newer run.`);
    }
    if (previous === undefined)
        lines.push(`${run}: stage ${response.runStage}.`);
    else if (response.runStage !== previous.runStage) {
        lines.push(`${run}: stage ${response.runStage} (was ${previous.runStage}).`);
    }
    const counts = describeCounts(response);
    if (previous === undefined || counts !== describeCounts(previous))
        lines.push(`${run}: ${counts}.`);
    return lines;
}
function describeCounts(r) {
    const parts = [];
    if (r.workflowsInRunCount !== undefined)
        parts.push((0,_core_text_js__WEBPACK_IMPORTED_MODULE_2__/* .plural */ .LS)(r.workflowsInRunCount, 'workflow'));
    if (r.workflowsUnderInvestigationCount !== undefined) {
        parts.push(`${r.workflowsUnderInvestigationCount} under investigation`);
    }
    if (r.workflowsAutoRetryingCount !== undefined) {
        parts.push(`${r.workflowsAutoRetryingCount} auto-retrying`);
    }
    if ((r.workflowsDisabledAfterRunCount ?? 0) > 0) {
        parts.push(`${r.workflowsDisabledAfterRunCount} disabled after the run`);
    }
    if (r.blockingBugsCount !== undefined)
        parts.push((0,_core_text_js__WEBPACK_IMPORTED_MODULE_2__/* .plural */ .LS)(r.blockingBugsCount, 'blocking bug'));
    if (r.nonBlockingBugsCount !== undefined) {
        parts.push((0,_core_text_js__WEBPACK_IMPORTED_MODULE_2__/* .plural */ .LS)(r.nonBlockingBugsCount, 'non-blocking bug'));
    }
    return parts.length === 0 ? 'no counts reported' : parts.join(', ');
}
class RetryLines {
    lastKind;
    lastLineAt = -Infinity;
    line(f) {
        const run = `Run ${logText(f.runId)}`;
        const next = `retry ${f.failures} in ${(0,_core_durations_js__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a3)(Math.min(f.delayMs, f.msLeft))}`;
        const repeat = f.failures > 1 && f.kind === this.lastKind;
        if (repeat && f.now - this.lastLineAt < RETRY_LINE_EVERY_MS)
            return undefined;
        this.lastLineAt = f.now;
        this.lastKind = f.kind;
        if (repeat)
            return `${run}: the same failure again (${(0,_core_text_js__WEBPACK_IMPORTED_MODULE_2__/* .plural */ .LS)(f.failures, 'attempt')}); ${next}.`;
        if (f.notFound !== undefined) {
            const until = f.notFound.msLeft < f.msLeft
                ? `${(0,_core_durations_js__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a3)(f.notFound.graceMs)} after the first query (${(0,_core_durations_js__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a3)(Math.max(0, f.notFound.msLeft))} left; then the step fails: check the run-id input)`
                : `the timeout (${(0,_core_durations_js__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a3)(f.msLeft)} left)`;
            return `${logText(f.runId)} not found; the service may not have indexed a new run yet, retrying until ${until}; ${next}. ${logText(f.reason)}`;
        }
        const until = f.unreachableMsLeft !== undefined && f.unreachableMsLeft < f.msLeft
            ? `for at most ${(0,_core_durations_js__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a3)(f.unreachableMsLeft)} more while it cannot be reached (then the step fails; check the base-url input)`
            : `until the timeout (${(0,_core_durations_js__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a3)(f.msLeft)} left)`;
        return `${run}: query failed (${logText(f.reason)}); retrying ${until}; ${next}.`;
    }
    reset() {
        this.lastKind = undefined;
        this.lastLineAt = -Infinity;
    }
}
const IGNORED_WORDS = {
    'other-commit': 'on another commit',
    'other-app': 'by another app than check-app',
    'github-actions': 'by GitHub Actions (a placeholder a workflow created)',
    'before-since': 'started before since',
    superseded: 'older than a check run of the same app'
};
function checkWaitingLine(selection, rules) {
    const ignored = selection.ignored.length === 0
        ? ''
        : ` (${(0,_core_text_js__WEBPACK_IMPORTED_MODULE_2__/* .plural */ .LS)(selection.ignored.length, 'check run')} of that name ignored: ${[
            ...new Set(selection.ignored.map(entry => IGNORED_WORDS[entry.why]))
        ].join(', ')})`;
    const commit = rules.sha.slice(0, 12);
    if (selection.counting.length === 0) {
        return `No check run ${(0,_core_text_js__WEBPACK_IMPORTED_MODULE_2__/* .quote */ .hD)(rules.name)} counts on ${commit} yet${ignored}.`;
    }
    const states = selection.counting.map(run => (0,_core_text_js__WEBPACK_IMPORTED_MODULE_2__/* .plainText */ .wh)(run.conclusion ?? run.status.replace(/_/g, ' '), 40));
    return `Check run ${(0,_core_text_js__WEBPACK_IMPORTED_MODULE_2__/* .quote */ .hD)(rules.name)} on ${commit}: ${states.join(', ')}${ignored}.`;
}
function checkNamesWords(names) {
    if (names.listed.length === 0)
        return 'GitHub lists no check run at all on this commit.';
    const nearest = names.nearest === undefined
        ? '.'
        : `: did you mean ${names.nearest.input}: ${(0,_core_text_js__WEBPACK_IMPORTED_MODULE_2__/* .quote */ .hD)(names.nearest.value)}?`;
    return `GitHub lists these check runs on this commit: ${listedNames(names)}; check-name and check-app must match one of them exactly${nearest}`;
}
function listedNames(names) {
    const listed = names.listed.map(({ name, app }) => `${(0,_core_text_js__WEBPACK_IMPORTED_MODULE_2__/* .quote */ .hD)(name)} by ${app}`).join(', ');
    return `${listed}${names.more > 0 ? ` (and ${names.more} more)` : ''}`;
}
function checkNamesLine(names) {
    if (names.listed.length === 0)
        return 'GitHub lists no check run on this commit yet.';
    const nearest = names.nearest === undefined
        ? ''
        : ` Did you mean ${names.nearest.input}: ${(0,_core_text_js__WEBPACK_IMPORTED_MODULE_2__/* .quote */ .hD)(names.nearest.value)}? It must match exactly.`;
    return `Check runs on this commit so far: ${listedNames(names)}.${nearest}`;
}


/***/ }),

/***/ 4036:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   E5: () => (/* binding */ renderPullRequestComment),
/* harmony export */   Ql: () => (/* binding */ commentMarker),
/* harmony export */   Rj: () => (/* binding */ githubLinks),
/* harmony export */   xY: () => (/* binding */ hasMarker)
/* harmony export */ });
/* unused harmony exports COMMENT_MAX_CHARS, MAX_COMMENT_BUGS, COMMENT_TRUNCATION_NOTE */
/* harmony import */ var _summary_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6041);
/* harmony import */ var _messages_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4173);
/* harmony import */ var _render_markdown_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2495);
/* harmony import */ var _render_byte_budget_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(2636);




const COMMENT_MAX_CHARS = 65_000;
const MAX_COMMENT_BUGS = 25;
const COMMENT_TRUNCATION_NOTE = "⚠️ **This comment was truncated** to stay within GitHub's comment size limit. " +
    'The job summary of the workflow run has the details.';
function commentMarker(label) {
    if (label === '')
        return '<!-- qa-greenlight -->';
    let encoded = '';
    for (const char of label) {
        encoded += /^[A-Za-z0-9._~-]$/.test(char)
            ? char
            : [...Buffer.from(char, 'utf8')]
                .map(byte => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`)
                .join('');
    }
    return `<!-- qa-greenlight:${encoded} -->`;
}
function hasMarker(body, marker) {
    return typeof body === 'string' && (body.split('\n', 1)[0] ?? '').trim() === marker;
}
function githubLinks(ctx, env, sha) {
    const server = (0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .safeHttpUrl */ .vH)(ctx.serverUrl) === undefined ? undefined : ctx.serverUrl;
    if (server === undefined || !/^[^/\s]+\/[^/\s]+$/.test(ctx.repository))
        return {};
    const base = `${server}/${ctx.repository}`;
    const runId = env['GITHUB_RUN_ID'] ?? '';
    const attempt = Number(env['GITHUB_RUN_ATTEMPT'] ?? '1');
    const links = {};
    if (sha !== undefined)
        links.commitUrl = `${base}/commit/${sha}`;
    if (/^\d+$/.test(runId)) {
        links.workflowRunUrl =
            Number.isInteger(attempt) && attempt > 1
                ? `${base}/actions/runs/${runId}/attempts/${attempt}`
                : `${base}/actions/runs/${runId}`;
    }
    return links;
}
function renderPullRequestComment(content) {
    const marker = commentMarker(content.label);
    const footer = renderFooter(content);
    const main = [
        ...(0,_summary_js__WEBPACK_IMPORTED_MODULE_0__/* .renderVerdictLead */ .wb)(content.verdict, content.label),
        '',
        ...renderStepBugs(content.verdict.bugs.blocking, 'Blocking bugs'),
        '',
        ...renderStepBugs(content.verdict.bugs.other, 'Blocking bugs in workflows outside this run'),
        '',
        renderRunTable(content.verdict)
    ]
        .join('\n')
        .replace(/\n{3,}/g, '\n\n')
        .trim();
    const budget = COMMENT_MAX_CHARS - (0,_render_byte_budget_js__WEBPACK_IMPORTED_MODULE_3__/* .utf8Length */ .wI)(`${marker}\n\n\n${footer}\n`);
    const limited = (0,_render_byte_budget_js__WEBPACK_IMPORTED_MODULE_3__/* .limitSummary */ .g9)(main, budget, COMMENT_TRUNCATION_NOTE).trimEnd();
    return `${marker}\n${limited}\n\n${footer}\n`;
}
function renderRunTable(verdict) {
    if (verdict.entries.some(entry => entry.source === 'check'))
        return renderCheckTable(verdict);
    const rows = verdict.entries.map(entry => {
        const response = entry.run?.response;
        const supersededBy = entry.run?.supersededBy;
        const runCell = supersededBy !== undefined
            ? `${(0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .link */ .nf)(entry.id, entry.url)} → ${(0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .link */ .nf)(supersededBy, response?.relevantRunUrl)}`
            : (0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .link */ .nf)(entry.id, entry.url ?? response?.relevantRunUrl);
        return [
            runCell,
            (0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .escapeText */ .X1)(entry.status),
            response === undefined ? '—' : String(entry.bugs.blocking.count.total),
            response === undefined ? '—' : String(entry.bugs.nonBlocking.count.total),
            (0,_summary_js__WEBPACK_IMPORTED_MODULE_0__/* .count */ .U9)(response?.workflowsInRunCount),
            (0,_summary_js__WEBPACK_IMPORTED_MODULE_0__/* .count */ .U9)(response?.workflowsUnderInvestigationCount),
            response === undefined ? '—' : (0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .link */ .nf)('bugs', response.relevantRunWithBugsUrl)
        ];
    });
    return (0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .table */ .tp)([
        'Run',
        'Status',
        'Blocking bugs',
        'Non-blocking bugs',
        'Workflows',
        'Under investigation',
        'Link'
    ], rows);
}
function renderCheckTable(verdict) {
    const rows = verdict.entries.map(entry => [
        (0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .link */ .nf)(entry.check === undefined ? entry.id : `${entry.check.name} (${entry.id})`, entry.url),
        (0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .escapeText */ .X1)(entry.check?.appName ?? entry.check?.app ?? '—'),
        (0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .escapeText */ .X1)(entry.status),
        (0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .escapeText */ .X1)(entry.check?.conclusion ?? entry.check?.checkStatus ?? '—'),
        entry.check?.detailsUrl === undefined ? '—' : (0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .link */ .nf)('details', entry.check.detailsUrl)
    ]);
    return (0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .table */ .tp)(['Check run', 'App', 'Status', 'Conclusion', 'Link'], rows);
}
function renderStepBugs(list, title) {
    if (list.count.total === 0)
        return [];
    const shown = list.shown.slice(0, MAX_COMMENT_BUGS).map(({ bug }) => bug);
    const body = (0,_summary_js__WEBPACK_IMPORTED_MODULE_0__/* .renderBugList */ .LX)(shown, (0,_messages_js__WEBPACK_IMPORTED_MODULE_1__/* .restOf */ .Y6)(list.count, shown.length), rest => `${(0,_messages_js__WEBPACK_IMPORTED_MODULE_1__/* .moreWords */ .bp)(rest, 'blocking bug')}: see the job summary or the QA service.`);
    return [`**${title} (${list.count.total}):**`, '', body];
}
function renderFooter(content) {
    const parts = [];
    if (content.commitSha !== undefined) {
        parts.push(`Commit ${(0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .link */ .nf)(content.commitSha.slice(0, 7), content.links?.commitUrl)}`);
    }
    if (content.links?.workflowRunUrl !== undefined) {
        parts.push((0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_2__/* .link */ .nf)('workflow run and job summary', content.links.workflowRunUrl));
    }
    parts.push('updated by qa-greenlight on every run of this step');
    return `<sub>${parts.join(' · ')}</sub>`;
}


/***/ }),

/***/ 3254:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  greenlightMode: () => (/* binding */ greenlightMode),
  runGreenlight: () => (/* binding */ runGreenlight)
});

// EXTERNAL MODULE: ./src/render/action-io.ts + 1 modules
var action_io = __webpack_require__(9960);
// EXTERNAL MODULE: ./src/greenlight/summary.ts
var summary = __webpack_require__(6041);
// EXTERNAL MODULE: ./src/service/errors.ts
var errors = __webpack_require__(5756);
// EXTERNAL MODULE: ./src/core/error-message.ts
var error_message = __webpack_require__(7);
// EXTERNAL MODULE: ./src/service/retry-policy.ts
var retry_policy = __webpack_require__(7856);
// EXTERNAL MODULE: ./src/greenlight/bugs.ts
var greenlight_bugs = __webpack_require__(8594);
// EXTERNAL MODULE: ./src/service/schemas.ts
var schemas = __webpack_require__(2051);
;// CONCATENATED MODULE: ./src/greenlight/stages.ts

const TERMINAL_STAGES = new Set(['completed', 'canceled']);
const KNOWN_STAGES = new Set(schemas/* RUN_STAGES */.Wm);
function isTerminalStage(stage) {
    return TERMINAL_STAGES.has(stage);
}
function isKnownStage(stage) {
    return KNOWN_STAGES.has(stage);
}
function relevantRunOf(response, askedRunId) {
    const relevant = response.relevantRunId;
    return relevant.trim() === '' ? askedRunId : relevant;
}
function supersedingRunId(response, rootRunId, askedRunId = rootRunId) {
    if (response === undefined)
        return undefined;
    const relevant = relevantRunOf(response, askedRunId);
    return relevant === rootRunId ? undefined : relevant;
}

;// CONCATENATED MODULE: ./src/greenlight/poll-limiter.ts
const MAX_CONCURRENT_QUERIES = 16;
function limitConcurrency(query, max) {
    let active = 0;
    const waiting = [];
    return async (runId, signal, timeoutMs) => {
        if (active < max)
            active++;
        else
            await new Promise(resolve => waiting.push(resolve));
        try {
            return await query(runId, signal, timeoutMs);
        }
        finally {
            const next = waiting.shift();
            if (next)
                next();
            else
                active--;
        }
    };
}

// EXTERNAL MODULE: ./src/greenlight/poll-log.ts
var poll_log = __webpack_require__(59);
;// CONCATENATED MODULE: ./src/greenlight/settle.ts
function settle(run, signal) {
    if (signal?.aborted)
        return Promise.resolve({ type: 'aborted' });
    const outcome = new Promise(resolve => resolve(run())).then((value) => ({ type: 'value', value }), (error) => ({ type: 'error', error }));
    if (signal === undefined)
        return outcome;
    return new Promise(resolve => {
        const onAbort = () => resolve({ type: 'aborted' });
        signal.addEventListener('abort', onAbort, { once: true });
        void outcome.then(result => {
            signal.removeEventListener('abort', onAbort);
            resolve(signal.aborted ? { type: 'aborted' } : result);
        });
    });
}

;// CONCATENATED MODULE: ./src/greenlight/polling.ts








const NO_WAIT_RETRY_WINDOW_MS = 30_000;
const MIN_REQUEST_TIMEOUT_MS = 5000;
function keepWhole(answer) {
    return { response: answer, figures: (0,greenlight_bugs/* answerFigures */.SG)(answer) };
}
async function pollRun(rootRunId, deps, options) {
    requireDuration('timeoutMs', options.timeoutMs, 0);
    requireDuration('pollIntervalMs', options.pollIntervalMs, 1);
    requireDuration('notFoundGraceMs', options.notFoundGraceMs ?? 0, 0);
    const { clock, signal } = deps;
    const log = (line) => {
        try {
            deps.onLog?.(line);
        }
        catch {
        }
    };
    const start = clock.now();
    const interval = options.pollIntervalMs;
    const firstInterval = Math.floor(unit(deps.random()) * interval);
    const startJitter = unit(deps.random()) * Math.min(options.maxStartJitterMs ?? 0, interval);
    let deadline = options.deadlineMs ?? start + options.timeoutMs;
    if (!options.wait)
        deadline = Math.min(deadline, start + NO_WAIT_RETRY_WINDOW_MS);
    let queries = 0;
    let answers = 0;
    let failures = 0;
    let firstQueryAt;
    let unreachableSince;
    let lastResponse;
    let lastFigures;
    let answeredBy;
    let rootRunUrl;
    let runId = rootRunId;
    const retryLines = new poll_log/* RetryLines */.iK();
    const finish = (ended) => {
        const facts = { rootRunId, queries, ended };
        if (lastResponse !== undefined)
            facts.lastResponse = lastResponse;
        if (lastFigures !== undefined)
            facts.lastFigures = lastFigures;
        if (answeredBy !== undefined)
            facts.answeredBy = answeredBy;
        if (rootRunUrl !== undefined)
            facts.rootRunUrl = rootRunUrl;
        try {
            deps.onFinished?.(facts);
        }
        catch {
        }
        return facts;
    };
    const waitUntil = async (at) => {
        for (let ms = Math.min(at, deadline) - clock.now(); ms > 0 && !signal?.aborted;) {
            await clock.sleep(ms, signal);
            ms = Math.min(at, deadline) - clock.now();
        }
        return signal?.aborted !== true;
    };
    try {
        if (options.wait && !(await waitUntil(start + Math.floor(startJitter)))) {
            return finish({ why: 'interrupted' });
        }
        for (;;) {
            if (signal?.aborted)
                return finish({ why: 'interrupted' });
            const askedAt = clock.now();
            queries++;
            firstQueryAt ??= askedAt;
            const timeoutMs = Math.max(MIN_REQUEST_TIMEOUT_MS, deadline - askedAt);
            const settled = await settle(() => deps.query(runId, signal, timeoutMs), signal);
            if (settled.type === 'aborted')
                return finish({ why: 'interrupted' });
            const now = clock.now();
            const error = settled.type === 'error' ? settled.error : answerProblem(settled.value, runId, rootRunId);
            if (settled.type === 'value' && error === undefined) {
                const response = settled.value;
                const previousRunId = lastResponse === undefined ? rootRunId : relevantRunOf(lastResponse, answeredBy ?? runId);
                const relevantRunId = relevantRunOf(response, runId);
                (0,poll_log/* changesWorthLogging */.X0)(lastResponse, response, previousRunId, relevantRunId).forEach(line => log(line));
                try {
                    deps.onAnswer?.({ rootRunId, response, relevantRunId });
                }
                catch {
                }
                if (response.rootRunId === rootRunId)
                    rootRunUrl ??= response.rootRunUrl;
                const kept = (deps.keep ?? keepWhole)(response);
                lastResponse = kept.response;
                lastFigures = kept.figures;
                answeredBy = runId;
                answers++;
                failures = 0;
                unreachableSince = undefined;
                retryLines.reset();
                const newer = supersedingRunId(response, rootRunId, runId);
                if (options.stopWhenSuperseded === true && newer !== undefined) {
                    return finish({ why: 'superseded' });
                }
                if (isTerminalStage(response.runStage))
                    return finish({ why: 'answered' });
                if (!options.wait || now >= deadline) {
                    return finish({ why: 'still-running', wait: options.wait });
                }
                runId = relevantRunId;
                await waitUntil(askedAt + (answers === 1 ? firstInterval : interval));
                continue;
            }
            const jitter = deps.random();
            if (!(error instanceof errors/* ServiceError */._7)) {
                return finish({ why: 'crashed', during: 'query', message: (0,error_message/* errorMessage */.g)(error) });
            }
            failures++;
            const reason = error.message.trim() || `greenlight query failed (${error.kind})`;
            unreachableSince = error.unreachable ? (unreachableSince ?? now) : undefined;
            const unreachableForMs = unreachableSince === undefined ? 0 : now - unreachableSince;
            const msLeft = deadline - now;
            const facts = { failures, msLeft, unreachableForMs, sinceFirstQueryMs: now - firstQueryAt };
            const decision = (0,retry_policy/* retryDecision */.PQ)(error, { ...options, ...facts, method: 'GET', jitter });
            if (!decision.retry) {
                const { stop } = decision;
                return finish({ why: 'failed', stop, error, reason, wait: options.wait, ...facts });
            }
            const limit = options.unreachableLimitMs ?? retry_policy/* DEFAULT_UNREACHABLE_LIMIT_MS */.KO;
            const grace = options.notFoundGraceMs ?? retry_policy/* DEFAULT_NOT_FOUND_GRACE_MS */.xi;
            const notFound = error.kind === 'http' && error.status === 404;
            const line = retryLines.line({
                ...{ runId, reason, failures, delayMs: decision.delayMs, now, msLeft },
                kind: `${error.kind} ${error.status ?? ''}`,
                ...(error.unreachable ? { unreachableMsLeft: limit - unreachableForMs } : {}),
                ...(notFound ? { notFound: { graceMs: grace, msLeft: grace - (now - firstQueryAt) } } : {})
            });
            if (line !== undefined)
                log(line);
            await waitUntil(now + decision.delayMs);
        }
    }
    catch (error) {
        return finish({ why: 'crashed', during: 'polling', message: (0,error_message/* errorMessage */.g)(error) });
    }
}
function answerProblem(response, queriedRunId, rootRunId) {
    if (response.rootRunId === queriedRunId || response.rootRunId === rootRunId)
        return undefined;
    return new errors/* ServiceError */._7('unreadable', `the service's greenlight response is for run ${JSON.stringify(response.rootRunId.slice(0, 80))}, not for the run asked about`);
}
function requireDuration(name, value, min) {
    if (!Number.isFinite(value) || value < min) {
        throw new RangeError(`${name} must be a finite number of milliseconds of at least ${min}, got ${String(value)}`);
    }
}
function unit(fraction) {
    return Math.min(1, Math.max(0, fraction));
}
function pollRuns(runIds, deps, options) {
    const deadlineMs = options.deadlineMs ?? deps.clock.now() + options.timeoutMs;
    const shared = { ...deps, query: limitConcurrency(deps.query, MAX_CONCURRENT_QUERIES) };
    return Promise.all(runIds.map(id => pollRun(id, shared, { ...options, deadlineMs })));
}

// EXTERNAL MODULE: ./src/inputs/settings.ts
var inputs_settings = __webpack_require__(900);
// EXTERNAL MODULE: ./src/render/byte-budget.ts
var byte_budget = __webpack_require__(2636);
// EXTERNAL MODULE: ./src/core/text.ts
var core_text = __webpack_require__(2020);
;// CONCATENATED MODULE: ./src/greenlight/run-outcome.ts
const RUN_STATUSES_WORST_FIRST = [
    'error',
    'interrupted',
    'canceled',
    'superseded',
    'failed',
    'not-tested',
    'timed-out',
    'passed'
];

;// CONCATENATED MODULE: ./src/greenlight/verdict.ts



const STATUS_CLASS = {
    passed: 'green',
    failed: 'red',
    canceled: 'red',
    superseded: 'red',
    'not-tested': 'red',
    'timed-out': 'no-verdict',
    interrupted: 'no-verdict',
    error: 'no-verdict'
};
function classOf(status) {
    return STATUS_CLASS[status];
}
function noBugs() {
    return { blocking: bugList([], 0), nonBlocking: bugList([], 0), other: bugList([], 0) };
}
function contradicted(contradiction) {
    return {
        terminal: true,
        green: false,
        status: 'error',
        reason: { code: 'contradiction', contradiction },
        contradiction
    };
}
function judgeResponse(r, figures = (0,greenlight_bugs/* answerFigures */.SG)(r)) {
    switch (r.runStage) {
        case 'canceled': {
            if (r.greenlight === true)
                return contradicted({ kind: 'green-while-canceled' });
            const reason = { code: 'run-canceled' };
            const message = shownText(r['message']);
            const serviceReason = shownText(r['reason']);
            if (message !== undefined)
                reason.message = message;
            if (serviceReason !== undefined)
                reason.serviceReason = serviceReason;
            return { terminal: true, green: false, status: 'canceled', reason };
        }
        case 'completed': {
            if (r.greenlight === true) {
                const contradiction = completedContradiction(r, figures);
                if (contradiction !== undefined)
                    return contradicted(contradiction);
                return { terminal: true, green: true, status: 'passed' };
            }
            return { terminal: true, green: false, status: 'failed', reason: failedReason(r, figures) };
        }
        default: {
            if (r.greenlight === true) {
                return {
                    terminal: false,
                    green: false,
                    contradiction: { kind: 'green-while-running', stage: r.runStage }
                };
            }
            return { terminal: false, green: false };
        }
    }
}
function shownText(value) {
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}
function completedContradiction(r, figures) {
    const count = r.blockingBugsCount;
    if (count === undefined)
        return { kind: 'green-without-count' };
    if (count !== 0)
        return { kind: 'green-with-blocking-count', count };
    const urls = r.blockingBugUrls?.length ?? 0;
    if (urls !== 0)
        return { kind: 'green-with-blocking-urls', count: urls };
    if (figures.blockingBugs !== 0)
        return { kind: 'green-with-blocking-bugs', count: figures.blockingBugs };
    return undefined;
}
function failedReason(r, figures) {
    const total = blockingTotal(r, figures);
    if (total > 0)
        return { code: 'blocking-bugs', count: total };
    if (r.blockingBugsCount === undefined)
        return { code: 'no-greenlight' };
    return { code: 'no-greenlight-zero-blocking' };
}
function blockingTotal(r, figures) {
    return Math.max(r?.blockingBugsCount ?? 0, figures.blockingBugs);
}
function worseStatus(a, b) {
    return RUN_STATUSES_WORST_FIRST.indexOf(a) <= RUN_STATUSES_WORST_FIRST.indexOf(b) ? a : b;
}
function aggregateVerdict(entries) {
    if (entries.length === 0)
        return { green: false, status: 'error', runs: [] };
    const status = entries.map(r => r.status).reduce(worseStatus);
    return { green: entries.every(r => r.status === 'passed'), status, runs: [...entries] };
}
function decideRun(facts, rules = {}) {
    const { ended, lastResponse } = facts;
    const figures = facts.lastFigures ?? (lastResponse && (0,greenlight_bugs/* answerFigures */.SG)(lastResponse));
    const { status, reason } = endedStatus(ended, lastResponse, figures);
    const outcome = { rootRunId: facts.rootRunId, status, queries: facts.queries };
    if (lastResponse !== undefined)
        outcome.lastResponse = lastResponse;
    if (figures !== undefined)
        outcome.lastFigures = figures;
    if (facts.answeredBy !== undefined)
        outcome.answeredBy = facts.answeredBy;
    if (facts.rootRunUrl !== undefined)
        outcome.rootRunUrl = facts.rootRunUrl;
    const newer = supersedingRunId(lastResponse, facts.rootRunId, facts.answeredBy);
    if (rules.onSuperseded === 'fail' &&
        newer !== undefined &&
        (ended.why === 'superseded' || ['passed', 'failed', 'canceled'].includes(status))) {
        outcome.status = 'superseded';
        outcome.reason = { code: 'superseded', rootRunId: facts.rootRunId, newerRunId: newer };
        return outcome;
    }
    if (reason !== undefined)
        outcome.reason = reason;
    return outcome;
}
function endedStatus(ended, lastResponse, figures) {
    switch (ended.why) {
        case 'answered':
        case 'superseded': {
            if (lastResponse === undefined) {
                return { status: 'error', reason: { code: 'no-answer-to-judge' } };
            }
            const judged = judgeResponse(lastResponse, figures);
            if (judged.terminal && judged.status !== undefined) {
                return judged.reason === undefined
                    ? { status: judged.status }
                    : { status: judged.status, reason: judged.reason };
            }
            return { status: 'timed-out', reason: { code: 'not-ended', stage: lastResponse.runStage } };
        }
        case 'still-running': {
            const reason = { code: 'still-running', wait: ended.wait };
            if (lastResponse !== undefined)
                reason.stage = lastResponse.runStage;
            return { status: 'timed-out', reason };
        }
        case 'interrupted':
            return { status: 'interrupted', reason: { code: 'interrupted' } };
        case 'crashed':
            return {
                status: 'error',
                reason: { code: 'crashed', during: ended.during, message: ended.message }
            };
        case 'failed':
            return stoppedOutcome(ended, lastResponse);
    }
}
function stoppedOutcome(f, lastResponse) {
    const message = f.reason;
    switch (f.stop) {
        case 'aborted':
            return { status: 'interrupted', reason: { code: 'interrupted' } };
        case 'permanent':
        case 'answered':
            return { status: 'error', reason: { code: 'query-refused', message } };
        case 'not-found':
            return {
                status: 'error',
                reason: { code: 'run-not-found', message, sinceFirstQueryMs: f.sinceFirstQueryMs }
            };
        case 'unreachable':
            return {
                status: 'error',
                reason: { code: 'unreachable', message, unreachableForMs: f.unreachableForMs }
            };
        case 'retry-after': {
            const reason = {
                code: 'retry-after-past-deadline',
                message,
                retryAfterMs: f.error.retryAfterMs ?? 0,
                msLeft: Math.max(0, f.msLeft),
                wait: f.wait
            };
            if (lastResponse === undefined)
                return { status: 'error', reason };
            return { status: 'timed-out', reason: { ...reason, stage: lastResponse.runStage } };
        }
        case 'attempts':
        case 'deadline': {
            const failures = f.failures;
            if (lastResponse !== undefined) {
                return {
                    status: 'timed-out',
                    reason: { code: 'failing-at-deadline', message, failures, stage: lastResponse.runStage }
                };
            }
            const notFound = f.error.kind === 'http' && f.error.status === 404;
            return {
                status: 'error',
                reason: { code: 'no-answer', message, failures, wait: f.wait, notFound }
            };
        }
    }
}
function entryOfRun(outcome, rules) {
    const response = outcome.lastResponse;
    const figures = outcome.lastFigures ?? (response === undefined ? NO_FIGURES : (0,greenlight_bugs/* answerFigures */.SG)(response));
    const kept = response === undefined ? undefined : (0,greenlight_bugs/* classifyBugs */.k5)(response);
    const others = (0,greenlight_bugs/* readBugs */.WX)(response?.otherBlockingBugsInEnvironment).filter(bug => bug.blocking);
    const entry = {
        source: 'run',
        id: outcome.rootRunId,
        status: outcome.status,
        class: classOf(outcome.status),
        bugs: {
            blocking: bugList(kept?.blocking ?? [], blockingTotal(response, figures)),
            nonBlocking: bugList(kept?.nonBlocking ?? [], Math.max(response?.nonBlockingBugsCount ?? 0, figures.nonBlockingBugs)),
            other: bugList(others, figures.otherBlockingBugs)
        },
        run: { queries: outcome.queries }
    };
    const rootRunUrl = outcome.rootRunUrl ??
        (response?.rootRunId === outcome.rootRunId ? response.rootRunUrl : undefined);
    if (rootRunUrl !== undefined)
        entry.url = rootRunUrl;
    if (response !== undefined && entry.run !== undefined) {
        const asked = outcome.answeredBy ?? outcome.rootRunId;
        entry.run.relevantRunId = relevantRunOf(response, asked);
        const newer = supersedingRunId(response, outcome.rootRunId, asked);
        if (newer !== undefined)
            entry.run.supersededBy = newer;
        entry.run.response = response;
    }
    if (outcome.reason !== undefined)
        entry.reason = outcome.reason;
    return applyOtherWorkflowsRule(entry, rules.outcomeWhenBlockingBugsInOtherWorkflows);
}
const NO_FIGURES = { blockingBugs: 0, nonBlockingBugs: 0, otherBlockingBugs: 0 };
function bugList(shown, total) {
    return { shown, count: bugCount(Math.max(total, shown.length), shown.length) };
}
function bugCount(total, listed) {
    return { total, listed, more: Math.max(0, total - listed) };
}
function applyOtherWorkflowsRule(entry, outcome) {
    if (outcome !== 'red' || entry.status !== 'passed')
        return entry;
    const count = entry.bugs.other.count.total;
    if (count === 0)
        return entry;
    return {
        ...entry,
        status: 'failed',
        class: classOf('failed'),
        reason: { code: 'blocking-bugs-in-other-workflows', count }
    };
}
function judgeRun(facts, rules) {
    return entryOfRun(decideRun(facts, rules), rules);
}
function decideVerdict(facts, rules) {
    return judgeVerdict(facts.map(run => decideRun(run, rules)), rules);
}
function judgeVerdict(outcomes, rules) {
    const verdict = verdictOf(outcomes.map(outcome => entryOfRun(outcome, rules)));
    if (verdict.entries.some(entry => entry.status === 'timed-out'))
        verdict.timedOutAfterMs = rules.wait ? rules.timeoutMs : 0;
    return verdict;
}
function verdictOf(entries) {
    const { green, status } = aggregateVerdict(entries);
    const verdict = {
        green,
        status,
        class: green ? 'green' : status === 'passed' ? 'red' : classOf(status),
        entries: [...entries],
        bugs: {
            blocking: acrossEntries(entries, entry => entry.bugs.blocking),
            nonBlocking: acrossEntries(entries, entry => entry.bugs.nonBlocking),
            other: acrossEntries(entries, entry => entry.bugs.other)
        }
    };
    if (status === 'interrupted')
        verdict.interrupted = 'waiting';
    return verdict;
}
function acrossEntries(entries, pick) {
    const shown = [];
    const seen = new Set();
    let total = 0;
    for (const entry of entries) {
        const list = pick(entry);
        total += list.count.total;
        for (const bug of list.shown) {
            const key = bug.url ?? bug.name;
            if (key !== undefined) {
                if (seen.has(key))
                    continue;
                seen.add(key);
            }
            shown.push({ bug, entryId: entry.id });
        }
    }
    return { shown, count: bugCount(Math.max(total, shown.length), shown.length) };
}
function interruptedWhileReporting(verdict) {
    if (verdict.status === 'interrupted')
        return verdict;
    return {
        ...verdict,
        green: false,
        status: 'interrupted',
        class: classOf('interrupted'),
        interrupted: 'reporting'
    };
}
function stepGate(verdict, rules) {
    switch (verdict.class) {
        case 'green':
            return { ends: 'green' };
        case 'red':
            if (verdict.status === 'superseded')
                return { ends: 'failed' };
            return rules.failOnRed ? { ends: 'failed' } : { ends: 'warned', forgivenBy: 'fail-on-red' };
        case 'no-verdict':
            if (verdict.status !== 'timed-out')
                return { ends: 'failed' };
            return rules.failOnTimeout
                ? { ends: 'failed' }
                : { ends: 'warned', forgivenBy: 'fail-on-timeout' };
    }
}

;// CONCATENATED MODULE: ./src/greenlight/outputs.ts



const GREENLIGHT_OUTPUT_NAMES = (/* unused pure expression or super */ null && ([
    'greenlight',
    'status',
    'run-stage',
    'root-run-id',
    'relevant-run-id',
    'relevant-run-url',
    'relevant-run-with-bugs-url',
    'root-run-url',
    'blocking-bugs-count',
    'non-blocking-bugs-count',
    'workflows-in-run-count',
    'workflows-under-investigation-count',
    'blocking-bug-urls',
    'non-blocking-bug-urls',
    'other-blocking-bugs-count',
    'result',
    'superseded-by',
    'check-run-id',
    'check-run-url',
    'details-url',
    'check-conclusion',
    'check-app'
]));
const KIB = 1024;
const PER_RUN_LINES_MAX_BYTES = 14 * KIB;
const URL_LIST_MAX_BYTES = 24 * KIB;
const RESULT_MAX_BYTES = 96 * KIB;
const CUT = "cut to stay within GitHub's output limits; the job summary and the QA service have the rest";
function verdictOutputs(verdict) {
    const { entries } = verdict;
    const lines = (values, noun) => (0,byte_budget/* fitLines */.RV)(values.map(value => (0,core_text/* oneLine */.TN)(value ?? '')), PER_RUN_LINES_MAX_BYTES, omitted => `… ${(0,core_text/* plural */.LS)(omitted, noun)} (${CUT})`);
    const perRun = (pick) => lines(entries.filter(entry => entry.source === 'run').map(pick), 'more run');
    const perCheck = (pick) => lines(entries.flatMap(entry => (entry.check === undefined ? [] : [pick(entry.check, entry)])), 'more check run');
    const fromCheck = entries.length > 0 && entries.every(entry => entry.source === 'check');
    const counted = (value) => (fromCheck ? '' : String(value()));
    const sum = (pick) => counted(() => entries.reduce((total, entry) => total + (pick(entry) ?? 0), 0));
    const response = (entry) => entry.run?.response;
    const urls = (key) => {
        const cutEarlier = entries.reduce((total, entry) => {
            const original = cutLengths(response(entry))?.[key];
            return total + (original === undefined ? 0 : original - (response(entry)?.[key]?.length ?? 0));
        }, 0);
        return (0,byte_budget/* fitJsonList */.MK)(new Set(entries.flatMap(entry => response(entry)?.[key] ?? [])), URL_LIST_MAX_BYTES, omitted => `… ${(0,core_text/* plural */.LS)(omitted, 'more URL')} (${CUT})`, cutEarlier);
    };
    return {
        greenlight: verdict.green ? 'true' : 'false',
        status: verdict.status,
        'run-stage': perRun(entry => response(entry)?.runStage),
        'root-run-id': perRun(entry => entry.id),
        'relevant-run-id': perRun(entry => entry.run?.relevantRunId),
        'relevant-run-url': perRun(entry => response(entry)?.relevantRunUrl),
        'relevant-run-with-bugs-url': perRun(entry => response(entry)?.relevantRunWithBugsUrl),
        'root-run-url': perRun(entry => entry.url),
        'blocking-bugs-count': counted(() => verdict.bugs.blocking.count.total),
        'non-blocking-bugs-count': counted(() => verdict.bugs.nonBlocking.count.total),
        'other-blocking-bugs-count': counted(() => verdict.bugs.other.count.total),
        'workflows-in-run-count': sum(entry => response(entry)?.workflowsInRunCount),
        'workflows-under-investigation-count': sum(entry => response(entry)?.workflowsUnderInvestigationCount),
        'blocking-bug-urls': urls('blockingBugUrls'),
        'non-blocking-bug-urls': urls('nonBlockingBugUrls'),
        result: (0,byte_budget/* fitJsonList */.MK)(entries.flatMap(entry => {
            const kept = response(entry);
            return kept === undefined ? [] : [kept];
        }), RESULT_MAX_BYTES, omitted => ({ cutByQaGreenlight: `${(0,core_text/* plural */.LS)(omitted, 'more answer')} left out, ${CUT}` })),
        'superseded-by': perRun(entry => entry.run?.supersededBy),
        'check-run-id': perCheck((_, entry) => entry.id),
        'check-run-url': perCheck((_, entry) => entry.url),
        'details-url': perCheck(check => check.detailsUrl),
        'check-conclusion': perCheck(check => check.conclusion),
        'check-app': perCheck(check => check.app)
    };
}
function cutLengths(kept) {
    return kept?.cutByQaGreenlight?.originalLengths;
}
const EMPTY_GREENLIGHT_OUTPUTS = verdictOutputs(verdictOf([]));

// EXTERNAL MODULE: ./src/core/is-record.ts
var is_record = __webpack_require__(2789);
// EXTERNAL MODULE: ./src/greenlight/check-selection.ts
var check_selection = __webpack_require__(1186);
;// CONCATENATED MODULE: ./src/greenlight/check-verdict.ts




function checkConclusionStatus(conclusion) {
    switch (conclusion) {
        case 'success':
            return 'passed';
        case 'failure':
        case 'timed_out':
        case 'action_required':
        case 'startup_failure':
            return 'failed';
        case 'cancelled':
            return 'canceled';
        case 'neutral':
        case 'skipped':
            return 'not-tested';
        default:
            return 'error';
    }
}
function decideCheckVerdict(facts) {
    const verdict = checkVerdict(facts);
    if (facts.source !== 'event')
        return verdict;
    if (verdict.status === 'error' || verdict.status === 'interrupted')
        return verdict;
    const standing = commitStanding(facts);
    return standing === undefined ? verdict : nothingFor(facts, standing.status, standing.reason);
}
function nothingFor(facts, status, reason) {
    return withTimeout(verdictOf([
        {
            source: 'check',
            id: facts.rules.name,
            status,
            class: classOf(status),
            reason,
            bugs: noBugs()
        }
    ]), facts);
}
function commitStanding(facts) {
    const read = facts.branchTip;
    const sha = facts.rules.sha.toLowerCase();
    if (read === undefined) {
        return {
            status: 'error',
            reason: {
                code: 'branch-read-failed',
                message: `where commit ${sha.slice(0, 12)} stands on the branch was not read`
            }
        };
    }
    if (read.failure !== undefined) {
        const { message, status } = read.failure;
        return {
            status: 'error',
            reason: { code: 'branch-read-failed', message, ...(status === undefined ? {} : { status }) }
        };
    }
    const branch = read.branch ?? '';
    if (read.branchMissing === true) {
        return {
            status: 'error',
            reason: { code: 'branch-not-found', branch, fromDefault: read.fromDefault }
        };
    }
    const tip = read.tip?.toLowerCase();
    if (tip === sha)
        return undefined;
    const compare = read.compare;
    const unsure = (why) => ({
        status: 'error',
        reason: { code: 'branch-read-failed', message: why }
    });
    if (tip === undefined || compare === undefined) {
        return unsure(`GitHub named no tip of branch '${branch}' to compare commit ${sha.slice(0, 12)} with`);
    }
    if ('status' in compare && compare.status === 'behind') {
        if (compare.mergeBase !== sha) {
            return unsure(`GitHub said commit ${sha.slice(0, 12)} is behind the tip of '${branch}' but named another merge base`);
        }
        return { status: 'superseded', reason: { code: 'commit-superseded', sha, branch, tip } };
    }
    const found = !('notFound' in compare);
    const eventBranch = eventHeadBranch(facts);
    return {
        status: 'error',
        reason: {
            code: 'commit-not-on-branch',
            sha,
            branch,
            tip,
            found,
            ...(eventBranch === undefined ? {} : { eventBranch })
        }
    };
}
function eventHeadBranch(facts) {
    const run = facts.eventCheckRun;
    const suite = (0,is_record/* isRecord */.u)(run) && (0,is_record/* isRecord */.u)(run['check_suite']) ? run['check_suite'] : undefined;
    return (0,core_text/* nonBlankText */.xA)(suite?.['head_branch']);
}
function checkVerdict(facts) {
    const { rules, ended } = facts;
    const fromEvent = facts.source === 'event';
    const nothing = (status, reason) => nothingFor(facts, status, reason);
    if (ended.why === 'failed') {
        const { message, status } = ended.failure;
        return nothing('error', {
            code: 'check-read-failed',
            message,
            ...(status === undefined ? {} : { status }),
            ...(ended.stoppedForWaitMs === undefined ? {} : { stoppedForWaitMs: ended.stoppedForWaitMs })
        });
    }
    const selection = (0,check_selection/* selectCheckRuns */.$)(facts.checkRuns ?? [], rules);
    if (selection.unreadable.length > 0) {
        return nothing('error', { code: 'check-unreadable', problems: selection.unreadable });
    }
    if (ended.why === 'interrupted' && (fromEvent || selection.counting.length === 0)) {
        return nothing('interrupted', { code: 'interrupted' });
    }
    if (selection.counting.length === 0) {
        if (fromEvent)
            return nothing('error', otherCheck(facts, selection.ignored[0]?.why));
        if (facts.rateLimitedUntil !== undefined) {
            return nothing('error', {
                code: 'check-rate-limited',
                until: facts.rateLimitedUntil,
                wait: ended.why === 'still-waiting' ? ended.wait : true
            });
        }
        return nothing('timed-out', {
            code: 'no-check',
            name: rules.name,
            app: rules.app,
            wait: ended.why === 'still-waiting' ? ended.wait : true,
            ignored: [...new Set(selection.ignored.map(entry => entry.why))],
            ...(facts.names === undefined ? {} : { names: facts.names })
        });
    }
    const entries = selection.counting.map(run => checkEntry(run, facts));
    return withTimeout(verdictOf(entries), facts);
}
function withTimeout(verdict, facts) {
    if (verdict.entries.some(entry => entry.status === 'timed-out'))
        verdict.timedOutAfterMs = facts.waitedMs ?? 0;
    return verdict;
}
function checkEntry(run, facts) {
    const { status, reason } = checkRunStatus(run, facts);
    const check = {
        name: run.name,
        app: run.app,
        checkStatus: run.status,
        fromEvent: facts.source === 'event' && run.id !== undefined && run.id === eventCheckRunId(facts)
    };
    const shown = {
        appName: run.appName,
        conclusion: run.conclusion,
        detailsUrl: run.detailsUrl,
        title: run.title,
        summary: run.summary,
        startedAt: run.startedAt
    };
    for (const [key, value] of Object.entries(shown)) {
        if (value !== undefined)
            Object.assign(check, { [key]: value });
    }
    const entry = {
        source: 'check',
        id: run.id ?? run.name,
        status,
        class: classOf(status),
        bugs: noBugs(),
        check
    };
    if (run.htmlUrl !== undefined)
        entry.url = run.htmlUrl;
    if (reason !== undefined)
        entry.reason = reason;
    return entry;
}
function checkRunStatus(run, facts) {
    if (facts.source === 'event' && facts.eventAction !== 'completed') {
        return {
            status: 'error',
            reason: {
                code: 'event-not-completed',
                checkStatus: run.status,
                eventAction: facts.eventAction ?? ''
            }
        };
    }
    if (run.status !== 'completed') {
        if (facts.ended.why === 'interrupted') {
            return { status: 'interrupted', reason: { code: 'interrupted' } };
        }
        if (facts.source === 'event' && facts.listed === true) {
            const rerun = run.id !== undefined && run.id === eventCheckRunId(facts);
            return {
                status: 'timed-out',
                reason: { code: 'check-newer-running', checkStatus: run.status, rerun }
            };
        }
        if (facts.source === 'event') {
            return { status: 'error', reason: { code: 'event-not-completed', checkStatus: run.status } };
        }
        const wait = facts.ended.why === 'still-waiting' ? facts.ended.wait : true;
        return {
            status: 'timed-out',
            reason: {
                code: 'check-not-completed',
                checkStatus: run.status,
                wait,
                ...(facts.rateLimitedUntil === undefined
                    ? {}
                    : { rateLimitedUntil: facts.rateLimitedUntil })
            }
        };
    }
    const conclusion = run.conclusion ?? '';
    const status = checkConclusionStatus(conclusion);
    return status === 'passed'
        ? { status }
        : { status, reason: { code: 'check-conclusion', conclusion } };
}
function eventCheckRunId(facts) {
    return (0,is_record/* isRecord */.u)(facts.eventCheckRun) ? (0,core_text/* idText */.FP)(facts.eventCheckRun['id']) : undefined;
}
function otherCheck(facts, why) {
    const event = facts.eventCheckRun ?? facts.checkRuns?.[0];
    const record = (0,is_record/* isRecord */.u)(event) ? event : {};
    const eventName = (0,core_text/* nonBlankText */.xA)(record['name']);
    const eventApp = (0,is_record/* isRecord */.u)(record['app']) ? (0,core_text/* nonBlankText */.xA)(record['app']['slug']) : undefined;
    return {
        code: 'event-other-check',
        name: facts.rules.name,
        app: facts.rules.app,
        ...(eventName === undefined ? {} : { eventName }),
        ...(eventApp === undefined ? {} : { eventApp }),
        ...(why === undefined ? {} : { why })
    };
}

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
;// CONCATENATED MODULE: ./src/greenlight/compact-response.ts


const MAX_URL_CHARS = 8192;
const MAX_TEXT_CHARS = 1000;
const MAX_KEPT_BUGS = 100;
const MAX_KEPT_BUGS_PER_STEP = 5000;
const MIN_KEPT_BUGS = 5;
const CUT_NOTE = "Lists shortened by qa-greenlight to keep the step's outputs within GitHub's limits; the QA service has them in full.";
const MAX_OTHER_FIELD_CHARS = 2000;
const CUT_FIELDS = new Set([
    'reproducedBugs',
    'otherBlockingBugsInEnvironment',
    'blockingBugUrls',
    'nonBlockingBugUrls'
]);
function bugsKeptPerRun(runCount) {
    const share = Math.floor(MAX_KEPT_BUGS_PER_STEP / Math.max(1, runCount));
    return Math.min(MAX_KEPT_BUGS, Math.max(MIN_KEPT_BUGS, share));
}
function compactResponse(full, maxBugs = MAX_KEPT_BUGS) {
    const out = {};
    for (const [key, value] of Object.entries(full)) {
        if (CUT_FIELDS.has(key) || value === undefined || key === 'cutByQaGreenlight')
            continue;
        out[key] = shortField(value);
    }
    const compact = out;
    const cut = {};
    const bugs = (0,greenlight_bugs/* allBugs */.zo)(full);
    const firstListed = full.blockingBugUrls?.[0];
    const keptIndices = new Set();
    const taken = { blocking: 0, nonBlocking: 0 };
    let blockingBugs = 0;
    let firstKept = false;
    bugs.forEach((bug, index) => {
        const kind = bug.blocking ? 'blocking' : 'nonBlocking';
        if (bug.blocking)
            blockingBugs++;
        const first = !firstKept && firstListed !== undefined && bug.url === firstListed;
        if (taken[kind] < maxBugs || first) {
            taken[kind]++;
            firstKept ||= first;
            keptIndices.add(index);
        }
    });
    const bugUrls = new Set(bugs.flatMap(bug => (bug.url === undefined ? [] : [bug.url])));
    const keptUrls = new Set([...keptIndices].flatMap(index => {
        const url = bugs[index]?.url;
        return url === undefined ? [] : [url];
    }));
    if (full.reproducedBugs !== undefined) {
        compact.reproducedBugs = full.reproducedBugs
            .filter((_, index) => keptIndices.has(index))
            .map(compactBug);
        if (compact.reproducedBugs.length < full.reproducedBugs.length) {
            cut.reproducedBugs = full.reproducedBugs.length;
        }
    }
    for (const key of ['blockingBugUrls', 'nonBlockingBugUrls']) {
        const list = full[key];
        if (list === undefined)
            continue;
        const blocking = key === 'blockingBugUrls';
        let pairs = [...keptIndices].filter(index => {
            const bug = bugs[index];
            return bug !== undefined && bug.url === undefined && bug.blocking === blocking;
        }).length;
        compact[key] = list
            .filter(url => keptUrls.has(url) || (!bugUrls.has(url) && pairs-- > 0))
            .map(url => shortUrl(url));
        if (compact[key].length < list.length)
            cut[key] = list.length;
    }
    const others = full.otherBlockingBugsInEnvironment;
    let otherBlockingBugs = 0;
    if (others !== undefined) {
        const blocks = (0,greenlight_bugs/* readBugs */.WX)(others).map(bug => bug.blocking);
        otherBlockingBugs = blocks.filter(Boolean).length;
        const kept = new Set();
        for (const wanted of [true, false]) {
            blocks.forEach((blocking, index) => {
                if (blocking === wanted && kept.size < maxBugs)
                    kept.add(index);
            });
        }
        compact.otherBlockingBugsInEnvironment = others
            .filter((_, index) => kept.has(index))
            .map(compactBug);
        if (others.length > maxBugs)
            cut.otherBlockingBugsInEnvironment = others.length;
    }
    if (Object.keys(cut).length > 0) {
        compact.cutByQaGreenlight = {
            note: CUT_NOTE,
            originalLengths: cut,
            blockingBugs,
            nonBlockingBugs: bugs.length - blockingBugs,
            otherBlockingBugs
        };
    }
    return compact;
}
const BUG_TEXT_FIELDS = ['name', 'title', 'number', 'priority'];
const BUG_URL_FIELDS = ['applicationUrl', 'url', 'externalIssueUrl'];
const KNOWN_BUG_FIELDS = new Set([
    ...BUG_TEXT_FIELDS,
    ...BUG_URL_FIELDS,
    'isBlocking',
    'isNew',
    'externalIssue'
]);
function compactBug(raw) {
    const bug = {};
    for (const [key, value] of Object.entries(raw)) {
        if (!KNOWN_BUG_FIELDS.has(key) && value !== undefined)
            bug[key] = shortField(value);
    }
    for (const key of BUG_TEXT_FIELDS)
        if (key in raw)
            bug[key] = shortValue(raw[key]);
    for (const key of BUG_URL_FIELDS)
        if (key in raw)
            bug[key] = shortUrl(raw[key]);
    if ('isBlocking' in raw)
        bug['isBlocking'] = shortValue(raw['isBlocking']);
    if ('isNew' in raw)
        bug['isNew'] = shortValue(raw['isNew']);
    const issue = raw['externalIssue'];
    if (typeof issue === 'object' && issue !== null && !Array.isArray(issue)) {
        const fields = issue;
        const kept = {};
        for (const key of ['applicationUrl', 'url']) {
            if (key in fields)
                kept[key] = shortUrl(fields[key]);
        }
        for (const key of ['externalIssueId', 'platform']) {
            if (key in fields)
                kept[key] = shortValue(fields[key]);
        }
        bug['externalIssue'] = kept;
    }
    else if (issue !== undefined)
        bug['externalIssue'] = null;
    return bug;
}
function shortField(value) {
    if (typeof value === 'string') {
        return /^https?:\/\//i.test(value) ? shortUrl(value) : shortText(value, MAX_TEXT_CHARS);
    }
    if (typeof value !== 'object' || value === null)
        return value;
    const json = JSON.stringify(value);
    return json.length <= MAX_OTHER_FIELD_CHARS
        ? value
        : `cut by qa-greenlight: ${json.length} characters of JSON`;
}
function shortValue(value) {
    if (typeof value === 'string')
        return shortText(value, MAX_TEXT_CHARS);
    return typeof value === 'object' && value !== null ? null : value;
}
function shortText(value, maxChars) {
    return value.length <= maxChars ? value : `${value.slice(0, maxChars)}…`;
}
function shortUrl(value) {
    if (typeof value !== 'string' || value.length <= MAX_URL_CHARS)
        return value;
    return `url-too-long:${(0,external_node_crypto_.createHash)('sha256').update(value).digest('hex').slice(0, 16)}`;
}

// EXTERNAL MODULE: ./src/greenlight/messages.ts
var messages = __webpack_require__(4173);
// EXTERNAL MODULE: ./src/github/event-context.ts
var event_context = __webpack_require__(2641);
// EXTERNAL MODULE: ./src/github/pr-lookup.ts
var pr_lookup = __webpack_require__(8500);
// EXTERNAL MODULE: ./src/github/event-values.ts
var event_values = __webpack_require__(4518);
// EXTERNAL MODULE: ./src/greenlight/pr-comment-body.ts
var pr_comment_body = __webpack_require__(4036);
;// CONCATENATED MODULE: ./src/greenlight/run-greenlight.ts

















const MAX_START_JITTER_MS = 1000;
async function runGreenlight(settings, deps) {
    if (settings.verdictFrom === 'check') {
        const { gatherCheckFacts } = await __webpack_require__.e(/* import() */ 301).then(__webpack_require__.bind(__webpack_require__, 2301));
        const facts = await gatherCheckFacts(settings, deps);
        const ctx = (0,event_context/* readGitHubContext */.L)(deps.env);
        const target = commitTarget(ctx, deps.env, facts.rules.sha);
        await reportVerdict(decideCheckVerdict(facts), settings, { ...deps, ctx }, target);
        return;
    }
    const labelPrefix = (0,inputs_settings/* logPrefix */.JY)(settings);
    action_io/* info */.pq(`${labelPrefix}${(0,poll_log/* pollingStartLine */.i7)(settings)}`);
    const query = {
        outcomeWhenBlockingBugsInOtherWorkflows: settings.outcomeWhenBlockingBugsInOtherWorkflows
    };
    const maxBugs = bugsKeptPerRun(settings.runIds.length);
    const facts = await pollRuns(settings.runIds, {
        query: loggedQuery(deps, query, labelPrefix),
        clock: deps.clock,
        random: deps.random,
        signal: deps.signal,
        onLog: line => action_io/* info */.pq(`${labelPrefix}${line}`),
        onAnswer: contradictionLogger(line => action_io/* info */.pq(`${labelPrefix}${line}`)),
        keep: answer => ({
            response: compactResponse(answer, maxBugs),
            figures: (0,greenlight_bugs/* answerFigures */.SG)(answer)
        }),
        onFinished: run => action_io/* info */.pq(`${labelPrefix}${(0,messages/* finishedLine */.fb)(judgeRun(run, settings))}`)
    }, {
        timeoutMs: settings.timeoutMs,
        pollIntervalMs: settings.pollIntervalMs,
        wait: settings.wait,
        maxStartJitterMs: MAX_START_JITTER_MS,
        stopWhenSuperseded: settings.onSuperseded === 'fail',
        ...testLimits(deps.env)
    });
    const ctx = (0,event_context/* readGitHubContext */.L)(deps.env);
    await reportVerdict(decideVerdict(facts, settings), settings, { ...deps, ctx }, judgedTarget(ctx, deps.env));
}
async function reportVerdict(decided, settings, deps, target) {
    const labelPrefix = (0,inputs_settings/* logPrefix */.JY)(settings);
    let verdict = decided;
    action_io/* setOutputs */.n0(verdictOutputs(verdict));
    let commentProblem;
    if (settings.commentOnPr) {
        const { upsertPullRequestComment } = await __webpack_require__.e(/* import() */ 664).then(__webpack_require__.bind(__webpack_require__, 2664));
        const comment = await upsertPullRequestComment({
            settings,
            verdict,
            ctx: deps.ctx,
            env: deps.env,
            signal: deps.signal
        });
        if (comment.problem !== undefined)
            commentProblem = comment.problem;
    }
    if (deps.signal.aborted && verdict.status !== 'interrupted') {
        verdict = interruptedWhileReporting(verdict);
        action_io/* setOutputs */.n0(verdictOutputs(verdict));
    }
    if (settings.summary) {
        const extras = {
            target,
            ...(commentProblem === undefined ? {} : { commentProblem })
        };
        await action_io/* writeSummary */.Sy((0,summary/* renderGreenlightSummary */.ai)(verdict, settings.label, extras));
    }
    if (verdict.interrupted !== 'reporting') {
        for (const { message, title } of (0,messages/* verdictAnnotations */.GE)(verdict, labelPrefix)) {
            action_io/* error */.z3(message, title);
        }
    }
    const line = (0,messages/* gateLine */.C_)(verdict, stepGate(verdict, settings), labelPrefix);
    if (line.kind === 'info')
        action_io/* info */.pq(line.message);
    else if (line.kind === 'failed')
        action_io/* setFailed */.C1(line.message);
    else
        action_io/* warning */.$e(line.message);
}
function judgedTarget(ctx, env) {
    try {
        const sha = (0,pr_lookup/* eventCommit */.ef)(ctx);
        const target = sha === undefined ? {} : commitTarget(ctx, env, sha);
        const deploymentUrl = (0,event_values/* deriveFromEvent */.I0)(ctx).deploymentUrl;
        if (deploymentUrl !== undefined)
            target.deploymentUrl = deploymentUrl;
        return target;
    }
    catch {
        return {};
    }
}
function commitTarget(ctx, env, sha) {
    const target = { sha };
    const commitUrl = (0,pr_comment_body/* githubLinks */.Rj)(ctx, env, sha).commitUrl;
    if (commitUrl !== undefined)
        target.commitUrl = commitUrl;
    return target;
}
function contradictionLogger(log) {
    const last = new Map();
    return ({ rootRunId, response, relevantRunId }) => {
        const contradiction = judgeResponse(response).contradiction;
        const text = contradiction === undefined ? '' : (0,messages/* contradictionText */.fz)(contradiction);
        if (contradiction !== undefined && last.get(rootRunId) !== text) {
            log((0,messages/* contradictionLine */.sn)(relevantRunId, contradiction));
        }
        last.set(rootRunId, text);
    };
}
const greenlightMode = {
    emptyOutputs: EMPTY_GREENLIGHT_OUTPUTS,
    run: runGreenlight
};
function testLimits(env) {
    const limit = Number(env['QA_GREENLIGHT_TEST_UNREACHABLE_LIMIT_MS']);
    const grace = Number(env['QA_GREENLIGHT_TEST_NOT_FOUND_GRACE_MS']);
    return {
        ...(Number.isFinite(limit) && limit > 0 ? { unreachableLimitMs: limit } : {}),
        ...(Number.isFinite(grace) && grace > 0 ? { notFoundGraceMs: grace } : {})
    };
}
function loggedQuery(deps, query, labelPrefix) {
    const warned = new Set();
    const warnOnce = (key, text) => {
        if (warned.has(key))
            return;
        warned.add(key);
        action_io/* warning */.$e(`${labelPrefix}${text}`);
    };
    return async (runId, signal, timeoutMs) => {
        const started = deps.clock.now();
        try {
            const response = await deps.client.getGreenlight(runId, query, signal, timeoutMs);
            action_io/* debug */.Yz(`Greenlight of ${runId}: ${response.runStage} (${Math.round(deps.clock.now() - started)} ms).`);
            for (const field of (0,schemas/* droppedFields */.me)(response)) {
                warnOnce(`field ${field}`, (0,poll_log/* droppedFieldWarning */.fT)(field));
            }
            const stage = response.runStage;
            if (!isKnownStage(stage))
                warnOnce(`stage ${stage}`, (0,poll_log/* unknownStageWarning */.DQ)(stage));
            return response;
        }
        catch (error) {
            action_io/* debug */.Yz(`Greenlight of ${runId} failed after ${Math.round(deps.clock.now() - started)} ms.`);
            throw error;
        }
    };
}


/***/ }),

/***/ 6041:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   LX: () => (/* binding */ renderBugList),
/* harmony export */   U9: () => (/* binding */ count),
/* harmony export */   ai: () => (/* binding */ renderGreenlightSummary),
/* harmony export */   wb: () => (/* binding */ renderVerdictLead)
/* harmony export */ });
/* unused harmony export MAX_LISTED_BUGS */
/* harmony import */ var _core_durations_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(778);
/* harmony import */ var _core_text_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(2020);
/* harmony import */ var _render_markdown_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2495);
/* harmony import */ var _render_byte_budget_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2636);
/* harmony import */ var _messages_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(4173);





const MAX_LISTED_BUGS = 100;
function renderGreenlightSummary(verdict, label, extras = {}) {
    const several = verdict.entries.length > 1;
    const lines = [...renderVerdictLead(verdict, label, extras.target), ''];
    if (extras.commentProblem !== undefined) {
        lines.push(commentProblemLine(extras.commentProblem), '');
    }
    lines.push(...renderTimedOutAdvice(verdict));
    const rules = renderBugRules(verdict);
    let chars = rules.reduce((sum, line) => sum + line.length + 1, 0);
    const sections = [];
    for (const entry of verdict.entries) {
        if (chars > _render_byte_budget_js__WEBPACK_IMPORTED_MODULE_2__/* .SUMMARY_MAX_BYTES */ .eR)
            break;
        const section = renderEntry(entry, several, verdict.timedOutAfterMs);
        chars += section.reduce((sum, line) => sum + line.length + 1, 0);
        sections.push(...section);
    }
    lines.push(...sections, ...rules);
    return (0,_render_byte_budget_js__WEBPACK_IMPORTED_MODULE_2__/* .limitSummary */ .g9)(`${lines
        .join('\n')
        .replace(/\n{3,}/g, '\n\n')
        .trimEnd()}\n`);
}
function renderVerdictLead(verdict, label, target = {}) {
    const shownLabel = (0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .escapeText */ .X1)(label);
    const title = shownLabel === '' ? 'QA greenlight' : `QA greenlight — ${shownLabel}`;
    const lead = _messages_js__WEBPACK_IMPORTED_MODULE_3__/* .CLASS_LEAD */ .wQ[verdict.class];
    const lines = [`## ${(0,_messages_js__WEBPACK_IMPORTED_MODULE_3__/* .verdictEmoji */ .If)(verdict)} ${title}: ${(0,_messages_js__WEBPACK_IMPORTED_MODULE_3__/* .headingWords */ .q1)(verdict)}`, ''];
    const [only, ...others] = verdict.entries;
    const cause = (entry) => (0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .escapeText */ .X1)((0,_messages_js__WEBPACK_IMPORTED_MODULE_3__/* .entryCause */ .Q6)(entry, verdict.timedOutAfterMs), 1000);
    if (only === undefined) {
        lines.push(`**${lead}:** no run was checked.`);
    }
    else if (others.length === 0) {
        const why = verdict.interrupted === 'reporting'
            ? 'the job was cancelled while the verdict was being reported'
            : cause(only);
        lines.push(`**${lead}** (${(0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .escapeText */ .X1)((0,_messages_js__WEBPACK_IMPORTED_MODULE_3__/* .entryName */ .MB)(only))}): ${why}${/[.!?]$/.test(why) ? '' : '.'}`);
    }
    else {
        const entries = verdict.entries.length;
        const noun = verdict.entries.every(entry => entry.source === 'check') ? 'check runs' : 'runs';
        const notGreen = verdict.entries.filter(entry => entry.class !== 'green').length;
        const withoutVerdict = verdict.entries.filter(entry => entry.class === 'no-verdict').length;
        lines.push(verdict.class === 'green'
            ? noun === 'runs'
                ? `**Green:** all ${entries} runs completed with no blocking bugs.`
                : `**Green:** all ${entries} check runs concluded success.`
            : verdict.interrupted === 'reporting'
                ? `**No verdict:** the job was cancelled while the verdict of ${entries} ${noun} was being reported.`
                : verdict.class === 'no-verdict'
                    ? `**No verdict:** ${withoutVerdict} of ${entries} ${noun} without a verdict, ${notGreen} not green.`
                    : `**Not green:** ${notGreen} of ${entries} ${noun} not green.`, '', (0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .bulletList */ .fF)(verdict.entries.map(entry => `${_messages_js__WEBPACK_IMPORTED_MODULE_3__/* .STATUS_EMOJI */ .cu[entry.status]} ${(0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .escapeText */ .X1)((0,_messages_js__WEBPACK_IMPORTED_MODULE_3__/* .capitalized */ .l2)((0,_messages_js__WEBPACK_IMPORTED_MODULE_3__/* .entryName */ .MB)(entry)))}: ${cause(entry)}`)));
    }
    const judged = judgedLine(target);
    if (judged !== undefined)
        lines.push('', judged);
    if (verdict.interrupted !== undefined)
        lines.push('', INTERRUPTED_NOTES[verdict.interrupted]);
    return lines;
}
function judgedLine(target) {
    const parts = [];
    if (target.sha !== undefined) {
        parts.push(`commit ${(0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .link */ .nf)(target.sha.slice(0, 7), target.commitUrl)}`);
    }
    if (target.deploymentUrl !== undefined) {
        parts.push(`deployment ${(0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .link */ .nf)('', target.deploymentUrl)}`);
    }
    return parts.length === 0 ? undefined : `Judged: ${parts.join(', ')}.`;
}
const INTERRUPTED_NOTES = {
    waiting: '⚠️ The job was cancelled while waiting; this summary shows what was known then.',
    reporting: '⚠️ The job was cancelled while the verdict was being reported, so the step ends interrupted and is not reported as green, whatever the service answered. Below is what was known then.'
};
function commentProblemLine(problem) {
    return `⚠️ The pull request comment could not be written: ${(0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .escapeText */ .X1)(problem, 500)}`;
}
function renderTimedOutAdvice(verdict) {
    const lines = [];
    if (verdict.status === 'timed-out') {
        const timedOut = verdict.entries.filter(entry => entry.status === 'timed-out');
        const after = verdict.timedOutAfterMs;
        const how = after === 0
            ? 're-run the job with `wait: true` (it was false, so the step asked once)'
            : `re-run the job with a longer \`timeout\`${after === undefined ? '' : ` (it was ${(0,_core_durations_js__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a3)(after)})`}`;
        if (timedOut.length > 0 &&
            timedOut.every(entry => entry.reason?.code === 'check-newer-running')) {
            lines.push("**What to do:** nothing here. This event's check run is not the commit's latest word: the newer check run's own `check_run` event starts this workflow again, and that run decides.", '');
            return lines;
        }
        const nearest = timedOut.map(entry => entry.reason?.code === 'no-check' ? entry.reason.names?.nearest : undefined)[0];
        if (timedOut.length === 1 && nearest !== undefined) {
            lines.push(`**What to do:** set \`${nearest.input}\` to ${(0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .escapeText */ .X1)((0,_core_text_js__WEBPACK_IMPORTED_MODULE_4__/* .quote */ .hD)(nearest.value))} (${nearest.input === 'check-name' ? 'GitHub lists a check run of that name on this commit' : 'that app posted the check run of that name on this commit'}), then re-run the job.`, '');
            return lines;
        }
        if (timedOut.length > 0 && timedOut.every(entry => entry.source === 'check')) {
            lines.push(`**What to do:** QA Wolf posts its check on the commit when its run ends (and its review, if any). To gate on it, ${how}; or gate without holding a runner, from a workflow started by the check (\`on: check_run\`).`, '');
            return lines;
        }
        const links = timedOut.map(entry => (0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .link */ .nf)((0,_messages_js__WEBPACK_IMPORTED_MODULE_3__/* .entryName */ .MB)(entry), entry.run?.response?.relevantRunUrl ?? entry.url));
        const where = links.length === 0 ? 'the QA service' : links.join(', ');
        lines.push(`**What to do:** the run goes on in QA Wolf (${where}); its verdict comes when it ends there. To gate on it, ${how}.`, '');
    }
    return lines;
}
function renderBugRules(verdict) {
    const lines = [];
    if (verdict.class === 'red' && verdict.bugs.blocking.count.total > 0) {
        lines.push('Blocking bugs are triaged in the QA service; re-run the job once they are resolved.', '', (0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .details */ .zH)('Which bugs block', "The QA service's classification first (a bug's `isBlocking`); a bug it has not classified blocks while its priority is urgent, high, not set or unknown."), '');
    }
    return lines;
}
function renderCheckNextStep(entry) {
    const check = entry.check;
    if (entry.source !== 'check' || entry.class !== 'red' || check === undefined)
        return [];
    const inQaWolf = check.detailsUrl !== undefined && (0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .safeHttpUrl */ .vH)(check.detailsUrl) !== undefined;
    const open = (what) => inQaWolf
        ? (0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .link */ .nf)('open the run in QA Wolf', check.detailsUrl) + ` ${what}`
        : `open the run in QA Wolf${entry.url === undefined ? '' : ` (from the ${(0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .link */ .nf)('check run on GitHub', entry.url)})`} ${what}`;
    const again = "re-run this job: it reads QA Wolf's check on this commit again.";
    const words = {
        failed: `${open('for the bugs and the failed tests')}. Blocking bugs are triaged in QA Wolf; once they are resolved (or QA Wolf re-runs the tests), ${again}`,
        canceled: `${open('to see why it was cancelled')} (a newer run of the same environment replaces an older one). Once QA Wolf has a result for this commit, ${again}`,
        'not-tested': `${open('to see why nothing was tested')} (no flow ran, or the run was skipped): check the environment's triggers in QA Wolf. Once a run has tested this commit, ${again}`
    };
    const step = words[entry.status];
    return step === undefined ? [] : [`**What to do:** ${step}`, ''];
}
function moreInService(noun, bugsUrl) {
    return (rest) => `${(0,_messages_js__WEBPACK_IMPORTED_MODULE_3__/* .moreWords */ .bp)(rest, noun)}: ${(0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .link */ .nf)('see them all in the QA service', bugsUrl)}`;
}
function bugListMarkdown(list, noun, bugsUrl) {
    const shown = list.shown.slice(0, MAX_LISTED_BUGS);
    return renderBugList(shown, (0,_messages_js__WEBPACK_IMPORTED_MODULE_3__/* .restOf */ .Y6)(list.count, shown.length), moreInService(noun, bugsUrl));
}
function bugSection(title, list, noun, bugsUrl) {
    if (list.count.total === 0)
        return [];
    return [`**${title} (${list.count.total}):**`, '', bugListMarkdown(list, noun, bugsUrl), ''];
}
function renderResponse(entry, response) {
    const { blocking, nonBlocking, other } = entry.bugs;
    const bugsUrl = response.relevantRunWithBugsUrl;
    const lines = [
        ...bugSection('Blocking bugs', blocking, 'blocking bug', bugsUrl),
        ...bugSection('Blocking bugs in workflows outside this run', other, 'blocking bug', bugsUrl)
    ];
    const rootRun = (0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .link */ .nf)(entry.id, entry.url);
    const supersededBy = entry.run?.supersededBy;
    if (supersededBy !== undefined) {
        const relevantRun = (0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .link */ .nf)(supersededBy, response.relevantRunUrl);
        lines.push(`Run ${relevantRun} superseded root run ${rootRun}; the figures below are the superseding run's.`, '');
    }
    const reportsBugs = response.runStage === 'completed' || blocking.count.total + nonBlocking.count.total > 0;
    const columns = [
        ['Run', (0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .link */ .nf)(entry.run?.relevantRunId ?? entry.id, response.relevantRunUrl)],
        ['Stage', (0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .escapeText */ .X1)((0,_messages_js__WEBPACK_IMPORTED_MODULE_3__/* .stageWords */ ._l)(String(response.runStage)))],
        ['Workflows', count(response.workflowsInRunCount)],
        ['Under investigation', count(response.workflowsUnderInvestigationCount)]
    ];
    if (response.workflowsAutoRetryingCount !== undefined) {
        columns.push(['Auto-retrying', count(response.workflowsAutoRetryingCount)]);
    }
    if ((response.workflowsDisabledAfterRunCount ?? 0) > 0) {
        columns.push(['Disabled after run', count(response.workflowsDisabledAfterRunCount)]);
    }
    if (reportsBugs) {
        columns.push(['Blocking bugs', String(blocking.count.total)]);
        columns.push(['Non-blocking bugs', String(nonBlocking.count.total)]);
    }
    lines.push((0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .table */ .tp)(columns.map(([name]) => name), [columns.map(([, cell]) => cell)]), '');
    if (nonBlocking.shown.length > 0) {
        const list = bugListMarkdown(nonBlocking, 'non-blocking bug', bugsUrl);
        lines.push((0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .details */ .zH)(`Non-blocking bugs (${nonBlocking.count.total})`, list), '');
    }
    if (blocking.count.total + nonBlocking.count.total + other.count.total > 0) {
        lines.push(`${(0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .link */ .nf)('Open the run filtered to bugs', bugsUrl)}`, '');
    }
    return lines;
}
function renderEntry(entry, several, timedOutAfterMs) {
    const lines = [];
    if (several) {
        const cause = (0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .escapeText */ .X1)((0,_messages_js__WEBPACK_IMPORTED_MODULE_3__/* .entryCause */ .Q6)(entry, timedOutAfterMs), 1000);
        const name = (0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .escapeText */ .X1)((0,_messages_js__WEBPACK_IMPORTED_MODULE_3__/* .capitalized */ .l2)((0,_messages_js__WEBPACK_IMPORTED_MODULE_3__/* .entryName */ .MB)(entry)));
        lines.push(`### ${_messages_js__WEBPACK_IMPORTED_MODULE_3__/* .STATUS_EMOJI */ .cu[entry.status]} ${name}: ${cause}`, '');
    }
    if (entry.source === 'check')
        return [...lines, ...renderCheck(entry)];
    const response = entry.run?.response;
    if (response !== undefined)
        return [...lines, ...renderResponse(entry, response)];
    lines.push(`No valid answer was received for run ${(0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .escapeText */ .X1)(entry.id)}, so its stage and bug counts are unknown.`, '');
    return lines;
}
function renderCheck(entry) {
    const check = entry.check;
    if (check === undefined)
        return [];
    const lines = [];
    if (check.title !== undefined)
        lines.push(`**${(0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .escapeText */ .X1)(check.title, 300)}**`, '');
    if (check.summary !== undefined)
        lines.push((0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .outsideMarkdown */ .Fm)(check.summary), '');
    lines.push(...renderCheckNextStep(entry));
    const app = check.appName === undefined
        ? `\`${(0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .escapeText */ .X1)(check.app)}\``
        : `${(0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .escapeText */ .X1)(check.appName)} (\`${(0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .escapeText */ .X1)(check.app)}\`)`;
    const state = check.conclusion === undefined
        ? (0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .escapeText */ .X1)(check.checkStatus.replace(/_/g, ' '))
        : `concluded \`${(0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .escapeText */ .X1)(check.conclusion)}\``;
    const linked = (text, url) => url !== undefined && (0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .safeHttpUrl */ .vH)(url) !== undefined ? (0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .link */ .nf)(text, url) : '';
    const links = [
        linked('Details in QA Wolf', check.detailsUrl),
        linked('Check run on GitHub', entry.url)
    ].filter(text => text !== '');
    lines.push(`${(0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .escapeText */ .X1)(check.name)} by ${app}: ${state}${check.fromEvent ? " (the check_run event's check run)" : ''}.` +
        (links.length > 0 ? ` ${links.join(' · ')}` : ''), '');
    return lines;
}
function count(value) {
    return value === undefined ? '—' : String(value);
}
function renderBug(bug) {
    const title = (0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .link */ .nf)(bug.name ?? bug.url ?? 'Unnamed bug', bug.url);
    const facts = [
        bug.number === undefined ? undefined : `bug ${bug.number}`,
        bug.priority === undefined
            ? undefined
            : bug.priority === null
                ? 'priority not set'
                : `priority ${bug.priority}`,
        bug.isNew === undefined ? undefined : bug.isNew ? 'new' : 'known'
    ].filter(fact => fact !== undefined);
    const described = facts.length === 0 ? title : `${title} — ${(0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .escapeText */ .X1)(facts.join(', '))}`;
    return `${described}${renderTrackerIssue(bug.externalIssue)}`;
}
function renderTrackerIssue(issue) {
    if (issue === undefined)
        return '';
    const name = [issue.platform, issue.id].filter(Boolean).join(' ') || 'tracker issue';
    return ` — ${(0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .link */ .nf)(name, issue.url)}`;
}
function renderBugList(bugs, rest, more) {
    const items = bugs.map(renderBug);
    if (rest > 0)
        items.push(more(rest));
    return (0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_1__/* .bulletList */ .fF)(items);
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


/***/ }),

/***/ 2051:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $s: () => (/* binding */ DROPPED_FIELDS),
/* harmony export */   Wm: () => (/* binding */ RUN_STAGES),
/* harmony export */   me: () => (/* binding */ droppedFields)
/* harmony export */ });
/* unused harmony export HOSTING_SERVICES */
const RUN_STAGES = ['initializing', 'underReview', 'completed', 'canceled'];
const DROPPED_FIELDS = Symbol('fields left out of a greenlight answer');
function droppedFields(response) {
    const dropped = response[DROPPED_FIELDS];
    return dropped ?? [];
}
const HOSTING_SERVICES = (/* unused pure expression or super */ null && (['GitHub', 'GitLab']));


/***/ })

};
;