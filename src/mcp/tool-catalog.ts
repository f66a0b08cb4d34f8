import {counterpartiesList} from '../operations/counterparties/counterparties-list.js'
import {
  counterpartiesCountries,
  counterpartiesGet,
  counterpartiesPaymentMethodTypes,
} from '../operations/counterparties/counterparties-read.js'
import {
  counterpartiesCreate,
  counterpartiesDelete,
  counterpartiesUpdate,
} from '../operations/counterparties/counterparties-write.js'
import {
  emulatorClaim,
  emulatorClockAdvance,
  emulatorDeliveries,
  emulatorRequests,
  emulatorTrigger,
} from '../operations/emulator/emulator-controls.js'
import {payoutsImportStatus} from '../operations/import-status/payouts-import-status.js'
import type {Operation} from '../operations/operation.js'
import {payoutsApprove, payoutsPay, payoutsSendClaimLink} from '../operations/payouts/payout-steps.js'
import {payoutsCreate} from '../operations/payouts/payouts-create.js'
import {payoutsDelete} from '../operations/payouts/payouts-delete.js'
import {payoutsGet} from '../operations/payouts/payouts-get.js'
import {payoutsList} from '../operations/payouts/payouts-list.js'
import {payoutsUpdate} from '../operations/payouts/payouts-update.js'
import {payoutsWait} from '../operations/payouts/payouts-wait.js'
import {sessionsAllowance, sessionsApproval, sessionsKyb, sessionsPayout} from '../operations/sessions/sessions-mint.js'
import {teamAccounts, teamGet} from '../operations/team/team-read.js'
import {transactionsList} from '../operations/transactions/transactions-list.js'

/**
 * Which operations are MCP tools, in which group, with which hints. Their inputs are not listed here: they are the
 * operations' own (src/operations/inputs), from which the commands' flags are made too, so a new input reaches the
 * agent with no second registration. A new operation is offered to agents only once it is put in a group below,
 * because that choice is the safety decision (read, write, or money).
 */
export type ToolGroup = 'read' | 'write' | 'money' | 'emulator' | 'emulator-money'

export interface ToolHints {
  readOnlyHint: boolean
  destructiveHint: boolean
  idempotentHint: boolean
}

export interface ToolDefinition {
  name: string
  operation: Operation
  group: ToolGroup
  hints: ToolHints
  /** Inputs that are not the agent's to set (files, following, money inputs of a write tool). */
  omit?: readonly string[]
  /** Inputs of NEVER_OFFERED that this tool does offer (the wait tool's time-out). */
  offer?: readonly string[]
  /** Inputs always given (e.g. `api: v2` for cursor pages). */
  fixed?: Readonly<Record<string, unknown>>
  /** Added to the operation's summary in the tool description. */
  note?: string
  /**
   * Arguments that name a local file: the tool exists only when the person named a folder at server start
   * (`payctl mcp --files-dir DIR`), and such a path is confined to that folder.
   */
  files?: readonly string[]
}

const READ: ToolHints = {readOnlyHint: true, destructiveHint: false, idempotentHint: true}
const CREATE: ToolHints = {readOnlyHint: false, destructiveHint: false, idempotentHint: true}
const CHANGE: ToolHints = {readOnlyHint: false, destructiveHint: true, idempotentHint: true}
const CONTROL: ToolHints = {readOnlyHint: false, destructiveHint: false, idempotentHint: false}

/** The most items one list call returns: a bounded page; the agent continues with the cursor. */
export const PAGE_LIMIT = 100

/** The tools whose operation pages with a cursor: their answer carries the next page's cursor (null: the end). */
export const LIST_TOOLS: ReadonlySet<string> = new Set(['payouts_list', 'transactions_list', 'counterparties_list'])

/**
 * Inputs no tool offers: local files, following (the wait tool follows) and the person's acceptance of a look-alike
 * address. (Output shaping, browsers and prompts are the terminal's flags, not inputs of an operation.)
 */
export const NEVER_OFFERED = [
  'ids-file',
  'from-file',
  'since-state',
  'all',
  'wait',
  'timeout',
  'follow',
  // A look-alike recipient is the person's call alone: an agent must not wave it through.
  'allow-confusable',
]
/** The inputs of `payouts create` that move money: only the money tool offers them. */
const MONEY_CREATE_FLAGS = ['and-then', 'pre-approved']

