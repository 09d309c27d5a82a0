"use strict";
exports.id = 724;
exports.ids = [724];
exports.modules = {

/***/ 7580:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   SG: () => (/* binding */ answerFigures),
/* harmony export */   WX: () => (/* binding */ readBugs),
/* harmony export */   k5: () => (/* binding */ classifyBugs),
/* harmony export */   rx: () => (/* binding */ FIELDS_THAT_EXCUSE_A_BUG),
/* harmony export */   zo: () => (/* binding */ allBugs)
/* harmony export */ });
/* harmony import */ var _kernel_text_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5426);
/* harmony import */ var _kernel_values_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6395);


function readPriority(priority) {
    if (priority === undefined || priority === null)
        return priority;
    if (typeof priority !== 'string')
        return 'unreadable';
    const lower = priority.trim().toLowerCase();
    return lower === '' || lower === 'unprioritized' ? null : lower;
}
function readExternalIssue(raw) {
    const issue = (0,_kernel_values_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u4)(raw.externalIssue) ? raw.externalIssue : {};
    const url = (0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_1__/* .idText */ .FP)(issue['applicationUrl']) ?? (0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_1__/* .idText */ .FP)(issue['url']);
    const id = (0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_1__/* .idText */ .FP)(issue['externalIssueId']);
    if (url !== undefined || id !== undefined)
        return { url, id, platform: (0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_1__/* .idText */ .FP)(issue['platform']) };
    return typeof raw.externalIssueUrl === 'string' ? { url: raw.externalIssueUrl } : undefined;
}
function readBugs(raws, blockingUrls = new Set(), nonBlockingUrls = new Set()) {
    return (raws ?? []).map(raw => {
        const priority = readPriority(raw.priority);
        const url = (0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_1__/* .idText */ .FP)(raw.applicationUrl) ?? (0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_1__/* .idText */ .FP)(raw.url);
        const link = (0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_1__/* .nonBlankText */ .xA)(raw.applicationUrl);
        const blocking = raw.isBlocking !== undefined
            ? raw.isBlocking !== false
            :
                [url, link].some(shown => shown !== undefined && blockingUrls.has(shown)) ||
                    !((link !== undefined && nonBlockingUrls.has(link)) ||
                        priority === 'medium' ||
                        priority === 'low');
        return {
            name: (0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_1__/* .idText */ .FP)(raw.name) ?? (0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_1__/* .idText */ .FP)(raw.title),
            number: (0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_1__/* .idText */ .FP)(raw.number),
            ...(priority === undefined ? {} : { priority }),
            isNew: typeof raw.isNew === 'boolean' ? raw.isNew : undefined,
            url,
            externalIssue: readExternalIssue(raw),
            blocking
        };
    });
}
const FIELDS_THAT_EXCUSE_A_BUG = new Set([
    'nonBlockingBugUrls',
    'reproducedBugs[].applicationUrl'
]);
function allBugs(response) {
    const blockingUrls = new Set(response.blockingBugUrls ?? []);
    const nonBlockingUrls = new Set(response.nonBlockingBugUrls ?? []);
    const bugs = readBugs(response.reproducedBugs, blockingUrls, nonBlockingUrls);
    const entryUrls = new Set(bugs.map(bug => bug.url));
    const lists = [
        [blockingUrls, true],
        [nonBlockingUrls, false]
    ];
    for (const [urls, blocking] of lists) {
        let unmatched = bugs.filter(bug => bug.url === undefined && bug.blocking === blocking).length;
        for (const url of urls) {
            if (entryUrls.has(url) || (!blocking && blockingUrls.has(url)))
                continue;
            if (unmatched > 0)
                unmatched--;
            else
                bugs.push({ url, blocking });
        }
    }
    return bugs;
}
function classifyBugs(response) {
    const bugs = response === undefined ? [] : allBugs(response);
    return {
        blocking: bugs.filter(bug => bug.blocking),
        nonBlocking: bugs.filter(bug => !bug.blocking),
        other: readBugs(response?.otherBlockingBugsInEnvironment).filter(bug => bug.blocking)
    };
}
function answerFigures(response) {
    const { blocking, nonBlocking, other } = classifyBugs(response);
    return {
        blockingBugs: blocking.length,
        nonBlockingBugs: nonBlocking.length,
        otherBlockingBugs: other.length
    };
}


/***/ }),

/***/ 5700:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   JY: () => (/* binding */ openPullRequestWithHead),
/* harmony export */   M4: () => (/* binding */ checkRunsReader),
/* harmony export */   Po: () => (/* binding */ describeGitHubFailure),
/* harmony export */   uN: () => (/* binding */ readBranchTip)
/* harmony export */ });
/* harmony import */ var _kernel_github_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2058);
/* harmony import */ var _kernel_github_failure_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3737);
/* harmony import */ var _kernel_io_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5742);
/* harmony import */ var _kernel_values_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(6395);
/* harmony import */ var _kernel_event_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(8181);
/* harmony import */ var _kernel_parsers_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(9385);
/* harmony import */ var _kernel_text_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(5426);







const PER_PAGE = 100;
const MAX_PAGES = 20;
function failureOf(error, words, ref) {
    return {
        message: (0,_kernel_github_failure_js__WEBPACK_IMPORTED_MODULE_1__/* .gitHubFailureMessage */ .$W)(error, words, ref.apiUrl, ref.token, Date.now()),
        ...(0,_kernel_values_js__WEBPACK_IMPORTED_MODULE_3__/* .definedOnly */ .Uv)({ status: (0,_kernel_github_failure_js__WEBPACK_IMPORTED_MODULE_1__/* .httpStatusOf */ .s_)(error), retryAfterMs: (0,_kernel_github_failure_js__WEBPACK_IMPORTED_MODULE_1__/* .rateLimitWaitMs */ .JR)(error) })
    };
}
const ownFailure = (message, permanent, status) => Object.assign(new Error(message), { permanent, status });
function checkRunsReader(options) {
    const { owner, repo, sha, checkName } = options;
    const pages = new Map();
    const words = {
        what: `Could not read the check runs '${checkName ?? ''}' of ${owner}/${repo}@${sha.slice(0, 12)}`,
        advice: {
            403: 'The token needs the checks: read permission: add `permissions: checks: read` to the job (with the default github-token), or pass a token that can read checks.',
            404: "Check that the repository and the sha input (or the event's commit) exist, and that the token can read the repository (contents: read).",
            422: 'Check the sha input: GitHub does not know that commit in this repository.'
        },
        rateLimited: 'GitHub refuses reads with this token until the wait is over.',
        serverError: 'GitHub had trouble answering.'
    };
    const readPages = async (octokit, signal) => {
        const answer = { checkRuns: [], requests: 0, notModified: 0 };
        let totalCount = 0;
        let lastPageFull = false;
        for (let page = 1; page !== undefined;) {
            if (page > MAX_PAGES) {
                const most = `GitHub lists more than ${MAX_PAGES * PER_PAGE} check runs named '${checkName}' on this commit; the action reads at most ${MAX_PAGES} pages`;
                throw ownFailure(most, true);
            }
            const memo = pages.get(page);
            answer.requests += 1;
            let got;
            try {
                got = await octokit.request('GET /repos/{owner}/{repo}/commits/{ref}/check-runs', {
                    ...{ owner, repo, ref: sha, per_page: PER_PAGE, page },
                    ...(checkName === undefined ? {} : { check_name: checkName, filter: 'all' }),
                    headers: memo === undefined ? {} : { 'if-none-match': memo.etag },
                    request: { signal }
                });
            }
            catch (error) {
                if ((0,_kernel_github_failure_js__WEBPACK_IMPORTED_MODULE_1__/* .httpStatusOf */ .s_)(error) !== 304 || memo === undefined)
                    throw error;
                const { headers } = error.response;
                got = { status: 304, headers: (0,_kernel_values_js__WEBPACK_IMPORTED_MODULE_3__/* .isRecord */ .u4)(headers) ? headers : {} };
            }
            const reset = Number(got.headers['x-ratelimit-reset']) * 1000;
            if (String(got.headers['x-ratelimit-remaining']) === '0' && reset > Date.now()) {
                answer.rateLimitedForMs = reset - Date.now();
                answer.rateLimitResetAtMs = reset;
            }
            let read = memo;
            if (got.status === 304)
                answer.notModified += 1;
            else {
                const data = (0,_kernel_values_js__WEBPACK_IMPORTED_MODULE_3__/* .isRecord */ .u4)(got.data) ? got.data : {};
                const [checkRuns, count] = [data['check_runs'], data['total_count']];
                if (!Array.isArray(checkRuns) || !Number.isSafeInteger(count)) {
                    const why = "GitHub's answer to the check runs request lacks check_runs or total_count";
                    throw ownFailure(why, false, 200);
                }
                const next = (0,_kernel_github_failure_js__WEBPACK_IMPORTED_MODULE_1__/* .linkedPage */ .ju)(got.headers['link'], 'next');
                if (next !== undefined && !(next > page)) {
                    const why = `GitHub's Link header names a next page of check runs without a page number after ${page}; the action reads pages by number only, and a list without that page could miss a failure`;
                    throw ownFailure(why, true, 200);
                }
                read = {
                    etag: typeof got.headers['etag'] === 'string' ? got.headers['etag'] : '',
                    checkRuns,
                    totalCount: count,
                    ...(next === undefined ? {} : { nextPage: next })
                };
                if (read.etag !== '')
                    pages.set(page, read);
            }
            answer.checkRuns.push(...read.checkRuns);
            totalCount = Math.max(totalCount, read.totalCount);
            lastPageFull = read.checkRuns.length >= PER_PAGE;
            page = read.nextPage;
        }
        if (lastPageFull && totalCount > answer.checkRuns.length) {
            const why = `GitHub counts ${totalCount} check runs named '${checkName}' on this commit, but its pages listed ${answer.checkRuns.length}; the list is read again`;
            throw ownFailure(why, false, 200);
        }
        return answer;
    };
    return async (budgetMs, cancel) => {
        try {
            const budget = Math.min(budgetMs, options.budgetMs);
            const answer = await (0,_kernel_github_js__WEBPACK_IMPORTED_MODULE_0__/* .withGitHub */ .WN)(options.token, options.apiUrl, readPages, budget, cancel);
            if (checkName !== undefined) {
                _kernel_io_js__WEBPACK_IMPORTED_MODULE_2__.debug(`Check runs of ${sha.slice(0, 12)}: ${answer.checkRuns.length} named '${checkName}', ${answer.requests} request(s), ${answer.notModified} not modified (304).`);
            }
            return answer;
        }
        catch (error) {
            if ((0,_kernel_values_js__WEBPACK_IMPORTED_MODULE_3__/* .isRecord */ .u4)(error) && 'permanent' in error)
                throw error;
            const failure = failureOf(error, words, options);
            const { status = 500, retryAfterMs } = failure;
            const permanent = retryAfterMs === undefined && status < 500 && status !== 408 && status !== 429;
            throw Object.assign(new Error(failure.message), failure, { permanent });
        }
    };
}
async function readBranchTip(options, budgetMs, cancel) {
    const answer = { fromDefault: options.branch === undefined };
    const { owner, repo, sha } = options;
    const readTip = async (octokit, signal) => {
        const get = async (route, params) => {
            const got = await octokit.request(route, { owner, repo, request: { signal }, ...params });
            return { data: (0,_kernel_values_js__WEBPACK_IMPORTED_MODULE_3__/* .isRecord */ .u4)(got.data) ? got.data : {}, url: got.url };
        };
        const asked = options.branch ??
            (0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_6__/* .nonBlankText */ .xA)((await get('GET /repos/{owner}/{repo}', {})).data['default_branch']);
        if (asked === undefined)
            throw unreadable("GitHub's answer names no default_branch");
        answer.branch = asked;
        let branch;
        try {
            branch = await get('GET /repos/{owner}/{repo}/branches/{branch}', { branch: asked });
        }
        catch (error) {
            if ((0,_kernel_github_failure_js__WEBPACK_IMPORTED_MODULE_1__/* .httpStatusOf */ .s_)(error) !== 404)
                throw error;
            answer.branchMissing = true;
            return;
        }
        const name = branch.data['name'];
        const commit = (0,_kernel_values_js__WEBPACK_IMPORTED_MODULE_3__/* .isRecord */ .u4)(branch.data['commit']) ? branch.data['commit']['sha'] : undefined;
        const tip = typeof commit === 'string' ? commit.toLowerCase() : '';
        if (name !== asked) {
            const redirectedTo = decodeURIComponent(branch.url.split(`/repos/${owner}/${repo}/branches/`)[1] ?? '');
            if (typeof name !== 'string' || name === '' || redirectedTo !== name) {
                throw unreadable(`GitHub answered the read of branch '${asked}' about ${typeof name === 'string' ? `branch '${name}'` : 'no branch'}`);
            }
            _kernel_io_js__WEBPACK_IMPORTED_MODULE_2__.notice(`Branch '${asked}' of ${owner}/${repo} was renamed to '${name}' (GitHub redirected the read): the tip of '${name}' is read. Set branch: ${name} to name it directly.`, 'Branch renamed');
            answer.branch = name;
        }
        if (!(0,_kernel_parsers_js__WEBPACK_IMPORTED_MODULE_5__/* .isFullCommitSha */ .h2)(tip))
            throw unreadable("GitHub's answer about the branch names no commit SHA");
        answer.tip = tip;
        if (tip === sha.toLowerCase())
            return;
        try {
            const { data } = await get('GET /repos/{owner}/{repo}/compare/{basehead}', {
                basehead: `${tip}...${sha}`,
                per_page: 1
            });
            const status = (0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_6__/* .nonBlankText */ .xA)(data['status']);
            if (status === undefined)
                throw unreadable("GitHub's compare answer has no status");
            const base = (0,_kernel_values_js__WEBPACK_IMPORTED_MODULE_3__/* .isRecord */ .u4)(data['merge_base_commit'])
                ? data['merge_base_commit']['sha']
                : undefined;
            answer.compare =
                typeof base === 'string' ? { status, mergeBase: base.toLowerCase() } : { status };
        }
        catch (error) {
            if ((0,_kernel_github_failure_js__WEBPACK_IMPORTED_MODULE_1__/* .httpStatusOf */ .s_)(error) !== 404)
                throw error;
            answer.compare = { notFound: true };
        }
    };
    try {
        await (0,_kernel_github_js__WEBPACK_IMPORTED_MODULE_0__/* .withGitHub */ .WN)(options.token, options.apiUrl, readTip, budgetMs, cancel);
    }
    catch (error) {
        if (cancel.aborted)
            return undefined;
        const [repository, branch] = [`${owner}/${repo}`, answer.branch];
        const words = {
            what: branch === undefined
                ? `Could not read the default branch of ${repository}, so the commit cannot be checked against it`
                : answer.tip === undefined
                    ? `Could not read the tip of branch '${branch}' of ${repository}`
                    : `Could not compare commit ${sha.slice(0, 12)} with the tip of branch '${branch}' of ${repository}`,
            advice: { 403: CONTENTS_READ, 404: CONTENTS_READ },
            rateLimited: 're-run the job once the rate limit resets.',
            serverError: 're-run the job.',
            tail: 'Not green: only the tip of the branch may be promoted, and that could not be checked.'
        };
        answer.failure = failureOf(error, words, options);
    }
    return answer;
}
function unreadable(message) {
    return Object.assign(new Error(message), {
        response: { status: 200, headers: {}, data: { message } }
    });
}
const CONTENTS_READ = "The token needs the contents: read permission: add `contents: read` to the job's `permissions:` (with the default github-token), or pass a token that can read the repository.";
function openPullRequestWithHead(pulls, sha) {
    for (const pr of pulls) {
        if (!(0,_kernel_values_js__WEBPACK_IMPORTED_MODULE_3__/* .isRecord */ .u4)(pr) || pr['state'] !== 'open' || !(0,_kernel_values_js__WEBPACK_IMPORTED_MODULE_3__/* .isRecord */ .u4)(pr['head']))
            continue;
        const [head, number] = [pr['head']['sha'], (0,_kernel_event_js__WEBPACK_IMPORTED_MODULE_4__/* .positiveInteger */ .Cq)(pr['number'])];
        if (typeof head === 'string' && head.toLowerCase() === sha.toLowerCase() && number)
            return number;
    }
    return undefined;
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
function describeGitHubFailure(error, apiUrl, token, now = Date.now()) {
    return (0,_kernel_github_failure_js__WEBPACK_IMPORTED_MODULE_1__/* .gitHubFailureMessage */ .$W)(error, COMMENT_FAILURE, apiUrl, token, now);
}


/***/ }),

