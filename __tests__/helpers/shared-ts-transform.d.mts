export declare const ESM_CALLER: Record<string, boolean>
export declare function sharedCacheFile(
  sourceText: string,
  sourcePath: string,
  callerOptions: Record<string, unknown>,
  transformerOptions: Record<string, unknown>
): string
export declare function esmTransformOptions(
  config: Record<string, unknown>,
  transformerOptions: Record<string, unknown>
): Record<string, unknown>
interface Transformed {
  code: string
}
export declare function createTransformer(transformerOptions: Record<string, unknown>): {
  getCacheKey(sourceText: string, sourcePath: string, options: Record<string, unknown>): string
  process(sourceText: string, sourcePath: string, options: Record<string, unknown>): Transformed
}
