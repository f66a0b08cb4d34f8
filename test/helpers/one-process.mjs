// Runs payctl once for each argv of a JSON file ([{argv, env?} | {write: [path, text]}]) in this one process, as
// bin/run.js starts it, and prints `### <index> exit <code>` on stdout after each (a `write` entry writes a file
// between runs): test/helpers/tty.ts's `runManyInTty` runs it in a pseudo-terminal, so that dozens of outputs are
// seen at a width for the cost of one start.
import {readFileSync, writeFileSync} from 'node:fs'
import {fileURLToPath} from 'node:url'

const root = fileURLToPath(new URL('../..', import.meta.url))
const runs = JSON.parse(readFileSync(process.argv[2], 'utf8'))
const {startPackage} = await import(new URL('../../dist/bundle/run.js', import.meta.url).href)
const watched = [
  [process, 'SIGINT'],
  [process, 'SIGTERM'],
  [process.stdout, 'drain'],
  [process.stderr, 'drain'],
]

for (const [index, run] of runs.entries()) {
  if (run.write) {
    writeFileSync(run.write[0], run.write[1])
    continue
  }
  const savedEnv = {...process.env}
  for (const [name, value] of Object.entries(run.env ?? {}))
    if (value === null) delete process.env[name]
    else process.env[name] = value
  const listeners = watched.map(([emitter, event]) => new Set(emitter.listeners(event)))
  const exit = process.exit
  let code
  process.exit = value => {
    code ??= Number(value ?? 0)
  }
  process.exitCode = undefined
  try {
    await startPackage(root, run.argv)
  } catch (error) {
    process.stderr.write(`one-process: ${error?.stack ?? error}\n`)
    code ??= 1
  }
  process.exit = exit
  code ??= Number(process.exitCode ?? 0)
  process.exitCode = undefined
  for (const name of Object.keys(process.env)) if (!(name in savedEnv)) delete process.env[name]
  Object.assign(process.env, savedEnv)
  watched.forEach(([emitter, event], i) => {
    for (const listener of emitter.listeners(event)) if (!listeners[i].has(listener)) emitter.off(event, listener)
  })
  process.stdout.write(`### ${index} exit ${code}\n`)
}