/***/ 4501:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   DC: () => (/* binding */ checkNamesLine),
/* harmony export */   DQ: () => (/* binding */ unknownStageWarning),
/* harmony export */   S7: () => (/* binding */ checkNamesWords),
/* harmony export */   WB: () => (/* binding */ readFailedLine),
/* harmony export */   X: () => (/* binding */ IGNORED_WORDS),
/* harmony export */   X0: () => (/* binding */ changesWorthLogging),
/* harmony export */   fT: () => (/* binding */ droppedFieldWarning),
/* harmony export */   i7: () => (/* binding */ pollingStartLine),
/* harmony export */   kc: () => (/* binding */ logText),
/* harmony export */   kz: () => (/* binding */ checkWaitingLine)
/* harmony export */ });
/* harmony import */ var _kernel_time_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(884);
/* harmony import */ var _kernel_text_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5426);
/* harmony import */ var _bugs_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7580);



const logText = (text) => (0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_1__/* .plainText */ .wh)(text, Number.POSITIVE_INFINITY);
function pollingStartLine(settings, checkRun) {
    const what = checkRun ?? `the QA verdict of ${settings.runIds.join(', ')}`;
    return settings.wait
        ? `Waiting for ${what} (timeout ${(0,_kernel_time_js__WEBPACK_IMPORTED_MODULE_2__/* .formatDuration */ .a3)(settings.timeoutMs)}, polling every ${(0,_kernel_time_js__WEBPACK_IMPORTED_MODULE_2__/* .formatDuration */ .a3)(settings.pollIntervalMs)}).`
        : `${checkRun === undefined ? 'Querying' : 'Reading'} ${what} once (wait: false).`;
}
function droppedFieldWarning(field) {
    return (`The QA service's greenlight answer has no readable '${logText(field)}' (missing, null or not of the documented type); it is left out of what this step shows, and ` +
        (_bugs_js__WEBPACK_IMPORTED_MODULE_0__/* .FIELDS_THAT_EXCUSE_A_BUG */ .rx.has(field)
            ? `a bug without 'isBlocking' that it would have named as non-blocking counts as blocking.`
            : `it does not decide the verdict.`));
}
const unknownStageWarning = (stage) => `The QA service reports run stage '${logText(stage)}', which this action does not know; it is not a verdict, so polling goes on within the timeout.`;
function changesWorthLogging(previous, response, previousRunId, relevantRunId) {
    const run = `Run ${logText(relevantRunId)}`;
    const counts = describeCounts(response);
    const was = previous === undefined ? '' : ` (was ${previous.runStage})`;
    return [
        relevantRunId !== previousRunId &&
            `Run ${logText(previousRunId)} was superseded by run ${logText(relevantRunId)}; following the newer run.`,
        response.runStage !== previous?.runStage && `${run}: stage ${response.runStage}${was}.`,
        (previous === undefined || counts !== describeCounts(previous)) && `${run}: ${counts}.`
    ].filter(line => line !== false);
}
function describeCounts(r) {
    const said = (count, words) => count === undefined ? '' : words(count);
    const parts = [
        said(r.workflowsInRunCount, n => (0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_1__/* .plural */ .LS)(n, 'workflow')),
        said(r.workflowsUnderInvestigationCount, n => `${n} under investigation`),
        said(r.workflowsAutoRetryingCount, n => `${n} auto-retrying`),
        said(r.workflowsDisabledAfterRunCount || undefined, n => `${n} disabled after the run`),
        said(r.blockingBugsCount, n => (0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_1__/* .plural */ .LS)(n, 'blocking bug')),
        said(r.nonBlockingBugsCount, n => (0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_1__/* .plural */ .LS)(n, 'non-blocking bug'))
    ].filter(Boolean);
    return parts.length === 0 ? 'no counts reported' : parts.join(', ');
}
const readFailedLine = (what, pauseMs, message) => `Reading ${what} failed; asking again in ${(0,_kernel_time_js__WEBPACK_IMPORTED_MODULE_2__/* .formatDuration */ .a3)(pauseMs)}: ${message}`;
const IGNORED_WORDS = {
    'other-commit': 'on another commit',
    'other-app': 'by another app than check-app',
    'github-actions': 'by GitHub Actions (a placeholder a workflow created)',
    'before-since': 'started before since',
    superseded: 'older than a check run of the same app'
};
function checkWaitingLine(selection, rules) {
    const why = [...new Set(selection.ignored.map(entry => IGNORED_WORDS[entry.why]))].join(', ');
    const ignored = why && ` (${(0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_1__/* .plural */ .LS)(selection.ignored.length, 'check run')} of that name ignored: ${why})`;
    const commit = rules.sha.slice(0, 12);
    if (selection.counting.length === 0)
        return `No check run ${(0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_1__/* .quote */ .hD)(rules.name)} counts on ${commit} yet${ignored}.`;
    const states = selection.counting.map(run => (0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_1__/* .plainText */ .wh)(run.conclusion ?? run.status.replace(/_/g, ' '), 40));
    return `Check run ${(0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_1__/* .quote */ .hD)(rules.name)} on ${commit}: ${states.join(', ')}${ignored}.`;
}
function checkNamesWords(names) {
    if (names.listed.length === 0)
        return 'GitHub lists no check run at all on this commit.';
    const nearest = names.nearest === undefined
        ? '.'
        : `: did you mean ${names.nearest.input}: ${(0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_1__/* .quote */ .hD)(names.nearest.value)}?`;
    const listed = `GitHub lists these check runs on this commit: ${listedNames(names)}`;
    if (names.cause === 'nothing-posted' || names.cause === 'name-not-counting')
        return `${listed}.`;
    if (names.cause === 'other-app')
        return `${listed}; check-app must match the app exactly${nearest}`;
    return `${listed}; check-name must match one of them exactly${nearest}`;
}
function listedNames(names) {
    const listed = names.listed.map(({ name, app }) => `${(0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_1__/* .quote */ .hD)(name)} by ${app}`).join(', ');
    return `${listed}${names.more > 0 ? ` (and ${names.more} more)` : ''}`;
}
function checkNamesLine(names) {
    if (names.listed.length === 0)
        return 'GitHub lists no check run on this commit yet.';
    const nearest = names.nearest === undefined
        ? ''
        : ` Did you mean ${names.nearest.input}: ${(0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_1__/* .quote */ .hD)(names.nearest.value)}? It must match exactly.`;
    return `Check runs on this commit so far: ${listedNames(names)}.${nearest}`;
}


/***/ }),

/***/ 1235:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Br: () => (/* binding */ renderSummary),
/* harmony export */   E5: () => (/* binding */ renderPullRequestComment),
/* harmony export */   Hc: () => (/* binding */ EMPTY_GREENLIGHT_OUTPUTS),
/* harmony export */   Ix: () => (/* binding */ verdictOutputs),
/* harmony export */   Ql: () => (/* binding */ commentMarker),
/* harmony export */   Rj: () => (/* binding */ githubLinks),
/* harmony export */   fb: () => (/* binding */ finishedLine),
/* harmony export */   hk: () => (/* binding */ annotations),
/* harmony export */   oM: () => (/* binding */ closingLine),
/* harmony export */   sn: () => (/* binding */ contradictionLine),
/* harmony export */   xY: () => (/* binding */ hasMarker)
/* harmony export */ });
/* unused harmony exports MAX_LISTED_BUGS, MAX_COMMENT_BUGS, COMMENT_MAX_CHARS, COMMENT_TRUNCATION_NOTE */
/* harmony import */ var _kernel_time_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(884);
/* harmony import */ var _kernel_text_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(5426);
/* harmony import */ var _kernel_markdown_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9660);
/* harmony import */ var _verdict_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7764);
/* harmony import */ var _report_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6229);





