export declare const EDGE_MODULES: string[]
export declare const IO_IMPORTS: string[]
export declare function pureModules(root?: string): string[]
