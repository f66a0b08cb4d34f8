// Preloaded with `node --import` by the benchmarks: writes the process's peak RSS (bytes) to $BENCH_RSS_FILE
// and its CPU time (user + system, microseconds) to $BENCH_RSS_FILE.cpu when it exits, so that a benchmark can
// measure a CLI run it does not control (CPU time says more than wall time on a shared machine).
import {writeFileSync} from 'node:fs'

process.on('exit', () => {
  if (process.env.BENCH_RSS_FILE) {
    const usage = process.resourceUsage()
    writeFileSync(process.env.BENCH_RSS_FILE, String(usage.maxRSS * 1024))
    writeFileSync(`${process.env.BENCH_RSS_FILE}.cpu`, String(usage.userCPUTime + usage.systemCPUTime))
  }
})
