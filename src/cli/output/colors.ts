/** ANSI styling that switches itself off for NO_COLOR, FORCE_COLOR=0 (and --no-color), TERM=dumb and non-TTY streams. */
export interface Palette {
  bold(text: string): string
  dim(text: string): string
  red(text: string): string
  green(text: string): string
  yellow(text: string): string
  cyan(text: string): string
}

export function colorEnabled(stream: {isTTY?: boolean}, env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false
  if (env.FORCE_COLOR === '0' || env.FORCE_COLOR === 'false') return false
  if (env.FORCE_COLOR) return true
  return Boolean(stream.isTTY) && env.TERM !== 'dumb'
}

const wrap = (enabled: boolean, open: number, close: number) => (text: string) =>
  enabled ? `\u001B[${open}m${text}\u001B[${close}m` : text

export function palette(enabled: boolean): Palette {
  return {
    bold: wrap(enabled, 1, 22),
    dim: wrap(enabled, 2, 22),
    red: wrap(enabled, 31, 39),
    green: wrap(enabled, 32, 39),
    yellow: wrap(enabled, 33, 39),
    cyan: wrap(enabled, 36, 39),
  }
}
