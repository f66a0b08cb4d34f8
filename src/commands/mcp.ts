import {join} from 'node:path'
import * as Flags from '@oclif/core/flags'
import {BaseCommand} from '../cli/base-command.js'
import {approvalWaitFlag} from '../cli/flags/common-flags.js'
import {type Answer, unprinted} from '../cli/shown.js'
import {followHeldSecrets} from '../config/held-secrets.js'

export default class Mcp extends BaseCommand<typeof Mcp, 'mcpRun'> {
  static override summary = 'Serve payctl to an AI agent over MCP (stdio), with a person in the loop for every payment.'
  static override description =
    `A Model Context Protocol server on stdin/stdout for the selected profile. Its tools are payctl's commands (their flags and arguments are the tools' inputs): read (payouts, counterparties, transactions, team, accounts, import status, waiting for payouts) and write (create, update and delete payouts and counterparties, claim links, hosted-session URLs). The create tool has a team member approve the payout on the hosted page: through the person's own client when it supports URL elicitation (waiting up to --approval-wait for the decision), else by answering its URL; the wait tool follows the payout to its end.

Money tools (approve, pay, pre-approved creation, and-then) exist only with --allow-money, and on a production profile only when the profile allows it too: "payctl profiles set NAME --allow-agent-money", which no tool can do. Emulator controls appear on a loopback sandbox profile only.

Tools that read local files (payouts_import_status) are offered only with --files-dir DIR, and read nothing outside DIR. emulator_claim and emulator_trigger settle payouts, so they are money tools too.

Every tool call is appended to mcp-audit.jsonl in the data directory (mode 0600; arguments and outcome, never a secret). Configuration for MCP clients: docs/agents.md.`

  static override examples = [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --profile local --allow-money',
    'claude mcp add payctl -- <%= config.bin %> <%= command.id %> --profile prod',
  ]

  static override flags = {
    'allow-money': Flags.boolean({summary: 'Offer the money tools (on production also needs the profile setting).'}),
    'files-dir': Flags.directory({summary: 'Offer the tools that read files, confined to this folder.', exists: true}),
    'approval-redirect-url': Flags.string({
      summary: "Where approval pages return to when the agent names no place (default: the profile's origin).",
    }),
    'approval-wait': approvalWaitFlag,
  }

  async run(): Promise<Answer<'mcpRun'>> {
    const profile = await this.session.profile()
    const [{serveMcp}, {AuditLog}, {CallSlots}, {toolGroups}, {ApprovalRecord}, records] = await Promise.all([
      import('../mcp/mcp-server.js'),
      import('../mcp/audit-log.js'),
      import('../mcp/call-slots.js'),
      import('../mcp/money-gate.js'),
      import('../mcp/approval-record.js'),
      import('../services/counterparties/agent-changes.js'),
    ])
    const gate = toolGroups({
      allowMoney: this.flags['allow-money'],
      environment: profile.environment,
      profileAllowsAgentMoney: profile.allowAgentMoney === true,
      origin: profile.origin,
    })
    if (gate.refusal)
      this.out.warn(
        `${gate.refusal}; a person allows it with "payctl profiles set ${profile.name} --allow-agent-money"`,
      )
    const {secrets, refresh: refreshSecrets} = followHeldSecrets(profile, this.config.configDir)
    return serveMcp({
      groups: gate.groups,
      profile: profile.name,
      version: this.config.version,
      session: {
        configDir: this.config.configDir,
        dataDir: this.config.dataDir,
        version: this.config.version,
        profile: profile.name,
      },
      slots: new CallSlots(8),
      audit: new AuditLog(join(this.config.dataDir, 'mcp-audit.jsonl'), secrets),
      secrets,
      refreshSecrets,
      approvalRedirectUrl: this.flags['approval-redirect-url'] ?? profile.origin,
      approvalWaitMs: this.flags['approval-wait'],
      log: line => this.out.stderr(line),
      filesDir: this.flags['files-dir'],
      mcpSession: process.getBuiltinModule('node:crypto').randomUUID(),
      approvals: await ApprovalRecord.ofProfile(this.config.dataDir, profile),
      agentChanges: new records.AgentChanges(this.config.dataDir, profile),
    }).then(unprinted)
  }
}
