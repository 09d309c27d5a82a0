export const id = 492;
export const ids = [492];
export const modules = {

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

;// CONCATENATED MODULE: ./src/service/greenlight-answer.ts
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




const count = dist/* pipe */.FsL(dist/* number */.aig(), dist/* integer */.ndf(), dist/* minValue */.Wwf(0));
const greenlight_answer_text = dist/* string */.YjP();
const texts = dist/* array */.YOg(dist/* string */.YjP());
/**
 * A bug entry (`reproducedBugs`, `otherBlockingBugsInEnvironment`): `{ name, number, priority,
 * isBlocking, isNew, applicationUrl, externalIssue }` as documented, read field by field in
 * greenlight/bugs.ts so that one odd field cannot make a whole answer unreadable.
 */
const ReproducedBugSchema = dist/* record */.g1P(dist/* string */.YjP(), dist/* unknown */.L5J());
const bugList = dist/* array */.YOg(ReproducedBugSchema);
const GreenlightResponseSchema = dist/* looseObject */._H3({
    greenlight: dist/* boolean */.zMY(),
    /** Blank: no superseding run. Otherwise the next path segment, so `..` or `/` must not pass. */
    relevantRunId: dist/* pipe */.FsL(dist/* string */.YjP(), dist/* check */.z6Y(id => id.trim() === '' || (0,run_ids/* isSafeRunId */.c)(id), 'not a valid run ID')),
    rootRunId: dist/* string */.YjP(),
    /** Any non-blank stage: one the action does not know is not terminal (never green). */
    runStage: dist/* pipe */.FsL(dist/* string */.YjP(), dist/* check */.z6Y(stage => stage.trim() !== '', 'a run stage')),
    blockingBugsCount: dist/* optional */.lqM(count),
    blockingBugUrls: dist/* optional */.lqM(texts),
    reproducedBugs: dist/* optional */.lqM(bugList),
    /** Blocking bugs in workflows of the environment that did not run in this run. */
    otherBlockingBugsInEnvironment: dist/* optional */.lqM(bugList),
    relevantRunUrl: dist/* optional */.lqM(greenlight_answer_text),
    relevantRunWithBugsUrl: dist/* optional */.lqM(greenlight_answer_text),
    rootRunUrl: dist/* optional */.lqM(greenlight_answer_text),
    workflowsDisabledAfterRunCount: dist/* optional */.lqM(count),
    workflowsInRunCount: dist/* optional */.lqM(count),
    workflowsUnderInvestigationCount: dist/* optional */.lqM(count),
    nonBlockingBugsCount: dist/* optional */.lqM(count),
    workflowsAutoRetryingCount: dist/* optional */.lqM(count),
    nonBlockingBugUrls: dist/* optional */.lqM(texts)
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
const BUG_INFORMING = {
    name: value => typeof value === 'string',
    // Documented as a number; earlier answers sent text.
    number: value => typeof value === 'number' || typeof value === 'string',
    isNew: value => typeof value === 'boolean',
    applicationUrl: value => typeof value === 'string',
    externalIssue: is_record/* isRecord */.u
};
/**
 * The answer with every informing field of an unexpected type left out, and the names of those
 * fields. Deciding fields are left as they are, for the schema to judge.
 */
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
/**
 * The reader's check for one greenlight query: each valibot issue as "field 'x': what is wrong".
 * `otherBlockingBugsInEnvironment` decides only when the query asks for `red`.
 */
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
/** The check of a query that does not ask for `red`. */
const checkGreenlightResponse = greenlightAnswerCheck(undefined);


/***/ })

};
