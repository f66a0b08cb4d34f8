/** One RFC 4180 CSV line, quoted where needed (formula-looking cells: csv-formula.ts, applied by the caller). */
export function csvLine(cells: ReadonlyArray<string | number | boolean | undefined | null>): string {
  return cells
    .map(cell => {
      const text = cell === undefined || cell === null ? '' : String(cell)
      return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
    })
    .join(',')
}
