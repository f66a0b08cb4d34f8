import {AsyncLocalStorage} from 'node:async_hooks'
import type {Config} from '@oclif/core/config'
import type {CliRun} from '../services/mcp/cli-runner.js'

interface Capture {
  stdout: string[]
  stderr: string[]
}

const capture = new AsyncLocalStorage<Capture>()
let installed = false

/**
 * Routes process.stdout/stderr writes made inside a captured run to that run's buffers; every other write (the
 * MCP transport's) goes to the real stream. Installed once, on the first captured run.
 */
function installCapture(): void {
  if (installed) return
  installed = true
  for (const name of ['stdout', 'stderr'] as const) {
    const stream = process[name]
    const original = stream.write.bind(stream) as (...args: unknown[]) => boolean
    stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      const target = capture.getStore()
      if (!target) return original(chunk, ...rest)
      target[name].push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'))
      const callback = rest.find(item => typeof item === 'function') as (() => void) | undefined
      if (callback) queueMicrotask(callback)
      return true
    }) as typeof stream.write
  }
}

const exitCodeOf = (error: unknown) => {
  const exit = (error as {oclif?: {exit?: number}})?.oclif?.exit
  return typeof exit === 'number' ? exit : 1
}

/**
 * Runs a payctl command inside this process, as `payctl <id> <argv>` would run, and returns its output and exit
 * code. Runs may overlap: each one's output is kept apart (AsyncLocalStorage), and none reads stdin.
 */
export async function runInProcess(config: Config, id: string, argv: string[]): Promise<CliRun> {
  installCapture()
  const target: Capture = {stdout: [], stderr: []}
  let exitCode = 0
  await capture.run(target, async () => {
    try {
      await config.runCommand(id, argv)
    } catch (error) {
      exitCode = exitCodeOf(error)
      if (exitCode === 1 && !target.stderr.length) target.stderr.push(`${(error as Error)?.message ?? error}\n`)
    }
  })
  return {exitCode, stdout: target.stdout.join(''), stderr: target.stderr.join('')}
}
