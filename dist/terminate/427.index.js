export const id = 427;
export const ids = [427];
export const modules = {

/***/ 3427:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  EMPTY_TERMINATE_OUTPUTS: () => (/* binding */ EMPTY_TERMINATE_OUTPUTS),
  runTerminate: () => (/* binding */ runTerminate),
  terminateMode: () => (/* binding */ terminateMode)
});

// EXTERNAL MODULE: ./src/render/action-io.ts + 2 modules
var action_io = __webpack_require__(7290);
// EXTERNAL MODULE: ./src/inputs/settings.ts
var inputs_settings = __webpack_require__(900);
// EXTERNAL MODULE: ./src/service/errors.ts
var errors = __webpack_require__(5756);
// EXTERNAL MODULE: ./src/core/durations.ts
var durations = __webpack_require__(778);
// EXTERNAL MODULE: ./src/service/retry.ts
var retry = __webpack_require__(5585);
;// CONCATENATED MODULE: ./src/service/retry-policy.ts

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
/**
 * This long of nothing but "not reached at all" ends the step: a typo must not wait for hours,
 * and a name that does not resolve or a port that refuses does not mend within a step. The
 * contract's bound is 60 s for the whole step; the process's start, the first try and the last
 * one's own time fit in the 5 s left.
 */
const DEFAULT_UNREACHABLE_LIMIT_MS = 55_000;
/** No pause is shorter: "Retry-After: 0" or a jitter draw near 0 never makes a tight loop. */
const RETRY_PAUSE_FLOOR_MS = 100;
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
    const backoffMs = (0,retry/* backoffDelayMs */.Q4)(s.failures - 1, policy, () => s.jitter);
    const delayMs = Math.max(RETRY_PAUSE_FLOOR_MS, retryAfterMs ?? 0, backoffMs);
    // A window that closes (the unreachable limit, a new run's 404 grace) gets its last try at its
    // end, not a backoff later: the step ends within the window, not up to 30 s past it.
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

// EXTERNAL MODULE: ./src/core/error-message.ts
var error_message = __webpack_require__(7);
// EXTERNAL MODULE: ./src/core/urls.ts
var urls = __webpack_require__(1221);
// EXTERNAL MODULE: ./src/core/text.ts
var core_text = __webpack_require__(2020);
// EXTERNAL MODULE: ./src/core/is-record.ts
var is_record = __webpack_require__(2789);
// EXTERNAL MODULE: ./src/render/markdown.ts
var markdown = __webpack_require__(2495);
;// CONCATENATED MODULE: ./src/render/byte-budget.ts
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

;// CONCATENATED MODULE: ./src/terminate/termination.ts




/** Exactly one way to name the environment, and the workspace when one is given. */
function terminationBody(settings) {
    return settings.workspaceId === undefined
        ? { ...settings.environment }
        : { ...settings.environment, workspaceId: settings.workspaceId };
}
/**
 * `code` decides: only `terminated`, or no code at all, means the environment is gone; any other
 * code is a failure, shown with the answer's `error`. The other fields only inform: one that is
 * not a non-empty string is read as absent.
 */
function readTerminationAnswer(response) {
    const results = response['results'];
    if (response.code === undefined && Array.isArray(results)) {
        // The older answer, `{ results: [{ environmentId, code }] }`: one entry per environment.
        const entries = results.filter(is_record/* isRecord */.u);
        if (entries.length === 0) {
            return { terminated: false, message: 'the service answered 200 with no result entry' };
        }
        const answers = entries.map(entry => readTerminationAnswer(entry));
        const failed = answers.find(answer => !answer.terminated);
        if (failed !== undefined)
            return failed;
        const warning = (0,core_text/* nonBlankText */.xA)(response.warning);
        const first = answers[0];
        if (first === undefined || !first.terminated)
            return { terminated: false, message: '' };
        return warning === undefined ? first : { ...first, warning };
    }
    return readOneAnswer(response);
}
function readOneAnswer(answer) {
    const code = answer.code;
    if (code !== undefined && code !== null && code !== 'terminated') {
        const said = (0,core_text/* nonBlankText */.xA)(answer['error']) ?? (0,core_text/* nonBlankText */.xA)(answer['message']);
        const shown = typeof code === 'string' ? `'${code}'` : JSON.stringify(code);
        return {
            terminated: false,
            message: `the service answered 200 with code ${shown}, not 'terminated'${said === undefined ? '' : `: ${said}`}`
        };
    }
    const environmentId = (0,core_text/* nonBlankText */.xA)(answer.environmentId);
    const said = (0,core_text/* nonBlankText */.xA)(answer.warning);
    // Only shown: a warning of any length leaves the log and the summary readable.
    const warning = said === undefined ? undefined : (0,core_text/* truncateText */.EJ)(said, core_text/* MAX_NOTE_CHARS */.y);
    return {
        terminated: true,
        ...(environmentId === undefined ? {} : { environmentId }),
        ...(warning === undefined ? {} : { warning })
    };
}
const OUTCOME_LINES = {
    terminated: '✅ **Terminated:** the service stops the runs that target it.',
    'already-terminated': '⚠️ **Already terminated:** nothing left to do.',
    'not-found': '⚠️ **Not found:** the service knows no such environment; nothing to do.',
    failed: '⛔ **Not terminated:** the request failed.'
};
function renderTerminateSummary({ label, result }) {
    const title = (0,markdown/* escapeText */.X1)(label) === '' ? 'QA environment' : `QA environment — ${(0,markdown/* escapeText */.X1)(label)}`;
    const lines = [
        `## ${title}`,
        '',
        `Environment ${(0,markdown/* escapeText */.X1)(result.name)}`,
        '',
        OUTCOME_LINES[result.outcome]
    ];
    if (result.environmentId !== undefined) {
        lines.push('', `Environment ID: ${(0,markdown/* escapeText */.X1)(result.environmentId)}`);
    }
    if (result.message !== undefined)
        lines.push('', (0,markdown/* escapeText */.X1)(result.message, 1000));
    return limitSummary(`${lines.join('\n')}\n`);
}

