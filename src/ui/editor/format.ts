/** Quantities in base units as a person reads them: 1500000 → "1.5 Mbps", 0.01 → "10 ms". */

function trim(x: number): string {
  return String(Number(x.toPrecision(4)));
}

export function formatRate(bps: number): string {
  if (!Number.isFinite(bps)) return '—';
  if (bps >= 1e9) return `${trim(bps / 1e9)} Gbps`;
  if (bps >= 1e6) return `${trim(bps / 1e6)} Mbps`;
  if (bps >= 1e3) return `${trim(bps / 1e3)} kbps`;
  return `${trim(bps)} bps`;
}

export function formatTime(s: number): string {
  if (!Number.isFinite(s)) return '—';
  if (s === 0) return '0 s';
  if (s < 1e-3) return `${trim(s * 1e6)} µs`;
  if (s < 1) return `${trim(s * 1e3)} ms`;
  return `${trim(s)} s`;
}

export function formatBytes(b: number): string {
  if (!Number.isFinite(b)) return '—';
  if (b >= 1e9) return `${trim(b / 1e9)} GB`;
  if (b >= 1e6) return `${trim(b / 1e6)} MB`;
  if (b >= 1e3) return `${trim(b / 1e3)} kB`;
  return `${trim(b)} bytes`;
}

/** Simulated time as the clock shows it. */
export function formatSimTime(s: number): string {
  return `${s.toFixed(3)} s`;
}
