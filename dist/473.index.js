export const id = 473;
export const ids = [473];
export const modules = {

/***/ 8594:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   WX: () => (/* binding */ readBugs),
/* harmony export */   k5: () => (/* binding */ classifyBugs),
/* harmony export */   rx: () => (/* binding */ FIELDS_THAT_EXCUSE_A_BUG),
/* harmony export */   zo: () => (/* binding */ allBugs)
/* harmony export */ });
/* harmony import */ var _core_text_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2020);

/**
 * The only priorities that do not block. `urgent`, `high` and unset block (unset is what a newly
 * found bug has), and so does any priority the action does not know (`critical`, a number): the
 * action cannot tell where it ranks, and the fail-closed reading is the safe one.
 */
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
        externalIssue,
        ...isBlockingField(raw)
    };
}
/** `isBlocking` decides, so one that is present but not a boolean (`"false"`, 0, null) blocks. */
function isBlockingField(raw) {
    if (!('isBlocking' in raw) || raw.isBlocking === undefined)
        return {};
    return { isBlocking: typeof raw.isBlocking === 'boolean' ? raw.isBlocking : 'unreadable' };
}
/**
 * Whether a bug blocks, in the service's order of authority: its own `isBlocking`; else the URL
 * lists of the response; else the documented priority rule (`medium` and `low` do not block;
 * `urgent`, `high`, unset and anything unknown do). Fail closed: an `isBlocking` or a priority
 * that cannot be read blocks.
 */
function isBlockingBug(bug, blockingUrls, nonBlockingUrls) {
    if (bug.isBlocking !== undefined)
        return bug.isBlocking !== false;
    if (bug.url !== undefined && blockingUrls.has(bug.url))
        return true;
    if (bug.url !== undefined && nonBlockingUrls.has(bug.url))
        return false;
    return typeof bug.priority !== 'string' || !NON_BLOCKING_PRIORITIES.has(bug.priority);
}
/**
 * Informing fields that still excuse a bug without `isBlocking` (the priority rule would block it):
 * when one is left out as unreadable, such a bug blocks, as isBlockingBug reads it. Named as the
 * answer check names a dropped field.
 */
const FIELDS_THAT_EXCUSE_A_BUG = new Set([
    'nonBlockingBugUrls',
    'reproducedBugs[].applicationUrl'
]);
/** Bug entries as views, each classified; for `otherBlockingBugsInEnvironment` too. */
function readBugs(raws, blockingUrls = new Set(), nonBlockingUrls = new Set()) {
    return (raws ?? []).map(raw => {
        const read = readBug(raw);
        const { isBlocking: _, ...bug } = read;
        return { ...bug, blocking: isBlockingBug(read, blockingUrls, nonBlockingUrls) };
    });
}
/**
 * The bugs of one response, each once: the `reproducedBugs` entries in order (the view at index i
 * is entry i), classified, then URLs the lists name without an entry, so no bug the service
 * reports is left out or shown twice.
 */
function allBugs(response) {
    const blockingUrls = new Set(response.blockingBugUrls ?? []);
    const nonBlockingUrls = new Set(response.nonBlockingBugUrls ?? []);
    const bugs = readBugs(response.reproducedBugs, blockingUrls, nonBlockingUrls);
    const seen = new Set(bugs.flatMap(bug => (bug.url === undefined ? [] : [bug.url])));
    // An entry whose URL could not be read may be the bug an unmatched URL names: it is not
    // counted twice (the URL lists still show every URL).
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
/** `allBugs`, blocking and non-blocking apart. */
function classifyBugs(response) {
    const bugs = allBugs(response);
    return {
        blocking: bugs.filter(bug => bug.blocking),
        nonBlocking: bugs.filter(bug => !bug.blocking)
    };
}


/***/ }),

/***/ 8473:
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
// EXTERNAL MODULE: ./src/core/durations.ts
var durations = __webpack_require__(778);
// EXTERNAL MODULE: ./src/render/markdown.ts
var markdown = __webpack_require__(2495);
// EXTERNAL MODULE: ./src/core/text.ts
var core_text = __webpack_require__(2020);
// EXTERNAL MODULE: ./src/render/byte-budget.ts
var byte_budget = __webpack_require__(2636);
// EXTERNAL MODULE: ./src/greenlight/verdict.ts + 1 modules
var greenlight_verdict = __webpack_require__(3761);
// EXTERNAL MODULE: ./src/greenlight/summary-bugs.ts
var summary_bugs = __webpack_require__(1361);
// EXTERNAL MODULE: ./src/greenlight/summary-verdict.ts
var summary_verdict = __webpack_require__(1001);
;// CONCATENATED MODULE: ./src/greenlight/summary.ts
// The greenlight job summary: the verdict first, then what is known about each run and its bugs.






/** Beyond this, a bug list points to the service instead: a longer list helps nobody. */
const MAX_LISTED_BUGS = 100;
/**
 * One plain-text title per blocking bug across all runs: the bug's name, else its URL. For
 * `::error` annotations, whose writer escapes them.
 */
