import * as Flags from '@oclif/core/flags'
import {CLAIM_METHODS} from '../../services/emulator-control/claim-details.js'

/** Flags shared by the `emulator` control commands. */

export const methodFlag = (summary: string) =>
  Flags.option({options: CLAIM_METHODS, summary, default: 'bank-iban' as const})()
