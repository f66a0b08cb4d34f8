/**
 * Control characters have no place in a payout's text: a NUL or an escape code in a description reaches
 * e-mails, invoices and terminals. Tab, line feed and carriage return are text (a quoted field may span
 * lines); the other C0 controls and DEL are refused, by line and column.
 */

const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/

/** The position of the first control character in `value`, or -1. */
export function controlCharacterAt(value: string): number {
  const match = CONTROL.exec(value)
  return match ? match.index : -1
}

/** "contains a control character (U+0000) at character 5": for a cell that has one. */
export function describeControlCharacter(value: string, at: number): string {
  const code = value.charCodeAt(at).toString(16).toUpperCase().padStart(4, '0')
  return `contains a control character (U+${code}) at character ${at + 1}; remove it (is the file's encoding right?)`
}
