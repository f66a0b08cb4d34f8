import {StringDecoder} from 'node:string_decoder'

/**
 * Decoding, chunk by chunk, to the text the tokenizer reads: UTF-8 (with or without BOM: the tokenizer drops it)
 * by Node's own decoder; other encodings (`--encoding windows-1252`, `latin1`, …) and UTF-16 and UTF-32 files
 * (recognised by their BOM, as Excel's "Unicode text" writes them, or by their zero bytes) with iconv-lite.
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

/** The encoding a file is read with: a byte-order mark (UTF-8, UTF-16, UTF-32) wins over the flag. */
export function effectiveEncoding(firstBytes: Uint8Array, requested: string): string {
  const [a, b, c, d] = firstBytes
  if (a === 0xff && b === 0xfe && c === 0 && d === 0) return 'utf-32le'
  if (a === 0 && b === 0 && c === 0xfe && d === 0xff) return 'utf-32be'
  if ((a === 0xff && b === 0xfe) || (a === 0xfe && b === 0xff)) return 'utf-16'
  if (a === 0xef && b === 0xbb && c === 0xbf) return DEFAULT_ENCODING
  return wideEncoding(firstBytes) ?? (isUtf8(requested) ? DEFAULT_ENCODING : requested)
}

/**
 * UTF-16 or UTF-32 without a byte-order mark, recognised by where the zero bytes are: a CSV is mostly ASCII,
 * so in UTF-16LE every second byte is zero, in UTF-32BE three of every four, and so on.
 */
export function wideEncoding(bytes: Uint8Array): string | undefined {
  const sample = bytes.subarray(0, Math.min(bytes.length, 4096) & ~3)
  if (sample.length < 4) return undefined
  const zeros = [0, 0, 0, 0]
  for (let i = 0; i < sample.length; i++) if (sample[i] === 0) zeros[i % 4]++
  const quarter = sample.length / 4
  const mostly = (n: number) => n >= quarter * 0.7
  const rarely = (n: number) => n <= quarter * 0.1
  const [z0, z1, z2, z3] = zeros
  if (rarely(z0) && mostly(z1) && mostly(z2) && mostly(z3)) return 'utf-32le'
  if (mostly(z0) && mostly(z1) && mostly(z2) && rarely(z3)) return 'utf-32be'
  if (rarely(z0) && rarely(z2) && mostly(z1) && mostly(z3)) return 'utf-16le'
  if (mostly(z0) && mostly(z2) && rarely(z1) && rarely(z3)) return 'utf-16be'
  return undefined
}

/** A chunk decoder: a character cut at a chunk's end is completed by the next chunk. */
export interface ChunkDecoder {
  write(chunk: Buffer): string
  end(): string | undefined
}

export async function chunkDecoder(encoding: string): Promise<ChunkDecoder> {
  if (isUtf8(encoding)) {
    const decoder = new StringDecoder('utf8')
    return {write: chunk => decoder.write(chunk), end: () => decoder.end() || undefined}
  }
  const {default: iconv} = await import('iconv-lite')
  const decoder = iconv.getDecoder(encoding, {stripBOM: true})
  return {write: chunk => decoder.write(chunk), end: () => decoder.end() || undefined}
}
