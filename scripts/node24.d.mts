export declare const REPO_ROOT: string
export declare function resolveNode24(): string