function bugAnnotationTitles(verdict) {
    return (0,greenlight_verdict/* bugsAcrossRuns */.xY)(verdict, run => run.bugs.blocking).bugs.map(({ bug, run }) => {
        const title = (0,core_text/* plainText */.wh)(bug.name ?? bug.url ?? '');
        return title === '' ? `Unnamed blocking bug in run ${(0,core_text/* plainText */.wh)(run.rootRunId)}` : title;
    });
}
function bugSection(title, listed, noun, bugsUrl) {
    if (listed.total === 0 && listed.shown.length === 0)
        return [];
    const list = (0,summary_bugs/* renderBugList */.LX)(listed.shown, listed.total, MAX_LISTED_BUGS, (0,summary_bugs/* moreInService */.Gr)(noun, bugsUrl));
    return [`**${title} (${Math.max(listed.total, listed.shown.length)}):**`, '', list, ''];
}
/** The bugs first (what a reader acts on), then the run's figures. */
function renderResponse(run, response) {
    const { blocking, nonBlocking, other } = run.bugs;
    const bugsUrl = response.relevantRunWithBugsUrl;
    const lines = [
        ...bugSection('Blocking bugs', blocking, 'blocking bug', bugsUrl),
        ...bugSection('Blocking bugs in workflows outside this run', other, 'blocking bug', bugsUrl)
    ];
    const rootRun = (0,markdown/* link */.nf)(run.rootRunId, run.rootRunUrl);
    if (run.supersededBy !== undefined) {
        const relevantRun = (0,markdown/* link */.nf)(run.supersededBy, response.relevantRunUrl);
        lines.push(`Run ${relevantRun} superseded root run ${rootRun}; the figures below are the superseding run's.`, '');
    }
    const { counts } = run;
    const reportsBugs = response.runStage === 'completed' || counts.blocking + counts.nonBlocking > 0;
    // One row, columns only for what this stage says: a count the stage does not report is left
    // out rather than shown as a made-up 0.
    const columns = [
        ['Run', (0,markdown/* link */.nf)(run.relevantRunId ?? run.rootRunId, response.relevantRunUrl)],
        ['Stage', (0,markdown/* escapeText */.X1)(greenlight_verdict/* STAGE_WORDS */.hZ[response.runStage] ?? String(response.runStage))],
        ['Workflows', (0,summary_bugs/* count */.U9)(response.workflowsInRunCount)],
        ['Under investigation', (0,summary_bugs/* count */.U9)(response.workflowsUnderInvestigationCount)]
    ];
    if (response.workflowsAutoRetryingCount !== undefined) {
        columns.push(['Auto-retrying', (0,summary_bugs/* count */.U9)(response.workflowsAutoRetryingCount)]);
    }
    if ((response.workflowsDisabledAfterRunCount ?? 0) > 0) {
        columns.push(['Disabled after run', (0,summary_bugs/* count */.U9)(response.workflowsDisabledAfterRunCount)]);
    }
    if (reportsBugs) {
        columns.push(['Blocking bugs', String(counts.blocking)]);
        columns.push(['Non-blocking bugs', String(counts.nonBlocking)]);
    }
    lines.push((0,markdown/* table */.tp)(columns.map(([name]) => name), [columns.map(([, cell]) => cell)]), '');
    if (nonBlocking.shown.length > 0) {
        const list = (0,summary_bugs/* renderBugList */.LX)(nonBlocking.shown, nonBlocking.total, MAX_LISTED_BUGS, (0,summary_bugs/* moreInService */.Gr)('non-blocking bug', bugsUrl));
        lines.push((0,markdown/* details */.zH)(`Non-blocking bugs (${nonBlocking.total})`, list), '');
    }
    if (blocking.total + nonBlocking.total + other.total > 0) {
        lines.push(`${(0,markdown/* link */.nf)('Open the run filtered to bugs', bugsUrl)}`, '');
    }
    return lines;
}
function renderRun(run, several, timedOutAfterMs) {
    const lines = [];
    if (several) {
        const cause = (0,markdown/* escapeText */.X1)((0,greenlight_verdict/* runCause */.RW)(run, timedOutAfterMs), 1000);
        lines.push(`### ${summary_verdict/* STATUS_EMOJI */.c[run.status]} Run ${(0,markdown/* escapeText */.X1)(run.rootRunId)}: ${cause}`, '');
    }
    if (run.response !== undefined)
        return [...lines, ...renderResponse(run, run.response)];
    lines.push(`No valid answer was received for run ${(0,markdown/* escapeText */.X1)(run.rootRunId)}, so its stage and bug counts are unknown.`, '');
    return lines;
}
/** The job summary of a greenlight step, within GitHub's size limit. */
function renderGreenlightSummary(verdict, label) {
    const several = verdict.runs.length > 1;
    const lines = [...(0,summary_verdict/* renderVerdict */.g)(verdict, label), ''];
    let chars = 0;
    for (const run of verdict.runs) {
        // Runs past the size limit are cut by limitSummary anyway (a character is at least a byte);
        // rendering 1,000 of them first would cost time and memory for nothing.
        if (chars > byte_budget/* SUMMARY_MAX_BYTES */.eR)
            break;
        const section = renderRun(run, several, verdict.timedOutAfterMs);
        chars += section.reduce((sum, line) => sum + line.length + 1, 0);
        lines.push(...section);
    }
    return (0,byte_budget/* limitSummary */.g9)(`${lines
        .join('\n')
        .replace(/\n{3,}/g, '\n\n')
        .trimEnd()}\n`);
}

// EXTERNAL MODULE: ./src/service/errors.ts
var errors = __webpack_require__(5756);
// EXTERNAL MODULE: ./src/core/error-message.ts
var error_message = __webpack_require__(7);
// EXTERNAL MODULE: ./src/service/retry-policy.ts
var retry_policy = __webpack_require__(7856);
;// CONCATENATED MODULE: ./src/greenlight/poll-limiter.ts
const MAX_CONCURRENT_QUERIES = 16;
/** `query` with at most `max` calls under way; the others wait their turn in order. */
function limitConcurrency(query, max) {
    let active = 0;
    const waiting = [];
    return async (runId, signal, timeoutMs) => {
        // A finishing call hands its slot straight to the next in line, so `active` never exceeds max.
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

;// CONCATENATED MODULE: ./src/greenlight/poll-log.ts
// What polling says: the log lines worth an answer (what changed) and the retry lines (once per
// streak of failures, then at most every RETRY_LINE_EVERY_MS). How a run ends is verdict.ts's.



/** A streak of the same failure logs a line at most this often after its first. */
const RETRY_LINE_EVERY_MS = 30_000;
/** Service text in a log line: one line, no control characters, and not shortened. */
function logText(text) {
    return (0,core_text/* plainText */.wh)(text, Number.POSITIVE_INFINITY);
}
/** The log lines an answer is worth: what changed since the previous one. */
function changesWorthLogging(previous, response, rootRunId) {
    const lines = [];
    // A blank relevantRunId is the root run itself.
    const relevant = (r) => (0,greenlight_verdict/* supersedingRunId */.ey)(r, rootRunId) ?? rootRunId;
    const previousRunId = previous === undefined ? rootRunId : relevant(previous);
    const relevantRunId = relevant(response);
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
    const contradiction = (0,greenlight_verdict/* judgeResponse */.xB)(response).contradiction;
    if (contradiction !== undefined &&
        contradiction !== (previous && (0,greenlight_verdict/* judgeResponse */.xB)(previous).contradiction)) {
        lines.push(`${run}: the service's answer contradicts itself (${contradiction}); it is not treated as green.`);
    }
    return lines;
}
function describeCounts(r) {
    // A count the answer did not carry in a readable form is left out, not shown as 0.
    const parts = [];
    if (r.workflowsInRunCount !== undefined)
        parts.push((0,core_text/* plural */.LS)(r.workflowsInRunCount, 'workflow'));
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
        parts.push((0,core_text/* plural */.LS)(r.blockingBugsCount, 'blocking bug'));
    if (r.nonBlockingBugsCount !== undefined) {
        parts.push((0,core_text/* plural */.LS)(r.nonBlockingBugsCount, 'non-blocking bug'));
    }
    return parts.length === 0 ? 'no counts reported' : parts.join(', ');
}
/**
 * The retry lines of one run: the first failure of a streak, or a different one, says what failed,
 * that it is retried and until when; a repeat of the same failure logs a short line at most every
 * RETRY_LINE_EVERY_MS, so an unreachable service does not print the same line a dozen times.
 */
class RetryLines {
    lastKind;
    lastLineAt = -Infinity;
    /** The line for this retry, or undefined when it is not due. */
    line(f) {
        const run = `Run ${logText(f.runId)}`;
        const next = `retry ${f.failures} in ${(0,durations/* formatDuration */.a3)(Math.min(f.delayMs, f.msLeft))}`;
        const repeat = f.failures > 1 && f.kind === this.lastKind;
        if (repeat && f.now - this.lastLineAt < RETRY_LINE_EVERY_MS)
            return undefined;
        this.lastLineAt = f.now;
        this.lastKind = f.kind;
        if (repeat)
            return `${run}: the same failure again (${(0,core_text/* plural */.LS)(f.failures, 'attempt')}); ${next}.`;
        if (f.notFound !== undefined) {
            const until = f.notFound.msLeft < f.msLeft
                ? `${(0,durations/* formatDuration */.a3)(f.notFound.graceMs)} after the first query (${(0,durations/* formatDuration */.a3)(Math.max(0, f.notFound.msLeft))} left; then the step fails: check the run-id input)`
                : `the timeout (${(0,durations/* formatDuration */.a3)(f.msLeft)} left)`;
            return `${logText(f.runId)} not found; the service may not have indexed a new run yet, retrying until ${until}; ${next}. ${logText(f.reason)}`;
        }
        const until = f.unreachableMsLeft !== undefined && f.unreachableMsLeft < f.msLeft
            ? `for at most ${(0,durations/* formatDuration */.a3)(f.unreachableMsLeft)} more while it cannot be reached (then the step fails; check the base-url input)`
            : `until the timeout (${(0,durations/* formatDuration */.a3)(f.msLeft)} left)`;
        return `${run}: query failed (${logText(f.reason)}); retrying ${until}; ${next}.`;
    }
    /** An answer ends the streak. */
    reset() {
        this.lastKind = undefined;
        this.lastLineAt = -Infinity;
    }
}

;// CONCATENATED MODULE: ./src/greenlight/settle.ts
// Waiting for a query without being held by it: cancellation ends the wait at once, even when the
// query ignores its signal.
/** Runs a query, but stops waiting for it as soon as the signal aborts. Never rejects. */
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
/**
 * A request near the deadline still gets this long: the final query at the deadline must be able
 * to succeed, and "within one request" then means at most this much past the timeout.
 */
const MIN_REQUEST_TIMEOUT_MS = 5000;
/**
 * Polls one root run until a verdict, the deadline or an abort. Rejects only for options no valid
 * settings produce (a zero interval would poll in a tight loop); otherwise never.
 */
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
            // A failing log line must not change the verdict.
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
    let rootRunUrl;
    let runId = rootRunId;
    const retryLines = new RetryLines();
    const finish = (ended) => {
        const facts = { rootRunId, queries, ended };
        if (lastResponse !== undefined)
            facts.lastResponse = lastResponse;
        if (rootRunUrl !== undefined)
            facts.rootRunUrl = rootRunUrl;
        try {
            deps.onFinished?.(facts);
        }
        catch {
            // A failing log line must not change the verdict.
        }
        return facts;
    };
    /** Waits until `at` (never past the deadline); false when the job was cancelled meanwhile. */
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
                changesWorthLogging(lastResponse, response, rootRunId).forEach(line => log(line));
                if (response.rootRunId === rootRunId)
                    rootRunUrl ??= response.rootRunUrl;
                lastResponse = response;
                answers++;
                failures = 0;
                unreachableSince = undefined;
                retryLines.reset();
                const newer = (0,greenlight_verdict/* supersedingRunId */.ey)(response, rootRunId);
                if (options.stopWhenSuperseded === true && newer !== undefined) {
                    return finish({ why: 'superseded' });
                }
                if ((0,greenlight_verdict/* isTerminalStage */.nn)(response.runStage))
                    return finish({ why: 'answered' });
                if (!options.wait || now >= deadline) {
                    return finish({ why: 'still-running', wait: options.wait });
                }
                // A blank relevantRunId means no superseding run: the root is asked again.
                runId = newer ?? rootRunId;
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
        // Only a bug can get here (the clock or random threw); fail closed rather than reject.
        return finish({ why: 'crashed', during: 'polling', message: (0,error_message/* errorMessage */.g)(error) });
    }
}
/**
 * The one check only polling can make: that an answer is about the run asked about (`rootRunId`
 * is documented as the run passed in the request; once polling follows a superseding run the
 * service may name either). A cache or proxy mixing answers up is an unreadable answer.
 */
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
/** Polls several root runs concurrently against one shared deadline; outcomes keep input order. */
function pollRuns(runIds, deps, options) {
    const deadlineMs = options.deadlineMs ?? deps.clock.now() + options.timeoutMs;
    const shared = { ...deps, query: limitConcurrency(deps.query, MAX_CONCURRENT_QUERIES) };
    return Promise.all(runIds.map(id => pollRun(id, shared, { ...options, deadlineMs })));
}

