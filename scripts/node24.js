// Node 24 from the npm registry (the `node@24` package: its binary is the one the single executable is made of,
// and the Node the benchmarks compare on). Installed once into node_modules/.cache, not as a devDependency:
// a dependency on `node` would link node_modules/.bin/node, and every npm script would run on Node 24.
// PAYCTL_NODE24=/path/to/node uses another.
import {execFileSync} from 'node:child_process'
import {existsSync, mkdirSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'

const dir = fileURLToPath(new URL('../node_modules/.cache/payctl-node24', import.meta.url))

/** The path of Node 24's binary, installed on first use. */
export function node24() {
  if (process.env.PAYCTL_NODE24) return process.env.PAYCTL_NODE24
  const node = join(dir, 'node_modules', 'node', 'bin', 'node')
  if (!existsSync(node)) {
    console.error(`installing node@24 from the npm registry into ${dir}`)
    // The node package's install script links its binary: allowed here, as package.json allows bun's.
    mkdirSync(dir, {recursive: true})
    writeFileSync(join(dir, 'package.json'), `${JSON.stringify({private: true, allowScripts: {node: true}})}\n`)
    execFileSync('npm', ['install', '--prefix', dir, '--no-audit', '--no-fund', '--no-save', 'node@24'], {
      stdio: ['ignore', 'ignore', 'inherit'],
    })
  }
  return node
}
