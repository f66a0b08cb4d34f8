import type {SessionUrl} from '../contract/responses.js'
import type {Answered} from '../operations/operation.js'
import {openFlag} from './flags/common-flags.js'
import type {Output} from './output/output.js'

/** What the `sessions` commands share: `--open`, and the minted URL shown (src/cli/output/session-url.ts). */
export const sessionUrlCommand = {
  result: 'sessionUrl',
  flags: {open: openFlag},
  view: () => import('./output/session-url.js'),
  show: (
    minted: Answered<SessionUrl>,
    {shownSessionUrl}: typeof import('./output/session-url.js'),
    {flags, out}: {flags: {open: boolean}; out: Output},
  ) => shownSessionUrl(minted, flags.open, out),
} as const
