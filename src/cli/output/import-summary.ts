import type {OnlineChecks} from '../../services/import/check/online-checks.js'
import {
  errorLines,
  type ImportResult,
  type ImportSummary,
  importSummary,
  summaryOf,
} from '../../services/import/outcome/import-result.js'
import type {JournalPreview} from '../../services/import/plan/journal-preview.js'
import type {ImportDiff, LineList} from '../../services/import/plan/plan.js'
import type {ReportLine} from '../../services/import/send/report.js'
import type {ValidationResult} from '../../services/import/validate/validate-file.js'
import {describeTotals} from '../../shared/money.js'
import type {Output} from './output.js'

/** The screen side of `payouts import`: the same numbers as `--json` and `--report`, for a person. */

export {errorLines}

export const count = (n: number) => n.toLocaleString('en-US')
/** `1 row`, `3 rows`. */
const rows = (n: number) => `${count(n)} row${n === 1 ? '' : 's'}`

/** Rows named when --skip-invalid leaves rows out; the others are counted. */
const LEFT_OUT_LISTED = 20

/** What a real `--skip-invalid` import says before it sends: every row it leaves out, line and reason (the first 20). */
export function leftOutLines(result: ValidationResult): string[] {
  const byLine = new Map<number, string[]>()
  for (const error of result.errors) {
    const reasons = byLine.get(error.line) ?? []
    reasons.push(error.column ? `column ${error.column}: ${error.message}` : error.message)
    byLine.set(error.line, reasons)
  }
  const listed = [...byLine].slice(0, LEFT_OUT_LISTED)
  const more = result.invalid - listed.length
  return [
    `${count(result.invalid)} invalid row${result.invalid === 1 ? '' : 's'} will be left out (--skip-invalid):`,
    ...listed.map(([line, reasons]) => `  line ${line}: ${reasons.join('; ')}`),
    ...(more > 0 ? [`  … and ${count(more)} more (--dry-run lists them all)`] : []),
  ]
}

/** The payouts a chunk's rows stand for (created, updated, present, followed up, unchanged, or declined: failed). */
export function payoutIds(rows: readonly ReportLine[]): string[] {
  const ids: string[] = []
  for (const row of rows)
    if (row.payoutId && row.status !== 'conflict' && row.status !== 'invalid') ids.push(row.payoutId)
  return ids
}

/** How the dry run checked the rows against the service, and the rows that would not fit. */
export function checkLines(checks: OnlineChecks | undefined, profile?: string): string[] {
  if (!checks) return []
  const checked = checks.checked ?? 'currencies (GET /payment-method-types) and balances (GET /accounts)'
  const subject = checks.checked ? 'the rows' : 'currencies and balances'
  if (!checks.online)
    return [
      checks.offlineReason === '--offline'
        ? `Checked offline (--offline): ${subject} not checked against the service.`
        : `Checked offline: the service did not answer (${checks.offlineReason}); ${subject} not checked.`,
    ]
  const head = `Checked online${profile ? ` with profile ${profile}` : ''}: ${checked}.`
  return [head, ...checks.problems.map(p => `${p.line === null ? '' : `line ${p.line}: `}${p.message}`)]
}

/** Amounts per currency; nothing for files whose records have none (counterparties). */
const totalsOf = (totals: Record<string, string>) => (Object.keys(totals).length ? describeTotals(totals) : undefined)

export function renderValidation(out: Output, result: ValidationResult, label: string, checks?: string[]): void {
  out.keyValue(
    [
      ['Rows', `${count(result.rows)} (${count(result.valid)} valid, ${count(result.invalid)} invalid)`],
      ['Totals', totalsOf(result.totals)],
      ['Delimiter', result.delimiter === '\t' ? 'tab' : result.delimiter],
      ['Encoding', result.encoding],
      ['Ignored', result.ignoredColumns.length ? result.ignoredColumns.join(', ') : undefined],
    ],
    `${label}: validated, nothing sent (--dry-run)`,
  )
  const errors = [...errorLines(result), ...(checks ?? [])]
  if (errors.length) {
    out.line()
    for (const line of errors) out.line(line)
  }
}

const lines = (list: LineList) =>
  `${list.lines.join(', ')}${list.count > list.lines.length ? ` and ${count(list.count - list.lines.length)} more` : ''}`

/** How the file differs from the one the journal last saw, by line. */
export function diffLines(diff: ImportDiff): string[] {
  return [
    diff.added.count ? `  added (${count(diff.added.count)}): line ${lines(diff.added)}` : '',
    diff.changed.count ? `  changed (${count(diff.changed.count)}): line ${lines(diff.changed)}` : '',
    diff.removed.count
      ? `  removed (${count(diff.removed.count)}): line ${lines(diff.removed)} of the earlier file (what they made on the service is left as it is)`
      : '',
  ].filter(Boolean)
}

