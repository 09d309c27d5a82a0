// What counts as a commit SHA, for the `sha` input, the event's commit fields and the pull request
// lookup: one rule, so that a value one of them accepts is not refused by another.

/** 4 to 64 hexadecimal digits (an abbreviated or full SHA-1 or SHA-256 commit ID), not all zeros. */
export function isCommitSha(value: string): boolean {
  return /^[0-9a-f]{4,64}$/i.test(value) && !isZeroSha(value)
}

/** A full commit ID (40 digits for SHA-1, 64 for SHA-256): what GitHub's API looks commits up by. */
export function isFullCommitSha(value: string): boolean {
  return /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/i.test(value) && !isZeroSha(value)
}

/** GitHub's stand-in for "no commit" (a `push` that created or deleted a branch). */
export function isZeroSha(value: string): boolean {
  return /^0+$/.test(value)
}
