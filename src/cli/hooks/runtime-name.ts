import type {Hook} from '@oclif/core/interfaces'
import {runtimeTag} from '../../shared/runtime.js'

/**
 * The executables' `init` hook (scripts/exe/main.js registers it): oclif ends `--version`, the help's VERSION line
 * and its User-Agent with `node-<process.version>`, which Bun answers with the Node version it implements. Runs
 * before oclif prints the version.
 */
const hook: Hook.Init = async function () {
  const {config} = this
  // Typed read-only; oclif sets it once in Config.load(), before this hook, and only reads it afterwards.
  const loaded = config as {userAgent: string}
  loaded.userAgent = `${config.name}/${config.version} ${config.platform}-${config.arch} ${runtimeTag()}`
}

export default hook