// EXTERNAL MODULE: ./src/service/schemas.ts
var schemas = __webpack_require__(2051);
// EXTERNAL MODULE: ./src/inputs/settings.ts
var inputs_settings = __webpack_require__(900);
;// CONCATENATED MODULE: ./src/greenlight/outputs.ts
// The greenlight step's outputs, read from the judged verdict. GitHub allows a job 1 MB of outputs
// in all, so the outputs of one step stay under 256 KiB together whatever the service sends: each
// list has its own byte budget, and a list cut to it ends with a marker that says so.



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
    'superseded-by'
]));
const KIB = 1024;
/** Each output of one line per run (seven of them). */
const PER_RUN_LINES_MAX_BYTES = 14 * KIB;
/** Each list of bug URLs (two). */
const URL_LIST_MAX_BYTES = 24 * KIB;
/** The `result` output. Together with the others: under 256 KiB, with room for the counts. */
const RESULT_MAX_BYTES = 96 * KIB;
const GREENLIGHT_OUTPUTS_MAX_BYTES = 7 * PER_RUN_LINES_MAX_BYTES + 2 * URL_LIST_MAX_BYTES + RESULT_MAX_BYTES + 4 * KIB;
const CUT = "cut to stay within GitHub's output limits; the job summary and the QA service have the rest";
/**
 * Every greenlight output, always all keys, so a workflow never reads a missing output as an
 * empty string by accident. Per-run values are one line per run in input order; counts are sums.
 */
function verdictOutputs(verdict) {
    const { runs } = verdict;
    const perRun = (pick) => (0,byte_budget/* fitLines */.RV)(runs.map(run => (0,core_text/* oneLine */.TN)(pick(run) ?? '')), PER_RUN_LINES_MAX_BYTES, omitted => `… ${(0,core_text/* plural */.LS)(omitted, 'more run')} (${CUT})`);
    const sum = (pick) => String(runs.reduce((total, run) => total + (pick(run) ?? 0), 0));
    const urls = (key) => {
        // URLs the compaction of each answer already left out count as cut too.
        const cutEarlier = runs.reduce((total, run) => {
            const original = run.response?.cutByQaGreenlight?.originalLengths[key];
            return total + (original === undefined ? 0 : original - (run.response?.[key]?.length ?? 0));
        }, 0);
        return (0,byte_budget/* fitJsonList */.MK)(new Set(runs.flatMap(run => run.response?.[key] ?? [])), URL_LIST_MAX_BYTES, omitted => `… ${(0,core_text/* plural */.LS)(omitted, 'more URL')} (${CUT})`, cutEarlier);
    };
    return {
        greenlight: verdict.green ? 'true' : 'false',
        status: verdict.status,
        'run-stage': perRun(run => run.response?.runStage),
        // The ID the user passed in: later responses describe the superseding run under its own ID.
        'root-run-id': perRun(run => run.rootRunId),
        'relevant-run-id': perRun(run => run.relevantRunId),
        'relevant-run-url': perRun(run => run.response?.relevantRunUrl),
        'relevant-run-with-bugs-url': perRun(run => run.response?.relevantRunWithBugsUrl),
        'root-run-url': perRun(run => run.rootRunUrl),
        'blocking-bugs-count': sum(run => run.counts.blocking),
        'non-blocking-bugs-count': sum(run => run.counts.nonBlocking),
        'other-blocking-bugs-count': sum(run => run.counts.otherBlocking),
        'workflows-in-run-count': sum(run => run.response?.workflowsInRunCount),
        'workflows-under-investigation-count': sum(run => run.response?.workflowsUnderInvestigationCount),
        'blocking-bug-urls': urls('blockingBugUrls'),
        'non-blocking-bug-urls': urls('nonBlockingBugUrls'),
        // The last answer of each run that had one: never a null entry for a run without.
        result: (0,byte_budget/* fitJsonList */.MK)(runs.flatMap(run => (run.response === undefined ? [] : [run.response])), RESULT_MAX_BYTES, omitted => ({ cutByQaGreenlight: `${(0,core_text/* plural */.LS)(omitted, 'more answer')} left out, ${CUT}` })),
        'superseded-by': perRun(run => run.supersededBy)
    };
}
/** The outputs of a step that obtained no verdict at all (an input error, a crash). */
const EMPTY_GREENLIGHT_OUTPUTS = verdictOutputs((0,greenlight_verdict/* judgeVerdict */.Lp)([], { outcomeWhenBlockingBugsInOtherWorkflows: 'green', wait: true, timeoutMs: 0 }));

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
// EXTERNAL MODULE: ./src/greenlight/bugs.ts
var greenlight_bugs = __webpack_require__(8594);
;// CONCATENATED MODULE: ./src/greenlight/compact-response.ts
// What the action keeps of a greenlight answer: the documented fields, with bug lists cut to a few
// entries per run and long text shortened. A step that gates 1,000 runs must not hold 1,000 answers
// of 600 kB; every answer is compacted as it arrives, before polling keeps it. Compaction never
// changes what the answer decides: the bugs kept are classified exactly as in the whole answer,
// and the whole answer's bug counts travel with it (`cutByQaGreenlight`), marking the cut.


