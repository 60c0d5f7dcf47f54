// Preloaded with `node --import` into every measured child: on exit it writes the child's own
// peak memory, CPU time (all threads: ESLint's workers, V8's GC) and lifetime to BENCH_STATS_OUT,
// so the parent needs no /usr/bin/time.
import { writeFileSync } from 'node:fs';

const out = process.env.BENCH_STATS_OUT;
if (out) {
  process.on('exit', (code) => {
    const usage = process.resourceUsage();
    // maxRSS is in kilobytes, CPU times in microseconds.
    writeFileSync(out, JSON.stringify({ code, maxRSSKB: usage.maxRSS, cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000, uptimeMs: process.uptime() * 1000 }));
  });
}