const MAX_LISTED_BUGS = 100;
const MAX_COMMENT_BUGS = 25;
const COMMENT_MAX_CHARS = 65_000;
const COMMENT_TRUNCATION_NOTE = "⚠️ **This comment was truncated** to stay within GitHub's comment size limit. The job summary of the workflow run has the details.";
const MAX_BUG_ANNOTATIONS = 8;
const INTERRUPTED_NOTES = {
    waiting: '⚠️ The job was cancelled while waiting; this summary shows what was known then.',
    reporting: '⚠️ The job was cancelled while the verdict was being reported, so the step ends interrupted and is not reported as green, whatever the service answered. Below is what was known then.'
};
const capitalized = (words) => `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
const moreWords = (rest, noun) => `… and ${(0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_3__/* .plural */ .LS)(rest, `more ${noun}`)}`;
const restOf = (count, shown) => count.more + Math.max(0, count.listed - shown);
const entryTitle = (line) => `${line.emoji} ${(0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeText */ .X1)(capitalized(line.name))}: ${(0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeText */ .X1)(line.cause, 1000)}`;
function lead(report) {
    const { verdict, facts, entries } = report;
    const label = (0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeText */ .X1)(facts.label);
    const title = label === '' ? 'QA greenlight' : `QA greenlight — ${label}`;
    const lines = [`## ${report.emoji} ${title}: ${report.heading}`, ''];
    const [only] = entries;
    if (only === undefined)
        lines.push(`**${report.lead}:** no run was checked.`);
    else if (report.tally !== undefined) {
        lines.push(`**${report.lead}:** ${report.tally}`, '', (0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .bulletList */ .fF)(entries.map(entryTitle)));
    }
    else {
        const why = verdict.interrupted === 'reporting'
            ? 'the job was cancelled while the verdict was being reported'
            : (0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeText */ .X1)(only.cause, 1000);
        const stop = /[.!?]$/.test(why) ? '' : '.';
        lines.push(`**${report.lead}** (${(0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeText */ .X1)(only.name)}): ${why}${stop}`);
    }
    const { sha, commitUrl, deploymentUrl } = facts.target ?? {};
    const judged = [
        sha === undefined ? '' : `commit ${(0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .link */ .nf)(sha.slice(0, 7), commitUrl)}`,
        deploymentUrl === undefined ? '' : `deployment ${(0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .link */ .nf)('', deploymentUrl)}`
    ].filter(Boolean);
    if (judged.length > 0)
        lines.push('', `Judged: ${judged.join(', ')}.`);
    if (verdict.interrupted !== undefined)
        lines.push('', INTERRUPTED_NOTES[verdict.interrupted]);
    return lines;
}
function renderSummary(report) {
    const { verdict, facts } = report;
    const lines = [...lead(report), ''];
    if (facts.commentProblem !== undefined) {
        lines.push(`⚠️ The pull request comment could not be written: ${(0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeText */ .X1)(facts.commentProblem, 500)}`, '');
    }
    const next = nextStep(report);
    if (next !== undefined)
        lines.push(`**What to do:** ${next}`, '');
    const rules = verdict.class !== 'red' || verdict.bugs.blocking.count.total === 0
        ? []
        : [
            'Blocking bugs are triaged in the QA service; re-run the job once they are resolved.',
            '',
            (0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .details */ .zH)('Which bugs block', "The QA service's classification first (a bug's `isBlocking`); a bug it has not classified blocks while its priority is urgent, high, not set or unknown."),
            ''
        ];
    let chars = rules.reduce((sum, line) => sum + line.length + 1, 0);
    for (const line of report.entries) {
        if (chars > _kernel_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .SUMMARY_MAX_BYTES */ .eR)
            break;
        const { entry } = line;
        const response = entry.run?.response;
        const section = [
            ...(report.tally === undefined ? [] : [`### ${entryTitle(line)}`, '']),
            ...(entry.source === 'check'
                ? checkSection(entry, facts.since)
                : response !== undefined
                    ? runSection(entry, response)
                    : [
                        `No valid answer was received for run ${(0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeText */ .X1)(entry.id)}, so its stage and bug counts are unknown.`,
                        ''
                    ])
        ];
        chars += section.reduce((sum, text) => sum + text.length + 1, 0);
        lines.push(...section);
    }
    lines.push(...rules);
    return (0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .limitSummary */ .g9)(`${squeeze(lines)}\n`);
}
const squeeze = (lines) => lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd();
function nextStep({ verdict, entries }) {
    if (verdict.status !== 'timed-out')
        return undefined;
    const timedOut = entries.filter(({ entry }) => entry.status === 'timed-out');
    if (timedOut.every(({ entry }) => entry.reason?.code === 'check-newer-running'))
        return "nothing here. This event's check run is not the commit's latest word: the newer check run's own `check_run` event starts this workflow again, and that run decides.";
    const first = timedOut[0]?.entry.reason;
    const nearest = first?.code === 'no-check' ? first.names?.nearest : undefined;
    if (timedOut.length === 1 && nearest !== undefined) {
        const why = nearest.input === 'check-name'
            ? 'GitHub lists a check run of that name on this commit'
            : 'that app posted the check run of that name on this commit';
        return `set \`${nearest.input}\` to ${(0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeText */ .X1)((0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_3__/* .quote */ .hD)(nearest.value))} (${why}), then re-run the job.`;
    }
    const timeoutMs = verdict.timedOutAfterMs;
    const how = timeoutMs === 0
        ? 're-run the job with `wait: true` (it was false, so the step asked once)'
        : `re-run the job with a longer \`timeout\`${timeoutMs === undefined ? '' : ` (it was ${(0,_kernel_time_js__WEBPACK_IMPORTED_MODULE_4__/* .formatDuration */ .a3)(timeoutMs)})`}`;
    if (timedOut.every(({ entry }) => entry.source === 'check'))
        return `QA Wolf posts its check on the commit when its run ends (and its review, if any). To gate on it, ${how}; or gate without holding a runner, from a workflow started by the check (\`on: check_run\`).`;
    const where = timedOut
        .map(({ name, entry }) => (0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .link */ .nf)(name, entry.run?.response?.relevantRunUrl ?? entry.url))
        .join(', ');
    return `the run goes on in QA Wolf (${where}); its verdict comes when it ends there. To gate on it, ${how}.`;
}
function findings(entry, maxChars) {
    const { title, summary } = entry.check ?? {};
    return [
        ...(title === undefined ? [] : [`**${(0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeText */ .X1)(title, 300)}**`, '']),
        ...(summary === undefined ? [] : [(0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .outsideMarkdown */ .Fm)(summary, maxChars), ''])
    ];
}
function checkSection(entry, since) {
    const check = entry.check;
    if (check === undefined)
        return [];
    const app = check.appName === undefined
        ? (0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .codeSpan */ .SS)(check.app)
        : `${(0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeText */ .X1)(check.appName)} (${(0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .codeSpan */ .SS)(check.app)})`;
    const state = check.conclusion === undefined
        ? (0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeText */ .X1)((0,_report_js__WEBPACK_IMPORTED_MODULE_2__/* .spaced */ .ji)(check.checkStatus))
        : `concluded ${(0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .codeSpan */ .SS)(check.conclusion)}`;
    const event = check.fromEvent ? " (the check_run event's check run)" : '';
    const links = [
        isHttp(check.detailsUrl) ? (0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .link */ .nf)('Details in QA Wolf', check.detailsUrl) : '',
        isHttp(entry.url) ? (0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .link */ .nf)('Check run on GitHub', entry.url) : ''
    ].filter(Boolean);
    const shown = links.length > 0 ? ` ${links.join(' · ')}` : '';
    const counted = since === undefined
        ? 'since is not set, so any check run of this commit counts.'
        : `only check runs started at or after since (${(0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeText */ .X1)(since)}) count.`;
    const open = isHttp(check.detailsUrl)
        ? (0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .link */ .nf)('open the run in QA Wolf', check.detailsUrl)
        : `open the run in QA Wolf${entry.url === undefined ? '' : ` (from the ${(0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .link */ .nf)('check run on GitHub', entry.url)})`}`;
    const again = "re-run this job: it reads QA Wolf's check on this commit again.";
    const step = {
        failed: `${open} for the bugs and the failed tests. Blocking bugs are triaged in QA Wolf; once they are resolved (or QA Wolf re-runs the tests), ${again}`,
        canceled: `${open} to see why it was cancelled (a newer run of the same environment replaces an older one). Once QA Wolf has a result for this commit, ${again}`,
        'not-tested': `${open} to see why nothing was tested (no flow ran, or the run was skipped): check the environment's triggers in QA Wolf. Once a run has tested this commit, ${again}`
    };
    const what = step[entry.status];
    return [
        ...findings(entry),
        ...(what === undefined ? [] : [`**What to do:** ${what}`, '']),
        `${(0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeText */ .X1)(check.name)} by ${app}: ${state}${event}.${shown}`,
        '',
        check.startedAt === undefined
            ? capitalized(counted)
            : `This check run started at ${(0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeText */ .X1)(check.startedAt)}; ${counted}`,
        ''
    ];
}
const isHttp = (url) => (0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .safeHttpUrl */ .vH)(url ?? '') !== undefined;
function runSection(entry, response) {
    const { blocking, nonBlocking, other } = entry.bugs;
    const bugsUrl = response.relevantRunWithBugsUrl;
    const all = (noun) => (rest) => `${moreWords(rest, noun)}: ${(0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .link */ .nf)('see them all in the QA service', bugsUrl)}`;
    const lines = [
        ...titled('Blocking bugs', blocking, all('blocking bug')),
        ...titled(OTHER_BUGS, other, all('blocking bug'))
    ];
    const supersededBy = entry.run?.supersededBy;
    if (supersededBy !== undefined) {
        lines.push(`Run ${(0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .link */ .nf)(supersededBy, response.relevantRunUrl)} superseded root run ${(0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .link */ .nf)(entry.id, entry.url)}; the figures below are the superseding run's.`, '');
    }
    const reportsBugs = response.runStage === 'completed' || blocking.count.total + nonBlocking.count.total > 0;
    const { workflowsAutoRetryingCount: retrying, workflowsDisabledAfterRunCount: disabled } = response;
    const columns = Object.entries({
        Run: (0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .link */ .nf)(entry.run?.relevantRunId ?? entry.id, response.relevantRunUrl),
        Stage: (0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeText */ .X1)((0,_report_js__WEBPACK_IMPORTED_MODULE_2__/* .stageWords */ ._l)(String(response.runStage))),
        Workflows: count(response.workflowsInRunCount),
        'Under investigation': count(response.workflowsUnderInvestigationCount),
        'Auto-retrying': retrying !== undefined && String(retrying),
        'Disabled after run': disabled !== undefined && disabled > 0 && String(disabled),
        'Blocking bugs': reportsBugs && String(blocking.count.total),
        'Non-blocking bugs': reportsBugs && String(nonBlocking.count.total)
    }).filter((column) => column[1] !== false);
    const headers = columns.map(([name]) => name);
    lines.push((0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .table */ .tp)(headers, [columns.map(([, cell]) => cell)]), '');
    if (nonBlocking.shown.length > 0) {
        const list = bugList(nonBlocking, all('non-blocking bug'));
        lines.push((0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .details */ .zH)(`Non-blocking bugs (${nonBlocking.count.total})`, list), '');
    }
    if (blocking.count.total + nonBlocking.count.total + other.count.total > 0) {
        lines.push((0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .link */ .nf)('Open the run filtered to bugs', bugsUrl), '');
    }
    return lines;
}
const OTHER_BUGS = 'Blocking bugs in workflows outside this run';
function titled(title, list, more, max = MAX_LISTED_BUGS) {
    const { total } = list.count;
    return total === 0 ? [] : [`**${title} (${total}):**`, '', bugList(list, more, max), ''];
}
const count = (value) => (value === undefined ? '—' : String(value));
function bugItem(bug) {
    const title = (0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .link */ .nf)(bug.name ?? bug.url ?? 'Unnamed bug', bug.url);
    const priority = bug.priority === null ? 'priority not set' : `priority ${bug.priority}`;
    const facts = [
        bug.number !== undefined && `bug ${bug.number}`,
        bug.priority !== undefined && priority,
        bug.isNew !== undefined && (bug.isNew ? 'new' : 'known')
    ].filter(fact => fact !== false);
    const described = facts.length === 0 ? title : `${title} — ${(0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeText */ .X1)(facts.join(', '))}`;
    const issue = bug.externalIssue;
    if (issue === undefined)
        return described;
    const name = [issue.platform, issue.id].filter(Boolean).join(' ') || 'tracker issue';
    return `${described} — ${(0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .link */ .nf)(name, issue.url)}`;
}
function bugList({ shown, count }, more, max = MAX_LISTED_BUGS) {
    const items = shown.slice(0, max).map(bugItem);
    const rest = restOf(count, items.length);
    return (0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .bulletList */ .fF)(rest > 0 ? [...items, more(rest)] : items);
}
function commentMarker(label) {
    if (label === '')
        return '<!-- qa-greenlight -->';
    const encoded = encodeURIComponent(label.replace(/\p{Cs}/gu, '\ufffd'));
    return `<!-- qa-greenlight:${encoded.replace(/[!'()*]/g, _kernel_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .percentEncoded */ .qE)} -->`;
}
const hasMarker = (body, marker) => typeof body === 'string' && (body.split('\n', 1)[0] ?? '').trim() === marker;
function githubLinks(ctx, env, sha) {
    const server = (0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .safeHttpUrl */ .vH)(ctx.serverUrl) === undefined ? undefined : ctx.serverUrl;
    if (server === undefined || !/^[^/\s]+\/[^/\s]+$/.test(ctx.repository))
        return {};
    const base = `${server}/${ctx.repository}`;
    const runId = env['GITHUB_RUN_ID'] ?? '';
    const attempt = Number(env['GITHUB_RUN_ATTEMPT'] ?? '1');
    const attempts = Number.isInteger(attempt) && attempt > 1 ? `/attempts/${attempt}` : '';
    return {
        ...(sha === undefined ? {} : { commitUrl: `${base}/commit/${sha}` }),
        ...(/^\d+$/.test(runId) ? { workflowRunUrl: `${base}/actions/runs/${runId}${attempts}` } : {})
    };
}
function renderPullRequestComment(content) {
    const { label, verdict, commitSha, links } = content;
    const report = (0,_report_js__WEBPACK_IMPORTED_MODULE_2__/* .buildReport */ .FK)(verdict, { label });
    const marker = commentMarker(label);
    const run = links?.workflowRunUrl;
    const parts = [
        commitSha === undefined ? '' : `Commit ${(0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .link */ .nf)(commitSha.slice(0, 7), links?.commitUrl)}`,
        run === undefined ? '' : (0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .link */ .nf)('workflow run and job summary', run),
        'updated by qa-greenlight on every run of this step'
    ];
    const footer = `<sub>${parts.filter(Boolean).join(' · ')}</sub>`;
    const checks = verdict.entries.some(entry => entry.source === 'check');
    const more = rest => `${moreWords(rest, 'blocking bug')}: see the job summary or the QA service.`;
    const stepBugs = ({ shown, count }, title) => titled(title, { count, shown: shown.map(({ bug }) => bug) }, more, MAX_COMMENT_BUGS);
    const main = squeeze([
        ...lead(report),
        '',
        ...stepBugs(verdict.bugs.blocking, 'Blocking bugs'),
        ...stepBugs(verdict.bugs.other, OTHER_BUGS),
        ...verdict.entries.flatMap(e => (e.class === 'red' ? findings(e, 2000) : [])),
        checks ? checkTable(verdict) : runTable(verdict)
    ]).trim();
    const budget = COMMENT_MAX_CHARS - (0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .utf8Length */ .wI)(`${marker}\n\n\n${footer}\n`);
    const limited = (0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .limitSummary */ .g9)(main, budget, COMMENT_TRUNCATION_NOTE).trimEnd();
    return `${marker}\n${limited}\n\n${footer}\n`;
}
function runTable(verdict) {
    const rows = verdict.entries.map(entry => {
        const response = entry.run?.response;
        const supersededBy = entry.run?.supersededBy;
        const known = (value) => (response === undefined ? '—' : String(value));
        return [
            supersededBy !== undefined
                ? `${(0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .link */ .nf)(entry.id, entry.url)} → ${(0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .link */ .nf)(supersededBy, response?.relevantRunUrl)}`
                : (0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .link */ .nf)(entry.id, entry.url ?? response?.relevantRunUrl),
            (0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeText */ .X1)(entry.status),
            known(entry.bugs.blocking.count.total),
            known(entry.bugs.nonBlocking.count.total),
            count(response?.workflowsInRunCount),
            count(response?.workflowsUnderInvestigationCount),
            response === undefined ? '—' : (0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .link */ .nf)('bugs', response.relevantRunWithBugsUrl)
        ];
    });
    const headers = ['Run', 'Status', 'Blocking bugs', 'Non-blocking bugs', 'Workflows'];
    return (0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .table */ .tp)([...headers, 'Under investigation', 'Link'], rows);
}
function checkTable(verdict) {
    const rows = verdict.entries.map(entry => [
        (0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .link */ .nf)(entry.check === undefined ? entry.id : `${entry.check.name} (${entry.id})`, entry.url),
        (0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeText */ .X1)(entry.check?.appName ?? entry.check?.app ?? '—'),
        (0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeText */ .X1)(entry.status),
        (0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeText */ .X1)(entry.check?.conclusion ?? entry.check?.checkStatus ?? '—'),
        entry.check?.detailsUrl === undefined ? '—' : (0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .link */ .nf)('details', entry.check.detailsUrl)
    ]);
    return (0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .table */ .tp)(['Check run', 'App', 'Status', 'Conclusion', 'Link'], rows);
}
function annotations(report, labelPrefix) {
    const { blocking } = report.verdict.bugs;
    const named = blocking.shown.slice(0, MAX_BUG_ANNOTATIONS).map(({ bug, entryId }) => {
        const name = (0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_3__/* .plainText */ .wh)(bug.name ?? bug.url ?? '') || `Unnamed blocking bug in run ${(0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_3__/* .plainText */ .wh)(entryId)}`;
        return { message: `${labelPrefix}Blocking bug: ${name}`, title: `Blocking bug: ${name}` };
    });
    const rest = restOf(blocking.count, named.length);
    if (rest <= 0)
        return named;
    const more = `${labelPrefix}${moreWords(rest, 'blocking bug')}: see the job summary.`;
    return [...named, { message: more, title: (0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_3__/* .plural */ .LS)(rest, 'more blocking bug') }];
}
const CLOSING_KIND = { green: 'info', failed: 'failed', warned: 'warning' };
function closingLine({ verdict }, gate, labelPrefix) {
    const notPassed = verdict.entries
        .filter(entry => entry.status !== 'passed')
        .map(e => `${e.id}: ${e.status}${e.reason ? ` (${(0,_report_js__WEBPACK_IMPORTED_MODULE_2__/* .reasonText */ .uV)(e.reason)})` : ''}`);
    const said = gate.ends === 'green'
        ? 'QA verdict: green.'
        : verdict.interrupted === 'reporting'
            ? 'The job was cancelled while the verdict was being reported.'
            : `QA verdict: ${verdict.status}. ${notPassed.join('; ')}`.trimEnd();
    const forgiven = gate.ends === 'warned' ? ` (${gate.forgivenBy} is false)` : '';
    return { kind: CLOSING_KIND[gate.ends], message: `${labelPrefix}${said}${forgiven}` };
}
const finishedLine = (entry) => `Run ${entry.id}: ${entry.status} after ${(0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_3__/* .plural */ .LS)(entry.run?.queries ?? 0, 'query', 'queries')}.`;
const contradictionLine = (runId, contradiction) => `Run ${(0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_3__/* .plainText */ .wh)(runId, Number.POSITIVE_INFINITY)}: the service's answer contradicts itself (${(0,_report_js__WEBPACK_IMPORTED_MODULE_2__/* .contradictionText */ .fz)(contradiction)}); it is not treated as green.`;
const KIB = 1024;
const PER_RUN_LINES_MAX_BYTES = 14 * KIB;
const URL_LIST_MAX_BYTES = 24 * KIB;
const RESULT_MAX_BYTES = 96 * KIB;
const CUT = "cut to stay within GitHub's output limits; the job summary and the QA service have the rest";
function verdictOutputs(verdict) {
    const { entries } = verdict;
    const responses = entries.flatMap(entry => entry.run?.response ?? []);
    const lines = (values, noun) => (0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .fitLines */ .RV)(values.map(value => (0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_3__/* .oneLine */ .TN)(value ?? '')), PER_RUN_LINES_MAX_BYTES, omitted => `… ${(0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_3__/* .plural */ .LS)(omitted, noun)} (${CUT})`);
    const perRun = (pick) => lines(entries.filter(entry => entry.source === 'run').map(pick), 'more run');
    const perCheck = (pick) => lines(entries.filter(entry => entry.check !== undefined).map(pick), 'more check run');
    const fromCheck = entries.length > 0 && entries.every(entry => entry.source === 'check');
    const counted = (value) => (fromCheck ? '' : String(value()));
    const sum = (key) => counted(() => responses.reduce((total, response) => total + (response[key] ?? 0), 0));
    const urls = (key) => {
        const cutEarlier = responses.reduce((total, response) => {
            const original = response.cutByQaGreenlight?.originalLengths[key];
            return total + (original === undefined ? 0 : original - (response[key]?.length ?? 0));
        }, 0);
        return (0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .fitJsonList */ .MK)(new Set(responses.flatMap(response => response[key] ?? [])), URL_LIST_MAX_BYTES, omitted => `… ${(0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_3__/* .plural */ .LS)(omitted, 'more URL')} (${CUT})`, cutEarlier);
    };
    return {
        greenlight: verdict.green ? 'true' : 'false',
        status: verdict.status,
        'run-stage': perRun(({ run }) => run?.response?.runStage),
        'root-run-id': perRun(entry => entry.id),
        'relevant-run-id': perRun(entry => entry.run?.relevantRunId),
        'relevant-run-url': perRun(({ run }) => run?.response?.relevantRunUrl),
        'relevant-run-with-bugs-url': perRun(({ run }) => run?.response?.relevantRunWithBugsUrl),
        'root-run-url': perRun(entry => entry.url),
        'blocking-bugs-count': counted(() => verdict.bugs.blocking.count.total),
        'non-blocking-bugs-count': counted(() => verdict.bugs.nonBlocking.count.total),
        'workflows-in-run-count': sum('workflowsInRunCount'),
        'workflows-under-investigation-count': sum('workflowsUnderInvestigationCount'),
        'blocking-bug-urls': urls('blockingBugUrls'),
        'non-blocking-bug-urls': urls('nonBlockingBugUrls'),
        'other-blocking-bugs-count': counted(() => verdict.bugs.other.count.total),
        result: (0,_kernel_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .fitJsonList */ .MK)(responses, RESULT_MAX_BYTES, omitted => ({
            cutByQaGreenlight: `${(0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_3__/* .plural */ .LS)(omitted, 'more answer')} left out, ${CUT}`
        })),
        'superseded-by': perRun(entry => entry.run?.supersededBy),
        'check-run-id': perCheck(entry => entry.id),
        'check-run-url': perCheck(entry => entry.url),
        'details-url': perCheck(entry => entry.check?.detailsUrl),
        'check-conclusion': perCheck(entry => entry.check?.conclusion),
        'check-app': perCheck(entry => entry.check?.app)
    };
}
const EMPTY_GREENLIGHT_OUTPUTS = Object.freeze(verdictOutputs((0,_verdict_js__WEBPACK_IMPORTED_MODULE_1__/* .verdictOf */ .Vj)([])));


