export const id = 793;
export const ids = [793];
export const modules = {

/***/ 3793:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   greenlightAnswerCheck: () => (/* binding */ greenlightAnswerCheck)
/* harmony export */ });
/* unused harmony exports ReproducedBugSchema, GreenlightResponseSchema, checkGreenlightResponse */
/* harmony import */ var valibot__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7934);
/* harmony import */ var _core_run_ids_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1921);
/* harmony import */ var _core_is_record_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(2789);
/* harmony import */ var _schemas_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2051);
// The greenlight answer decides a verdict, so every field that decides is checked by a valibot
// schema (docs/adr/0003), and the type is inferred from it (schemas.ts). Strict only on what
// decides: `greenlight`, `runStage`, `blockingBugsCount`, `blockingBugUrls`, the bug lists (each
// bug's `isBlocking` and `priority` are read fail-closed in greenlight/bugs.ts),
// `otherBlockingBugsInEnvironment` when it decides (`red`), `rootRunId` and `relevantRunId`. A field
// that only informs (run URLs, workflow counts, non-blocking counts and URLs, a bug's name, number,
// isNew, applicationUrl and externalIssue) is kept when it has the expected type and otherwise left
// out and named (`DROPPED_FIELDS`), so that the step warns once and the verdict is the one the
// deciding fields give. Its own module, loaded with `import()` by the greenlight endpoint only:
// notify and terminate never load valibot.




const count = valibot__WEBPACK_IMPORTED_MODULE_2__/* .pipe */ .FsL(valibot__WEBPACK_IMPORTED_MODULE_2__/* .number */ .aig(), valibot__WEBPACK_IMPORTED_MODULE_2__/* .integer */ .ndf(), valibot__WEBPACK_IMPORTED_MODULE_2__/* .minValue */ .Wwf(0));
const text = valibot__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP();
const texts = valibot__WEBPACK_IMPORTED_MODULE_2__/* .array */ .YOg(valibot__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP());
/**
 * A bug entry (`reproducedBugs`, `otherBlockingBugsInEnvironment`): `{ name, number, priority,
 * isBlocking, isNew, applicationUrl, externalIssue }` as documented, read field by field in
 * greenlight/bugs.ts so that one odd field cannot make a whole answer unreadable.
 */
const ReproducedBugSchema = valibot__WEBPACK_IMPORTED_MODULE_2__/* .record */ .g1P(valibot__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP(), valibot__WEBPACK_IMPORTED_MODULE_2__/* .unknown */ .L5J());
const bugList = valibot__WEBPACK_IMPORTED_MODULE_2__/* .array */ .YOg(ReproducedBugSchema);
const GreenlightResponseSchema = valibot__WEBPACK_IMPORTED_MODULE_2__/* .looseObject */ ._H3({
    greenlight: valibot__WEBPACK_IMPORTED_MODULE_2__/* .boolean */ .zMY(),
    /** Blank: no superseding run. Otherwise the next path segment, so `..` or `/` must not pass. */
    relevantRunId: valibot__WEBPACK_IMPORTED_MODULE_2__/* .pipe */ .FsL(valibot__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP(), valibot__WEBPACK_IMPORTED_MODULE_2__/* .check */ .z6Y(id => id.trim() === '' || (0,_core_run_ids_js__WEBPACK_IMPORTED_MODULE_0__/* .isSafeRunId */ .c)(id), 'not a valid run ID')),
    rootRunId: valibot__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP(),
    /** Any non-blank stage: one the action does not know is not terminal (never green). */
    runStage: valibot__WEBPACK_IMPORTED_MODULE_2__/* .pipe */ .FsL(valibot__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP(), valibot__WEBPACK_IMPORTED_MODULE_2__/* .check */ .z6Y(stage => stage.trim() !== '', 'a run stage')),
    blockingBugsCount: valibot__WEBPACK_IMPORTED_MODULE_2__/* .optional */ .lqM(count),
    blockingBugUrls: valibot__WEBPACK_IMPORTED_MODULE_2__/* .optional */ .lqM(texts),
    reproducedBugs: valibot__WEBPACK_IMPORTED_MODULE_2__/* .optional */ .lqM(bugList),
    /** Blocking bugs in workflows of the environment that did not run in this run. */
    otherBlockingBugsInEnvironment: valibot__WEBPACK_IMPORTED_MODULE_2__/* .optional */ .lqM(bugList),
    relevantRunUrl: valibot__WEBPACK_IMPORTED_MODULE_2__/* .optional */ .lqM(text),
    relevantRunWithBugsUrl: valibot__WEBPACK_IMPORTED_MODULE_2__/* .optional */ .lqM(text),
    rootRunUrl: valibot__WEBPACK_IMPORTED_MODULE_2__/* .optional */ .lqM(text),
    workflowsDisabledAfterRunCount: valibot__WEBPACK_IMPORTED_MODULE_2__/* .optional */ .lqM(count),
    workflowsInRunCount: valibot__WEBPACK_IMPORTED_MODULE_2__/* .optional */ .lqM(count),
    workflowsUnderInvestigationCount: valibot__WEBPACK_IMPORTED_MODULE_2__/* .optional */ .lqM(count),
    nonBlockingBugsCount: valibot__WEBPACK_IMPORTED_MODULE_2__/* .optional */ .lqM(count),
    workflowsAutoRetryingCount: valibot__WEBPACK_IMPORTED_MODULE_2__/* .optional */ .lqM(count),
    nonBlockingBugUrls: valibot__WEBPACK_IMPORTED_MODULE_2__/* .optional */ .lqM(texts)
});
/** Informing fields the service documents as always present: missing, they are named too. */
const ALWAYS_SENT = new Set([
    'relevantRunUrl',
    'relevantRunWithBugsUrl',
    'rootRunUrl',
    'workflowsDisabledAfterRunCount',
    'workflowsInRunCount',
    'workflowsUnderInvestigationCount'
]);
const INFORMING = {
    relevantRunUrl: text,
    relevantRunWithBugsUrl: text,
    rootRunUrl: text,
    workflowsDisabledAfterRunCount: count,
    workflowsInRunCount: count,
    workflowsUnderInvestigationCount: count,
    nonBlockingBugsCount: count,
    workflowsAutoRetryingCount: count,
    nonBlockingBugUrls: texts
};
const BUG_INFORMING = {
    name: value => typeof value === 'string',
    // Documented as a number; earlier answers sent text.
    number: value => typeof value === 'number' || typeof value === 'string',
    isNew: value => typeof value === 'boolean',
    applicationUrl: value => typeof value === 'string',
    externalIssue: _core_is_record_js__WEBPACK_IMPORTED_MODULE_3__/* .isRecord */ .u
};
/**
 * The answer with every informing field of an unexpected type left out, and the names of those
 * fields. Deciding fields are left as they are, for the schema to judge.
 */
