/** How steps, runs and variants are named on the lesson page. */
import type { Variant } from '../../engine/scenario/types';
import { VARIANT_LABELS } from '../../presets/lessons';
import { eventLabel } from '../event-kinds';

/** How a step is named above its caption: "Fast retransmit", "Duplicate ACKs", … */
export const STEP_TITLES: Record<string, string> = {
  start: 'Before the first event',
  end: 'The end of the runs',
  dupacks: 'Duplicate ACKs',
  drop: 'Segment lost',
  fast_retransmit: 'Fast retransmit',
  timeout: 'Retransmission timeout',
  recovery_enter: 'Fast recovery begins',
  recovery_exit: 'Fast recovery ends',
  partial_ack: 'Partial ACK',
  ss_exit: 'Slow start ends',
  retransmit: 'Retransmission',
  complete: 'Transfer complete',
  link_down: 'Link down',
  link_up: 'Link up',
};

export function stepTitle(kind: string): string {
  return STEP_TITLES[kind] ?? eventLabel(kind);
}

/** The runs' labels joined for a caption: "Tahoe", "Reno and NewReno", "all four runs". */
export function runNames(runIndices: readonly number[], runs: readonly { label: string }[]): string {
  if (runIndices.length === runs.length && runs.length > 1) return runs.length === 2 ? 'both runs' : `all ${NUMBER_WORDS[runs.length] ?? runs.length} runs`;
  const names = runIndices.map((i) => runs[i]?.label ?? `run ${i + 1}`);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

const NUMBER_WORDS: Record<number, string> = { 2: 'two', 3: 'three', 4: 'four', 5: 'five', 6: 'six' };

/** A variant's display name (lessons.ts spelling). */
export function variantLabel(v: Variant): string {
  return VARIANT_LABELS[v] ?? v;
}