/***/ }),

/***/ 6229:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   FK: () => (/* binding */ buildReport),
/* harmony export */   _l: () => (/* binding */ stageWords),
/* harmony export */   fz: () => (/* binding */ contradictionText),
/* harmony export */   ji: () => (/* binding */ spaced),
/* harmony export */   uV: () => (/* binding */ reasonText)
/* harmony export */ });
/* harmony import */ var _kernel_time_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(884);
/* harmony import */ var _kernel_text_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5426);
/* harmony import */ var _poll_log_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4501);



const STATUS_EMOJI = {
    passed: '✅',
    failed: '❌',
    canceled: '❌',
    superseded: '⏭️',
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
const INTERRUPTED_REASON = 'the job was cancelled while waiting for the verdict';
function buildReport(verdict, facts) {
    const superseded = verdict.status === 'superseded' && verdict.class === 'red';
    const byCommit = verdict.entries.some(e => e.reason?.code === 'commit-superseded');
    const entries = verdict.entries.map(entry => ({
        entry,
        emoji: STATUS_EMOJI[entry.status],
        name: `${entry.source === 'run' ? 'run' : entry.check ? 'check run' : 'check'} ${entry.id}`,
        cause: entryCause(entry, verdict.timedOutAfterMs)
    }));
    const named = verdict.class === 'no-verdict' || verdict.status === 'not-tested';
    return {
        verdict,
        facts,
        emoji: STATUS_EMOJI[verdict.status],
        heading: !superseded
            ? `${named ? `${verdict.status.replace('-', ' ')}, ` : ''}${CLASS_LEAD[verdict.class].toLowerCase()}`
            : byCommit
                ? 'superseded, a newer commit decides'
                : 'superseded by a newer run, not green',
        lead: superseded ? 'Superseded' : CLASS_LEAD[verdict.class],
        entries,
        ...(entries.length > 1 ? { tally: tally(verdict) } : {})
    };
}
function tally(verdict) {
    const entries = verdict.entries.length;
    const noun = verdict.entries.every(entry => entry.source === 'check') ? 'check runs' : 'runs';
    const notGreen = verdict.entries.filter(entry => entry.class !== 'green').length;
    const withoutVerdict = verdict.entries.filter(entry => entry.class === 'no-verdict').length;
    if (verdict.class === 'green')
        return `all ${entries} ${noun} ${noun === 'runs' ? 'completed with no blocking bugs' : 'concluded success'}.`;
    if (verdict.interrupted === 'reporting')
        return `the job was cancelled while the verdict of ${entries} ${noun} was being reported.`;
    return verdict.class === 'no-verdict'
        ? `${withoutVerdict} of ${entries} ${noun} without a verdict, ${notGreen} not green.`
        : `${notGreen} of ${entries} ${noun} not green.`;
}
const stageWords = (stage) => stage === 'underReview' ? 'under review' : stage;
const spaced = (status) => status.replace(/_/g, ' ');
const short = (sha) => sha.slice(0, 12);
const CONTRADICTION_WORDS = {
    'green-while-canceled': () => 'for a canceled run',
    'green-while-running': c => `while the run is still ${c.stage}`,
    'green-without-count': () => 'for a completed run but no blocking-bug count',
    'green-with-blocking-count': c => `together with ${(0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_1__/* .plural */ .LS)(c.count, 'blocking bug')}`,
    'green-with-blocking-urls': c => `and zero blocking bugs, but listed ${(0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_1__/* .plural */ .LS)(c.count, 'blocking bug URL')}`,
    'green-with-blocking-bugs': c => `and zero blocking bugs, but ${(0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_1__/* .plural */ .LS)(c.count, 'reproduced bug')} that blocks (urgent, high or unset priority, or isBlocking)`
};
const REASON_WORDS = {
    'run-canceled': ({ message, serviceReason }) => {
        const said = [message, serviceReason && `reason: ${serviceReason}`].filter(Boolean).join('; ');
        return `the run was canceled${said && `; the service says: ${said}`}`;
    },
    contradiction: reason => contradictionText(reason.contradiction),
    'blocking-bugs': reason => `the run completed with ${(0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_1__/* .plural */ .LS)(reason.count, 'blocking bug')}`,
    'no-greenlight': () => 'the run completed without a greenlight',
    'no-greenlight-zero-blocking': () => 'the run completed without a greenlight (no blocking bugs in this run; possibly blocking bugs in other workflows)',
    'blocking-bugs-in-other-workflows': reason => `${(0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_1__/* .plural */ .LS)(reason.count, 'blocking bug')} in workflows outside this run, with outcome-when-blocking-bugs-in-other-workflows: red`,
    superseded: reason => `run ${reason.rootRunId} was superseded by run ${reason.newerRunId}, and on-superseded is fail`,
    'still-running': reason => stillWords('the run', reason.stage ?? 'unknown', reason.wait),
    'not-ended': reason => `the run was still ${reason.stage}`,
    interrupted: () => INTERRUPTED_REASON,
    crashed: reason => reason.during === 'query'
        ? `unexpected failure while querying the service: ${reason.message}`
        : `internal error while polling: ${reason.message}`,
    'no-answer-to-judge': () => 'internal error while polling: no answer to judge',
    'query-refused': reason => reason.message,
    'run-not-found': reason => `${reason.message} (still not found ${(0,_kernel_time_js__WEBPACK_IMPORTED_MODULE_2__/* .formatDuration */ .a3)(reason.sinceFirstQueryMs)} after the first query; check the run-id input)`,
    unreachable: reason => `${reason.message} The service has not been reachable for ${(0,_kernel_time_js__WEBPACK_IMPORTED_MODULE_2__/* .formatDuration */ .a3)(reason.unreachableForMs)}; check the base-url input.`,
    'retry-after-past-deadline': reason => {
        const wait = `the service asked to wait ${(0,_kernel_time_js__WEBPACK_IMPORTED_MODULE_2__/* .formatDuration */ .a3)(reason.retryAfterMs)} before the next query (Retry-After), which is past the ${reason.wait ? 'timeout' : 'window of wait: false'} (${(0,_kernel_time_js__WEBPACK_IMPORTED_MODULE_2__/* .formatDuration */ .a3)(reason.msLeft)} left)`;
        return reason.stage === undefined
            ? `${wait}; no answer before that: ${reason.message}`
            : `the run was still ${reason.stage} and ${wait}: ${reason.message}`;
    },
    'failing-at-deadline': reason => `the timeout passed while the run was still ${reason.stage}; the last query failed after ${(0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_1__/* .plural */ .LS)(reason.failures, 'failed attempt')}: ${reason.message}`,
    'no-answer': reason => {
        const attempts = (0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_1__/* .plural */ .LS)(reason.failures, 'failed attempt');
        if (reason.notFound)
            return `${reason.message} (still not found after ${attempts})`;
        return `no answer from the service ${reason.wait ? 'within the timeout' : 'with wait set to false'} (${attempts}); last failure: ${reason.message}`;
    },
    'check-conclusion': reason => CONCLUSION_WORDS[reason.conclusion] ??
        `the check run concluded ${(0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_1__/* .quote */ .hD)(reason.conclusion)}, which this action does not know, so it is not green`,
    'no-check': reason => {
        const why = reason.ignored.map(kind => _poll_log_js__WEBPACK_IMPORTED_MODULE_0__/* .IGNORED_WORDS */ .X[kind]).join(', ');
        const ignored = why && ` (of that name, only check runs ${why}, which do not count)`;
        const names = reason.names === undefined ? '' : ` ${(0,_poll_log_js__WEBPACK_IMPORTED_MODULE_0__/* .checkNamesWords */ .S7)(reason.names)}`;
        const said = `QA Wolf posted no check run ${(0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_1__/* .quote */ .hD)(reason.name)} ${appWords(reason.app)} on this commit ${reason.wait ? 'by the timeout' : 'when read once (wait: false)'}${ignored}.${names}`;
        const cause = reason.names?.cause;
        if (cause === 'other-names' || cause === 'other-app' || cause === 'name-not-counting')
            return said;
        const none = cause === 'nothing-posted' && reason.names?.listed.length
            ? ` None is ${appWords(reason.app)}: QA Wolf posted no check on this commit at all.`
            : '';
        return `${said}${none} Likely causes: the repository is not connected to QA Wolf, QA Wolf's GitHub App is not installed on this repository, or no run started for this deployment (no trigger matched it)`;
    },
    'check-rate-limited': reason => `GitHub's rate limit for this token is used up until ${reason.until}, after the ${reason.wait ? 'timeout' : 'read (wait: false)'}, so the step stopped reading the check runs before any counted: no verdict. Re-run the job after the reset, or give the step a token with its own rate limit (github-token)`,
    'check-not-completed': reason => {
        const state = spaced(reason.checkStatus);
        if (reason.rateLimitedUntil !== undefined)
            return `the check run was still ${state} when GitHub's rate limit for this token was used up until ${reason.rateLimitedUntil}, after the timeout, so the step stopped reading`;
        return stillWords('the check run', state, reason.wait);
    },
    'check-newer-running': reason => {
        const state = spaced(reason.checkStatus);
        return reason.rerun
            ? `the check run of this check_run event was asked to run again since and is ${state} now, so its earlier result is not the verdict: its next completed check_run event starts this workflow again and decides`
            : `a newer check run of that name is still ${state} on this commit, so this event's result is not the verdict: the newer check run's own completed check_run event starts this workflow again and decides`;
    },
    'check-unreadable': reason => `GitHub listed a check run of that name whose deciding fields cannot be read, so the verdict cannot be trusted: ${reason.problems.join('; ')}`,
    'check-read-failed': reason => reason.stoppedForWaitMs === undefined
        ? reason.message
        : `${reason.message} The wait GitHub asked for (${(0,_kernel_time_js__WEBPACK_IMPORTED_MODULE_2__/* .formatDuration */ .a3)(reason.stoppedForWaitMs)}) ends after the time the step had to read, so the step stopped asking`,
    'event-other-check': reason => {
        const which = reason.eventName === undefined
            ? 'a check run without a readable name'
            : `check ${(0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_1__/* .quote */ .hD)(reason.eventName)}${reason.eventApp === undefined ? '' : ` by ${(0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_1__/* .quote */ .hD)(reason.eventApp)}`}`;
        const about = `this check_run event is about ${which}`;
        if (reason.why === 'before-since')
            return `${about}, which started before the since input: an earlier deployment's result, which never counts for this one, so it is never green. The check run of this deployment sends its own completed check_run event; check that since is the time this deployment was reported (notify's reported-at)`;
        if (reason.why === 'superseded')
            return `${about}, and a newer check run of that app replaced it, so it is never green: the newer one's own completed check_run event decides`;
        if (reason.why === 'other-commit')
            return `${about} on another commit than the sha input, so it is never green. On check_run, github.sha is the default branch's last commit: leave sha empty (the event's commit) or pass sha: \${{ github.event.check_run.head_sha }}`;
        if (reason.nameTypo === true && reason.eventName !== undefined)
            return `${about}, and check-name is ${(0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_1__/* .quote */ .hD)(reason.name)}, so it is never green. If this is QA Wolf's check, set check-name: ${(0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_1__/* .quote */ .hD)(reason.eventName)}`;
        return `${about}, not ${(0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_1__/* .quote */ .hD)(reason.name)} ${appWords(reason.app)}, so it is never green. Run the job only for QA Wolf's check: add this to the job, if: ${checkRunIf(reason.name, reason.app)}`;
    },
    'event-not-completed': reason => reason.eventAction === undefined
        ? `the check_run event's check run is ${spaced(reason.checkStatus)}, not completed: start the workflow with on: check_run: types: [completed]`
        : `this check_run event is ${reason.eventAction === '' ? 'of no action' : (0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_1__/* .quote */ .hD)(reason.eventAction)}, not completed: only a completed event carries a verdict (a rerequested one shows the check run from before it was asked again). Start the workflow with on: check_run: types: [completed]`,
    'commit-superseded': reason => `commit ${short(reason.sha)} is an older commit of branch ${(0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_1__/* .quote */ .hD)(reason.branch)}, whose tip is now ${short(reason.tip)}: only the tip may be promoted, so a late check never rolls production back; the newer commit's own check decides`,
    'commit-not-on-branch': reason => {
        const where = reason.found
            ? `is not on branch ${(0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_1__/* .quote */ .hD)(reason.branch)} (tip ${short(reason.tip)})`
            : `is not known to GitHub in this repository, so it is not on branch ${(0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_1__/* .quote */ .hD)(reason.branch)}`;
        return `commit ${short(reason.sha)}${reason.eventBranch === undefined ? '' : ` (branch ${(0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_1__/* .quote */ .hD)(reason.eventBranch)} as the event says)`} ${where}: only the tip of ${(0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_1__/* .quote */ .hD)(reason.branch)} may be promoted (a pull request's, a fork's or a merge queue's commit never is). To promote another branch's tip, set branch: (e.g. branch: release)`;
    },
    'branch-not-found': ({ branch, fromDefault }) => `GitHub has no branch ${(0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_1__/* .quote */ .hD)(branch)}${fromDefault ? " (the repository's default branch)" : ''} in this repository, or the token cannot read it (contents: read), so no commit can be promoted from it${fromDefault ? '' : ': check the branch input'}`,
    'branch-read-failed': reason => reason.message
};
const stillWords = (what, state, wait) => wait
    ? `the timeout passed while ${what} was still ${state}`
    : `wait is false and ${what} is still ${state}`;
const contradictionText = (c) => `the service reported a greenlight ${CONTRADICTION_WORDS[c.kind](c)}`;
const reasonText = (reason) => REASON_WORDS[reason.code](reason);
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
const appWords = (app) => app === '' ? 'by an app other than GitHub Actions' : `by app ${(0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_1__/* .quote */ .hD)(app)}`;
function checkRunIf(name, app) {
    const literal = (text) => `'${text.replace(/'/g, "''")}'`;
    const slug = app === '' ? "!= 'github-actions'" : `== ${literal(app)}`;
    return `github.event.check_run.name == ${literal(name)} && github.event.check_run.app.slug ${slug}`;
}
function entryCause(entry, timedOutAfterMs) {
    const reason = entry.reason === undefined ? undefined : reasonText(entry.reason);
    const { check } = entry;
    if (entry.source === 'check' && entry.status === 'passed')
        return `${check?.name ?? 'the check'} concluded success${check === undefined ? '' : ` (posted by ${check.appName ?? check.app})`}`;
    if (entry.reason?.code === 'check-newer-running' && reason !== undefined)
        return reason;
    const waited = timedOutAfterMs === undefined || !Number.isFinite(timedOutAfterMs) || timedOutAfterMs < 0
        ? 'timed out'
        : timedOutAfterMs === 0
            ? 'not finished when queried once without waiting'
            : `timed out after ${(0,_kernel_time_js__WEBPACK_IMPORTED_MODULE_2__/* .formatDuration */ .a3)(timedOutAfterMs)}`;
    if (entry.source === 'check' && entry.status === 'timed-out' && reason !== undefined)
        return `${waited}: ${reason}`;
    const blocking = entry.bugs.blocking.count.total;
    const stage = entry.run?.response?.runStage;
    const causes = {
        passed: 'completed with no blocking bugs',
        failed: blocking > 0
            ? (0,_kernel_text_js__WEBPACK_IMPORTED_MODULE_1__/* .plural */ .LS)(blocking, 'blocking bug')
            : (reason ?? 'the service did not give the greenlight'),
        canceled: reason ?? 'the run was canceled',
        superseded: reason ?? 'superseded by a newer run',
        'not-tested': reason ?? 'not tested',
        'timed-out': stage === undefined ? waited : `${waited}; the run was ${stageWords(stage)}`,
        interrupted: `interrupted: ${reason ?? INTERRUPTED_REASON}`,
        error: `error: ${reason ?? 'the verdict could not be obtained'}`
    };
    return causes[entry.status];
}


/***/ }),

