/**
 * For commands that run until stopped (`webhooks listen`, `emulator deliveries`): resolves on Ctrl-C, SIGTERM,
 * or when stdout is closed (e.g. `| head -1`). `dispose()` removes the handlers.
 */
export function stopSignal(): {promise: Promise<void>; dispose(): void} {
  let resolve!: () => void
  const promise = new Promise<void>(r => {
    resolve = r
  })
  const onSignal = () => resolve()
  const onStdoutError = (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') resolve()
  }
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)
  process.stdout.on('error', onStdoutError)
  return {
    promise,
    dispose: () => {
      process.off('SIGINT', onSignal)
      process.off('SIGTERM', onSignal)
      process.stdout.off('error', onStdoutError)
    },
  }
}
