/** [source, output directory], repository-relative: the root entry, then each sub-action's. */
export function bundleEntries(): [string, string][]
