// oclif's root plugin for the single executable, built from memory: the manifest and package.json are bundled
// into the executable, and each command is a class of the bundle. It implements oclif's public `Plugin`
// interface (what `Config.load({plugins})` accepts), so oclif itself runs unchanged and reads no file.

/** oclif's topics from package.json's `oclif.topics`, flattened to `a:b` names as oclif does. */
function topicsOf(topics, prefix = '') {
  return Object.entries(topics ?? {}).flatMap(([name, topic]) => [
    {...topic, name: prefix + name},
    ...topicsOf(topic.subtopics, `${prefix}${name}:`),
  ])
}

/**
 * @param {{root: string, pjson: object, manifest: {commands: object}, commands: object}} parts
 *   `commands` maps each command id to its class (getters, so a call evaluates only its own command).
 */
export function memoryPlugin({root, pjson, manifest, commands}) {
  const plugin = {
    _base: `${pjson.name}@${pjson.version}`,
    alias: pjson.name,
    name: pjson.name,
    version: pjson.version,
    pjson,
    root,
    isRoot: true,
    type: 'core',
    moduleType: 'commonjs',
    valid: true,
    hasManifest: true,
    manifest,
    options: {root, isRoot: true, pjson},
    commandsDir: undefined,
    commandIDs: Object.keys(manifest.commands),
    topics: topicsOf(pjson.oclif.topics),
    hooks: Object.fromEntries(
      Object.entries(pjson.oclif.hooks ?? {}).map(([event, target]) => [event, [{target, identifier: 'default'}]]),
    ),
    async load() {},
    async findCommand(id, opts = {}) {
      const command = commands[id]
      if (!command) {
        if (opts.must) throw new Error(`command ${id} not found`)
        return undefined
      }
      command.id = id
      command.plugin = plugin
      return command
    },
  }
  plugin.commands = Object.entries(manifest.commands)
    .map(([id, cached]) => ({
      ...cached,
      load: () => plugin.findCommand(id, {must: true}),
      pluginAlias: plugin.alias,
      pluginType: 'core',
    }))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  return plugin
}