/***/ 2724:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  greenlightMode: () => (/* binding */ greenlightMode)
});

// EXTERNAL MODULE: ./src/kernel/io.ts + 1 modules
var io = __webpack_require__(5742);
// EXTERNAL MODULE: ./src/kernel/values.ts
var values = __webpack_require__(6395);
// EXTERNAL MODULE: ./src/kernel/text.ts
var kernel_text = __webpack_require__(5426);
// EXTERNAL MODULE: ./src/kernel/answers.ts
var answers = __webpack_require__(8846);
// EXTERNAL MODULE: ./node_modules/valibot/dist/index.mjs
var dist = __webpack_require__(7934);
// EXTERNAL MODULE: ./src/kernel/parsers.ts
var parsers = __webpack_require__(9385);
;// CONCATENATED MODULE: ./src/kernel/greenlight-answer.ts



const count = dist/* pipe */.FsL(dist/* number */.aig(), dist/* integer */.ndf(), dist/* minValue */.Wwf(0));
const texts = dist/* array */.YOg(dist/* string */.YjP());
const bugList = dist/* array */.YOg(dist/* record */.g1P(dist/* string */.YjP(), dist/* unknown */.L5J()));
const INFORMING = {
    relevantRunUrl: dist/* string */.YjP(),
    relevantRunWithBugsUrl: dist/* string */.YjP(),
    rootRunUrl: dist/* string */.YjP(),
    workflowsDisabledAfterRunCount: count,
    workflowsInRunCount: count,
    workflowsUnderInvestigationCount: count,
    nonBlockingBugsCount: dist/* optional */.lqM(count),
    workflowsAutoRetryingCount: dist/* optional */.lqM(count),
    nonBlockingBugUrls: dist/* optional */.lqM(texts)
};
const DECIDING_WHEN_COMPLETED = {
    blockingBugsCount: dist/* optional */.lqM(count),
    blockingBugUrls: dist/* optional */.lqM(texts),
    reproducedBugs: dist/* optional */.lqM(bugList)
};
const BUG_INFORMING = dist/* partial */.OH3(dist/* object */.Ikc({
    name: dist/* string */.YjP(),
    number: dist/* union */.KCZ([dist/* number */.aig(), dist/* string */.YjP()]),
    isNew: dist/* boolean */.zMY(),
    applicationUrl: dist/* string */.YjP(),
    externalIssue: dist/* custom */.IeY(values/* isRecord */.u4)
})).entries;
const GreenlightSchema = dist/* looseObject */._H3({
    greenlight: dist/* boolean */.zMY(),
    relevantRunId: dist/* pipe */.FsL(dist/* string */.YjP(), dist/* check */.z6Y(id => id.trim() === '' || (0,parsers/* isSafeRunId */.cj)(id), 'not a valid run ID')),
    rootRunId: dist/* string */.YjP(),
    runStage: dist/* pipe */.FsL(dist/* string */.YjP(), dist/* check */.z6Y(stage => stage.trim() !== '', 'a run stage')),
    ...DECIDING_WHEN_COMPLETED,
    otherBlockingBugsInEnvironment: dist/* optional */.lqM(bugList),
    ...dist/* partial */.OH3(dist/* object */.Ikc(INFORMING)).entries
});
const DROPPED_FIELDS = Symbol('fields left out of a greenlight answer');
function droppedFields(response) {
    return response[DROPPED_FIELDS] ?? [];
}
function greenlightSchema(outcome) {
    const informing = outcome === 'red'
        ? INFORMING
        : { ...INFORMING, otherBlockingBugsInEnvironment: dist/* optional */.lqM(bugList) };
    const dropped = new Set();
    const tolerate = (record, schemas, prefix = '') => {
        const kept = { ...record };
        for (const [key, schema] of Object.entries(schemas)) {
            if (dist.is(schema, kept[key]))
                continue;
            delete kept[key];
            dropped.add(`${prefix}${key}`);
        }
        return kept;
    };
    return dist/* pipe */.FsL(dist/* unknown */.L5J(), dist/* transform */.pdi(data => {
        dropped.clear();
        if (!(0,values/* isRecord */.u4)(data))
            return data;
        const completed = data['runStage'] === 'completed';
        const out = tolerate(data, completed ? informing : { ...informing, ...DECIDING_WHEN_COMPLETED });
        for (const list of ['reproducedBugs', 'otherBlockingBugsInEnvironment']) {
            const bugs = out[list];
            if (!Array.isArray(bugs))
                continue;
            out[list] = bugs.map(bug => (0,values/* isRecord */.u4)(bug) ? tolerate(bug, BUG_INFORMING, `${list}[].`) : bug);
        }
        return out;
    }), GreenlightSchema, dist/* transform */.pdi((value) => {
        if (dropped.size > 0)
            Object.defineProperty(value, DROPPED_FIELDS, { value: [...dropped] });
        return value;
    }));
}

// EXTERNAL MODULE: ./src/kernel/settings.ts
var kernel_settings = __webpack_require__(7688);
// EXTERNAL MODULE: ./src/kernel/event.ts
var kernel_event = __webpack_require__(8181);
// EXTERNAL MODULE: ./src/gate/github-reads.ts
var github_reads = __webpack_require__(5700);
// EXTERNAL MODULE: ./src/kernel/github.ts
var github = __webpack_require__(2058);
// EXTERNAL MODULE: ./src/gate/poll-log.ts
var poll_log = __webpack_require__(4501);
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
// EXTERNAL MODULE: ./src/gate/bugs.ts
var gate_bugs = __webpack_require__(7580);
// EXTERNAL MODULE: ./src/kernel/markdown.ts
var markdown = __webpack_require__(9660);
;// CONCATENATED MODULE: ./src/gate/compact-response.ts




const MAX_TEXT_CHARS = 1000;
const MAX_KEPT_BUGS = 100;
const CUT_NOTE = "Lists shortened by qa-greenlight to keep the step's outputs within GitHub's limits; the QA service has them in full.";
const MAX_OTHER_FIELD_CHARS = 2000;
const CUT_FIELDS = [
    'reproducedBugs',
    'blockingBugUrls',
    'nonBlockingBugUrls',
    'otherBlockingBugsInEnvironment'
];
const bugsKeptPerRun = (runCount) => Math.min(MAX_KEPT_BUGS, Math.max(5, Math.floor(5000 / Math.max(1, runCount))));
function compactResponse(full, maxBugs = MAX_KEPT_BUGS) {
    const fields = Object.entries(full).filter(([key, value]) => value !== undefined && key !== 'cutByQaGreenlight' && !CUT_FIELDS.some(cut => cut === key));
    const compact = Object.fromEntries(fields.map(([key, value]) => [key, shortField(value)]));
    const bugs = (0,gate_bugs/* allBugs */.zo)(full);
    const firstListed = full.blockingBugUrls?.[0];
    const first = firstListed === undefined ? -1 : bugs.findIndex(bug => bug.url === firstListed);
    const taken = { blocking: 0, nonBlocking: 0 };
    const keptIndices = new Set(bugs.flatMap((bug, index) => {
        const kept = taken[bug.blocking ? 'blocking' : 'nonBlocking']++ < maxBugs;
        return kept || index === first ? [index] : [];
    }));
    const bugUrls = new Set(bugs.map(bug => bug.url));
    const keptUrls = new Set([...keptIndices].map(index => bugs[index]?.url));
    if (full.reproducedBugs !== undefined)
        compact.reproducedBugs = keptBugs(full.reproducedBugs, keptIndices);
    for (const key of ['blockingBugUrls', 'nonBlockingBugUrls']) {
        const list = full[key];
        if (list === undefined)
            continue;
        const blocking = key === 'blockingBugUrls';
        let pairs = bugs.filter((bug, index) => keptIndices.has(index) && bug.url === undefined && bug.blocking === blocking).length;
        compact[key] = list
            .filter(url => keptUrls.has(url) || (!bugUrls.has(url) && pairs-- > 0))
            .map(shortUrl);
    }
    const others = full.otherBlockingBugsInEnvironment;
    if (others !== undefined) {
        const blocks = (0,gate_bugs/* readBugs */.WX)(others).map(bug => bug.blocking);
        const order = [...blocks.keys()].sort((a, b) => Number(blocks[b]) - Number(blocks[a]));
        const kept = new Set(order.slice(0, maxBugs));
        compact.otherBlockingBugsInEnvironment = keptBugs(others, kept);
    }
    const cut = CUT_FIELDS.filter(key => (compact[key]?.length ?? 0) < (full[key]?.length ?? 0));
    if (cut.length > 0) {
        const originalLengths = Object.fromEntries(cut.map(key => [key, full[key]?.length]));
        compact.cutByQaGreenlight = { note: CUT_NOTE, originalLengths, ...(0,gate_bugs/* answerFigures */.SG)(full) };
    }
    return compact;
}
const keptBugs = (bugs, kept) => bugs.filter((_, index) => kept.has(index)).map(compactBug);
const BUG_FIELDS = 'name title number priority applicationUrl url externalIssueUrl isBlocking isNew';
const ISSUE_FIELDS = 'applicationUrl url externalIssueId platform';
function compactBug(raw) {
    const bug = {};
    for (const [key, value] of Object.entries(raw)) {
        const known = BUG_FIELDS.split(' ').includes(key) || key === 'externalIssue';
        if (!known && value !== undefined)
            bug[key] = shortField(value);
    }
    Object.assign(bug, pick(raw, BUG_FIELDS));
    const issue = raw['externalIssue'];
    if ((0,values/* isRecord */.u4)(issue))
        bug['externalIssue'] = pick(issue, ISSUE_FIELDS);
    else if (issue !== undefined)
        bug['externalIssue'] = null;
    return bug;
}
function pick(from, fields) {
    const present = fields.split(' ').filter(key => key in from);
    return Object.fromEntries(present.map(key => {
        const value = from[key];
        if (/url$/i.test(key))
            return [key, shortUrl(value)];
        return [key, typeof value === 'object' && value !== null ? null : shortText(value)];
    }));
}
function shortField(value) {
    if (typeof value === 'string')
        return /^https?:\/\//i.test(value) ? shortUrl(value) : shortText(value);
    if (typeof value !== 'object' || value === null)
        return value;
    const json = JSON.stringify(value);
    return json.length <= MAX_OTHER_FIELD_CHARS
        ? value
        : `cut by qa-greenlight: ${json.length} characters of JSON`;
}
const shortText = (value) => typeof value === 'string' && value.length > MAX_TEXT_CHARS
    ? `${value.slice(0, MAX_TEXT_CHARS)}…`
    : value;
const shortUrl = (value) => typeof value !== 'string' || value.length <= markdown/* MAX_URL_CHARS */.B8
    ? value
    : `url-too-long:${(0,external_node_crypto_.createHash)('sha256').update(value).digest('hex').slice(0, 16)}`;

// EXTERNAL MODULE: ./src/gate/report.ts
var gate_report = __webpack_require__(6229);
// EXTERNAL MODULE: ./src/gate/render.ts
var render = __webpack_require__(1235);
// EXTERNAL MODULE: ./src/kernel/time.ts
var time = __webpack_require__(884);
// EXTERNAL MODULE: ./src/kernel/retry.ts
var retry = __webpack_require__(2351);
// EXTERNAL MODULE: ./src/gate/verdict.ts + 1 modules
var gate_verdict = __webpack_require__(7764);
;// CONCATENATED MODULE: ./src/gate/run-path.ts







