"use strict";
exports.id = 427;
exports.ids = [427];
exports.modules = {

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

;// CONCATENATED MODULE: ./src/terminate/termination.ts




function terminationBody(settings) {
    return settings.workspaceId === undefined
        ? { ...settings.environment }
        : { ...settings.environment, workspaceId: settings.workspaceId };
}
function readTerminationAnswer(response) {
    const results = response['results'];
    if (response.code === undefined && Array.isArray(results)) {
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
;