/** Longer URLs are never links (render/markdown.ts); they are replaced by a stand-in. */
const MAX_URL_CHARS = 8192;
/** A bug's name, number, priority, tracker ID: enough for anything a person reads. */
const MAX_TEXT_CHARS = 1000;
/** Bugs kept per list and run; fewer when a step gates many runs (see `bugsKeptPerRun`). */
const MAX_KEPT_BUGS = 100;
/** Kept bugs per list across all the runs of a step, so that memory is bounded by the step. */
const MAX_KEPT_BUGS_PER_STEP = 5000;
const MIN_KEPT_BUGS = 5;
const CUT_NOTE = "Lists shortened by qa-greenlight to keep the step's outputs within GitHub's limits; the QA service has them in full.";
const SCALAR_FIELDS = [
    'greenlight',
    'relevantRunId',
    'rootRunId',
    'runStage',
    'workflowsDisabledAfterRunCount',
    'workflowsInRunCount',
    'workflowsUnderInvestigationCount',
    'blockingBugsCount',
    'nonBlockingBugsCount',
    'workflowsAutoRetryingCount'
];
const URL_FIELDS = ['relevantRunUrl', 'relevantRunWithBugsUrl', 'rootRunUrl'];
/** Bugs kept per list and run when a step gates `runCount` runs. */
function bugsKeptPerRun(runCount) {
    const share = Math.floor(MAX_KEPT_BUGS_PER_STEP / Math.max(1, runCount));
    return Math.min(MAX_KEPT_BUGS, Math.max(MIN_KEPT_BUGS, share));
}
/** The answer with its documented fields only, each bug list cut to `maxBugs` entries a class. */
function compactResponse(full, maxBugs = MAX_KEPT_BUGS) {
    const out = {};
    for (const key of SCALAR_FIELDS) {
        const value = full[key];
        if (value !== undefined)
            out[key] = typeof value === 'string' ? shortText(value, 200) : value;
    }
    for (const key of URL_FIELDS)
        out[key] = shortUrl(full[key]);
    // The service's explanation of a canceled run (verdict.ts shows it), when it is text.
    for (const key of ['message', 'reason']) {
        const value = full[key];
        if (typeof value === 'string')
            out[key] = shortText(value, MAX_TEXT_CHARS);
    }
    const compact = out;
    const cut = {};
    const bugs = (0,greenlight_bugs/* allBugs */.zo)(full);
    // The first blocking-list URL stays whatever its bug's class: a green answer that lists one is
    // a contradiction, and the compacted answer must still show it.
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
        // A URL no bug carries stands for an entry whose own URL could not be read (bugs.ts pairs
        // them in order): as many stay as such entries of its class were kept.
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
        // Blocking entries are kept first, wherever the service listed them: they are what a reader
        // acts on, and with `red` what makes the run red.
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
/** A bug entry with the documented fields only (and the earlier spellings bugs.ts reads). */
function compactBug(raw) {
    const bug = {};
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
/** A value kept as it reads: text shortened; objects and lists (never valid here) as null. */
function shortValue(value) {
    if (typeof value === 'string')
        return shortText(value, MAX_TEXT_CHARS);
    return typeof value === 'object' && value !== null ? null : value;
}
function shortText(value, maxChars) {
    return value.length <= maxChars ? value : `${value.slice(0, maxChars)}…`;
}
/**
 * A URL too long to be a link becomes a stand-in that is not a URL at all, the same one for the
 * same URL, so that the lists still name the same bugs.
 */
function shortUrl(value) {
    if (typeof value !== 'string' || value.length <= MAX_URL_CHARS)
        return value;
    return `url-too-long:${(0,external_node_crypto_.createHash)('sha256').update(value).digest('hex').slice(0, 16)}`;
}

;// CONCATENATED MODULE: ./src/greenlight/run-greenlight.ts
// greenlight mode: poll every run to a verdict, report it, and gate the step on it.











/**
 * Steps of a matrix start together; a random start of up to a second (never more than one poll
 * interval) keeps their first queries from reaching the service as one burst.
 */
const MAX_START_JITTER_MS = 1000;
async function runGreenlight(settings, deps) {
    const labelPrefix = (0,inputs_settings/* logPrefix */.J)(settings);
    const runList = settings.runIds.join(', ');
    action_io/* info */.pq(settings.wait
        ? `${labelPrefix}Waiting for the QA verdict of ${runList} (timeout ${(0,durations/* formatDuration */.a3)(settings.timeoutMs)}, polling every ${(0,durations/* formatDuration */.a3)(settings.pollIntervalMs)}).`
        : `${labelPrefix}Querying the QA verdict of ${runList} once (wait: false).`);
    const query = {
        outcomeWhenBlockingBugsInOtherWorkflows: settings.outcomeWhenBlockingBugsInOtherWorkflows
    };
    const facts = await pollRuns(settings.runIds, {
        query: loggedQuery(deps, query, bugsKeptPerRun(settings.runIds.length), labelPrefix),
        clock: deps.clock,
        random: deps.random,
        signal: deps.signal,
        onLog: line => action_io/* info */.pq(`${labelPrefix}${line}`),
        // The reason is not repeated here: the step's verdict message carries it.
        onFinished: run => action_io/* info */.pq(`${labelPrefix}${(0,greenlight_verdict/* finishedLine */.fb)((0,greenlight_verdict/* decideRun */.Sf)(run, settings))}`)
    }, {
        timeoutMs: settings.timeoutMs,
        pollIntervalMs: settings.pollIntervalMs,
        wait: settings.wait,
        maxStartJitterMs: MAX_START_JITTER_MS,
        stopWhenSuperseded: settings.onSuperseded === 'fail',
        ...testLimits(deps.env)
    });
    // Not redacted as data: a key that equals a word of the answer (`completed`) would rewrite the
    // values the rendering reads. Everything shown is redacted as text where it is written.
    let verdict = (0,greenlight_verdict/* decideVerdict */.AU)(facts, settings);
    action_io/* setOutputs */.n0(verdictOutputs(verdict));
    if (settings.commentOnPr) {
        // Loaded only when asked for: Octokit is most of the start-up cost of a GitHub client.
        const { upsertPullRequestComment } = await __webpack_require__.e(/* import() */ 523).then(__webpack_require__.bind(__webpack_require__, 4523));
        await upsertPullRequestComment({ settings, verdict, env: deps.env, signal: deps.signal });
    }
    if (deps.signal.aborted && verdict.status !== 'interrupted') {
        // Cancelled after the verdict, while reporting it: a cancelled job ends `interrupted`, and the
        // summary, written after this, says so too.
        verdict = (0,greenlight_verdict/* interruptedWhileReporting */.Q1)(verdict);
        action_io/* setOutputs */.n0(verdictOutputs(verdict));
    }
    if (settings.summary)
        await action_io/* writeSummary */.Sy(renderGreenlightSummary(verdict, settings.label));
    if (verdict.interrupted === 'reporting') {
        action_io/* setFailed */.C1(`${labelPrefix}The job was cancelled while the verdict was being reported.`);
        return;
    }
    // The titles of the bugs kept; the count of all the service reported.
    const blockingTotal = (0,greenlight_verdict/* bugsAcrossRuns */.xY)(verdict, run => run.bugs.blocking).total;
    annotateBlockingBugs(bugAnnotationTitles(verdict), blockingTotal, labelPrefix);
    gateStep(settings, verdict, labelPrefix);
}
/** The greenlight mode as main.ts runs it. */
const greenlightMode = {
    emptyOutputs: EMPTY_GREENLIGHT_OUTPUTS,
    run: runGreenlight
};
/**
 * Hooks for the end-to-end tests only, not inputs: they cannot wait the two minutes after which
 * an unreachable service ends the step, nor the minute of a new run's 404 grace.
 */
function testLimits(env) {
    const limit = Number(env['QA_GREENLIGHT_TEST_UNREACHABLE_LIMIT_MS']);
    const grace = Number(env['QA_GREENLIGHT_TEST_NOT_FOUND_GRACE_MS']);
    return {
        ...(Number.isFinite(limit) && limit > 0 ? { unreachableLimitMs: limit } : {}),
        ...(Number.isFinite(grace) && grace > 0 ? { notFoundGraceMs: grace } : {})
    };
}
/**
 * The client's query, with one debug line per request (seen with RUNNER_DEBUG=1), one warning per
 * step for each field the answer carried with an unexpected type and for each stage the action
 * does not know, and each answer compacted as it arrives: polling keeps only what the step reports.
 */
function loggedQuery(deps, query, maxBugs, labelPrefix) {
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
                warnOnce(`field ${field}`, `The QA service's greenlight answer has no readable '${logText(field)}' (missing, null or not of the documented type); it is left out of what this step shows, and ` +
                    (greenlight_bugs/* FIELDS_THAT_EXCUSE_A_BUG */.rx.has(field)
                        ? `a bug without 'isBlocking' that it would have named as non-blocking counts as blocking.`
                        : `it does not decide the verdict.`));
            }
            const stage = response.runStage;
            if (!(0,greenlight_verdict/* isTerminalStage */.nn)(stage) && greenlight_verdict/* STAGE_WORDS */.hZ[stage] === undefined) {
                warnOnce(`stage ${stage}`, `The QA service reports run stage '${logText(stage)}', which this action does not know; it is not a verdict, so polling goes on within the timeout.`);
            }
            return compactResponse(response, maxBugs);
        }
        catch (error) {
            // Without the message: a retry line or the verdict says it, once.
            action_io/* debug */.Yz(`Greenlight of ${runId} failed after ${Math.round(deps.clock.now() - started)} ms.`);
            throw error;
        }
    };
}
/** GitHub shows about ten error annotations per step: eight bugs, "N more", and the verdict fit. */
const MAX_BUG_ANNOTATIONS = 8;
function annotateBlockingBugs(titles, total, labelPrefix) {
    for (const title of titles.slice(0, MAX_BUG_ANNOTATIONS)) {
        action_io/* error */.z3(`${labelPrefix}Blocking bug: ${title}`, `Blocking bug: ${title}`);
    }
    const rest = Math.max(total, titles.length) - Math.min(titles.length, MAX_BUG_ANNOTATIONS);
    if (rest > 0) {
        action_io/* error */.z3(`${labelPrefix}… and ${rest} more blocking bugs: see the job summary.`, `${rest} more blocking bugs`);
    }
}
function gateStep(settings, verdict, labelPrefix) {
    const reasons = verdict.runs
        .filter(run => run.status !== 'passed')
        .map(run => `${run.rootRunId}: ${run.status}${run.reason ? ` (${run.reason})` : ''}`)
        .join('; ');
    const message = `${labelPrefix}QA verdict: ${verdict.status}. ${reasons}`.trim();
    const gate = (0,greenlight_verdict/* stepGate */.A1)(verdict, settings);
    if (gate.ends === 'green')
        action_io/* info */.pq(`${labelPrefix}QA verdict: green.`);
    else if (gate.ends === 'failed')
        action_io/* setFailed */.C1(message);
    else
        action_io/* warning */.$e(`${message} (${gate.forgivenBy} is false)`);
}