const NO_WAIT_WINDOW_MS = 30_000;
const MIN_REQUEST_TIMEOUT_MS = 5000;
const MAX_CONCURRENT_QUERIES = 16;
function settle(run, signal) {
    return new Promise(resolve => {
        const onAbort = () => resolve(undefined);
        if (signal?.aborted)
            return onAbort();
        signal?.addEventListener('abort', onAbort, { once: true });
        void new Promise(answer => answer(run()))
            .then(value => ({ value }), (error) => ({ error }))
            .then(result => {
            signal?.removeEventListener('abort', onAbort);
            resolve(signal?.aborted ? undefined : result);
        });
    });
}
function quietly(hook) {
    try {
        hook();
    }
    catch {
    }
}
async function pollRun(rootRunId, deps, options) {
    const { clock, signal } = deps;
    const start = clock.now();
    const interval = options.pollIntervalMs;
    const firstInterval = Math.floor(deps.random() * interval);
    const startJitter = deps.random() * Math.min(options.maxStartJitterMs ?? 0, interval);
    let deadline = options.deadlineMs ?? start + options.timeoutMs;
    if (!options.wait)
        deadline = Math.min(deadline, start + NO_WAIT_WINDOW_MS);
    const facts = { rootRunId, queries: 0, ended: { why: 'interrupted' } };
    let runId = rootRunId;
    let firstQueryAt = start;
    let failures = 0;
    let unreachableSince;
    let streak = { kind: '', loggedAt: -Infinity };
    const log = (line) => quietly(() => deps.onLog?.(line));
    const finish = (ended) => {
        facts.ended = ended;
        quietly(() => deps.onFinished?.(facts));
        return facts;
    };
    const waitUntil = async (at) => {
        for (let ms = Math.min(at, deadline) - clock.now(); ms > 0 && !signal?.aborted;) {
            await clock.sleep(ms, signal);
            ms = Math.min(at, deadline) - clock.now();
        }
    };
    try {
        if (options.wait)
            await waitUntil(start + Math.floor(startJitter));
        for (;;) {
            if (signal?.aborted)
                return finish({ why: 'interrupted' });
            const askedAt = clock.now();
            if (facts.queries++ === 0)
                firstQueryAt = askedAt;
            const timeoutMs = Math.max(MIN_REQUEST_TIMEOUT_MS, deadline - askedAt);
            let outcome = await settle(() => deps.query(runId, signal, timeoutMs), signal);
            if (outcome === undefined)
                return finish({ why: 'interrupted' });
            const now = clock.now();
            const about = 'value' in outcome ? outcome.value.rootRunId : runId;
            if (![runId, rootRunId].includes(about)) {
                const message = `the service's greenlight response is for run ${JSON.stringify(about.slice(0, 80))}, not for the run asked about`;
                outcome = { error: new retry/* ServiceError */._7('unreadable', message) };
            }
            if ('value' in outcome) {
                const response = outcome.value;
                const relevantRunId = (0,gate_verdict/* relevantRunOf */.Oe)(response, runId);
                (0,poll_log/* changesWorthLogging */.X0)(facts.lastResponse, response, runId, relevantRunId).forEach(log);
                quietly(() => deps.onAnswer?.(rootRunId, response, relevantRunId));
                if (response.rootRunId === rootRunId)
                    facts.rootRunUrl ??= response.rootRunUrl;
                const kept = deps.keep?.(response) ?? { response, figures: (0,gate_bugs/* answerFigures */.SG)(response) };
                const pause = facts.lastResponse === undefined ? firstInterval : interval;
                Object.assign(facts, { lastResponse: kept.response, lastFigures: kept.figures });
                facts.answeredBy = runId;
                failures = 0;
                unreachableSince = undefined;
                const ended = options.stopWhenSuperseded && (0,gate_verdict/* supersedingRunId */.ey)(response, rootRunId, runId)
                    ? { why: 'superseded' }
                    : ['completed', 'canceled'].includes(response.runStage)
                        ? { why: 'answered' }
                        : !options.wait || now >= deadline
                            ? { why: 'still-running', wait: options.wait }
                            : undefined;
                if (ended !== undefined)
                    return finish(ended);
                runId = relevantRunId;
                await waitUntil(askedAt + pause);
                continue;
            }
            const { error } = outcome;
            const jitter = deps.random();
            if (!(error instanceof retry/* ServiceError */._7)) {
                return finish({ why: 'crashed', during: 'query', message: (0,values/* errorMessage */.gJ)(error) });
            }
            failures++;
            const reason = error.message.trim() || `greenlight query failed (${error.kind})`;
            unreachableSince = error.unreachable ? (unreachableSince ?? now) : undefined;
            const unreachableForMs = now - (unreachableSince ?? now);
            const msLeft = deadline - now;
            const more = { failures, msLeft, unreachableForMs, sinceFirstQueryMs: now - firstQueryAt };
            const decision = (0,retry/* retryDecision */.PQ)(error, { ...options, ...more, method: 'GET', jitter });
            if (!decision.retry) {
                const { stop } = decision;
                return finish({ why: 'failed', stop, error, reason, wait: options.wait, ...more });
            }
            const kind = `${error.kind} ${error.status ?? ''}`;
            const repeat = failures > 1 && kind === streak.kind;
            if (!repeat || now - streak.loggedAt >= 30_000) {
                streak = { kind, loggedAt: now };
                const id = (0,poll_log/* logText */.kc)(runId);
                const next = `retry ${failures} in ${(0,time/* formatDuration */.a3)(Math.min(decision.delayMs, msLeft))}`;
                const graceMs = options.notFoundGraceMs ?? retry/* DEFAULT_NOT_FOUND_GRACE_MS */.xi;
                const graceLeft = graceMs - more.sinceFirstQueryMs;
                const unreachableLeft = (options.unreachableLimitMs ?? retry/* DEFAULT_UNREACHABLE_LIMIT_MS */.KO) - unreachableForMs;
                const notFound = error.kind === 'http' && error.status === 404;
                const until = notFound && graceLeft < msLeft
                    ? `until ${(0,time/* formatDuration */.a3)(graceMs)} after the first query (${(0,time/* formatDuration */.a3)(Math.max(0, graceLeft))} left; then the step fails: check the run-id input)`
                    : error.unreachable && unreachableLeft < msLeft
                        ? `for at most ${(0,time/* formatDuration */.a3)(unreachableLeft)} more while it cannot be reached (then the step fails; check the base-url input)`
                        : `until the timeout (${(0,time/* formatDuration */.a3)(msLeft)} left)`;
                log(repeat
                    ? `Run ${id}: the same failure again (${(0,kernel_text/* plural */.LS)(failures, 'attempt')}); ${next}.`
                    : notFound
                        ? `${id} not found; the service may not have indexed a new run yet, retrying ${until}; ${next}. ${(0,poll_log/* logText */.kc)(reason)}`
                        : `Run ${id}: query failed (${(0,poll_log/* logText */.kc)(reason)}); retrying ${until}; ${next}.`);
            }
            await waitUntil(now + decision.delayMs);
        }
    }
    catch (error) {
        return finish({ why: 'crashed', during: 'polling', message: (0,values/* errorMessage */.gJ)(error) });
    }
}
function pollRuns(runIds, deps, options) {
    const deadlineMs = options.deadlineMs ?? deps.clock.now() + options.timeoutMs;
    let active = 0;
    const waiting = [];
    const query = async (...args) => {
        if (active < MAX_CONCURRENT_QUERIES)
            active++;
        else
            await new Promise(resolve => waiting.push(resolve));
        try {
            return await deps.query(...args);
        }
        finally {
            if (waiting.length > 0)
                waiting.shift()?.();
            else
                active--;
        }
    };
    return Promise.all(runIds.map(id => pollRun(id, { ...deps, query }, { ...options, deadlineMs })));
}

// EXTERNAL MODULE: ./src/kernel/nearest.ts
var nearest = __webpack_require__(863);
;// CONCATENATED MODULE: ./src/gate/check-path.ts







const MIN_PAUSE_MS = 1000;
const FAST_READ_MS = 5000;
const READ_BUDGET_MS = 30_000;
const NAMES_BUDGET_MS = 5000;
const MAX_NAME_CHARS = 50;
const MAX_CHECK_NAMES = 6;
function oneShotPauseMs(failuresInRow) {
    return 1000 * 2 ** Math.min(failuresInRow - 1, 3);
}
function checkNamesOf(raw, rules) {
    const pairs = raw.filter(values/* isRecord */.u4).flatMap(item => {
        const name = (0,kernel_text/* nonBlankText */.xA)(item['name']);
        const app = (0,values/* isRecord */.u4)(item['app']) ? (0,kernel_text/* nonBlankText */.xA)(item['app']['slug']) : undefined;
        return name === undefined || app === undefined ? [] : [{ name, app: app.toLowerCase() }];
    });
    const all = [...new Map(pairs.map(pair => [JSON.stringify(pair), pair])).values()];
    const shown = (text) => (0,kernel_text/* plainText */.wh)(text, MAX_NAME_CHARS);
    const listed = all
        .slice(0, MAX_CHECK_NAMES)
        .map(({ name, app }) => ({ name: shown(name), app: shown(app) }));
    const names = { listed, more: all.length - listed.length };
    const byApp = (app) => rules.app === '' ? app !== gate_verdict/* GITHUB_ACTIONS_APP */.St : app === rules.app;
    const namedApps = all
        .filter(run => run.name === rules.name && run.app !== gate_verdict/* GITHUB_ACTIONS_APP */.St)
        .map(run => run.app);
    const near = (input, value) => value === undefined ? {} : { nearest: { input, value: shown(value) } };
    if (namedApps.some(byApp))
        return { ...names, cause: 'name-not-counting' };
    if (namedApps.length > 0) {
        const app = rules.app === '' || namedApps.includes(rules.app) ? undefined : (0,nearest/* nearest */.p)(rules.app, namedApps);
        return { ...names, cause: 'other-app', ...near('check-app', app) };
    }
    if (!all.some(run => byApp(run.app)))
        return { ...names, cause: 'nothing-posted' };
    const name = (0,nearest/* nearest */.p)(rules.name, all.map(run => run.name));
    return { ...names, cause: 'other-names', ...near('check-name', name) };
}
async function pollCheckRuns(rules, options, deps) {
    const { clock, signal } = deps;
    const facts = { source: 'poll', rules };
    const end = (ended) => ({ ...facts, ended });
    let reads = 0;
    let lookedAfterRead = -1;
    const look = async () => {
        if (deps.readNames === undefined || lookedAfterRead === reads || signal.aborted)
            return;
        lookedAfterRead = reads;
        try {
            facts.names = checkNamesOf((await deps.readNames(NAMES_BUDGET_MS, signal)).checkRuns, rules);
        }
        catch {
        }
    };
    const stillWaiting = async (rateLimitedAtMs) => {
        if (rateLimitedAtMs !== undefined) {
            facts.rateLimitedUntil = new Date(Math.ceil(rateLimitedAtMs / 1000) * 1000).toISOString();
        }
        else if ((0,gate_verdict/* selectCheckRuns */.$D)(facts.checkRuns ?? [], rules).counting.length === 0)
            await look();
        const waitedMs = options.wait ? options.timeoutMs : 0;
        return { ...end({ why: 'still-waiting', wait: options.wait }), waitedMs };
    };
    const start = clock.now();
    const deadline = start + (options.wait ? options.timeoutMs : 0);
    const failureDeadline = options.wait ? deadline : start + NO_WAIT_WINDOW_MS;
    const until = () => (facts.checkRuns === undefined ? failureDeadline : deadline);
    const fastMs = Math.min(FAST_READ_MS, options.pollIntervalMs);
    let lastLine = '';
    const log = (line) => {
        if (line !== lastLine)
            deps.onLog?.(line);
        lastLine = line;
    };
    for (let failuresInRow = 1;; failuresInRow++) {
        if (signal.aborted)
            return end({ why: 'interrupted' });
        const readStart = clock.now();
        const budget = Math.ceil(Math.min(READ_BUDGET_MS, Math.max(MIN_REQUEST_TIMEOUT_MS, failureDeadline - readStart)));
        const outcome = await settle(() => deps.read(budget, signal), signal);
        if (outcome === undefined)
            return end({ why: 'interrupted' });
        let nextAt;
        let failure;
        if ('value' in outcome) {
            const read = outcome.value;
            facts.checkRuns = read.checkRuns;
            reads += 1;
            nextAt = readStart + (read.notModified < read.requests ? options.pollIntervalMs : fastMs);
            const selection = (0,gate_verdict/* selectCheckRuns */.$D)(read.checkRuns, rules);
            log((0,poll_log/* checkWaitingLine */.kz)(selection, rules));
            if (selection.settled)
                return end({ why: 'settled' });
            const limitedMs = read.rateLimitedForMs;
            if (selection.counting.length === 0 && limitedMs === undefined && lookedAfterRead < 0) {
                await look();
                const names = facts.names;
                if (names !== undefined)
                    (names.nearest ? deps.onWarn : deps.onLog)?.((0,poll_log/* checkNamesLine */.DC)(names));
                if (signal.aborted)
                    return end({ why: 'interrupted' });
            }
            if (!options.wait)
                return stillWaiting();
            if (limitedMs !== undefined) {
                const past = clock.now() + limitedMs >= deadline;
                const wait = (0,time/* formatDuration */.a3)(limitedMs);
                log(`GitHub's rate limit for this token is used up${past ? ` until after the timeout (${wait}); no more reads.` : `; the next read waits ${wait} for its reset.`}`);
                if (past)
                    return stillWaiting(read.rateLimitResetAtMs ?? Date.now() + limitedMs);
                nextAt = Math.max(nextAt, clock.now() + limitedMs);
            }
        }
        else {
            failure = readFailure(outcome.error);
            if (failure.permanent)
                return end({ why: 'failed', failure });
            const ownPause = options.wait ? options.pollIntervalMs : oneShotPauseMs(failuresInRow);
            const pauseMs = Math.max(MIN_PAUSE_MS, failure.retryAfterMs ?? ownPause);
            nextAt = clock.now() + pauseMs;
            if (nextAt > until() && (options.wait || failure.retryAfterMs !== undefined)) {
                if (facts.checkRuns !== undefined) {
                    const limited = failure.status === 403 || failure.status === 429;
                    return stillWaiting(limited ? Date.now() + pauseMs : undefined);
                }
                const stoppedForWaitMs = failure.retryAfterMs === undefined ? undefined : pauseMs;
                return end({ why: 'failed', failure, ...(0,values/* definedOnly */.Uv)({ stoppedForWaitMs }) });
            }
            log((0,poll_log/* readFailedLine */.WB)('the check runs', pauseMs, failure.message));
        }
        const now = clock.now();
        if (now >= until()) {
            return facts.checkRuns === undefined
                ? end({ why: 'failed', failure: failure })
                : stillWaiting();
        }
        await clock.sleep(Math.max(0, Math.min(nextAt, until()) - now), signal);
    }
}
function readFailure(error) {
    const { status, retryAfterMs, permanent } = (0,values/* isRecord */.u4)(error) ? error : {};
    return {
        message: (0,values/* errorMessage */.gJ)(error),
        ...(0,values/* definedOnly */.Uv)({
            status: typeof status === 'number' ? status : undefined,
            retryAfterMs: Number.isFinite(retryAfterMs) ? retryAfterMs : undefined
        }),
        permanent: permanent === true
    };
}

;// CONCATENATED MODULE: ./src/gate/run.ts

















