/** A flag as the manifest describes it: enough to tell how many words it spans. */
export interface FlagShape {
  type: 'boolean' | 'option'
  char?: string
  allowNo?: boolean
  helpGroup?: string
}

/** The flags of a command id (`payouts:list`), from the manifest: read only when argv is not in order already. */
export type FlagsOf = (id: string) => Readonly<Record<string, FlagShape>>

/**
 * argv in oclif's order, or why it cannot be: a flag typed between a topic and its command, because nothing
 * follows it that is a command of the topic.
 */
export type Ordered = {argv: string[]} | {topicFlag: TopicFlag}

export interface TopicFlag {
  /** The topic's id (`payouts`, `emulator:faults`). */
  topic: string
  flag: string
  /** The topic's command typed after the flag, when there is one (`payouts --bogus list`: `payouts:list`). */
  command?: string
}

/** Flags that mean the same wherever they stand, left where they are. */
const IN_PLACE = new Set(['--help', '-h', '--version'])

const isFlag = (word: string | undefined) => word?.startsWith('-') === true && word !== '-'

/**
 * How many words the flag at `words[at]` spans among `flags` (`--limit 5`: 2; `--limit=5`, `-ojson`, `--json`: 1),
 * or 0 when it is not one of them. `global`: only flags of the GLOBAL help group count.
 */
function flagLength(words: readonly string[], at: number, flags: Readonly<Record<string, FlagShape>>, global: boolean) {
  const word = words[at]
  const long = word.startsWith('--')
  const name = long ? word.slice(2).split('=')[0] : word.slice(1, 2)
  const flag = long
    ? (flags[name] ?? (name.startsWith('no-') && flags[name.slice(3)]?.allowNo ? flags[name.slice(3)] : undefined))
    : Object.values(flags).find(candidate => candidate.char === name)
  if (!flag || (global && flag.helpGroup !== 'GLOBAL')) return 0
  if (flag.type === 'boolean') return word === `--${name}` || word === `-${name}` ? 1 : 0
  const attached = long ? word.includes('=') : word.length > 2
  if (attached) return 1
  return at + 1 < words.length ? 2 : 0
}

/**
 * argv with `id`'s words first and the flags typed before or between them right after them, or undefined when the
 * words before `id`'s last word are not all `id`'s words and its flags (global ones only before its first word).
 */
function reorder(argv: readonly string[], words: readonly string[], flags: Readonly<Record<string, FlagShape>>) {
  const moved: string[] = []
  let at = 0
  for (let matched = 0; matched < words.length; ) {
    const word = argv[at]
    if (word === words[matched]) {
      matched++
      at++
      continue
    }
    if (!isFlag(word) || word === '--') return undefined
    const length = flagLength(argv, at, flags, matched === 0)
    if (!length) return undefined
    moved.push(...argv.slice(at, at + length))
    at += length
  }
  return [...words, ...moved, ...argv.slice(at)]
}

/** The number of leading words that name a command, or 0. */
function commandPrefix(argv: readonly string[], ids: ReadonlySet<string>): number {
  let words = 0
  while (words < argv.length && !isFlag(argv[words])) words++
  for (let n = Math.min(words, 4); n > 0; n--) if (ids.has(argv.slice(0, n).join(':'))) return n
  return 0
}

/** Whether `words` appear in `argv` in this order (before a `--`). */
function appearsInOrder(argv: readonly string[], words: readonly string[]): boolean {
  let matched = 0
  for (const word of argv) {
    if (word === '--') break
    if (word === words[matched]) matched++
    if (matched === words.length) return true
  }
  return false
}

/**
 * argv as oclif reads it: the command's words first. Global flags typed before the command, and any of the
 * command's flags typed between its topic and its verb (`payouts --json list`, `emulator faults --json add`), move
 * to just after the command's words, as if typed there. A flag after a topic that no command of the topic follows
 * (`payouts --limit 1`) is `topicFlag`: never the topic's help. Anything else is left as it is for oclif and the
 * not-found hook to explain. `flagsOf` is called only when some command's words are split by flags.
 */
export function commandFirst(argv: readonly string[], commandIds: Iterable<string>, flagsOf: FlagsOf): Ordered {
  const ids = new Set(commandIds)
  const direct = commandPrefix(argv, ids)
  const candidates = [...ids]
    .map(id => id.split(':'))
    .filter(words => words.length > direct && appearsInOrder(argv, words))
    .sort((a, b) => b.length - a.length)
  for (const words of candidates) {
    const ordered = reorder(argv, words, flagsOf(words.join(':')))
    if (ordered) return {argv: ordered}
  }
  if (direct) return {argv: argv.slice()}
  const nearest = candidates[0]?.join(':')
  return topicCheck(argv, ids, nearest) ?? {argv: globalsLast(argv, nearest ? flagsOf(nearest) : {})}
}

/** A topic's words followed by a flag (not --help) where its command belongs. */
function topicCheck(argv: readonly string[], ids: ReadonlySet<string>, command?: string): Ordered | undefined {
  let words = 0
  while (words < argv.length && !isFlag(argv[words])) words++
  const flag = argv[words]
  if (!words || !flag || flag === '--' || IN_PLACE.has(flag.split('=')[0])) return undefined
  const topic = argv.slice(0, words).join(':')
  if (![...ids].some(id => id.startsWith(`${topic}:`))) return undefined
  return {topicFlag: {topic, flag, ...(command?.startsWith(`${topic}:`) ? {command} : {})}}
}

/**
 * The global flags typed first moved to the end, when the rest names no command as typed, so that the not-found
 * hook explains the first word that is wrong (`--json --limit 5 payouts list`: the `--limit`), in JSON when asked.
 */
function globalsLast(argv: readonly string[], flags: Readonly<Record<string, FlagShape>>): string[] {
  let at = 0
  while (isFlag(argv[at])) {
    const length = flagLength(argv, at, flags, true)
    if (!length) break
    at += length
  }
  return at ? [...argv.slice(at), ...argv.slice(0, at)] : argv.slice()
}
