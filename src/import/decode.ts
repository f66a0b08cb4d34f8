/**
 * Decoding: UTF-8 (with or without BOM) goes to csv-parse as bytes, untouched; other encodings
 * (`--encoding windows-1252`, `latin1`, …) and UTF-16 files (recognised by their BOM, as Excel's
 * "Unicode text" writes them) are decoded with iconv-lite, chunk by chunk.
 */

export const DEFAULT_ENCODING = 'utf8'

const isUtf8 = (encoding: string) => /^utf-?8$/i.test(encoding)

/** Why `--encoding` cannot be used, or undefined when iconv-lite knows it. */
export async function encodingProblem(encoding: string): Promise<string | undefined> {
  if (isUtf8(encoding)) return undefined
  const {default: iconv} = await import('iconv-lite')
  return iconv.encodingExists(encoding)
    ? undefined
    : `--encoding: unknown encoding "${encoding}"; use e.g. utf8, windows-1252 or latin1`
}

/** The encoding a file is read with: a byte-order mark (UTF-8 or UTF-16) wins over the flag. */
export function effectiveEncoding(firstBytes: Uint8Array, requested: string): string {
  const [a, b, c] = firstBytes
  if ((a === 0xff && b === 0xfe) || (a === 0xfe && b === 0xff)) return 'utf-16'
  if (a === 0xef && b === 0xbb && c === 0xbf) return DEFAULT_ENCODING
  return isUtf8(requested) ? DEFAULT_ENCODING : requested
}

/** A chunk decoder: identity for UTF-8 (csv-parse decodes and strips the BOM), iconv-lite otherwise. */
export interface ChunkDecoder {
  write(chunk: Buffer): Buffer | string
  end(): string | undefined
}

export async function chunkDecoder(encoding: string): Promise<ChunkDecoder> {
  if (isUtf8(encoding)) return {write: chunk => chunk, end: () => undefined}
  const {default: iconv} = await import('iconv-lite')
  const decoder = iconv.getDecoder(encoding, {stripBOM: true})
  return {write: chunk => decoder.write(chunk), end: () => decoder.end() || undefined}
}
