// A workflow template's step as a runner would run it: found by the sub-action it uses, its `with:`
// inputs with the `${{ … }}` expressions the templates use evaluated. An expression the test does
// not know fails the test rather than pass as text.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parse } from 'yaml'
import { REPO_ROOT } from '../../scripts/node24.mjs'

interface WorkflowStep {
  id?: string
  uses?: string
  with?: Record<string, string>
}

interface WorkflowTemplate {
  jobs: Record<string, { if?: string; steps: WorkflowStep[] }>
}

/** `examples/<name>`, parsed. */
export function readExample(name: string): WorkflowTemplate {
  return parse(readFileSync(path.join(REPO_ROOT, 'examples', name), 'utf8')) as WorkflowTemplate
}

/** The job's step that uses the sub-action (`…/qa-greenlight/notify@v1`). */
export function stepUsing(
  workflow: WorkflowTemplate,
  job: string,
  subAction: string
): WorkflowStep {
  const step = workflow.jobs[job]?.steps.find(s => s.uses?.includes(`/${subAction}@`))
  if (step === undefined) throw new Error(`no ${subAction} step in the ${job} job`)
  return step
}

interface ExpressionContext {
  event: unknown
  secrets?: Record<string, string>
  vars?: Record<string, string>
  repository?: string
  stepOutputs?: Record<string, Record<string, string>>
}

/** The step's inputs with each `${{ … }}` replaced as the runner would. */
export function evaluatedInputs(
  step: WorkflowStep,
  context: ExpressionContext
): Record<string, string> {
  const lookup = (expression: string): string => {
    const [root, ...rest] = expression.trim().split('.')
    const known = (map: Record<string, string> | undefined, key: string | undefined) => {
      const value = map?.[key ?? '']
      if (value === undefined) throw new Error(`the test sets no ${expression.trim()}`)
      return value
    }
    if (root === 'secrets') return known(context.secrets, rest[0])
    if (root === 'vars') return known(context.vars, rest[0])
    if (root === 'github' && rest[0] === 'repository' && context.repository !== undefined) {
      return context.repository
    }
    if (root === 'github' && rest[0] === 'event') {
      let value: unknown = context.event
      for (const key of rest.slice(1)) value = (value as Record<string, unknown>)[key]
      return String(value)
    }
    if (root === 'steps' && rest[1] === 'outputs') {
      return context.stepOutputs?.[rest[0] ?? '']?.[rest[2] ?? ''] ?? ''
    }
    throw new Error(`the test does not evaluate \${{ ${expression} }}`)
  }
  return Object.fromEntries(
    Object.entries(step.with ?? {}).map(([name, value]) => [
      name,
      String(value).replace(/\$\{\{([^}]+)\}\}/g, (_, expression: string) => lookup(expression))
    ])
  )
}