/***/ }),

/***/ 1361:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Gr: () => (/* binding */ moreInService),
/* harmony export */   LX: () => (/* binding */ renderBugList),
/* harmony export */   U9: () => (/* binding */ count)
/* harmony export */ });
/* unused harmony export renderBug */
/* harmony import */ var _render_markdown_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2495);
/* harmony import */ var _core_text_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2020);
// A bug as the job summary and the pull request comment show it, and a list of bugs that says how
// many more the service reported than are shown.


/** A count as a table cell: a dash when the stage does not report it, never a made-up 0. */
function count(value) {
    return value === undefined ? '—' : String(value);
}
/** One bug as a list item: linked name, number, priority, new/known, tracker issue. */
function renderBug(bug) {
    const title = (0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .link */ .nf)(bug.name ?? bug.url ?? 'Unnamed bug', bug.url);
    const facts = [
        bug.number === undefined ? undefined : `bug ${bug.number}`,
        bug.priority === undefined
            ? undefined
            : bug.priority === null
                ? 'priority not set'
                : `priority ${bug.priority}`,
        bug.isNew === undefined ? undefined : bug.isNew ? 'new' : 'known'
    ].filter(fact => fact !== undefined);
    const described = facts.length === 0 ? title : `${title} — ${(0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeText */ .X1)(facts.join(', '))}`;
    return `${described}${renderTrackerIssue(bug.externalIssue)}`;
}
/** The linked tracker issue, e.g. " — Jira PROJ-12" linking to the ticket. */
function renderTrackerIssue(issue) {
    if (issue === undefined)
        return '';
    const name = [issue.platform, issue.id].filter(Boolean).join(' ') || 'tracker issue';
    return ` — ${(0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .link */ .nf)(name, issue.url)}`;
}
/**
 * At most `max` of `bugs`, then "… and N more" up to `total` (what the service reported), linking
 * to where they all are.
 */
function renderBugList(bugs, total, max, more) {
    const items = bugs.slice(0, max).map(renderBug);
    const rest = Math.max(total, bugs.length) - items.length;
    if (rest > 0)
        items.push(more(rest));
    return (0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .bulletList */ .fF)(items);
}
/** "… and 3 more blocking bugs: see them all in the QA service" (linked when the URL is one). */
function moreInService(noun, bugsUrl) {
    return (rest) => `… and ${(0,_core_text_js__WEBPACK_IMPORTED_MODULE_1__/* .plural */ .LS)(rest, `more ${noun}`)}: ${(0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .link */ .nf)('see them all in the QA service', bugsUrl)}`;
}


/***/ }),

/***/ 1001:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   c: () => (/* binding */ STATUS_EMOJI),
/* harmony export */   g: () => (/* binding */ renderVerdict)
/* harmony export */ });
/* harmony import */ var _render_markdown_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2495);
/* harmony import */ var _verdict_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3761);
// The verdict as people read it, built once for the job summary and the pull request comment: the
// heading, one line of why, a line per run when there are several, and what to do next.


