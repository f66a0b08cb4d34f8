/**
 * One RFC 4180 CSV line, quoted where needed (formula-looking cells: csv-formula.ts, applied by the caller). A cell
 * holding `;` or a tab is quoted too: a spreadsheet of a locale whose separator is `;` (or one that guesses tabs)
 * would otherwise split it, and the part after the separator (`x;=HYPERLINK(…)`) would be a cell of its own,
 * unguarded.
 */
export function csvLine(cells: ReadonlyArray<string | number | boolean | undefined | null>): string {
  return cells
    .map(cell => {
      const text = cell === undefined || cell === null ? '' : String(cell)
      return /[",;\t\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
    })
    .join(',')
}
