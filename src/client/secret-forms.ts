/**
 * The spellings of a secret the scrubber looks for (docs/scripting.md, "Secrets"): the secret itself, URL-encoded,
 * and base64 (standard and URL-safe, each also URL-encoded) at each of the three alignments a secret can have
 * inside a longer base64 text, so that the base64 of `Bearer <key>`, of `user:<secret>` or of a whole document
 * holding it is caught. Only whole 3-byte groups of the secret are encoded: the one or two characters at each end
 * of such a text that also carry the bytes around the secret stay.
 */
export function secretForms(secret: string): string[] {
  const forms = new Set([secret, encodeURIComponent(secret)])
  const bytes = Buffer.from(secret, 'utf8')
  for (let shift = 0; shift < 3; shift++) {
    const groups = Math.floor((bytes.length - shift) / 3)
    if (groups < 2) continue
    const whole = bytes.subarray(shift, shift + groups * 3)
    for (const encoded of [whole.toString('base64'), whole.toString('base64url')])
      forms.add(encoded).add(encodeURIComponent(encoded))
  }
  return [...forms]
}

/** Secrets of at least this length are also caught in pieces: any run of PIECE characters of them. */
export const PIECE_FROM = 32
export const PIECE = 16

/**
 * A piece must look random: at least this many different characters of its PIECE. A run of zeros or a word-like
 * prefix of a made-up key (`sk_sandbox_emulator_full_0000…`) would otherwise redact ordinary text that shares it.
 */
const PIECE_VARIETY = 8

/** The runs of PIECE characters of a long secret (a token echoed in parts, split over lines or fields). */
export function secretPieces(secret: string): string[] {
  if (secret.length < PIECE_FROM) return []
  return Array.from({length: secret.length - PIECE + 1}, (_, i) => secret.slice(i, i + PIECE)).filter(
    piece => new Set(piece).size >= PIECE_VARIETY,
  )
}