const STATUS_EMOJI = {
    passed: '✅',
    failed: '❌',
    canceled: '❌',
    superseded: '❌',
    'timed-out': '⏱️',
    interrupted: '⚠️',
    error: '⛔'
};
/** Statuses that are no verdict at all: the step could not learn whether the runs are green. */
const NO_VERDICT = new Set(['timed-out', 'interrupted', 'error']);
/** What the heading says after "QA greenlight:". A red verdict and no verdict never read alike. */
function headingWords(verdict) {
    if (verdict.green)
        return 'green';
    switch (verdict.status) {
        case 'timed-out':
            return 'timed out, no verdict';
        case 'interrupted':
            return 'interrupted, no verdict';
        case 'error':
            return 'error, no verdict';
        default:
            return 'not green';
    }
}
const INTERRUPTED_NOTES = {
    waiting: '⚠️ The job was cancelled while waiting; this summary shows what was known then.',
    reporting: '⚠️ The job was cancelled while the verdict was being reported, so the step ends interrupted and is not reported as green, whatever the service answered. Below is what was known then.'
};
/** The verdict heading and its explanation, as lines. */
function renderVerdict(verdict, label) {
    const shownLabel = (0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeText */ .X1)(label);
    const title = shownLabel === '' ? 'QA greenlight' : `QA greenlight — ${shownLabel}`;
    const emoji = verdict.green
        ? '✅'
        : verdict.status === 'passed'
            ? '❌'
            : STATUS_EMOJI[verdict.status];
    const lead = verdict.green ? 'Green' : NO_VERDICT.has(verdict.status) ? 'No verdict' : 'Not green';
    const lines = [`## ${emoji} ${title}: ${headingWords(verdict)}`, ''];
    const [only, ...others] = verdict.runs;
    const cause = (run) => (0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeText */ .X1)((0,_verdict_js__WEBPACK_IMPORTED_MODULE_1__/* .runCause */ .RW)(run, verdict.timedOutAfterMs), 1000);
    if (only === undefined) {
        lines.push(`**${lead}:** no run was checked.`);
    }
    else if (others.length === 0) {
        const why = verdict.interrupted === 'reporting'
            ? 'the job was cancelled while the verdict was being reported'
            : cause(only);
        // A cause may be a message that ends its own sentence ("… check the base-url input.").
        lines.push(`**${lead}** (run ${(0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeText */ .X1)(only.rootRunId)}): ${why}${/[.!?]$/.test(why) ? '' : '.'}`);
    }
    else {
        const runs = verdict.runs.length;
        const notGreen = verdict.runs.filter(run => run.status !== 'passed').length;
        const withoutVerdict = verdict.runs.filter(run => NO_VERDICT.has(run.status)).length;
        lines.push(verdict.green
            ? `**Green:** all ${runs} runs completed with no blocking bugs.`
            : verdict.interrupted === 'reporting'
                ? `**No verdict:** the job was cancelled while the verdict of ${runs} runs was being reported.`
                : lead === 'No verdict'
                    ? `**No verdict:** ${withoutVerdict} of ${runs} runs without a verdict, ${notGreen} not green.`
                    : `**Not green:** ${notGreen} of ${runs} runs not green.`, '', (0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .bulletList */ .fF)(verdict.runs.map(run => `${STATUS_EMOJI[run.status]} Run ${(0,_render_markdown_js__WEBPACK_IMPORTED_MODULE_0__/* .escapeText */ .X1)(run.rootRunId)}: ${cause(run)}`)));
    }
    if (verdict.interrupted !== undefined)
        lines.push('', INTERRUPTED_NOTES[verdict.interrupted]);
    if (!verdict.green && verdict.runs.some(run => run.counts.blocking > 0)) {
        lines.push('', "Which bugs block is the QA service's classification first (a bug's `isBlocking`); a bug it has not classified blocks while its priority is urgent, high, not set or unknown. Blocking bugs are triaged in the QA service; re-run this step once they are resolved.");
    }
    return lines;
}


/***/ }),

/***/ 3761:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  hZ: () => (/* binding */ STAGE_WORDS),
  xY: () => (/* binding */ bugsAcrossRuns),
  Sf: () => (/* binding */ decideRun),
  AU: () => (/* binding */ decideVerdict),
  fb: () => (/* binding */ finishedLine),
  Q1: () => (/* binding */ interruptedWhileReporting),
  nn: () => (/* binding */ isTerminalStage),
  xB: () => (/* binding */ judgeResponse),
  Lp: () => (/* binding */ judgeVerdict),
  RW: () => (/* binding */ runCause),
  A1: () => (/* binding */ stepGate),
  ey: () => (/* binding */ supersedingRunId)
});

// UNUSED EXPORTS: INTERRUPTED_REASON, aggregateVerdict, bugCounts, worseStatus

// EXTERNAL MODULE: ./src/greenlight/bugs.ts
var bugs = __webpack_require__(8594);
// EXTERNAL MODULE: ./src/core/durations.ts
var durations = __webpack_require__(778);
// EXTERNAL MODULE: ./src/core/text.ts
var core_text = __webpack_require__(2020);
;// CONCATENATED MODULE: ./src/greenlight/run-outcome.ts
/** Worst first: the order in which statuses of several runs are aggregated. */
const RUN_STATUSES_WORST_FIRST = [
    'error',
    'interrupted',
    'timed-out',
    'canceled',
    'superseded',
    'failed',
    'passed'
];

;// CONCATENATED MODULE: ./src/greenlight/verdict.ts
// The verdict, decided here and nowhere else. Polling (polling.ts) gathers facts about each run:
// its last answer, why polling stopped, the failures and their timings. This module turns them
// into one verdict per step: each run's status, reason and cause, its bug lists and counts, the
// rule for blocking bugs in other workflows, superseding, and green. The outputs, the job summary,
// the pull request comment, the annotations and the exit code only render what it returns.
// Fail closed: green needs every piece of evidence at once, and a contradiction is an error.




/** The stages that end polling. Any other stage, one the action does not know included, does not. */
const TERMINAL_STAGES = new Set(['completed', 'canceled']);
/** Whether an answer's stage ends polling. Green only ever comes from `completed`. */
function isTerminalStage(stage) {
    return TERMINAL_STAGES.has(stage);
}
/** The words for a job cancelled while the step waited for the verdict, wherever they appear. */
const INTERRUPTED_REASON = 'the job was cancelled while waiting for the verdict';
/** A terminal answer that claims a greenlight against its own evidence. */
function contradicted(contradiction) {
    return { terminal: true, green: false, status: 'error', reason: contradiction, contradiction };
}
/**
 * Judges one validated response. Green needs every piece of evidence at once: `greenlight: true`,
 * stage `completed`, a reported blocking-bug count of exactly zero (an absent count is not zero)
 * and no blocking-bug URLs. A terminal response that claims a greenlight against its own evidence
 * cannot be trusted either way, so it becomes `error` rather than `passed` or `failed`.
 */
function judgeResponse(r) {
    const blockingUrls = r.blockingBugUrls?.length ?? 0;
    switch (r.runStage) {
        case 'canceled': {
            if (r.greenlight === true) {
                return contradicted('the service reported a greenlight for a canceled run');
            }
            return { terminal: true, green: false, status: 'canceled', reason: canceledReason(r) };
        }
        case 'completed': {
            if (r.greenlight === true) {
                const contradiction = completedContradiction(r.blockingBugsCount, blockingUrls, (0,bugs/* classifyBugs */.k5)(r).blocking.length);
                if (contradiction !== undefined)
                    return contradicted(contradiction);
                return { terminal: true, green: true, status: 'passed' };
            }
            return { terminal: true, green: false, status: 'failed', reason: failedReason(r) };
        }
        default: {
            if (r.greenlight === true) {
                return {
                    terminal: false,
                    green: false,
                    contradiction: `the service reported a greenlight while the run is still ${r.runStage}`
                };
            }
            return { terminal: false, green: false };
        }
    }
}
/** "the run was canceled", with the service's explanation when it gives one (`message`, `reason`). */
function canceledReason(r) {
    const message = shownText(r['message']);
    const code = shownText(r['reason']);
    const said = [message, code === undefined ? undefined : `reason: ${code}`].filter((part) => part !== undefined);
    return said.length === 0
        ? 'the run was canceled'
        : `the run was canceled; the service says: ${said.join('; ')}`;
}
function shownText(value) {
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}
function completedContradiction(blockingBugsCount, blockingUrls, blockingReproducedBugs) {
    if (blockingBugsCount === undefined) {
        return 'the service reported a greenlight for a completed run but no blocking-bug count';
    }
    if (blockingBugsCount !== 0) {
        return `the service reported a greenlight together with ${(0,core_text/* plural */.LS)(blockingBugsCount, 'blocking bug')}`;
    }
    if (blockingUrls !== 0) {
        return `the service reported a greenlight and zero blocking bugs, but listed ${(0,core_text/* plural */.LS)(blockingUrls, 'blocking bug URL')}`;
    }
    if (blockingReproducedBugs !== 0) {
        // The summary would list these as blocking under a green verdict.
        return `the service reported a greenlight and zero blocking bugs, but ${(0,core_text/* plural */.LS)(blockingReproducedBugs, 'reproduced bug')} that blocks (urgent, high or unset priority, or isBlocking)`;
    }
    return undefined;
}
function failedReason(r) {
    const count = r.blockingBugsCount;
    if (count !== undefined && count > 0) {
        return `the run completed with ${(0,core_text/* plural */.LS)(count, 'blocking bug')}`;
    }
    if (count === undefined)
        return 'the run completed without a greenlight';
    // Zero blocking bugs here yet no greenlight: the "red" option for bugs in other workflows.
    return 'the run completed without a greenlight (no blocking bugs in this run; possibly blocking bugs in other workflows)';
}
/**
 * The bug counts of one answer: the service's counts, raised to the bugs it lists (fail closed: a
 * listed blocking bug counts even when the service's count says fewer); zero without an answer.
 * For a compacted answer, the whole answer's classification, made before its lists were cut.
 */