;// CONCATENATED MODULE: ./src/terminate/run-terminate.ts
// terminate mode: the last step of a preview environment's life. Tells the service the ephemeral
// environment is gone, so that it stops the runs targeting it. A clean-up step must be safe to
// repeat: an environment the service does not know (404) or already closed (409) is a warning.







/** Every terminate output with its "nothing happened" value, so that none is ever missing. */
const EMPTY_TERMINATE_OUTPUTS = {
    outcome: '',
    'environment-id': ''
};
async function runTerminate(settings, deps) {
    const labelPrefix = (0,inputs_settings/* logPrefix */.J)(settings);
    const body = terminationBody(settings);
    const target = settings.environment;
    const [given] = Object.values(target);
    const name = 'deploymentUrl' in target ? (0,urls/* displayUrl */.Qy)(given) : given;
    // In words, never the request's field name: "the environment pr-17", not "environmentAlias pr-17".
    const named = 'environmentAlias' in target
        ? `the environment ${target.environmentAlias}`
        : 'environmentId' in target
            ? `the environment with ID ${target.environmentId}`
            : `the environment at ${(0,urls/* displayUrl */.Qy)(target.deploymentUrl)}`;
    action_io/* info */.pq(`${labelPrefix}Telling ${settings.baseUrl} that ${named} is gone.`);
    let outcome;
    let environmentId;
    let message;
    try {
        const response = await postWithRetries(signal => deps.client.terminateEnvironment(body, signal), { ...deps, onRetry: line => action_io/* info */.pq(`${labelPrefix}${line}`) });
        const answer = readTerminationAnswer(response);
        if (!answer.terminated)
            return await fail(settings, name, answer.message);
        outcome = 'terminated';
        environmentId = answer.environmentId;
        if (answer.warning)
            action_io/* warning */.$e(`${labelPrefix}${answer.warning}`, 'QA service warning');
    }
    catch (error) {
        // Only the service's own 404 or 409 is its word about the environment; another server's page
        // with that status is a wrong address.
        const serviceSaid = error instanceof errors/* ServiceError */._7 && !error.foreign;
        const status = serviceSaid ? error.status : undefined;
        message = (0,error_message/* errorMessage */.g)(error);
        if (status !== 404 && status !== 409)
            return await fail(settings, name, message);
        outcome = status === 404 ? 'not-found' : 'already-terminated';
        action_io/* warning */.$e(`${labelPrefix}${message}`, 'QA environment not terminated now');
    }
    action_io/* setOutputs */.n0({ outcome, 'environment-id': environmentId ?? '' });
    if (outcome === 'terminated')
        action_io/* info */.pq(`${labelPrefix}The environment was terminated.`);
    await writeSummary(settings, { outcome, name, environmentId, message });
}
/** The terminate mode as action.ts runs it. */
const terminateMode = { emptyOutputs: EMPTY_TERMINATE_OUTPUTS, run: runTerminate };
async function fail(settings, name, message) {
    action_io/* setOutputs */.n0(EMPTY_TERMINATE_OUTPUTS);
    await writeSummary(settings, { outcome: 'failed', name, message });
    action_io/* setFailed */.C1(`${(0,inputs_settings/* logPrefix */.J)(settings)}The environment termination failed: ${message}`);
}
async function writeSummary(settings, content) {
    if (!settings.summary)
        return;
    await action_io/* writeSummary */.Sy(renderTerminateSummary({ label: settings.label, result: content }));
}


/***/ })

};
