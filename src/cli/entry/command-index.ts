import type {Command, Interfaces} from '@oclif/core'

/** dist/bundle/command-index.json (scripts/command-index.js): each manifest entry without its heavy fields. */
export interface CommandIndex {
  version: string
  commands: Record<string, {light: Partial<Command.Cached>; heavy: string[]}>
}

/**
 * The manifest as oclif sees it, from the index: each entry's light fields as written, and its heavy fields
 * (flags, arguments, texts) read from the whole manifest, `full()`, the first time any of them is asked for.
 */
export function manifestFromIndex(index: CommandIndex, full: () => Interfaces.Manifest): Interfaces.Manifest {
  let manifest: Interfaces.Manifest | undefined
  const commands = Object.fromEntries(
    Object.entries(index.commands).map(([id, {light, heavy}]) => {
      const entry = {...light} as Command.Cached
      for (const key of heavy)
        Object.defineProperty(entry, key, {
          enumerable: true,
          configurable: true,
          get: () => {
            manifest ??= full()
            return manifest.commands[id]?.[key as keyof Command.Cached]
          },
        })
      return [id, entry]
    }),
  )
  return {version: index.version, commands}
}
