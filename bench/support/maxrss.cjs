// Preloaded into a measured process (node --require): on exit, writes the peak resident set
// size in KiB to the file named by MGI_BENCH_MAXRSS, so the benchmark needs no `time` binary.
'use strict';
const file = process.env.MGI_BENCH_MAXRSS;
if (file) {
  process.on('exit', () => {
    require('node:fs').writeFileSync(file, String(process.resourceUsage().maxRSS));
  });
}
