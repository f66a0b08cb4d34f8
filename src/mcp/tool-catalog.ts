/**
 * Which commands are MCP tools, in which group, with which hints. Their inputs are not listed here: they are the
 * commands' own flags and arguments (input-schema.ts), so a new flag reaches the agent with no second
 * registration. A new command is offered to agents only once it is put in a group below, because that choice is
 * the safety decision (read, write, or money).
 */
export type ToolGroup = 'read' | 'write' | 'money' | 'emulator' | 'emulator-money'

export interface ToolHints {
  readOnlyHint: boolean
  destructiveHint: boolean
  idempotentHint: boolean
}

export interface ToolDefinition {
  name: string
  command: string
  group: ToolGroup
  hints: ToolHints
  /** Flags that are not the agent's to set (files, output formats, prompts, money flags of a write tool). */
  omit?: readonly string[]
  /** Flags of NEVER_OFFERED that this tool does offer (the wait tool's time-out). */
  offer?: readonly string[]
  /** Arguments always passed (e.g. `--api v2` for cursor pages). */
  fixed?: readonly string[]
  /** Added to the command's summary in the tool description. */
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

/** The tools whose command pages with a cursor: their answer carries the next page's cursor (null: the end). */
export const LIST_TOOLS: ReadonlySet<string> = new Set(['payouts_list', 'transactions_list', 'counterparties_list'])

/**
 * Flags no tool offers: local files, output shaping, browsers, prompts, following (the wait tool follows) and the
 * person's acceptance of a look-alike address.
 */
export const NEVER_OFFERED = [
  'ids-file',
  'from-file',
  'since-state',
  'output',
  'all',
  'open',
  'yes',
  'wait',
  'timeout',
  'follow',
  // A look-alike recipient is the person's call alone: an agent must not wave it through.
  'allow-confusable',
]
/** The flags of `payouts create` that move money: only the money tool offers them. */
const MONEY_CREATE_FLAGS = ['and-then', 'pre-approved']

export const TOOLS: readonly ToolDefinition[] = [
  {name: 'payouts_get', command: 'payouts:get', group: 'read', hints: READ, omit: ['api'], fixed: ['--api=v2']},
  {
    name: 'payouts_list',
    command: 'payouts:list',
    group: 'read',
    hints: READ,
    omit: ['api', 'offset', 'order'],
    fixed: ['--api=v2'],
    note: 'One page (limit at most 100); continue with cursor = nextCursor.',
  },
  {
    name: 'payouts_wait',
    command: 'payouts:wait',
    group: 'read',
    hints: READ,
    offer: ['timeout'],
    note: 'Follows the payouts until they are final for "until" or the time-out (default 50s; call again to keep waiting).',
  },
  {
    name: 'payouts_import_status',
    command: 'payouts:import-status',
    group: 'read',
    hints: READ,
    omit: ['retry-failed', 'until', 'concurrency'],
    files: ['file'],
  },
  {name: 'counterparties_get', command: 'counterparties:get', group: 'read', hints: READ},
  {
    name: 'counterparties_list',
    command: 'counterparties:list',
    group: 'read',
    hints: READ,
    note: 'One page (limit at most 100); continue with cursor = nextCursor.',
  },
  {name: 'counterparties_countries', command: 'counterparties:countries', group: 'read', hints: READ},
  {
    name: 'counterparties_payment_method_types',
    command: 'counterparties:payment-method-types',
    group: 'read',
    hints: READ,
  },
  {
    name: 'transactions_list',
    command: 'transactions:list',
    group: 'read',
    hints: READ,
    note: 'One page (limit at most 100); continue with cursor = nextCursor.',
  },
  {name: 'team_get', command: 'team:get', group: 'read', hints: READ},
  {
    name: 'team_accounts',
    command: 'team:accounts',
    group: 'read',
    hints: READ,
    note: 'Balances and the allowance left per currency.',
  },
  {
    name: 'payouts_create',
    command: 'payouts:create',
    group: 'write',
    hints: CREATE,
    omit: MONEY_CREATE_FLAGS,
    note: 'The payout stays pending (created): the answer carries approvalUrl, an approval page to hand to a team member; then call payouts_wait.',
  },
  {name: 'payouts_update', command: 'payouts:update', group: 'write', hints: CHANGE},
  {name: 'payouts_delete', command: 'payouts:delete', group: 'write', hints: CHANGE},
  {name: 'payouts_send_claim_link', command: 'payouts:send-claim-link', group: 'write', hints: CREATE},
  {name: 'counterparties_create', command: 'counterparties:create', group: 'write', hints: CREATE},
  {name: 'counterparties_update', command: 'counterparties:update', group: 'write', hints: CHANGE},
  {name: 'counterparties_delete', command: 'counterparties:delete', group: 'write', hints: CHANGE},
  {name: 'sessions_approval', command: 'sessions:approval', group: 'write', hints: CREATE},
  {name: 'sessions_payout', command: 'sessions:payout', group: 'write', hints: CREATE},
  {name: 'sessions_kyb', command: 'sessions:kyb', group: 'write', hints: CREATE},
  {name: 'sessions_allowance', command: 'sessions:allowance', group: 'write', hints: CREATE},
  {
    name: 'payouts_create_and_move_money',
    command: 'payouts:create',
    group: 'money',
    hints: CHANGE,
    note: 'Moves money: pre-approved creation or and-then pay / send-claim-link.',
  },
  {name: 'payouts_approve', command: 'payouts:approve', group: 'money', hints: CHANGE, note: 'Moves money.'},
  {name: 'payouts_pay', command: 'payouts:pay', group: 'money', hints: CHANGE, note: 'Moves money.'},
  {
    name: 'emulator_claim',
    command: 'emulator:claim',
    group: 'emulator-money',
    hints: CONTROL,
    // The payouts are named, so that the approval guard sees each (src/mcp/approval-guard.ts).
    omit: ['all-approved'],
    note: 'Moves money.',
  },
  {name: 'emulator_clock_advance', command: 'emulator:clock:advance', group: 'emulator', hints: CONTROL},
  {
    name: 'emulator_trigger',
    command: 'emulator:trigger',
    group: 'emulator-money',
    hints: CONTROL,
    note: 'Moves money (emulator).',
  },
  {name: 'emulator_deliveries', command: 'emulator:deliveries', group: 'emulator', hints: READ},
]

/** The tools of the given groups; those that read local files only when the person named a folder for them. */
export const toolsOf = (groups: readonly ToolGroup[], filesDir?: string) =>
  TOOLS.filter(tool => groups.includes(tool.group) && (filesDir !== undefined || !tool.files?.length))
