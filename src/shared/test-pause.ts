/**
 * A test's handle on a moment that timing cannot hit: with `PAYCTL_TEST_PAUSE=<point>`, the run stops at that
 * point, prints `payctl-test-pause: <point>` on stderr, and goes on once it gets SIGTERM or SIGINT (which the
 * run's own handlers see as they would at that moment). Without the variable, nothing happens.
 */
export async function testPause(point: string): Promise<void> {
  if (process.env.PAYCTL_TEST_PAUSE !== point) return
  await new Promise<void>(resolve => {
    // Signal listeners do not keep the process alive: the timer does, until the signal comes.
    const alive = setInterval(() => {}, 60_000)
    const go = () => {
      process.off('SIGTERM', go)
      process.off('SIGINT', go)
      clearInterval(alive)
      setImmediate(resolve)
    }
    process.on('SIGTERM', go)
    process.on('SIGINT', go)
    process.stderr.write(`payctl-test-pause: ${point}\n`)
  })
}
