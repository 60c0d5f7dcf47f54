import type { CliIo } from './io.js';

/** Below this many files a run is over before a bar would be worth looking at. */
export const PROGRESS_MIN_FILES = 300;
const WIDTH = 24;

export interface Progress {
  tick(): void;
  done(): void;
}

const silent: Progress = { tick: () => {}, done: () => {} };

/** A one-line bar on stderr, redrawn with `\r`, only when stderr is a terminal: a piped or logged stderr gets no control characters. */
export function progressBar(io: CliIo, total: number, label: string): Progress {
  if (!io.stderrIsTTY || total < PROGRESS_MIN_FILES || io.env.CI) return silent;
  let count = 0;
  let drawnPercent = -1;
  const draw = () => {
    const percent = Math.floor((count / total) * 100);
    if (percent === drawnPercent) return;
    drawnPercent = percent;
    const filled = Math.round((count / total) * WIDTH);
    io.stderr(`\r${label} [${'#'.repeat(filled)}${'.'.repeat(WIDTH - filled)}] ${count}/${total} files`);
  };
  draw();
  return {
    tick: () => {
      count++;
      draw();
    },
    done: () => io.stderr('\r\u001b[K'),
  };
}
