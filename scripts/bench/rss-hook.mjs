// Preloaded with `node --import` into every measured child: on exit it writes the child's own
// peak memory and lifetime to BENCH_STATS_OUT, so the parent needs no /usr/bin/time.
import { writeFileSync } from 'node:fs';

const out = process.env.BENCH_STATS_OUT;
if (out) {
  process.on('exit', (code) => {
    // maxRSS is in kilobytes.
    writeFileSync(out, JSON.stringify({ code, maxRSSKB: process.resourceUsage().maxRSS, uptimeMs: process.uptime() * 1000 }));
  });
}
