import type {Hook} from '@oclif/core/interfaces'
import {versionLine} from '../../shared/runtime.js'

/**
 * The executables' `init` hook, registered by scripts/exe/main.js only where oclif answers `--version` itself (a
 * possible WSL, where oclif may say `wsl`): oclif ends that line with `node-<process.version>`, which Bun answers
 * with the Node version it implements. Runs before oclif prints the version. Help names the runtime on its own
 * (help.ts); anywhere else main.js answers `--version` before the bundle loads.
 */
const hook: Hook.Init = async function () {
  const {config} = this
  // Typed read-only; oclif sets it once in Config.load(), before this hook, and only reads it afterwards.
  const loaded = config as {userAgent: string}
  loaded.userAgent = versionLine(config)
}

export default hook
