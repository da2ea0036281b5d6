/**
 * One run of a command, timed: its wall time to the millisecond, taken
 * around the call, and under GNU time (/usr/bin/time) where it is
 * installed, its CPU time (user + system, all threads) and its peak RSS.
 * The benchmarks that pair our command with ns-2 (bench/scale.ts) or with
 * another build of itself (bench/compare.ts) time their runs with it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export interface Measure {
  /** wall milliseconds around the call (GNU time's own start included, about a millisecond) */
  wallMs: number;
  /** user + system seconds, NaN without GNU time */
  cpu: number;
  /** peak resident set, MB; NaN without GNU time */
  rssMb: number;
  stderr: string;
  /** stopped at the time limit: wallMs is a lower bound */
  timedOut?: boolean;
}

const HAS_GNU_TIME = existsSync('/usr/bin/time');

/**
 * Run `cmd`, stopped after `limitS` seconds. The limit is coreutils' `timeout`
 * around the command itself: killing GNU time (spawnSync's own timeout)
 * would leave the command it started running on. Throws when the command
 * fails.
 */
export function timedRun(cmd: string[], limitS = Infinity): Measure {
  const t0 = performance.now();
  const limited = Number.isFinite(limitS) ? ['timeout', '-s', 'KILL', String(limitS), ...cmd] : cmd;
  const r = HAS_GNU_TIME
    ? spawnSync('/usr/bin/time', ['-f', 'TIME %U %S %M', ...limited], { encoding: 'utf8', maxBuffer: 1 << 26 })
    : spawnSync(limited[0]!, limited.slice(1), { encoding: 'utf8', maxBuffer: 1 << 26 });
  const wallMs = performance.now() - t0;
  // `timeout -s KILL` exits 137 when it had to stop the command.
  if (Number.isFinite(limitS) && r.status === 137) return { wallMs, cpu: NaN, rssMb: NaN, stderr: '', timedOut: true };
  if (r.status !== 0) throw new Error(`${cmd.join(' ')} failed: ${(r.stderr ?? '').slice(-500)}`);
  const m = /TIME ([\d.]+) ([\d.]+) (\d+)/.exec(r.stderr);
  return {
    wallMs,
    cpu: m ? Number(m[1]) + Number(m[2]) : NaN,
    rssMb: m ? Number(m[3]) / 1024 : NaN,
    stderr: r.stderr,
  };
}
