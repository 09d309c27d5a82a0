/** The problems of one workflow's steps of this action, each `line: where: message`. */
export function checkWorkflow(text: string): string[]
