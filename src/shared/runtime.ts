/** The JavaScript runtime payctl runs on: Bun inside the executables (which also report a Node version), else Node. */
export function runtimeOf(versions: NodeJS.ProcessVersions = process.versions): {
  name: 'Bun' | 'Node'
  version: string
} {
  return versions.bun ? {name: 'Bun', version: versions.bun} : {name: 'Node', version: versions.node}
}

/** The runtime as the last word of `--version` and of the User-Agent: `node-v24.11.0`, `bun-v1.4.5`. */
export function runtimeTag(versions: NodeJS.ProcessVersions = process.versions): string {
  const {name, version} = runtimeOf(versions)
  return `${name.toLowerCase()}-v${version}`
}

/** What payctl sends as User-Agent: `payctl/0.1.0 node/v24.11.0`, `payctl/0.1.0 bun/v1.4.5`. */
export function userAgent(cliVersion: string, versions: NodeJS.ProcessVersions = process.versions): string {
  const {name, version} = runtimeOf(versions)
  return `payctl/${cliVersion} ${name.toLowerCase()}/v${version}`
}

/**
 * The line of `--version` and of help's VERSION section, in oclif's words with the runtime payctl runs on:
 * `payctl/0.1.0 linux-x64 bun-v1.4.5` (oclif says the Node version Bun implements).
 */
export function versionLine(
  cli: {name: string; version: string; platform: string; arch: string},
  versions: NodeJS.ProcessVersions = process.versions,
): string {
  return `${cli.name}/${cli.version} ${cli.platform}-${cli.arch} ${runtimeTag(versions)}`
}
