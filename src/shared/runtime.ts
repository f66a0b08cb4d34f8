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
