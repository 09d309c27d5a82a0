// The results table: one row per figure, with its target and whether it was met.

export interface Row {
  benchmark: string
  measure: string
  result: string
  target?: string
  met?: boolean
}

export interface Section {
  rows: Row[]
  /** Observations for the write-up: what was checked, what limits the figure. */
  notes: string[]
}

function cells(row: Row): string[] {
  const met = row.met === undefined ? '' : row.met ? 'met' : 'NOT MET'
  return [row.benchmark, row.measure, row.result, row.target ?? '', met]
}

const HEADER = ['Benchmark', 'Measure', 'Result', 'Target', 'Status']

export function markdownTable(rows: readonly Row[]): string {
  const escape = (text: string): string => text.replace(/\|/g, '\\|')
  const line = (values: string[]): string => `| ${values.map(escape).join(' | ')} |`
  return [line(HEADER), line(HEADER.map(() => '---')), ...rows.map(row => line(cells(row)))].join(
    '\n'
  )
}

export function textTable(rows: readonly Row[]): string {
  const table = [HEADER, ...rows.map(cells)]
  const widths = HEADER.map((_, i) => Math.max(...table.map(values => (values[i] ?? '').length)))
  return table
    .map(values => values.map((value, i) => value.padEnd(widths[i] ?? 0)).join('  '))
    .join('\n')
}
