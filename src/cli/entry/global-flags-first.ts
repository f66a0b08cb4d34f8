/** The global flags a person may type before the command (`payctl --profile prod payouts list`), with whether each takes a value. */
const GLOBAL_FLAGS: Readonly<Record<string, boolean>> = {
  '--profile': true,
  '--output': true,
  '-o': true,
  '--json': false,
  '--debug': false,
  '--color': false,
  '--no-color': false,
}

/** How many words the global flag at `words[0]` spans (`--profile x`: 2, `--profile=x`, `-ojson`: 1), or 0. */
function globalFlagLength(words: readonly string[]): number {
  const word = words[0] ?? ''
  const name = word.startsWith('--') ? word.split('=')[0] : word.slice(0, 2)
  const takesValue = GLOBAL_FLAGS[name]
  if (takesValue === undefined) return 0
  if (!takesValue) return name === word ? 1 : 0
  if (name !== word) return 1
  return words.length > 1 ? 2 : 0
}

/** The longest command id (`payouts:list`) the first words name, in words. */
function commandLength(words: readonly string[], ids: ReadonlySet<string>): number {
  for (let n = Math.min(words.length, 4); n > 0; n--) if (ids.has(words.slice(0, n).join(':'))) return n
  return 0
}

/**
 * argv with the global flags typed before the command moved to just after it, as kubectl and most CLIs accept
 * them: `--profile emu2 payouts list` becomes `payouts list --profile emu2`. When no command follows them, they go
 * to the end, so that oclif's explanation names what is wrong (`--json --limit 5 payouts list`: the `--limit`).
 */
export function globalFlagsAfterCommand(argv: readonly string[], commandIds: Iterable<string>): string[] {
  const leading: string[] = []
  let rest = argv.slice()
  for (let n = globalFlagLength(rest); n > 0; n = globalFlagLength(rest)) {
    leading.push(...rest.slice(0, n))
    rest = rest.slice(n)
  }
  if (leading.length === 0) return argv.slice()
  const length = commandLength(rest, new Set(commandIds))
  if (length === 0) return [...rest, ...leading]
  return [...rest.slice(0, length), ...leading, ...rest.slice(length)]
}