const MAX_START_JITTER_MS = 1000;
async function runGreenlight(settings, deps) {
    const ctx = (0,github/* readGitHubContext */.L7)(deps.env);
    const prefix = (0,kernel_settings/* logPrefix */.JY)(settings);
    const target = (sha, deploymentUrl) => (0,values/* definedOnly */.Uv)({ sha, commitUrl: sha && (0,render/* githubLinks */.Rj)(ctx, deps.env, sha).commitUrl, deploymentUrl });
    let verdict;
    let judged = {};
    if (settings.verdictFrom === 'check') {
        const facts = await gatherCheckFacts(settings, deps, ctx, prefix);
        verdict = (0,gate_verdict/* decideCheckVerdict */.eu)(facts);
        judged = target(facts.rules.sha);
    }
    else {
        verdict = (0,gate_verdict/* decideVerdict */.AU)(await gatherRunFacts(settings, deps, prefix), settings);
        try {
            judged = target((0,kernel_event/* eventCommit */.ef)(ctx), (0,kernel_event/* deriveFromEvent */.I0)(ctx).deploymentUrl);
        }
        catch {
        }
    }
    io.setOutputs((0,render/* verdictOutputs */.Ix)(verdict));
    let commentProblem;
    if (settings.commentOnPr) {
        const { upsertPullRequestComment } = await __webpack_require__.e(/* import() */ 81).then(__webpack_require__.bind(__webpack_require__, 81));
        const input = { settings, verdict, target: judged, ctx, env: deps.env, signal: deps.signal };
        commentProblem = (await upsertPullRequestComment(input)).problem;
    }
    if (deps.signal.aborted && verdict.status !== 'interrupted') {
        verdict = (0,gate_verdict/* interruptedWhileReporting */.Q1)(verdict);
        io.setOutputs((0,render/* verdictOutputs */.Ix)(verdict));
    }
    const report = (0,gate_report/* buildReport */.FK)(verdict, {
        label: settings.label,
        target: judged,
        ...(0,values/* definedOnly */.Uv)({ since: settings.check?.since?.iso, commentProblem })
    });
    if (settings.summary)
        await io.writeSummary((0,render/* renderSummary */.Br)(report));
    if (verdict.interrupted !== 'reporting') {
        for (const { message, title } of (0,render/* annotations */.hk)(report, prefix))
            io.error(message, title);
    }
    const line = (0,render/* closingLine */.oM)(report, (0,gate_verdict/* stepGate */.A1)(verdict, settings), prefix);
    const say = { info: io.info, failed: io.setFailed, warning: io.warning };
    say[line.kind](line.message);
}
const greenlightMode = { emptyOutputs: render/* EMPTY_GREENLIGHT_OUTPUTS */.Hc, run: runGreenlight };
function gatherRunFacts(settings, deps, prefix) {
    const { client, clock } = deps;
    const { timeoutMs, pollIntervalMs, wait } = settings;
    const info = (line) => io.info(`${prefix}${line}`);
    info((0,poll_log/* pollingStartLine */.i7)(settings));
    const warned = new Set();
    const warnOnce = (key, text) => {
        if (!warned.has(key))
            io.warning(`${prefix}${text}`);
        warned.add(key);
    };
    const query = async (runId, signal, limitMs) => {
        const started = clock.now();
        const took = () => Math.round(clock.now() - started);
        try {
            const answer = await client.getGreenlight(runId, greenlightSchema, settings, signal, limitMs);
            io.debug(`Greenlight of ${runId}: ${answer.runStage} (${took()} ms).`);
            for (const field of droppedFields(answer))
                warnOnce(`field ${field}`, (0,poll_log/* droppedFieldWarning */.fT)(field));
            if (!answers/* RUN_STAGES */.Wm.includes(answer.runStage)) {
                warnOnce(`stage ${answer.runStage}`, (0,poll_log/* unknownStageWarning */.DQ)(answer.runStage));
            }
            return answer;
        }
        catch (error) {
            io.debug(`Greenlight of ${runId} failed after ${took()} ms.`);
            throw error;
        }
    };
    const maxBugs = bugsKeptPerRun(settings.runIds.length);
    const lastContradiction = new Map();
    const testMs = (name) => {
        const value = Number(deps.env[`QA_GREENLIGHT_TEST_${name}_MS`]);
        return Number.isFinite(value) && value > 0 ? value : undefined;
    };
    return pollRuns(settings.runIds, {
        ...{ query, clock, random: deps.random, signal: deps.signal, onLog: info },
        onAnswer: (rootRunId, response, relevantRunId) => {
            const contradiction = (0,gate_verdict/* judgeResponse */.xB)(response).contradiction;
            const text = contradiction === undefined ? '' : (0,gate_report/* contradictionText */.fz)(contradiction);
            if (contradiction !== undefined && lastContradiction.get(rootRunId) !== text) {
                info((0,render/* contradictionLine */.sn)(relevantRunId, contradiction));
            }
            lastContradiction.set(rootRunId, text);
        },
        keep: answer => ({
            response: compactResponse(answer, maxBugs),
            figures: (0,gate_bugs/* answerFigures */.SG)(answer)
        }),
        onFinished: run => info((0,render/* finishedLine */.fb)((0,gate_verdict/* judgeRun */.Zy)(run, settings)))
    }, {
        ...{ timeoutMs, pollIntervalMs, wait, maxStartJitterMs: MAX_START_JITTER_MS },
        stopWhenSuperseded: settings.onSuperseded === 'fail',
        unreachableLimitMs: testMs('UNREACHABLE_LIMIT'),
        notFoundGraceMs: testMs('NOT_FOUND_GRACE')
    });
}
async function gatherCheckFacts(settings, deps, ctx, prefix) {
    const check = settings.check;
    const info = (line) => io.info(`${prefix}${line}`);
    const sha = check.sha ?? (0,kernel_event/* deriveFromEvent */.I0)(ctx).sha;
    const onEvent = ctx.eventName === 'check_run';
    if (sha === undefined) {
        const event = ctx.eventName === '' ? 'event' : `${ctx.eventName} event`;
        const why = ctx.eventFileProblem === undefined ? '' : ` (${ctx.eventFileProblem})`;
        const fix = onEvent
            ? `GitHub's check_run event carries check_run.head_sha; set sha to the checked commit, e.g. sha: \${{ github.event.check_run.head_sha }}.`
            : `set sha to the deployed commit, e.g. sha: \${{ github.event.deployment.sha }}.`;
        throw new kernel_settings/* InputError */.dz('sha', `Input 'sha' is empty and the ${event} names no commit${why}: ${fix}`);
    }
    const { name, app, since } = check;
    const rules = { name, sha, app, ...(0,values/* definedOnly */.Uv)({ sinceMs: since?.ms }) };
    const who = app === '' ? 'any app but GitHub Actions' : `app ${app}`;
    if (check.branch !== undefined && !onEvent) {
        io.warning(`Input 'branch' is read only on a check_run event (only that branch's tip may be promoted); on ${ctx.eventName === '' ? 'this event' : ctx.eventName} the step gates the commit it was given.`);
    }
    const event = onEvent ? ctx.payload['check_run'] : undefined;
    const eventFacts = {
        source: 'event',
        ...(0,values/* definedOnly */.Uv)({ eventAction: (0,kernel_text/* nonBlankText */.xA)(ctx.payload['action']) }),
        eventCheckRun: event,
        rules,
        checkRuns: (0,values/* isRecord */.u4)(event) ? [event] : []
    };
    const [about] = (0,gate_verdict/* selectCheckRuns */.$D)(eventFacts.checkRuns, rules).counting;
    if (onEvent && !(eventFacts.eventAction === 'completed' && about?.status === 'completed')) {
        info(`Reading the verdict from the check_run event (check '${name}' by ${who} on ${sha.slice(0, 12)}); the event is not about that check completing, so no request.`);
        return { ...eventFacts, ended: { why: 'settled' } };
    }
    const [owner, repo, ...extra] = ctx.repository.split('/');
    if (!owner || !repo || extra.length > 0) {
        throw new kernel_settings/* InputError */.dz('verdict-from', `GITHUB_REPOSITORY is not owner/name, so the check runs of the commit cannot be read with verdict-from: check. It is set by the GitHub runner.`);
    }
    const where = `${owner}/${repo}@${sha.slice(0, 12)}`;
    if (onEvent) {
        info(`Reading the verdict from the check_run event (check '${name}' by ${who} on ${where}), with one read of the commit's check runs of that name and of the branch's tip; no polling.`);
    }
    else {
        if (since === undefined) {
            io.notice(`${prefix}With since: any, any earlier check run '${name}' of this commit counts, also one from an earlier deployment of it. To have only this deployment's check decide, pass notify's reported-at output (e.g. since: \${{ needs.deploy.outputs.reported-at }}).`, 'Any earlier check of the commit counts');
        }
        info((0,poll_log/* pollingStartLine */.i7)(settings, `check run '${name}' by ${who} on ${where}`));
    }
    const budgetMs = (0,github/* testOverride */.jv)(deps.env, 'QA_GREENLIGHT_TEST_CHECK_READ_BUDGET_MS');
    const repoRef = { token: settings.githubToken, apiUrl: ctx.apiUrl, owner, repo, sha, budgetMs };
    const { clock, signal } = deps;
    const read = (0,github_reads/* checkRunsReader */.M4)({ ...repoRef, checkName: name });
    if (!onEvent) {
        return pollCheckRuns(rules, settings, {
            ...{ read, clock, signal, onLog: info },
            onWarn: line => io.warning(`${prefix}${line}`, 'Check not found by that name'),
            readNames: (0,github_reads/* checkRunsReader */.M4)(repoRef)
        });
    }
    const listed = await pollCheckRuns(rules, { timeoutMs: 0, pollIntervalMs: settings.pollIntervalMs, wait: false }, { read, clock, signal, onLog: line => io.debug(`${prefix}${line}`) });
    if (listed.checkRuns === undefined || listed.ended.why === 'interrupted') {
        return { ...listed, ...eventFacts };
    }
    const checkRuns = (0,gate_verdict/* withEventCheckRun */.Cl)(listed.checkRuns, event);
    info((0,poll_log/* checkWaitingLine */.kz)((0,gate_verdict/* selectCheckRuns */.$D)(checkRuns, rules), rules));
    const facts = { ...listed, ...eventFacts, listed: true, checkRuns };
    const windowEnd = clock.now() + NO_WAIT_WINDOW_MS;
    const interrupted = { ...facts, ended: { why: 'interrupted' } };
    let branchTip;
    for (let failures = 1;; failures++) {
        const left = Math.ceil(Math.min(budgetMs, Math.max(0, windowEnd - clock.now())));
        branchTip = await (0,github_reads/* readBranchTip */.uN)({ ...repoRef, branch: check.branch }, left, signal);
        if (branchTip === undefined)
            return interrupted;
        const { failure } = branchTip;
        const { status = 500, retryAfterMs } = failure ?? {};
        const transient = failure && retryAfterMs === undefined && (status >= 500 || status === 429);
        const pauseMs = oneShotPauseMs(failures);
        if (!transient || clock.now() + pauseMs >= windowEnd)
            break;
        info((0,poll_log/* readFailedLine */.WB)('the branch', pauseMs, failure.message));
        await clock.sleep(pauseMs, signal);
        if (signal.aborted)
            return interrupted;
    }
    const tip = branchTip.tip;
    const tipWords = tip === undefined
        ? 'could not be read'
        : `is ${tip.slice(0, 12)}${tip === sha.toLowerCase() ? ' (this commit)' : ''}`;
    info(`The tip of branch '${branchTip.branch ?? '(default branch)'}'${branchTip.fromDefault ? " (the repository's default branch)" : ''} ${tipWords}; only that commit may be promoted.`);
    return { ...facts, branchTip };
}


/***/ }),

/***/ 7764:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  St: () => (/* binding */ GITHUB_ACTIONS_APP),
  eu: () => (/* binding */ decideCheckVerdict),
  AU: () => (/* binding */ decideVerdict),
  Q1: () => (/* binding */ interruptedWhileReporting),
  xB: () => (/* binding */ judgeResponse),
  Zy: () => (/* binding */ judgeRun),
  Oe: () => (/* binding */ relevantRunOf),
  $D: () => (/* binding */ selectCheckRuns),
  A1: () => (/* binding */ stepGate),
  ey: () => (/* binding */ supersedingRunId),
  Vj: () => (/* binding */ verdictOf),
  Cl: () => (/* binding */ withEventCheckRun)
});

// UNUSED EXPORTS: classOf, decideRun, judgeVerdict, noBugs

// EXTERNAL MODULE: ./src/gate/bugs.ts
var bugs = __webpack_require__(7580);
// EXTERNAL MODULE: ./src/kernel/values.ts
var values = __webpack_require__(6395);
// EXTERNAL MODULE: ./src/kernel/text.ts
var kernel_text = __webpack_require__(5426);
// EXTERNAL MODULE: ./src/kernel/parsers.ts
var parsers = __webpack_require__(9385);
// EXTERNAL MODULE: ./src/kernel/time.ts
var time = __webpack_require__(884);
// EXTERNAL MODULE: ./src/kernel/nearest.ts
var nearest = __webpack_require__(863);
;// CONCATENATED MODULE: ./src/gate/facts.ts
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

;// CONCATENATED MODULE: ./src/gate/verdict.ts