function withoutDrift(data, otherBugsDecide) {
    if (!(0,_core_is_record_js__WEBPACK_IMPORTED_MODULE_3__/* .isRecord */ .u)(data))
        return { data, dropped: [] };
    const out = { ...data };
    const dropped = [];
    for (const [key, schema] of Object.entries(INFORMING)) {
        const value = out[key];
        if (value === undefined && !(key in out)) {
            if (ALWAYS_SENT.has(key))
                dropped.push(key);
            continue;
        }
        if (!valibot__WEBPACK_IMPORTED_MODULE_2__.is(schema, value)) {
            delete out[key];
            dropped.push(key);
        }
    }
    const others = out['otherBlockingBugsInEnvironment'];
    if (!otherBugsDecide && others !== undefined && !valibot__WEBPACK_IMPORTED_MODULE_2__.is(bugList, others)) {
        delete out['otherBlockingBugsInEnvironment'];
        dropped.push('otherBlockingBugsInEnvironment');
    }
    for (const list of ['reproducedBugs', 'otherBlockingBugsInEnvironment']) {
        const bugs = out[list];
        if (!Array.isArray(bugs))
            continue;
        const seen = new Set();
        out[list] = bugs.map(bug => {
            if (!(0,_core_is_record_js__WEBPACK_IMPORTED_MODULE_3__/* .isRecord */ .u)(bug))
                return bug;
            const kept = { ...bug };
            for (const [field, expected] of Object.entries(BUG_INFORMING)) {
                if (!(field in kept) || expected(kept[field]))
                    continue;
                delete kept[field];
                if (!seen.has(field))
                    dropped.push(`${list}[].${field}`);
                seen.add(field);
            }
            return kept;
        });
    }
    return { data: out, dropped };
}
/**
 * The reader's check for one greenlight query: each valibot issue as "field 'x': what is wrong".
 * `otherBlockingBugsInEnvironment` decides only when the query asks for `red`.
 */
function greenlightAnswerCheck(outcome) {
    return data => {
        const tolerated = withoutDrift(data, outcome === 'red');
        const result = valibot__WEBPACK_IMPORTED_MODULE_2__/* .safeParse */ .xLC(GreenlightResponseSchema, tolerated.data);
        if (result.success) {
            const value = result.output;
            if (tolerated.dropped.length > 0) {
                Object.defineProperty(value, _schemas_js__WEBPACK_IMPORTED_MODULE_1__/* .DROPPED_FIELDS */ .$s, { value: tolerated.dropped });
            }
            return { ok: true, value };
        }
        const problems = result.issues.map(issue => {
            const path = valibot__WEBPACK_IMPORTED_MODULE_2__/* .getDotPath */ .BuJ(issue);
            const problem = issue.received === 'undefined'
                ? 'missing'
                : issue.type === 'check'
                    ? issue.message
                    : `expected ${issue.expected ?? 'a valid value'}`;
            return `${path ? `field '${path}'` : 'the body'}: ${problem}`;
        });
        return { ok: false, problems };
    };
}
/** The check of a query that does not ask for `red`. */
const checkGreenlightResponse = greenlightAnswerCheck(undefined);


/***/ }),

/***/ 2051:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $s: () => (/* binding */ DROPPED_FIELDS),
/* harmony export */   Wm: () => (/* binding */ RUN_STAGES),
/* harmony export */   me: () => (/* binding */ droppedFields)
/* harmony export */ });
/* unused harmony export HOSTING_SERVICES */
/** The stages the action knows. The service may add others (see greenlight-answer.ts). */
const RUN_STAGES = ['initializing', 'underReview', 'completed', 'canceled'];
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
