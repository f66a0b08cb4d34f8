import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import type {PayoutClient} from '../../src/client/index.js'
import {counterpartyImportKind} from '../../src/services/counterparties/counterparty-import-kind.js'
import {summaryOf} from '../../src/services/import/outcome/import-result.js'
import type {ImportKind} from '../../src/services/import/session/import-kind.js'
import {runImportSession} from '../../src/services/import/session/import-session.js'
import {payoutKind} from '../../src/services/import/session/payout-kind.js'
import type {ImportEvent} from '../../src/services/import/session/session-events.js'
import {control} from '../helpers/control.js'
import {useEmulator} from '../helpers/emulator.js'
import {emulatorClient, emulatorProfile} from '../helpers/emulator-profile.js'
import {writeCsv} from './helpers.js'

/** The import session as a service: no terminal, no Output; what it did is told by its events and its result. */

const ctx = useEmulator({reset: false})
let client: PayoutClient
const work = mkdtempSync(join(tmpdir(), 'payctl-session-'))

beforeAll(async () => {
  client = emulatorClient(ctx.url)
})
afterAll(async () => {
  await client?.close()
  rmSync(work, {recursive: true, force: true})
})

async function session<Item>(kind: ImportKind<Item>, file: string, dataDir: string) {
  const events: ImportEvent[] = []
  const result = await runImportSession({
    kind,
    file,
    dryRun: false,
    skipInvalid: false,
    concurrency: 2,
    encoding: 'utf8',
    dataDir,
    profile: async () => emulatorProfile(ctx.url),
    client: async () => client,
    confirm: async () => undefined,
    onEvent: event => {
      events.push(event)
    },
  })
  return {result, events, types: events.map(event => event.type)}
}

describe('the import session', () => {
  it('reports its stages as events, in order, for payouts and for counterparties alike', async () => {
    await control(ctx.url, 'POST', '/_emulator/reset')
    const payouts = join(work, 'payouts.csv')
    writeCsv(payouts, 150)
    const dataDir = join(work, 'data')
    const first = await session(await payoutKind({api: 'v2', decimalComma: false}), payouts, dataDir)
    expect(first.types).toEqual(['validated', 'planned', 'sending', 'chunk-sent', 'chunk-sent', 'sent'])
    expect(first.result.kind).toBe('import')
    expect(summaryOf(first.result)).toMatchObject({created: 150})
    const chunks = first.events.filter(event => event.type === 'chunk-sent')
    expect(chunks.map(event => event.rows).sort()).toEqual([100, 50])
    expect(first.events.at(-1)).toEqual({type: 'sent', stopped: undefined})

    const again = await session(await payoutKind({api: 'v2', decimalComma: false}), payouts, dataDir)
    expect(again.types).toEqual(['validated', 'planned', 'sending', 'sent'])
    expect(again.events[1]).toMatchObject({type: 'planned', work: 0, refused: false})

    const payees = join(work, 'payees.csv')
    writeFileSync(
      payees,
      'custom-id,first-name,last-name,line1,city,postal-code,country\ns-1,Ann,Berg,Main 1,Berlin,10115,DE\n',
    )
    const counterparties = await session(await counterpartyImportKind(), payees, dataDir)
    expect(counterparties.types).toEqual(['validated', 'planned', 'sending', 'chunk-sent', 'sent'])
    expect(counterparties.result.kind).toBe('import')
    expect(summaryOf(counterparties.result)).toMatchObject({created: 1, totals: {}})
    // Each kind keeps its own journal: the payout journal of the same profile is not the counterparty one.
    const journals = counterparties.events.flatMap(event => (event.type === 'planned' ? [event.journal] : []))
    expect(journals[0]).toMatch(/[/\\]counterparties[/\\]payees\.csv-/)
  })
})
