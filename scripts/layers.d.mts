import type { ESLint } from 'eslint'
export declare const LAYERS: Record<string, number>
export declare function backEdge(
  importer: string,
  specifier: string,
  srcDir: string
): string | undefined
export declare const layersPlugin: ESLint.Plugin