export function renderDiff(out: Output, label: string, diff: ImportDiff): void {
  const shown = diffLines(diff)
  if (!shown.length) return
  out.info(`${label} differs from its earlier import (${rows(diff.unchanged)} unchanged):`)
  for (const line of shown) out.info(line)
}

/** The dry run's answer to "what would the import do now?", from the journal of earlier imports. */
export function previewLines(preview: JournalPreview | undefined): string[] {
  if (!preview) return []
  if (!preview.importedBefore)
    return [`No earlier import of this file into profile ${preview.profile}: the import would send every valid row.`]
  const head = `Compared with its earlier import into profile ${preview.profile} (${rows(preview.importedBefore)}, journal ${preview.journal}):`
  const verdict = preview.refused
    ? '  the import would refuse the file: rows without customId were added or removed (see the error).'
    : preview.wouldSend
      ? `  the import would send ${rows(preview.wouldSend)}; changed rows are compared with the service's records first (updated while they may change, a conflict otherwise).`
      : '  the import would send nothing: no row changed since that import (compared with its journal, not with the service).'
  return [head, ...(preview.diff ? diffLines(preview.diff) : []), verdict]
}

/** What an import shows a person at the end: the import's summary, or the validation. */
export function renderImportResult(out: Output, result: ImportResult, options: {dryRun: boolean; api: string}): void {
  if (result.kind === 'import')
    renderImport(out, importSummary(result), `${result.label} → profile ${result.profile} (${options.api})`)
  else if (options.dryRun)
    renderValidation(out, result.validation, result.label, [
      ...checkLines(result.checks),
      ...previewLines(summaryOf(result).preview),
    ])
  else for (const line of [...errorLines(result.validation), ...checkLines(result.checks)]) out.info(line)
}

export function renderImport(out: Output, summary: ImportSummary, title: string): void {
  const optional = (n: number, text = count(n)) => (n ? text : undefined)
  out.keyValue(
    [
      ['Rows', `${count(summary.rows)} (${count(summary.valid)} valid, ${count(summary.invalid)} invalid)`],
      ['Created', count(summary.created)],
      ['Updated', optional(summary.updated)],
      ['Unchanged', optional(summary.unchanged, `${count(summary.unchanged)} (as at their import; nothing sent)`)],
      ['Present', optional(summary.alreadyPresent, `${count(summary.alreadyPresent)} (already on the service)`)],
      ['Followed up', optional(summary.followedUp)],
      ['Conflicts', conflictText(summary)],
      [
        'Failed',
        summary.paymentsFailed
          ? `${count(summary.failed)} (${count(summary.paymentsFailed)} declined by the service at once: their payouts are failed)`
          : count(summary.failed),
      ],
      ['Not done', optional(summary.pending, `${rows(summary.pending)} (re-run the same command to send them)`)],
      ['Refused', optional(summary.refused ?? 0, `${rows(summary.refused ?? 0)} (nothing was sent: see the error)`)],
      ['Totals', totalsOf(summary.totals)],
      ['Report', summary.report],
    ],
    title,
  )
  renderProblems(out, summary)
}

function conflictText(summary: ImportSummary): string | undefined {
  const parts = [
    summary.conflicts ? count(summary.conflicts) : '',
    summary.conflictsEarlier ? `${count(summary.conflictsEarlier)} reported earlier` : '',
  ].filter(Boolean)
  return parts.length ? parts.join(', ') : undefined
}

/** Failed and conflicting rows: line, customId, why; the first 20, then how many more and where to see them. */
export function renderProblems(out: Output, summary: ImportSummary): void {
  if (!summary.problems.length) return
  out.line()
  for (const row of summary.problems)
    out.line(`line ${row.line}${row.customId ? ` (${row.customId})` : ''}: ${row.status}: ${row.error ?? ''}`.trimEnd())
  const total = summary.failed + summary.conflicts + summary.conflictsEarlier
  if (total > summary.problems.length) {
    const where = summary.report ? `see ${summary.report}` : 'pass --report FILE.csv for every row'
    out.line(`… and ${count(total - summary.problems.length)} more (${where})`)
  }
}

export const nothingToSend = (label: string, profile: string) =>
  `Nothing to send: no row of ${label} changed since its import into profile ${profile} (compared with the import's journal, not with the service).`

export const waitingForLock = (label: string, pid: number) =>
  `Another import of ${label} into this profile is running (process ${pid}); waiting for it to finish…`

export const resuming = (label: string, done: number, left: number, journal: string) =>
  `Resuming: ${count(done)} rows of ${label} are in already (journal: ${journal}); sending the other ${count(left)}.`
