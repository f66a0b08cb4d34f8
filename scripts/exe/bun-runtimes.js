// The Bun runtimes the executables are made of: the `@oven/bun-<os>-<arch>` packages of the `bun` devDependency's
// exact version, fetched from the npm registry with `npm pack` (npm would refuse to install another platform's
// package) into node_modules/.cache/payctl-bun and unpacked there once.
import {execFileSync} from 'node:child_process'
import {existsSync, mkdirSync} from 'node:fs'
import {createRequire} from 'node:module'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'

const require = createRequire(import.meta.url)
const cache = fileURLToPath(new URL('../../node_modules/.cache/payctl-bun', import.meta.url))
export const BUN_VERSION = require('bun/package.json').version

/** payctl's platform names, with Bun's `--target`, the npm package holding that runtime and (darwin) the Mach-O CPU. */
export const TARGETS = [
  {name: 'linux-x64', target: 'bun-linux-x64', pkg: 'bun-linux-x64', binary: 'bun', bunfs: '/$bunfs/root'},
  {name: 'linux-arm64', target: 'bun-linux-arm64', pkg: 'bun-linux-aarch64', binary: 'bun', bunfs: '/$bunfs/root'},
  {
    name: 'darwin-arm64',
    target: 'bun-darwin-arm64',
    pkg: 'bun-darwin-aarch64',
    binary: 'bun',
    bunfs: '/$bunfs/root',
    macho: 'arm64',
  },
  {
    name: 'darwin-x64',
    target: 'bun-darwin-x64',
    pkg: 'bun-darwin-x64',
    binary: 'bun',
    bunfs: '/$bunfs/root',
    macho: 'x64',
  },
  {name: 'windows-x64', target: 'bun-windows-x64', pkg: 'bun-windows-x64', binary: 'bun.exe', bunfs: 'B:/~BUN/root'},
]

/** The path of the Bun binary for `target` (one of TARGETS), fetched on first use. */
export function bunRuntime(target) {
  const dir = join(cache, `${target.pkg}-${BUN_VERSION}`)
  const binary = join(dir, 'package', 'bin', target.binary)
  if (!existsSync(binary)) {
    mkdirSync(dir, {recursive: true})
    const spec = `@oven/${target.pkg}@${BUN_VERSION}`
    console.error(`fetching ${spec} from the npm registry`)
    const tarball = execFileSync('npm', ['pack', spec, '--silent', '--pack-destination', dir], {encoding: 'utf8'})
    execFileSync('tar', ['-xzf', join(dir, tarball.trim().split('\n').at(-1)), '-C', dir])
  }
  return binary
}
