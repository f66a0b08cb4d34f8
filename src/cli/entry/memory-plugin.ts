import type {Command, Interfaces} from '@oclif/core'

/** What payctl's root plugin is made of: nothing of it is read from disk by oclif. */
export interface PluginParts {
  /** The folder oclif resolves the help class and hooks against. */
  root: string
  pjson: Interfaces.PJSON
  manifest: Interfaces.Manifest
  /** Each command id to its class: getters, so a call evaluates only its own command. */
  commands: Record<string, Command.Class>
}

type Topics = Record<string, {description?: string; hidden?: boolean; subtopics?: Topics}>

/** oclif's topics from package.json's `oclif.topics`, flattened to `a:b` names as oclif does. */
function topicsOf(topics: Topics | undefined, prefix = ''): Interfaces.Topic[] {
  return Object.entries(topics ?? {}).flatMap(([name, topic]) => [
    {description: topic.description, hidden: topic.hidden, name: prefix + name},
    ...topicsOf(topic.subtopics, `${prefix}${name}:`),
  ])
}

/**
 * oclif's root plugin built from memory, through oclif's public `Plugin` interface (what `Config.load({plugins})`
 * takes): oclif runs unchanged, but neither reads package.json and the manifest nor searches for plugins.
 * Commands are listed in code-point order of their ids, as the manifest holds them.
 */
export function memoryPlugin({root, pjson, manifest, commands}: PluginParts): Interfaces.Plugin {
  const commandIDs = Object.keys(manifest.commands).sort()
  const plugin: Interfaces.Plugin = {
    _base: `${pjson.name}@${pjson.version}`,
    alias: pjson.name,
    name: pjson.name,
    version: pjson.version,
    pjson,
    root,
    isRoot: true,
    type: 'core',
    moduleType: pjson.type === 'module' ? 'module' : 'commonjs',
    valid: true,
    hasManifest: true,
    options: {root, isRoot: true, pjson},
    commandsDir: undefined,
    commandIDs,
    topics: topicsOf(pjson.oclif.topics as Topics | undefined),
    hooks: Object.fromEntries(
      Object.entries(pjson.oclif.hooks ?? {}).map(([event, target]) => [
        event,
        [target].flat().map(hook => (typeof hook === 'string' ? {target: hook, identifier: 'default'} : hook)),
      ]),
    ),
    async load() {},
    findCommand: ((id: string, opts: {must?: boolean} = {}) => {
      const command = commands[id]
      if (!command) return opts.must ? Promise.reject(new Error(`command ${id} not found`)) : undefined
      command.id = id
      command.plugin = plugin
      return Promise.resolve(command)
    }) as Interfaces.Plugin['findCommand'],
    // The entries' own properties are copied as they are: a field the manifest reads on first use stays unread.
    commands: commandIDs.map(id =>
      Object.assign(
        Object.defineProperties({} as Command.Cached, Object.getOwnPropertyDescriptors(manifest.commands[id])),
        {
          load: () => plugin.findCommand(id, {must: true}),
          pluginAlias: pjson.name,
          pluginType: 'core',
        },
      ),
    ),
  }
  return plugin
}