const RED = ['failed', 'canceled', 'superseded', 'not-tested'];
function classOf(status) {
    return status === 'passed' ? 'green' : RED.includes(status) ? 'red' : 'no-verdict';
}
function noBugs() {
    return { blocking: bugList([], 0), nonBlocking: bugList([], 0), other: bugList([], 0) };
}
function entryOf(source, id, { status, reason }, more) {
    const judged = { status, class: classOf(status), ...(0,values/* definedOnly */.Uv)({ reason }) };
    return { source, id, ...judged, bugs: noBugs(), ...more };
}
function relevantRunOf(response, askedRunId) {
    return response.relevantRunId.trim() === '' ? askedRunId : response.relevantRunId;
}
function supersedingRunId(response, rootRunId, askedRunId = rootRunId) {
    const relevant = response && relevantRunOf(response, askedRunId);
    return relevant === rootRunId ? undefined : relevant;
}
function contradicted(contradiction) {
    const reason = { code: 'contradiction', contradiction };
    return { terminal: true, green: false, status: 'error', reason, contradiction };
}
function judgeResponse(r, figures = (0,bugs/* answerFigures */.SG)(r)) {
    const count = r.blockingBugsCount;
    const urls = r.blockingBugUrls?.length ?? 0;
    switch (r.runStage) {
        case 'canceled': {
            if (r.greenlight === true)
                return contradicted({ kind: 'green-while-canceled' });
            const [message, serviceReason] = [r['message'], r['reason']].map(s => (0,kernel_text/* nonBlankText */.xA)(s)?.trim());
            const reason = { code: 'run-canceled', ...(0,values/* definedOnly */.Uv)({ message, serviceReason }) };
            return { terminal: true, green: false, status: 'canceled', reason };
        }
        case 'completed': {
            if (r.greenlight !== true) {
                const total = blockingTotal(r, figures);
                const reason = total > 0
                    ? { code: 'blocking-bugs', count: total }
                    : { code: count === undefined ? 'no-greenlight' : 'no-greenlight-zero-blocking' };
                return { terminal: true, green: false, status: 'failed', reason };
            }
            if (count === undefined)
                return contradicted({ kind: 'green-without-count' });
            if (count !== 0)
                return contradicted({ kind: 'green-with-blocking-count', count });
            if (urls !== 0)
                return contradicted({ kind: 'green-with-blocking-urls', count: urls });
            if (figures.blockingBugs !== 0) {
                return contradicted({ kind: 'green-with-blocking-bugs', count: figures.blockingBugs });
            }
            return { terminal: true, green: true, status: 'passed' };
        }
        default: {
            const running = { terminal: false, green: false };
            if (r.greenlight !== true)
                return running;
            return { ...running, contradiction: { kind: 'green-while-running', stage: r.runStage } };
        }
    }
}
function blockingTotal(r, figures) {
    return Math.max(r?.blockingBugsCount ?? 0, figures.blockingBugs);
}
function decideRun(facts, rules = {}) {
    const { ended, ...kept } = facts;
    const judged = endedStatus(facts);
    const outcome = { ...kept, ...judged };
    const newer = supersedingRunId(facts.lastResponse, facts.rootRunId, facts.answeredBy);
    const decided = ended.why === 'superseded' || ['passed', 'failed', 'canceled'].includes(judged.status);
    if (rules.onSuperseded === 'fail' && newer !== undefined && decided) {
        outcome.status = 'superseded';
        outcome.reason = { code: 'superseded', rootRunId: facts.rootRunId, newerRunId: newer };
    }
    return outcome;
}
const INTERRUPTED = { status: 'interrupted', reason: { code: 'interrupted' } };
const error = (reason) => ({ status: 'error', reason });
const timedOut = (reason) => ({ status: 'timed-out', reason });
function endedStatus({ ended, lastResponse, lastFigures }) {
    const stage = lastResponse?.runStage;
    switch (ended.why) {
        case 'answered':
        case 'superseded': {
            if (lastResponse === undefined)
                return error({ code: 'no-answer-to-judge' });
            const { terminal, status, reason } = judgeResponse(lastResponse, lastFigures);
            if (terminal && status !== undefined)
                return { status, ...(0,values/* definedOnly */.Uv)({ reason }) };
            return timedOut({ code: 'not-ended', stage: lastResponse.runStage });
        }
        case 'still-running':
            return timedOut({ code: 'still-running', wait: ended.wait, ...(0,values/* definedOnly */.Uv)({ stage }) });
        case 'interrupted':
            return INTERRUPTED;
        case 'crashed':
            return error({ code: 'crashed', during: ended.during, message: ended.message });
    }
    const { reason: message, failures, wait } = ended;
    switch (ended.stop) {
        case 'aborted':
            return INTERRUPTED;
        case 'permanent':
        case 'answered':
            return error({ code: 'query-refused', message });
        case 'not-found':
            return error({ code: 'run-not-found', message, sinceFirstQueryMs: ended.sinceFirstQueryMs });
        case 'unreachable':
            return error({ code: 'unreachable', message, unreachableForMs: ended.unreachableForMs });
        case 'retry-after': {
            const retryAfterMs = ended.error.retryAfterMs ?? 0;
            const facts = { message, retryAfterMs, msLeft: Math.max(0, ended.msLeft), wait };
            const reason = { code: 'retry-after-past-deadline', ...facts };
            return stage === undefined ? error(reason) : timedOut({ ...reason, stage });
        }
        case 'attempts':
        case 'deadline': {
            if (stage !== undefined) {
                return timedOut({ code: 'failing-at-deadline', message, failures, stage });
            }
            const notFound = ended.error.kind === 'http' && ended.error.status === 404;
            return error({ code: 'no-answer', message, failures, wait, notFound });
        }
    }
}
function entryOfRun(outcome, rules) {
    const response = outcome.lastResponse;
    const figures = outcome.lastFigures ?? (0,bugs/* answerFigures */.SG)(response);
    const kept = (0,bugs/* classifyBugs */.k5)(response);
    const nonBlocking = Math.max(response?.nonBlockingBugsCount ?? 0, figures.nonBlockingBugs);
    const asked = outcome.answeredBy ?? outcome.rootRunId;
    const url = outcome.rootRunUrl ??
        (response?.rootRunId === outcome.rootRunId ? response.rootRunUrl : undefined);
    const other = Math.max(kept.other.length, figures.otherBlockingBugs);
    const red = rules.outcomeWhenBlockingBugsInOtherWorkflows === 'red' &&
        outcome.status === 'passed' &&
        other > 0;
    const judged = red
        ? { status: 'failed', reason: { code: 'blocking-bugs-in-other-workflows', count: other } }
        : outcome;
    return entryOf('run', outcome.rootRunId, judged, {
        ...(0,values/* definedOnly */.Uv)({ url }),
        bugs: {
            blocking: bugList(kept.blocking, blockingTotal(response, figures)),
            nonBlocking: bugList(kept.nonBlocking, nonBlocking),
            other: bugList(kept.other, figures.otherBlockingBugs)
        },
        run: {
            queries: outcome.queries,
            ...(response && {
                relevantRunId: relevantRunOf(response, asked),
                ...(0,values/* definedOnly */.Uv)({ supersededBy: supersedingRunId(response, outcome.rootRunId, asked) }),
                response
            })
        }
    });
}
function bugList(shown, total) {
    const listed = shown.length;
    const count = { total: Math.max(total, listed), listed, more: Math.max(0, total - listed) };
    return { shown, count };
}
function judgeRun(facts, rules) {
    return entryOfRun(decideRun(facts, rules), rules);
}
function decideVerdict(facts, rules) {
    const outcomes = facts.map(run => decideRun(run, rules));
    return judgeVerdict(outcomes, rules);
}
function judgeVerdict(outcomes, rules) {
    const entries = outcomes.map(outcome => entryOfRun(outcome, rules));
    return verdictOf(entries, rules.wait ? rules.timeoutMs : 0);
}
function verdictOf(entries, timedOutAfterMs) {
    const status = RUN_STATUSES_WORST_FIRST.find(s => entries.some(e => e.status === s)) ?? 'error';
    const verdict = {
        green: status === 'passed',
        status,
        class: classOf(status),
        entries: [...entries],
        bugs: {
            blocking: acrossEntries(entries, 'blocking'),
            nonBlocking: acrossEntries(entries, 'nonBlocking'),
            other: acrossEntries(entries, 'other')
        }
    };
    if (status === 'interrupted')
        verdict.interrupted = 'waiting';
    if (timedOutAfterMs !== undefined && entries.some(entry => entry.status === 'timed-out'))
        verdict.timedOutAfterMs = timedOutAfterMs;
    return verdict;
}
function acrossEntries(entries, kind) {
    const shown = [];
    const seen = new Set();
    let total = 0;
    for (const entry of entries) {
        const list = entry.bugs[kind];
        total += list.count.total;
        for (const bug of list.shown) {
            const key = bug.url ?? bug.name;
            if (key === undefined || !seen.has(key))
                shown.push({ bug, entryId: entry.id });
            if (key !== undefined)
                seen.add(key);
        }
    }
    return bugList(shown, total);
}
function interruptedWhileReporting(verdict) {
    if (verdict.status === 'interrupted')
        return verdict;
    const interrupted = { green: false, status: 'interrupted', class: 'no-verdict' };
    return { ...verdict, ...interrupted, interrupted: 'reporting' };
}
function stepGate(verdict, rules) {
    if (verdict.class === 'green')
        return { ends: 'green' };
    if (verdict.class === 'red' && verdict.status !== 'superseded' && !rules.failOnRed) {
        return { ends: 'warned', forgivenBy: 'fail-on-red' };
    }
    if (verdict.status === 'timed-out' && !rules.failOnTimeout) {
        return { ends: 'warned', forgivenBy: 'fail-on-timeout' };
    }
    return { ends: 'failed' };
}
const GITHUB_ACTIONS_APP = 'github-actions';
function selectCheckRuns(raw, rules) {
    const counting = [];
    const ignored = [];
    const unreadable = [];
    raw.forEach((item, index) => {
        if (!(0,values/* isRecord */.u4)(item) || item['name'] !== rules.name)
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
    if (rules.app === '' && run.app === GITHUB_ACTIONS_APP)
        return 'github-actions';
    if (rules.app !== '' && run.app !== rules.app)
        return 'other-app';
    const since = rules.sinceMs;
    if (since !== undefined && (run.startedAtMs ?? Infinity) < Math.floor(since / 1000) * 1000) {
        return 'before-since';
    }
    return undefined;
}
function readCheckRun(item, needsStart) {
    const app = (0,values/* isRecord */.u4)(item['app']) ? item['app'] : {};
    const output = (0,values/* isRecord */.u4)(item['output']) ? item['output'] : {};
    const keys = ['name', 'head_sha', 'status', 'started_at', 'conclusion'];
    const [name, headSha, status, startedAt, conclusion] = keys.map(key => (0,kernel_text/* nonBlankText */.xA)(item[key]));
    const slug = (0,kernel_text/* nonBlankText */.xA)(app['slug']);
    const startedAtMs = startedAt === undefined ? undefined : (0,time/* isoTimeMs */.L)(startedAt);
    if (name === undefined)
        return 'no name';
    if (headSha === undefined || !(0,parsers/* isCommitSha */._$)(headSha))
        return 'no readable head_sha';
    if (slug === undefined)
        return 'no readable app.slug';
    if (status === undefined)
        return 'no readable status';
    if ((item['conclusion'] ?? undefined) !== undefined && conclusion === undefined) {
        return 'a conclusion that is not text';
    }
    if (status === 'completed' && conclusion === undefined)
        return 'completed without a conclusion';
    const startUnread = startedAtMs === undefined && (status === 'completed' || startedAt !== undefined);
    if (needsStart && startUnread)
        return 'no readable started_at, which since needs';
    return {
        name,
        headSha: headSha.toLowerCase(),
        app: slug.toLowerCase(),
        status,
        ...(0,values/* definedOnly */.Uv)({
            id: (0,kernel_text/* idText */.FP)(item['id']),
            appName: (0,kernel_text/* nonBlankText */.xA)(app['name']),
            conclusion,
            startedAt,
            startedAtMs,
            htmlUrl: (0,kernel_text/* nonBlankText */.xA)(item['html_url']),
            detailsUrl: (0,kernel_text/* nonBlankText */.xA)(item['details_url']),
            title: (0,kernel_text/* nonBlankText */.xA)(output['title']),
            summary: (0,kernel_text/* nonBlankText */.xA)(output['summary'])
        })
    };
}
function withEventCheckRun(listed, event) {
    if (!(0,values/* isRecord */.u4)(event))
        return [...listed];
    const id = (0,kernel_text/* idText */.FP)(event['id']);
    const index = id === undefined ? -1 : listed.findIndex(item => (0,values/* isRecord */.u4)(item) && (0,kernel_text/* idText */.FP)(item['id']) === id);
    if (index < 0)
        return [...listed, event];
    return listed.map((item, i) => (i === index && eventCopyIsNewer(event, item) ? event : item));
}
function eventCopyIsNewer(event, listed) {
    if (!(0,values/* isRecord */.u4)(listed) || event['status'] !== 'completed' || listed['status'] !== 'completed')
        return false;
    const [eventEnd, listedEnd] = [event, listed].map(run => typeof run['completed_at'] === 'string' ? (0,time/* isoTimeMs */.L)(run['completed_at']) : undefined);
    return eventEnd !== undefined && listedEnd !== undefined && eventEnd > listedEnd;
}
const CONCLUSIONS = [
    ['passed', ['success']],
    ['failed', ['failure', 'timed_out', 'action_required', 'startup_failure']],
    ['canceled', ['cancelled']],
    ['not-tested', ['neutral', 'skipped']]
];
function decideCheckVerdict(facts) {
    const judged = checkJudgement(facts);
    const waited = facts.waitedMs ?? 0;
    const alone = (judged) => verdictOf([entryOf('check', facts.rules.name, judged)], waited);
    let verdict = Array.isArray(judged) ? verdictOf(judged, waited) : alone(judged);
    if (facts.source === 'event' && verdict.status !== 'error' && verdict.status !== 'interrupted') {
        const standing = commitStanding(facts);
        if (standing !== undefined)
            verdict = alone(standing);
    }
    return verdict;
}
function commitStanding(facts) {
    const read = facts.branchTip;
    const sha = facts.rules.sha.toLowerCase();
    const commit = `commit ${sha.slice(0, 12)}`;
    const unsure = (message, status) => error({ code: 'branch-read-failed', message, ...(0,values/* definedOnly */.Uv)({ status }) });
    if (read === undefined)
        return unsure(`where ${commit} stands on the branch was not read`);
    if (read.failure !== undefined)
        return unsure(read.failure.message, read.failure.status);
    const branch = read.branch ?? '';
    if (read.branchMissing === true) {
        return error({ code: 'branch-not-found', branch, fromDefault: read.fromDefault });
    }
    const tip = read.tip?.toLowerCase();
    if (tip === sha)
        return undefined;
    const compare = read.compare;
    if (tip === undefined || compare === undefined) {
        return unsure(`GitHub named no tip of branch '${branch}' to compare ${commit} with`);
    }
    if ('status' in compare && compare.status === 'behind') {
        return compare.mergeBase === sha
            ? { status: 'superseded', reason: { code: 'commit-superseded', sha, branch, tip } }
            : unsure(`GitHub said ${commit} is behind the tip of '${branch}' but named another merge base`);
    }
    const suite = (0,values/* isRecord */.u4)(facts.eventCheckRun) ? facts.eventCheckRun['check_suite'] : undefined;
    const named = (0,values/* isRecord */.u4)(suite)
        ? (0,values/* definedOnly */.Uv)({ eventBranch: (0,kernel_text/* nonBlankText */.xA)(suite['head_branch']) })
        : {};
    const found = !('notFound' in compare);
    return error({ code: 'commit-not-on-branch', sha, branch, tip, found, ...named });
}
function checkJudgement(facts) {
    const { rules, ended } = facts;
    const fromEvent = facts.source === 'event';
    const wait = ended.why === 'still-waiting' ? ended.wait : true;
    if (ended.why === 'failed') {
        const { message, status } = ended.failure;
        const more = (0,values/* definedOnly */.Uv)({ status, stoppedForWaitMs: ended.stoppedForWaitMs });
        return error({ code: 'check-read-failed', message, ...more });
    }
    const selection = selectCheckRuns(facts.checkRuns ?? [], rules);
    if (selection.unreadable.length > 0) {
        return error({ code: 'check-unreadable', problems: selection.unreadable });
    }
    if (ended.why === 'interrupted' && (fromEvent || selection.counting.length === 0)) {
        return INTERRUPTED;
    }
    if (selection.counting.length === 0) {
        if (fromEvent)
            return error(otherCheck(facts, selection.ignored[0]?.why));
        if (facts.rateLimitedUntil !== undefined) {
            return error({ code: 'check-rate-limited', until: facts.rateLimitedUntil, wait });
        }
        const ignored = [...new Set(selection.ignored.map(entry => entry.why))];
        const names = (0,values/* definedOnly */.Uv)({ names: facts.names });
        return timedOut({ code: 'no-check', name: rules.name, app: rules.app, wait, ignored, ...names });
    }
    const judge = (checkStatus, conclusion, ofEvent) => {
        if (fromEvent && facts.eventAction !== 'completed') {
            const eventAction = facts.eventAction ?? '';
            return error({ code: 'event-not-completed', checkStatus, eventAction });
        }
        if (checkStatus === 'completed') {
            const status = CONCLUSIONS.find(([, names]) => names.includes(conclusion))?.[0] ?? 'error';
            return status === 'passed'
                ? { status }
                : { status, reason: { code: 'check-conclusion', conclusion } };
        }
        if (ended.why === 'interrupted')
            return INTERRUPTED;
        if (fromEvent && facts.listed === true) {
            return timedOut({ code: 'check-newer-running', checkStatus, rerun: ofEvent });
        }
        if (fromEvent)
            return error({ code: 'event-not-completed', checkStatus });
        const limited = (0,values/* definedOnly */.Uv)({ rateLimitedUntil: facts.rateLimitedUntil });
        return timedOut({ code: 'check-not-completed', checkStatus, wait, ...limited });
    };
    const eventRunId = (0,values/* isRecord */.u4)(facts.eventCheckRun) ? (0,kernel_text/* idText */.FP)(facts.eventCheckRun['id']) : undefined;
    return selection.counting.map(run => {
        const { headSha: _sha, startedAtMs: _ms, id, status: checkStatus, htmlUrl, ...shown } = run;
        const ofEvent = id !== undefined && id === eventRunId;
        return entryOf('check', id ?? run.name, judge(checkStatus, run.conclusion ?? '', ofEvent), {
            check: { ...shown, checkStatus, fromEvent: fromEvent && ofEvent },
            ...(0,values/* definedOnly */.Uv)({ url: htmlUrl })
        });
    });
}
function otherCheck(facts, why) {
    const event = facts.eventCheckRun ?? facts.checkRuns?.[0];
    const record = (0,values/* isRecord */.u4)(event) ? event : {};
    const eventName = (0,kernel_text/* nonBlankText */.xA)(record['name']);
    const eventApp = (0,values/* isRecord */.u4)(record['app']) ? (0,kernel_text/* nonBlankText */.xA)(record['app']['slug']) : undefined;
    const typo = eventName !== undefined &&
        eventName !== facts.rules.name &&
        (0,nearest/* nearest */.p)(facts.rules.name, [eventName]) !== undefined;
    return {
        code: 'event-other-check',
        name: facts.rules.name,
        app: facts.rules.app,
        ...(0,values/* definedOnly */.Uv)({ eventName, eventApp, why }),
        ...(typo ? { nameTypo: true } : {})
    };
}


/***/ })

};
;