// Starts `payctl emulator start --port 0 --data :memory: --json` as a child process (benchmarks that use
// spawnSync must not host the emulator in their own, blocked, event loop).
import {spawn} from 'node:child_process'
import {createInterface} from 'node:readline'
import {fileURLToPath} from 'node:url'

const bin = fileURLToPath(new URL('../bin/run.js', import.meta.url))

/** `payctl` of this build by default; `cli` the bin/run.js of another (the start-up bench's baseline). */
export async function startEmulatorProcess(cli = bin) {
  const child = spawn(process.execPath, [cli, 'emulator', 'start', '--port', '0', '--data', ':memory:', '--json'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const [line] = await Promise.race([
    createInterface({input: child.stdout})
      [Symbol.asyncIterator]()
      .next()
      .then(r => [r.value]),
    new Promise((_, reject) => child.once('exit', code => reject(new Error(`emulator exited ${code}`)))),
  ])
  const info = JSON.parse(line)
  return {
    ...info,
    stop: () =>
      new Promise(resolve => {
        child.once('exit', resolve)
        child.kill('SIGTERM')
      }),
  }
}
