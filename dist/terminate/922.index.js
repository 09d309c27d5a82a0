"use strict";
exports.id = 922;
exports.ids = [922];
exports.modules = {

/***/ 2922:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  EMPTY_TERMINATE_OUTPUTS: () => (/* binding */ EMPTY_TERMINATE_OUTPUTS),
  runTerminate: () => (/* binding */ runTerminate),
  terminateMode: () => (/* binding */ terminateMode),
  terminateSummary: () => (/* binding */ terminateSummary)
});

// EXTERNAL MODULE: ./src/render/action-io.ts + 1 modules
var action_io = __webpack_require__(9960);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: ./src/core/is-record.ts
var is_record = __webpack_require__(2789);
;// CONCATENATED MODULE: ./src/github/event-context.ts


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
        text = (0,external_node_fs_.readFileSync)(path, 'utf8');
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
    if ((0,is_record/* isRecord */.u)(parsed))
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

// EXTERNAL MODULE: ./src/inputs/settings.ts
var inputs_settings = __webpack_require__(900);
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

// EXTERNAL MODULE: ./src/render/markdown.ts
var markdown = __webpack_require__(2495);
;// CONCATENATED MODULE: ./src/terminate/run.ts





const ROUTES = {
    'environment-terminated': () => __webpack_require__.e(/* import() */ 738).then(__webpack_require__.bind(__webpack_require__, 5738)),
    'github-deployment': () => __webpack_require__.e(/* import() */ 765).then(__webpack_require__.bind(__webpack_require__, 8765)),
    'report-status': () => __webpack_require__.e(/* import() */ 139).then(__webpack_require__.bind(__webpack_require__, 7139))
};
const EMPTY_TERMINATE_OUTPUTS = {
    outcome: '',
    'environment-id': ''
};
async function runTerminate(settings, deps) {
    const prefix = (0,inputs_settings/* logPrefix */.JY)(settings);
    const route = (await ROUTES[settings.via]());
    const ended = await route.close(settings, {
        ...deps,
        context: readGitHubContext(deps.env),
        log: line => action_io/* info */.pq(`${prefix}${line}`),
        warn: (line, title) => action_io/* warning */.$e(`${prefix}${line}`, title)
    });
    if (ended.outcome === 'failed') {
        action_io/* setOutputs */.n0(EMPTY_TERMINATE_OUTPUTS);
        await summarize(settings, ended);
        action_io/* setFailed */.C1(`${prefix}The environment termination failed: ${ended.message ?? ''}`);
        return;
    }
    action_io/* setOutputs */.n0({ outcome: ended.outcome, 'environment-id': ended.environmentId ?? '' });
    if (ended.message !== undefined) {
        if (ended.warning === undefined)
            action_io/* info */.pq(`${prefix}${ended.message}`);
        else
            action_io/* warning */.$e(`${prefix}${ended.message}`, ended.warning);
    }
    await summarize(settings, ended);
}
async function summarize(settings, ended) {
    if (settings.summary)
        await action_io/* writeSummary */.Sy(terminateSummary(settings.label, ended));
}
function terminateSummary(label, ended) {
    const shown = (0,markdown/* escapeText */.X1)(label);
    const lines = [
        `## QA environment${shown === '' ? '' : ` — ${shown}`}`,
        '',
        `Environment ${(0,markdown/* escapeText */.X1)(ended.name)}`,
        '',
        ended.line
    ];
    if (ended.environmentId !== undefined) {
        lines.push('', `Environment ID: ${(0,markdown/* escapeText */.X1)(ended.environmentId)}`);
    }
    if (ended.message !== undefined)
        lines.push('', (0,markdown/* escapeText */.X1)(ended.message, 1000));
    return limitSummary(`${lines.join('\n')}\n`);
}
const terminateMode = { emptyOutputs: EMPTY_TERMINATE_OUTPUTS, run: runTerminate };


/***/ })

};
;