function bugCounts(response) {
    if (response === undefined)
        return { blocking: 0, nonBlocking: 0, otherBlocking: 0 };
    const { blocking, nonBlocking } = (0,bugs/* classifyBugs */.k5)(response);
    const cut = response.cutByQaGreenlight;
    return {
        blocking: Math.max(response.blockingBugsCount ?? 0, cut?.blockingBugs ?? blocking.length),
        nonBlocking: Math.max(response.nonBlockingBugsCount ?? 0, cut?.nonBlockingBugs ?? nonBlocking.length),
        otherBlocking: cut?.otherBlockingBugs ??
            (0,bugs/* readBugs */.WX)(response.otherBlockingBugsInEnvironment).filter(bug => bug.blocking).length
    };
}
/** The worse of two statuses in the contract's order error > interrupted > … > passed. */
function worseStatus(a, b) {
    return RUN_STATUSES_WORST_FIRST.indexOf(a) <= RUN_STATUSES_WORST_FIRST.indexOf(b) ? a : b;
}
/**
 * Combines the runs of one step. Green only when there is at least one run and every run passed;
 * no runs at all means no verdict was obtained, which is an error, never a green.
 */
function aggregateVerdict(runs) {
    if (runs.length === 0)
        return { green: false, status: 'error', runs: [] };
    const status = runs.map(r => r.status).reduce(worseStatus);
    return { green: runs.every(r => r.status === 'passed'), status, runs: [...runs] };
}
/** The run that superseded the root, from an answer: a non-blank `relevantRunId` that differs. */
function supersedingRunId(response, rootRunId) {
    const relevant = response?.relevantRunId;
    return relevant === undefined || relevant.trim() === '' || relevant === rootRunId
        ? undefined
        : relevant;
}
/** One run's status and reason, from what polling found out about it. */
function decideRun(facts, rules = {}) {
    const { ended, lastResponse } = facts;
    const { status, reason } = endedStatus(ended, lastResponse);
    const outcome = { rootRunId: facts.rootRunId, status, queries: facts.queries };
    if (lastResponse !== undefined)
        outcome.lastResponse = lastResponse;
    if (facts.rootRunUrl !== undefined)
        outcome.rootRunUrl = facts.rootRunUrl;
    const newer = supersedingRunId(lastResponse, facts.rootRunId);
    if (rules.onSuperseded === 'fail' &&
        newer !== undefined &&
        (ended.why === 'superseded' || ['passed', 'failed', 'canceled'].includes(status))) {
        // Only the root run's own verdict counts: a newer commit's verdict is not this one's.
        outcome.status = 'superseded';
        outcome.reason = `run ${facts.rootRunId} was superseded by run ${newer}, and on-superseded is fail`;
        return outcome;
    }
    if (reason !== undefined)
        outcome.reason = reason;
    return outcome;
}
function endedStatus(ended, lastResponse) {
    switch (ended.why) {
        case 'answered':
        case 'superseded': {
            if (lastResponse === undefined) {
                return { status: 'error', reason: 'internal error while polling: no answer to judge' };
            }
            const judged = judgeResponse(lastResponse);
            if (judged.terminal && judged.status !== undefined) {
                return judged.reason === undefined
                    ? { status: judged.status }
                    : { status: judged.status, reason: judged.reason };
            }
            // Superseded before the root run ended: with `fail` that is the verdict (decideRun).
            return { status: 'timed-out', reason: `the run was still ${lastResponse.runStage}` };
        }
        case 'still-running': {
            const stage = lastResponse?.runStage ?? 'unknown';
            return {
                status: 'timed-out',
                reason: ended.wait
                    ? `the timeout passed while the run was still ${stage}`
                    : `wait is false and the run is still ${stage}`
            };
        }
        case 'interrupted':
            return { status: 'interrupted', reason: INTERRUPTED_REASON };
        case 'crashed':
            return {
                status: 'error',
                reason: ended.during === 'query'
                    ? `unexpected failure while querying the service: ${ended.message}`
                    : `internal error while polling: ${ended.message}`
            };
        case 'failed':
            return stoppedOutcome(ended, lastResponse);
    }
}
/** How a run ends when the retry policy stops at a failure. */
function stoppedOutcome(f, lastResponse) {
    const { reason } = f;
    const attempts = (0,core_text/* plural */.LS)(f.failures, 'failed attempt');
    const notFound = f.error.kind === 'http' && f.error.status === 404;
    switch (f.stop) {
        case 'aborted':
            return { status: 'interrupted', reason: INTERRUPTED_REASON };
        case 'permanent':
        case 'answered':
            return { status: 'error', reason };
        case 'not-found':
            return {
                status: 'error',
                reason: `${reason} (still not found ${(0,durations/* formatDuration */.a3)(f.sinceFirstQueryMs)} after the first query; check the run-id input)`
            };
        case 'unreachable':
            return {
                status: 'error',
                reason: `${reason} The service has not been reachable for ${(0,durations/* formatDuration */.a3)(f.unreachableForMs)}; check the base-url input.`
            };
        case 'retry-after': {
            const wait = `the service asked to wait ${(0,durations/* formatDuration */.a3)(f.error.retryAfterMs ?? 0)} before the next query (Retry-After), which is past the ${f.wait ? 'timeout' : 'window of wait: false'} (${(0,durations/* formatDuration */.a3)(Math.max(0, f.msLeft))} left)`;
            return lastResponse === undefined
                ? { status: 'error', reason: `${wait}; no answer before that: ${reason}` }
                : {
                    status: 'timed-out',
                    reason: `the run was still ${lastResponse.runStage} and ${wait}: ${reason}`
                };
        }
        case 'attempts':
        case 'deadline':
            if (lastResponse !== undefined) {
                return {
                    status: 'timed-out',
                    reason: `the timeout passed while the run was still ${lastResponse.runStage}; the last query failed after ${attempts}: ${reason}`
                };
            }
            // The service answered every time: the run does not exist (yet), which is not silence.
            if (notFound)
                return { status: 'error', reason: `${reason} (still not found after ${attempts})` };
            return {
                status: 'error',
                reason: `no answer from the service ${f.wait ? 'within the timeout' : 'with wait set to false'} (${attempts}); last failure: ${reason}`
            };
    }
}
/** The log line that ends a run's polling. */
function finishedLine(run) {
    return `Run ${run.rootRunId}: ${run.status} after ${(0,core_text/* plural */.LS)(run.queries, 'query', 'queries')}.`;
}
/** The verdict of a step from what polling found out about its runs. */
function decideVerdict(facts, rules) {
    return judgeVerdict(facts.map(run => decideRun(run, rules)), rules);
}
/** The verdict of a step from its runs' outcomes, under the step's rules. */
function judgeVerdict(outcomes, rules) {
    const runs = outcomes.map(outcome => judgeRun(outcome, rules));
    const verdict = aggregateVerdict(runs);
    if (verdict.status === 'interrupted')
        verdict.interrupted = 'waiting';
    if (verdict.status === 'timed-out')
        verdict.timedOutAfterMs = rules.wait ? rules.timeoutMs : 0;
    return verdict;
}
/**
 * The job was cancelled after the verdict was known, while it was reported: the step ends
 * `interrupted`, never green, and everything it writes from then on says so.
 */
