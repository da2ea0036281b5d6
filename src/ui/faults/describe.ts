/** Faults in words, for the fault list and the direction pickers. */
import type { FaultSpec, LinkSpec } from '../../engine/scenario/types';
import { formatTime } from '../editor/format';

/** "100", "100–104", "7, 9 and 12" */
export function segmentList(seqs: readonly number[]): string {
  if (!seqs.length) return 'no segments';
  const sorted = [...seqs].sort((a, b) => a - b);
  const consecutive = sorted.every((s, i) => i === 0 || s === sorted[i - 1] + 1);
  if (consecutive && sorted.length > 2) return `${sorted[0]}–${sorted[sorted.length - 1]}`;
  if (sorted.length === 1) return String(sorted[0]);
  return `${sorted.slice(0, -1).join(', ')} and ${sorted[sorted.length - 1]}`;
}

export function directionText(link: LinkSpec | undefined, from: string | null): string {
  if (from === null || !link) return 'both directions';
  return `${from} → ${from === link.a ? link.b : link.a}`;
}

const at = (t: number) => `at ${formatTime(t)}`;

export function describeFault(f: FaultSpec, links: readonly LinkSpec[]): string {
  const link = 'link' in f ? links.find((l) => l.id === f.link) : undefined;
  switch (f.kind) {
    case 'dropSegments':
      return `Drop segment${f.seqs.length === 1 ? '' : 's'} ${segmentList(f.seqs)} of flow ${f.flow}`;
    case 'dropBurst':
      return `Drop ${f.count} packet${f.count === 1 ? '' : 's'} on ${f.link} (${directionText(link, f.from)}) ${at(f.at)}`;
    case 'linkDown':
      return `Take ${f.link} down ${at(f.at)} for ${formatTime(f.duration)}`;
    case 'randomLoss': {
      const pct = `${Number((f.rate * 100).toPrecision(3))} %`;
      const span = f.until === null ? `from ${formatTime(f.at)}` : `from ${formatTime(f.at)} to ${formatTime(f.until)}`;
      return `Lose ${pct} of packets on ${f.link} (${directionText(link, f.from)}) ${span}`;
    }
  }
}
