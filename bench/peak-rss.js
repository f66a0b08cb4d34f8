// Preloaded with `node --import` by the benchmarks: writes the process's peak RSS (bytes) and its CPU time (user +
// system, ms) as JSON to $BENCH_RSS_FILE when it exits, so that a benchmark can measure a CLI run it does not control.
import {writeFileSync} from 'node:fs'

process.on('exit', () => {
  if (!process.env.BENCH_RSS_FILE) return
  const usage = process.resourceUsage()
  const cpuMs = (usage.userCPUTime + usage.systemCPUTime) / 1000
  writeFileSync(process.env.BENCH_RSS_FILE, JSON.stringify({rss: usage.maxRSS * 1024, cpuMs}))
})