function interruptedWhileReporting(verdict) {
    if (verdict.status === 'interrupted')
        return verdict;
    return { ...verdict, green: false, status: 'interrupted', interrupted: 'reporting' };
}
function judgeRun(outcome, rules) {
    const response = outcome.lastResponse;
    const counts = bugCounts(response);
    const classified = response === undefined ? undefined : (0,bugs/* classifyBugs */.k5)(response);
    const others = (0,bugs/* readBugs */.WX)(response?.otherBlockingBugsInEnvironment);
    // What the service listed, before compaction cut the lists (the counts may say more).
    const cut = response?.cutByQaGreenlight;
    const blocking = classified?.blocking ?? [];
    const nonBlocking = classified?.nonBlocking ?? [];
    const run = {
        rootRunId: outcome.rootRunId,
        status: outcome.status,
        counts,
        bugs: {
            blocking: { shown: blocking, total: cut?.blockingBugs ?? blocking.length },
            nonBlocking: { shown: nonBlocking, total: cut?.nonBlockingBugs ?? nonBlocking.length },
            other: {
                shown: others,
                total: cut?.originalLengths.otherBlockingBugsInEnvironment ?? others.length
            }
        }
    };
    const rootRunUrl = outcome.rootRunUrl ??
        (response?.rootRunId === outcome.rootRunId ? response.rootRunUrl : undefined);
    if (rootRunUrl !== undefined)
        run.rootRunUrl = rootRunUrl;
    if (response !== undefined) {
        // A blank relevantRunId means no superseding run: the root run is the relevant one.
        const newer = supersedingRunId(response, outcome.rootRunId);
        run.relevantRunId = newer ?? outcome.rootRunId;
        if (newer !== undefined)
            run.supersededBy = newer;
    }
    if (outcome.reason !== undefined)
        run.reason = outcome.reason;
    if (response !== undefined)
        run.response = response;
    return applyOtherWorkflowsRule(run, rules.outcomeWhenBlockingBugsInOtherWorkflows);
}
/**
 * With `outcome-when-blocking-bugs-in-other-workflows: red`, a blocking bug in a workflow that did
 * not run makes the run red, whatever the service answered: the action has the bugs, so it does
 * not leave the rule to the service alone (fail closed). Decided from the whole answer's count,
 * not from the entries kept for display.
 */
function applyOtherWorkflowsRule(run, outcome) {
    if (outcome !== 'red' || run.status !== 'passed')
        return run;
    const count = Math.max(run.bugs.other.shown.filter(bug => bug.blocking).length, run.counts.otherBlocking);
    if (count === 0)
        return run;
    return {
        ...run,
        status: 'failed',
        reason: `${(0,core_text/* plural */.LS)(count, 'blocking bug')} in workflows outside this run, with outcome-when-blocking-bugs-in-other-workflows: red`
    };
}
/** Every bug of one kind across all runs, a bug reported by several runs once, with its run. */
function bugsAcrossRuns(verdict, pick) {
    const bugs = [];
    const seen = new Set();
    let total = 0;
    for (const run of verdict.runs) {
        const listed = pick(run);
        total += listed.total - listed.shown.length;
        for (const bug of listed.shown) {
            const key = bug.url ?? bug.name;
            if (key !== undefined) {
                if (seen.has(key))
                    continue;
                seen.add(key);
            }
            bugs.push({ bug, run });
        }
    }
    return { bugs, total: total + bugs.length };
}
/**
 * How the step ends on its verdict: green passes; a red verdict (failed, canceled) or a timeout
 * passes with a warning when `fail-on-red` or `fail-on-timeout` is false; superseded (asked for
 * with on-superseded: fail), interrupted and error always fail.
 */
function stepGate(verdict, rules) {
    if (verdict.green)
        return { ends: 'green' };
    switch (verdict.status) {
        case 'failed':
        case 'canceled':
            return rules.failOnRed ? { ends: 'failed' } : { ends: 'warned', forgivenBy: 'fail-on-red' };
        case 'timed-out':
            return rules.failOnTimeout
                ? { ends: 'failed' }
                : { ends: 'warned', forgivenBy: 'fail-on-timeout' };
        default:
            return { ends: 'failed' };
    }
}
/** Words for the stages the action knows; any other stage is shown as the service spells it. */
const STAGE_WORDS = {
    initializing: 'initializing',
    underReview: 'under review',
    completed: 'completed',
    canceled: 'canceled'
};
/** Why a run has its status, in plain text: what the summary and the comment say of each run. */
function runCause(run, timedOutAfterMs) {
    const stage = run.response === undefined
        ? undefined
        : (STAGE_WORDS[run.response.runStage] ?? run.response.runStage);
    switch (run.status) {
        case 'passed':
            return 'completed with no blocking bugs';
        case 'failed':
            if (run.counts.blocking > 0)
                return (0,core_text/* plural */.LS)(run.counts.blocking, 'blocking bug');
            return run.reason ?? 'the service did not give the greenlight';
        case 'canceled':
            return run.reason ?? 'the run was canceled';
        case 'superseded':
            return run.reason ?? 'superseded by a newer run';
        case 'timed-out': {
            const waited = timedOutAfterMs === undefined || !Number.isFinite(timedOutAfterMs) || timedOutAfterMs < 0
                ? 'timed out'
                : timedOutAfterMs === 0
                    ? 'not finished when queried once without waiting'
                    : `timed out after ${(0,durations/* formatDuration */.a3)(timedOutAfterMs)}`;
            return stage === undefined ? waited : `${waited}; the run was ${stage}`;
        }
        case 'interrupted':
            return `interrupted: ${run.reason ?? INTERRUPTED_REASON}`;
        case 'error':
            return `error: ${run.reason ?? 'the verdict could not be obtained'}`;
    }
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


/***/ }),

/***/ 2051:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $s: () => (/* binding */ DROPPED_FIELDS),
/* harmony export */   me: () => (/* binding */ droppedFields)
/* harmony export */ });
/* unused harmony exports RUN_STAGES, HOSTING_SERVICES */
/** The stages the action knows. The service may add others (see greenlight-answer.ts). */
const RUN_STAGES = (/* unused pure expression or super */ null && (['initializing', 'underReview', 'completed', 'canceled']));
/**
 * Where a checked greenlight answer lists the informing fields it carried with an unexpected type
 * and that were left out (greenlight-answer.ts): a symbol, so that no field the service sends can
 * pose as the list.
 */
const DROPPED_FIELDS = Symbol('fields left out of a greenlight answer');
/** The informing fields left out of a checked greenlight answer, by name. */
function droppedFields(response) {
    const dropped = response[DROPPED_FIELDS];
    return dropped ?? [];
}
const HOSTING_SERVICES = (/* unused pure expression or super */ null && (['GitHub', 'GitLab']));


/***/ })

};
