"use strict";
exports.id = 793;
exports.ids = [793];
exports.modules = {

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




const count = valibot__WEBPACK_IMPORTED_MODULE_2__/* .pipe */ .FsL(valibot__WEBPACK_IMPORTED_MODULE_2__/* .number */ .aig(), valibot__WEBPACK_IMPORTED_MODULE_2__/* .integer */ .ndf(), valibot__WEBPACK_IMPORTED_MODULE_2__/* .minValue */ .Wwf(0));
const text = valibot__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP();
const texts = valibot__WEBPACK_IMPORTED_MODULE_2__/* .array */ .YOg(valibot__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP());
const ReproducedBugSchema = valibot__WEBPACK_IMPORTED_MODULE_2__/* .record */ .g1P(valibot__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP(), valibot__WEBPACK_IMPORTED_MODULE_2__/* .unknown */ .L5J());
const bugList = valibot__WEBPACK_IMPORTED_MODULE_2__/* .array */ .YOg(ReproducedBugSchema);
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
function optionalFields(fields) {
    return Object.fromEntries(Object.entries(fields).map(([key, schema]) => [key, valibot__WEBPACK_IMPORTED_MODULE_2__/* .optional */ .lqM(schema)]));
}
const GreenlightResponseSchema = valibot__WEBPACK_IMPORTED_MODULE_2__/* .looseObject */ ._H3({
    greenlight: valibot__WEBPACK_IMPORTED_MODULE_2__/* .boolean */ .zMY(),
    relevantRunId: valibot__WEBPACK_IMPORTED_MODULE_2__/* .pipe */ .FsL(valibot__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP(), valibot__WEBPACK_IMPORTED_MODULE_2__/* .check */ .z6Y(id => id.trim() === '' || (0,_core_run_ids_js__WEBPACK_IMPORTED_MODULE_0__/* .isSafeRunId */ .c)(id), 'not a valid run ID')),
    rootRunId: valibot__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP(),
    runStage: valibot__WEBPACK_IMPORTED_MODULE_2__/* .pipe */ .FsL(valibot__WEBPACK_IMPORTED_MODULE_2__/* .string */ .YjP(), valibot__WEBPACK_IMPORTED_MODULE_2__/* .check */ .z6Y(stage => stage.trim() !== '', 'a run stage')),
    blockingBugsCount: valibot__WEBPACK_IMPORTED_MODULE_2__/* .optional */ .lqM(count),
    blockingBugUrls: valibot__WEBPACK_IMPORTED_MODULE_2__/* .optional */ .lqM(texts),
    reproducedBugs: valibot__WEBPACK_IMPORTED_MODULE_2__/* .optional */ .lqM(bugList),
    otherBlockingBugsInEnvironment: valibot__WEBPACK_IMPORTED_MODULE_2__/* .optional */ .lqM(bugList),
    ...optionalFields(INFORMING)
});
const ALWAYS_SENT = new Set([
    'relevantRunUrl',
    'relevantRunWithBugsUrl',
    'rootRunUrl',
    'workflowsDisabledAfterRunCount',
    'workflowsInRunCount',
    'workflowsUnderInvestigationCount'
]);
const BUG_INFORMING = {
    name: value => typeof value === 'string',
    number: value => typeof value === 'number' || typeof value === 'string',
    isNew: value => typeof value === 'boolean',
    applicationUrl: value => typeof value === 'string',
    externalIssue: _core_is_record_js__WEBPACK_IMPORTED_MODULE_3__/* .isRecord */ .u
};
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