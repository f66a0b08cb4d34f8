import {writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {request} from 'undici'
import {readChunks, validatedChunkOptions} from '../../src/services/import/send/chunks.js'
import type {RowSchema} from '../../src/services/import/validate/import-schema.js'
import {v2Schema} from '../../src/services/import/validate/import-schema-v2.js'
import {validateFile} from '../../src/services/import/validate/validate-file.js'
import {isolatedHome} from '../helpers/cli.js'
import {runCommand} from '../helpers/run-command.js'

/** Helpers for the import's end-to-end tests against the emulator. */

export const V2_HEADER = 'customId,description,amount,currency,recipientEmail,tags'

/** A v2 CSV of `rows` payouts (customIds `<prefix>-1` …), with optional replacements of whole lines. */
export function writeCsv(
  path: string,
  rows: number,
  options: {prefix?: string; replace?: Record<number, string>} = {},
) {
  const prefix = options.prefix ?? 'imp'
  const lines = [V2_HEADER]
  for (let i = 1; i <= rows; i++)
    lines.push(options.replace?.[i] ?? `${prefix}-${i},Payout ${i},${(i % 9) + 1}.50,EUR,user${i}@example.com,march`)
  writeFileSync(path, `${lines.join('\n')}\n`)
  return Array.from({length: rows}, (_, i) => `${prefix}-${i + 1}`)
}

/** Every payout of the seeded team (v1 list, pages of 100), oldest first. */
export async function allPayouts(
  url: string,
  key: string,
): Promise<Array<{id: string; customId?: string; status: string}>> {
  const out: Array<{id: string; customId?: string; status: string}> = []
  for (let offset = 0; ; offset += 100) {
    const res = await request(`${url}/api/v1/payouts?offset=${offset}&limit=100&order_direction=asc`, {
      headers: {authorization: `Bearer ${key}`},
    })
    const page = (await res.body.json()) as Array<{id: string; customId?: string; status: string}>
    out.push(...page)
    if (page.length < 100) return out
  }
}

/** Polls until `check` holds (a test fails by its own time-out otherwise; nothing here measures speed). */
export async function until(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise(resolve => setTimeout(resolve, 25))
}

/** Every payout of the seeded team as the v2 list shows it (cursor pages of 100). */
export async function allPayoutsV2(
  url: string,
  key: string,
): Promise<Array<{id: string; customId?: string; status: string; amount: string; description: string}>> {
  const out: Array<{id: string; customId?: string; status: string; amount: string; description: string}> = []
  for (let cursor: string | undefined; ; ) {
    const query = cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''
    const res = await request(`${url}/api/v2/payouts?limit=100${query}`, {headers: {authorization: `Bearer ${key}`}})
    const page = (await res.body.json()) as {data: typeof out; hasMore: boolean; nextCursor?: string}
    out.push(...page.data)
    if (!page.hasMore || !page.nextCursor) return out
    cursor = page.nextCursor
  }
}

/** Both lists agree on the number of payouts (v1 and v2 show the same team). */
export async function countPayouts(url: string, key: string): Promise<number> {
  const [v1, v2] = await Promise.all([allPayouts(url, key), allPayoutsV2(url, key)])
  if (v1.length !== v2.length) throw new Error(`v1 lists ${v1.length} payouts, v2 ${v2.length}`)
  return v1.length
}

/** `payouts import FILE --json` of `lines`, in a home of its own (another computer, or a lost journal). */
export async function importInFreshHome(origin: string, lines: string[], ...flags: string[]) {
  const home = isolatedHome()
  const file = join(home.dir, 'payouts.csv')
  writeFileSync(file, `${lines.join('\n')}\n`)
  const result = await runCommand(['payouts', 'import', file, '--json', ...flags], {
    env: {...home.env, PAYCTL_ORIGIN: origin},
  })
  let summary: Record<string, unknown> | undefined
  try {
    summary = JSON.parse(result.stdout)
  } catch {
    summary = undefined
  }
  return {...result, summary}
}

/** The identity (customId, content) of every row of a valid v2 file, as the import derives them. */
export async function rowKeys(path: string): Promise<Array<{customId: string; content: string}>> {
  const schema = v2Schema as RowSchema<unknown>
  const validation = await validateFile({
    path,
    schema,
    schemaOptions: {decimalComma: false},
    encoding: 'utf8',
    keepRows: true,
  })
  if (validation.errors.length) throw new Error(JSON.stringify(validation.errors))
  const rows: Array<{customId: string; content: string}> = []
  for await (const chunk of readChunks(validatedChunkOptions({schema}, validation)))
    for (const row of chunk.rows) rows.push({customId: row.customId, content: row.content})
  await validation.kept?.close()
  return rows
}
