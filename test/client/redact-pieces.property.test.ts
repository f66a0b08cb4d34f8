import fc from 'fast-check'
import {describe, expect, it} from 'vitest'
import {REDACTED, scrubSecrets} from '../../src/client/redact.js'
import {PIECE, secretForms, secretPieces} from '../../src/client/secret-forms.js'

/**
 * The scrubber looks closely at a text only around marks (redact.ts, `pieceOffsets`); it must find every run of
 * PIECE characters of a long secret that a look at every position finds. Its own file: the scrubber holds every
 * secret a process passed it, and this test holds one.
 */

const secret = 'tok_5b2f6c1e9a7d4e3f8b0c2a1d6e9f7a3bQ'

/** Every position looked at: the scrubber's result as a plain scan gives it. */
function plainScrub(text: string): string {
  const forms = secretForms(secret).sort((a, b) => b.length - a.length)
  const spelled = text.replace(
    new RegExp(forms.map(form => form.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g'),
    REDACTED,
  )
  const pieces = new Set(secretPieces(secret))
  let out = ''
  let from = 0
  let coveredTo = -1
  for (let i = 0; i + PIECE <= spelled.length; i++) {
    if (!pieces.has(spelled.slice(i, i + PIECE))) continue
    if (i > coveredTo) out += `${spelled.slice(from, i)}${REDACTED}`
    coveredTo = i + PIECE
    from = coveredTo
  }
  return from === 0 ? spelled : out + spelled.slice(from)
}

/** Texts of runs of the secret (whole pieces and shorter) between other characters, at every offset. */
const text = fc
  .array(
    fc.oneof(
      fc
        .tuple(fc.nat(secret.length - 1), fc.integer({min: 1, max: 24}))
        .map(([at, length]) => secret.slice(at, at + length)),
      fc.string({unit: fc.constantFrom('a', '5', 'b', '_', '"', ' ', 'é', '\n'), maxLength: 30}),
    ),
    {maxLength: 12},
  )
  .map(parts => parts.join(''))

describe('pieces of a long secret', () => {
  it('are found wherever a look at every position finds them', () => {
    fc.assert(
      fc.property(text, value => {
        expect(scrubSecrets(value, [secret])).toBe(plainScrub(value))
      }),
      {numRuns: 2000},
    )
  })
})
