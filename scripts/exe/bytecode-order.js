// Which functions the executable runs first, for Bun's `--bytecode-order`: an executable built once for this machine
// runs the commonest calls (--version, --help, a list and a read against its own emulator) with
// BUN_BYTECODE_ORDER_OUT, and the final build lays the bytecode out in that order, so a call touches fewer pages of
// the file (measured: the real call's peak RSS 63 -> 57 MiB). Only on a machine that can run the linux-x64 build;
// elsewhere the executables are built without an order.
import {spawn, spawnSync} from 'node:child_process'
import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {createInterface} from 'node:readline'

/** The calls whose order is recorded: start-up, help, and a real call of each kind. */
const RUNS = [['--version'], ['--help'], ['payouts', 'list', '--json'], ['team', 'get', '--json']]

export const canRecordOrder = () => process.platform === 'linux' && process.arch === 'x64'

/** Runs `exe` (a linux-x64 build) for RUNS; answers the order files, in a folder `cleanUp` removes. */
export async function recordBytecodeOrder(exe) {
  const dir = mkdtempSync(join(tmpdir(), 'payctl-bytecode-order-'))
  const home = {
    PAYCTL_CONFIG_DIR: join(dir, 'config'),
    PAYCTL_DATA_DIR: join(dir, 'data'),
    PAYCTL_CACHE_DIR: join(dir, 'cache'),
  }
  const emulator = spawn(exe, ['emulator', 'start', '--port', '0', '--data', ':memory:', '--json'], {
    env: {...process.env, ...home},
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  try {
    const first = await createInterface({input: emulator.stdout})[Symbol.asyncIterator]().next()
    const {url, keys} = JSON.parse(first.value)
    const env = {...process.env, ...home, PAYCTL_ORIGIN: url, PAYCTL_API_KEY: keys.full}
    const files = RUNS.map((args, index) => {
      const file = join(dir, `order-${index}.txt`)
      const run = spawnSync(exe, args, {env: {...env, BUN_BYTECODE_ORDER_OUT: file}, stdio: 'ignore', timeout: 60_000})
      if (run.status !== 0)
        throw new Error(`recording the bytecode order: payctl ${args.join(' ')} exited ${run.status}`)
      return file
    })
    return {files, cleanUp: () => rmSync(dir, {recursive: true, force: true})}
  } finally {
    emulator.kill('SIGTERM')
  }
}
