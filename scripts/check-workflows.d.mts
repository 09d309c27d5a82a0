/** The problems of one workflow's steps of this action, each `line: where: message`. */
export function checkWorkflow(text: string): string[]
/** '' for this repository's root action, the mode of a sub-action, undefined for another action. */
export function subActionOf(uses?: string): string | undefined
