/**
 * `{ input: default }` for every input of action.yml, or of a sub-action's (`notify/action.yml`);
 * '' where it has no default.
 */
export function actionDefaults(file?: string): Record<string, string>