export const TOOLS: readonly ToolDefinition[] = [
  {name: 'payouts_get', operation: payoutsGet, group: 'read', hints: READ, omit: ['api'], fixed: {api: 'v2'}},
  {
    name: 'payouts_list',
    operation: payoutsList,
    group: 'read',
    hints: READ,
    omit: ['api', 'offset', 'order'],
    fixed: {api: 'v2'},
    note: 'One page (limit at most 100); continue with cursor = nextCursor.',
  },
  {
    name: 'payouts_wait',
    operation: payoutsWait,
    group: 'read',
    hints: READ,
    offer: ['timeout'],
    note: 'Follows the payouts until they are final for "until" or the time-out (default 50s; call again to keep waiting).',
  },
  {
    name: 'payouts_import_status',
    operation: payoutsImportStatus,
    group: 'read',
    hints: READ,
    omit: ['retry-failed', 'until', 'concurrency'],
    files: ['file'],
  },
  {name: 'counterparties_get', operation: counterpartiesGet, group: 'read', hints: READ},
  {
    name: 'counterparties_list',
    operation: counterpartiesList,
    group: 'read',
    hints: READ,
    note: 'One page (limit at most 100); continue with cursor = nextCursor.',
  },
  {name: 'counterparties_countries', operation: counterpartiesCountries, group: 'read', hints: READ},
  {
    name: 'counterparties_payment_method_types',
    operation: counterpartiesPaymentMethodTypes,
    group: 'read',
    hints: READ,
  },
  {
    name: 'transactions_list',
    operation: transactionsList,
    group: 'read',
    hints: READ,
    note: 'One page (limit at most 100); continue with cursor = nextCursor.',
  },
  {name: 'team_get', operation: teamGet, group: 'read', hints: READ},
  {
    name: 'team_accounts',
    operation: teamAccounts,
    group: 'read',
    hints: READ,
    note: 'Balances and the allowance left per currency.',
  },
  {
    name: 'payouts_create',
    operation: payoutsCreate,
    group: 'write',
    hints: CREATE,
    omit: MONEY_CREATE_FLAGS,
    note: "The payout stays pending (created) until a team member approves it on the hosted page: shown to your user by the client when it supports URL elicitation (the answer then carries the person's decision), else the answer carries approvalUrl to hand on; then call payouts_wait. A payout that cannot be paid as it stands gets warnings and next: the calls that fix it.",
  },
  {name: 'payouts_update', operation: payoutsUpdate, group: 'write', hints: CHANGE},
  {name: 'payouts_delete', operation: payoutsDelete, group: 'write', hints: CHANGE},
  {name: 'payouts_send_claim_link', operation: payoutsSendClaimLink, group: 'write', hints: CREATE},
  {name: 'counterparties_create', operation: counterpartiesCreate, group: 'write', hints: CREATE},
  {name: 'counterparties_update', operation: counterpartiesUpdate, group: 'write', hints: CHANGE},
  {name: 'counterparties_delete', operation: counterpartiesDelete, group: 'write', hints: CHANGE},
  {name: 'sessions_approval', operation: sessionsApproval, group: 'write', hints: CREATE},
  {name: 'sessions_payout', operation: sessionsPayout, group: 'write', hints: CREATE},
  {name: 'sessions_kyb', operation: sessionsKyb, group: 'write', hints: CREATE},
  {name: 'sessions_allowance', operation: sessionsAllowance, group: 'write', hints: CREATE},
  {
    name: 'payouts_create_and_move_money',
    operation: payoutsCreate,
    group: 'money',
    hints: CHANGE,
    note: 'Moves money: pre-approved creation or and-then pay / send-claim-link.',
  },
  {name: 'payouts_approve', operation: payoutsApprove, group: 'money', hints: CHANGE, note: 'Moves money.'},
  {name: 'payouts_pay', operation: payoutsPay, group: 'money', hints: CHANGE, note: 'Moves money.'},
  {
    name: 'emulator_claim',
    operation: emulatorClaim,
    group: 'emulator-money',
    hints: CONTROL,
    // The payouts are named, so that the approval guard sees each (src/mcp/approval-guard.ts).
    omit: ['all-approved'],
    note: 'Moves money.',
  },
  {name: 'emulator_clock_advance', operation: emulatorClockAdvance, group: 'emulator', hints: CONTROL},
  {
    name: 'emulator_trigger',
    operation: emulatorTrigger,
    group: 'emulator-money',
    hints: CONTROL,
    note: 'Moves money (emulator).',
  },
  {name: 'emulator_deliveries', operation: emulatorDeliveries, group: 'emulator', hints: READ},
  {
    name: 'emulator_requests',
    operation: emulatorRequests,
    group: 'emulator',
    hints: READ,
    // A tool answers once: the log so far (call again for what came after).
    fixed: {follow: false},
  },
]

/** The tools of the given groups; those that read local files only when the person named a folder for them. */
export const toolsOf = (groups: readonly ToolGroup[], filesDir?: string) =>
  TOOLS.filter(tool => groups.includes(tool.group) && (filesDir !== undefined || !tool.files?.length))
