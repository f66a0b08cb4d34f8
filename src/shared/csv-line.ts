/** One RFC 4180 CSV line (quoted where needed; formula-leading cells are not rewritten: this is data export). */
export function csvLine(cells: ReadonlyArray<string | number | boolean | undefined | null>): string {
  return cells
    .map(cell => {
      const text = cell === undefined || cell === null ? '' : String(cell)
      return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
    })
    .join(',')
}
