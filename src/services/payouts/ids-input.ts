import {readFile} from 'node:fs/promises'
import {customIdArgument, type PayoutRef, payoutIdProblem, payoutRefOf} from '../../contract/ids.js'
import {usageError} from '../../shared/errors.js'
import {present} from '../../shared/present.js'
import {readStdin} from '../../shared/stdin.js'
import {errnoCode} from '../../shared/thrown.js'

/**
 * A payout as the user named it: by id (a v1 UUID or a v2 `payout_…` id, both kept) or by customId.
 * `v2` is what v2 endpoints take in their path; a customId works there too.
 */
export type PayoutKey =
  | ({kind: 'id'; label: string} & PayoutRef)
  | {kind: 'custom'; customId: string; label: string; v2: string}

export interface IdSources {
  /** Positional arguments; "-" reads ids from stdin. */
  args?: readonly string[]
  customIds?: readonly string[]
  /** --ids-file: a path, or "-" for stdin. */
  idsFile?: string
  stdin?: () => Promise<string>
  /** Told how many repeated ids were ignored, if any. */
  warn?: (line: string) => void
}

export interface CollectedIds {
  keys: PayoutKey[]
  /** How many repeated ids were dropped (the first occurrence is kept). */
  duplicates: number
}

export {payoutIdProblem} from '../../contract/ids.js'

/** One id: a v1 UUID or a v2 id. `where` names its origin for the error ("ids.txt line 3"). */
export function payoutKeyFromId(value: string, where?: string): PayoutKey {
  const ref = payoutRefOf(value)
  if (ref) return {kind: 'id', ...ref, label: ref.v2}
  if (value.startsWith('--')) throw usageError(`unknown flag ${value}`, ['see --help'])
  throw usageError(`${where ? `${where}: ` : ''}${payoutIdProblem(value)}`, [
    'pass your own key with --custom-id instead',
  ])
}

export function payoutKeyFromCustomId(value: string): PayoutKey {
  const customId = customIdArgument(value)
  return {kind: 'custom', customId, label: `customId "${customId}"`, v2: customId}
}

/** Ids from text, one per line; blank lines and lines starting with # are skipped. */
function idsFromText(text: string, source: string): PayoutKey[] {
  const keys: PayoutKey[] = []
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim()
    if (!line || line.startsWith('#')) return
    keys.push(payoutKeyFromId(line, `${source} line ${index + 1}`))
  })
  return keys
}

/**
 * Every id the user gave, in order: arguments (with "-" for stdin), --custom-id values, and --ids-file.
 * Everything is checked before anything is sent; a bad id is a usage error naming where it came from.
 */
export async function collectPayoutKeys(sources: IdSources): Promise<CollectedIds> {
  const stdin = sources.stdin ?? (() => readStdin())
  let stdinUsed = false
  const fromStdin = async () => {
    if (stdinUsed) throw usageError('stdin ("-") can only be read once')
    stdinUsed = true
    return idsFromText(await stdin(), 'stdin')
  }
  const keys: PayoutKey[] = []
  for (const arg of sources.args ?? []) {
    if (arg === '-') keys.push(...(await fromStdin()))
    else keys.push(payoutKeyFromId(arg.trim()))
  }
  for (const customId of sources.customIds ?? []) keys.push(payoutKeyFromCustomId(customId))
  if (sources.idsFile !== undefined) {
    if (sources.idsFile === '-') keys.push(...(await fromStdin()))
    else {
      let text: string
      try {
        text = await readFile(sources.idsFile, 'utf8')
      } catch (error) {
        throw usageError(`--ids-file ${sources.idsFile}: cannot read the file (${errnoCode(error) ?? error})`)
      }
      keys.push(...idsFromText(text, sources.idsFile))
    }
  }
  const seen = new Set<string>()
  const unique = keys.filter(key => {
    const identity = key.kind === 'id' ? `id:${key.v1}` : `custom:${key.customId}`
    if (seen.has(identity)) return false
    seen.add(identity)
    return true
  })
  if (!unique.length) throw usageError('give at least one payout id (arguments, --custom-id, --ids-file, or "-")')
  const duplicates = keys.length - unique.length
  if (duplicates) sources.warn?.(`${duplicates} repeated id${duplicates === 1 ? ' was' : 's were'} ignored`)
  return {keys: unique, duplicates}
}

/** Exactly one payout: an id argument or --custom-id. */
export function singlePayoutKey(id: string | undefined, customId: string | undefined): PayoutKey {
  if (Boolean(id) === Boolean(customId)) throw usageError('give a payout id or --custom-id (exactly one)')
  return id ? payoutKeyFromId(id.trim()) : payoutKeyFromCustomId(present(customId))
}
