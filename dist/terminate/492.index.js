"use strict";
exports.id = 492;
exports.ids = [492];
exports.modules = {

/***/ 1492:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  greenlightAnswerCheck: () => (/* binding */ greenlightAnswerCheck)
});

// UNUSED EXPORTS: GreenlightResponseSchema, ReproducedBugSchema, checkGreenlightResponse

// EXTERNAL MODULE: ./node_modules/valibot/dist/index.mjs
var dist = __webpack_require__(7934);
// EXTERNAL MODULE: ./src/core/run-ids.ts
var run_ids = __webpack_require__(1921);
// EXTERNAL MODULE: ./src/core/is-record.ts
var is_record = __webpack_require__(2789);
;// CONCATENATED MODULE: ./src/service/schemas.ts
const RUN_STAGES = (/* unused pure expression or super */ null && (['initializing', 'underReview', 'completed', 'canceled']));
const DROPPED_FIELDS = Symbol('fields left out of a greenlight answer');
function droppedFields(response) {
    const dropped = response[DROPPED_FIELDS];
    return dropped ?? [];
}
const HOSTING_SERVICES = (/* unused pure expression or super */ null && (['GitHub', 'GitLab']));

;// CONCATENATED MODULE: ./src/service/greenlight-answer.ts




const count = dist/* pipe */.FsL(dist/* number */.aig(), dist/* integer */.ndf(), dist/* minValue */.Wwf(0));
const greenlight_answer_text = dist/* string */.YjP();
const texts = dist/* array */.YOg(dist/* string */.YjP());
const ReproducedBugSchema = dist/* record */.g1P(dist/* string */.YjP(), dist/* unknown */.L5J());
const bugList = dist/* array */.YOg(ReproducedBugSchema);
const INFORMING = {
    relevantRunUrl: greenlight_answer_text,
    relevantRunWithBugsUrl: greenlight_answer_text,
    rootRunUrl: greenlight_answer_text,
    workflowsDisabledAfterRunCount: count,
    workflowsInRunCount: count,
    workflowsUnderInvestigationCount: count,
    nonBlockingBugsCount: count,
    workflowsAutoRetryingCount: count,
    nonBlockingBugUrls: texts
};
function optionalFields(fields) {
    return Object.fromEntries(Object.entries(fields).map(([key, schema]) => [key, dist/* optional */.lqM(schema)]));
}
const GreenlightResponseSchema = dist/* looseObject */._H3({
    greenlight: dist/* boolean */.zMY(),
    relevantRunId: dist/* pipe */.FsL(dist/* string */.YjP(), dist/* check */.z6Y(id => id.trim() === '' || (0,run_ids/* isSafeRunId */.c)(id), 'not a valid run ID')),
    rootRunId: dist/* string */.YjP(),
    runStage: dist/* pipe */.FsL(dist/* string */.YjP(), dist/* check */.z6Y(stage => stage.trim() !== '', 'a run stage')),
    blockingBugsCount: dist/* optional */.lqM(count),
    blockingBugUrls: dist/* optional */.lqM(texts),
    reproducedBugs: dist/* optional */.lqM(bugList),
    otherBlockingBugsInEnvironment: dist/* optional */.lqM(bugList),
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
    externalIssue: is_record/* isRecord */.u
};
function withoutDrift(data, otherBugsDecide) {
    if (!(0,is_record/* isRecord */.u)(data))
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
        if (!dist.is(schema, value)) {
            delete out[key];
            dropped.push(key);
        }
    }
    const others = out['otherBlockingBugsInEnvironment'];
    if (!otherBugsDecide && others !== undefined && !dist.is(bugList, others)) {
        delete out['otherBlockingBugsInEnvironment'];
        dropped.push('otherBlockingBugsInEnvironment');
    }
    for (const list of ['reproducedBugs', 'otherBlockingBugsInEnvironment']) {
        const bugs = out[list];
        if (!Array.isArray(bugs))
            continue;
        const seen = new Set();
        out[list] = bugs.map(bug => {
            if (!(0,is_record/* isRecord */.u)(bug))
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
        const result = dist/* safeParse */.xLC(GreenlightResponseSchema, tolerated.data);
        if (result.success) {
            const value = result.output;
            if (tolerated.dropped.length > 0) {
                Object.defineProperty(value, DROPPED_FIELDS, { value: tolerated.dropped });
            }
            return { ok: true, value };
        }
        const problems = result.issues.map(issue => {
            const path = dist/* getDotPath */.BuJ(issue);
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


/***/ })

};
;