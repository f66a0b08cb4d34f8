import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {ROOT} from '../helpers/cli.js'

/**
 * The Ctrl-C audit (docs/scripting.md, "Ctrl-C"): what every command of the manifest does on Ctrl-C. A new
 * command fails here until it is classified; one with a flag that makes it long must not be classified `short`.
 *
 * - resumes: stops after the request in flight, exit 130, one line on stderr says where it stopped and how to resume.
 * - serves: runs until stopped; Ctrl-C is its normal end (clean-up runs), exit 130.
 * - nothing-kept: Ctrl-C abandons it, exit 130 with INTERRUPTED; nothing was stored, re-run it.
 * - rerun: quits at once; re-running repeats it safely (read-only, or a state file / derived keys guard it).
 * - short: a request or a few; quits at once, nothing half-done.
 */
type Kind = 'resumes' | 'serves' | 'nothing-kept' | 'rerun' | 'short'

const AUDIT: Record<string, [Kind, string]> = {
  api: ['resumes', '--paginate: the page being read is cancelled; "add -f offset=N / -f cursor=C"'],
  'payouts:approve': ['resumes', 'after the batch of 100 in flight; batches applied and the first id not sent'],
  'payouts:pay': ['resumes', 'after the batch of 100 in flight; batches applied and the first id not sent'],
  'payouts:send-claim-link': ['resumes', 'after the batch of 100 in flight; batches applied and the first id not sent'],
  'payouts:delete': ['resumes', 'after the payout in flight; how many deleted and the first id not deleted'],
  'payouts:import': ['resumes', 'after the chunks in flight; rows done; re-run the same command'],
  'counterparties:import': [
    'resumes',
    'after the chunks in flight; rows done; re-run the same command (the same engine)',
  ],
  'payouts:list': [
    'resumes',
    '--all: after the page in flight; --offset N or --cursor C; --since-state: the page being read is cancelled, items written, "FILE was not advanced; re-run the same command"',
  ],
  'transactions:list': [
    'resumes',
    '--all: after the page in flight; --cursor C; --since-state: the page being read is cancelled, "FILE was not advanced; re-run"',
  ],
  'payouts:wait': ['resumes', 'the statuses so far; "keep waiting with ..."'],
  'payouts:create': [
    'resumes',
    'the create in flight: quits at once naming the kept key, "re-run the same command"; --wait: "keep waiting with ..."',
  ],
  'counterparties:create': ['rerun', 'quits at once naming the kept key; the re-run sends it again'],
  'webhooks:listen': ['serves', 'deletes a --register subscription'],
  'emulator:start': ['serves', 'stops the emulator'],
  'emulator:deliveries': ['serves', '--follow: stops following'],
  'emulator:requests': ['serves', '--follow: stops following'],
  'auth:login': ['nothing-kept', 'stops waiting for the browser; stores nothing'],
  'counterparties:list': ['resumes', '--all: after the page in flight; --cursor C'],
  'payouts:get': ['resumes', 'many ids: after the reads in flight; "read N of M; nothing was printed; re-run"'],
  'payouts:changes': ['resumes', 'the page being read is cancelled; "FILE was not advanced; re-run the same command"'],
  'emulator:claim': ['resumes', 'many ids: after the claims in flight; claimed so far and the ids not claimed'],
  'payouts:import-status': [
    'resumes',
    '--retry-failed: after the call in flight; payouts retried and the first one not sent; re-run the same command',
  ],
  mcp: ['serves', 'a stdio server: ends with its client or Ctrl-C'],
}

const SHORT = [
  'auth:logout',
  'auth:status',
  'auth:token',
  'autocomplete',
  'autocomplete:create',
  'autocomplete:script',
  'counterparties:countries',
  'counterparties:delete',
  'counterparties:get',
  'counterparties:payment-method-types',
  'counterparties:update',
  'doctor',
  'emulator:clock:advance',
  'emulator:faults:add',
  'emulator:faults:clear',
  'emulator:faults:list',
  'emulator:reset',
  'emulator:trigger',
  'help',
  'payouts:update',
  'profiles:add',
  'profiles:list',
  'profiles:remove',
  'profiles:set',
  'profiles:show',
  'profiles:use',
  'sessions:allowance',
  'sessions:approval',
  'sessions:kyb',
  'sessions:payout',
  'team:accounts',
  'team:deposit',
  'team:get',
  'team:update',
  'version',
  'webhooks:create',
  'webhooks:delete',
  'webhooks:list',
  'webhooks:send',
  'webhooks:verify',
]

/** Flags that make a command run long or in a loop. */
const LONG_FLAGS = ['all', 'wait', 'ids-file', 'paginate', 'since-state', 'follow', 'retry-failed', 'all-approved']

interface ManifestCommand {
  flags: Record<string, unknown>
}

const manifest = JSON.parse(readFileSync(join(ROOT, 'oclif.manifest.json'), 'utf8')) as {
  commands: Record<string, ManifestCommand>
}
const kindOf = (id: string): Kind | undefined => AUDIT[id]?.[0] ?? (SHORT.includes(id) ? 'short' : undefined)

describe('the Ctrl-C audit', () => {
  it('classifies every command of the manifest, and no other', () => {
    const ids = Object.keys(manifest.commands).sort()
    expect(ids.filter(id => kindOf(id) === undefined)).toEqual([])
    expect([...Object.keys(AUDIT), ...SHORT].filter(id => !ids.includes(id))).toEqual([])
  })

  it('a command with a flag that makes it long is not classified short', () => {
    const long = Object.entries(manifest.commands)
      .filter(([, command]) => LONG_FLAGS.some(flag => flag in command.flags))
      .map(([id]) => id)
    expect(long.length).toBeGreaterThan(10)
    expect(long.filter(id => kindOf(id) === 'short')).toEqual([])
  })
})
