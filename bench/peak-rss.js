// Preloaded with `node --import` by the benchmarks: writes the process's peak RSS (bytes) to $BENCH_RSS_FILE
// when it exits, so that a benchmark can measure a CLI run it does not control.
import {writeFileSync} from 'node:fs'

process.on('exit', () => {
  if (process.env.BENCH_RSS_FILE)
    writeFileSync(process.env.BENCH_RSS_FILE, String(process.resourceUsage().maxRSS * 1024))
})
