export const id = 492;
export const ids = [492];
export const modules = {

/***/ 1492:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  checkGreenlightResponse: () => (/* binding */ checkGreenlightResponse)
});

// UNUSED EXPORTS: GreenlightResponseSchema, ReproducedBugSchema

// EXTERNAL MODULE: ./node_modules/valibot/dist/index.mjs
var dist = __webpack_require__(7934);
// EXTERNAL MODULE: ./src/core/run-ids.ts
var run_ids = __webpack_require__(1921);
;// CONCATENATED MODULE: ./src/service/schemas.ts
const RUN_STAGES = ['initializing', 'underReview', 'completed', 'canceled'];
const HOSTING_SERVICES = (/* unused pure expression or super */ null && (['GitHub', 'GitLab']));

;// CONCATENATED MODULE: ./src/service/greenlight-answer.ts
// The greenlight answer decides a verdict, so every field that decides is checked by a valibot
// schema (docs/adr/0003), and the type is inferred from it (schemas.ts). Its own module, loaded
// with `import()` by the greenlight endpoint only: notify and terminate never load valibot.



const count = dist/* pipe */.FsL(dist/* number */.aig(), dist/* integer */.ndf(), dist/* minValue */.Wwf(0));
/**
 * A bug entry (`reproducedBugs`, `otherBlockingBugsInEnvironment`): `{ name, number, priority,
 * isBlocking, isNew, applicationUrl, externalIssue }` as documented, read field by field in
 * greenlight/bugs.ts so that one odd field cannot make a whole answer unreadable.
 */
const ReproducedBugSchema = dist/* record */.g1P(dist/* string */.YjP(), dist/* unknown */.L5J());
const GreenlightResponseSchema = dist/* looseObject */._H3({
    greenlight: dist/* boolean */.zMY(),
    /** Blank: no superseding run. Otherwise the next path segment, so `..` or `/` must not pass. */
    relevantRunId: dist/* pipe */.FsL(dist/* string */.YjP(), dist/* check */.z6Y(id => id.trim() === '' || (0,run_ids/* isSafeRunId */.c)(id), 'not a valid run ID')),
    relevantRunUrl: dist/* string */.YjP(),
    relevantRunWithBugsUrl: dist/* string */.YjP(),
    rootRunId: dist/* string */.YjP(),
    rootRunUrl: dist/* string */.YjP(),
    runStage: dist/* picklist */.KIO(RUN_STAGES),
    workflowsDisabledAfterRunCount: count,
    workflowsInRunCount: count,
    workflowsUnderInvestigationCount: count,
    blockingBugsCount: dist/* optional */.lqM(count),
    nonBlockingBugsCount: dist/* optional */.lqM(count),
    workflowsAutoRetryingCount: dist/* optional */.lqM(count),
    blockingBugUrls: dist/* optional */.lqM(dist/* array */.YOg(dist/* string */.YjP())),
    nonBlockingBugUrls: dist/* optional */.lqM(dist/* array */.YOg(dist/* string */.YjP())),
    reproducedBugs: dist/* optional */.lqM(dist/* array */.YOg(ReproducedBugSchema)),
    /** Blocking bugs in workflows of the environment that did not run in this run. */
    otherBlockingBugsInEnvironment: dist/* optional */.lqM(dist/* array */.YOg(ReproducedBugSchema))
});
/** The schema as the reader's check: each valibot issue as "field 'x': what is wrong". */
const checkGreenlightResponse = data => {
    const result = dist/* safeParse */.xLC(GreenlightResponseSchema, data);
    if (result.success)
        return { ok: true, value: result.output };
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


/***/ })

};
