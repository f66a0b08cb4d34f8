import type {Explanation} from '../../services/webhooks/explain.js'
import type {Palette} from './colors.js'

/** `webhooks verify`: the verdict, and when it does not verify, what most likely happened. */
export function verifyLines(result: Explanation, color: Palette): string[] {
  if (result.verified) return [`${color.green('Verified:')} ${result.message}`]
  return [`${color.red('Not verified:')} ${result.message} (${result.reason})`, ...result.hints.map(h => `  - ${h}`)]
}
