/** `{ input: default }` for every input of action.yml; '' where it has no default. */
export function actionDefaults(): Record<string, string>
