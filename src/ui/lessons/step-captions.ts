/**
 * A step's caption: the lesson's own text or the engine's sentence,
 * punctuated alike, with a burst's segments listed when the text does not
 * name them.
 */
import type { Variant } from '../../engine/scenario/types';
import { captionFor, captionTemplate, type Lesson } from '../../presets/lessons';
import type { StepRow } from './step-rows';

/** "100, 102 and 104", "528–547", "528–547 and 560". */
export function segmentList(seqs: readonly number[]): string {
  const sorted = [...new Set(seqs)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    if (j - i >= 2) parts.push(`${sorted[i]}–${sorted[j]}`);
    else for (let k = i; k <= j; k++) parts.push(String(sorted[k]));
    i = j + 1;
  }
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/** The engine's own sentences start in lower case and have no full stop. */
export function asSentence(s: string): string {
  const t = s.trim();
  if (!t) return t;
  const first = t[0].toUpperCase() + t.slice(1);
  return /[.!?…)]$/.test(first) ? first : `${first}.`;
}

/**
 * A caption that quotes the engine's sentence ({detail}) gets that sentence
 * punctuated like the rest: a capital after a full stop, no doubled stops.
 */
export function tidyCaption(text: string): string {
  return asSentence(
    text
      .replace(/([^.])\.\.(?!\.)/g, '$1.')
      .replace(/([.!?]\s+)([a-z])/g, (_m, end: string, c: string) => end + c.toUpperCase()),
  );
}

/** A step's caption in one run: the lesson's template for the variant, else the engine's sentence. */
export function captionOf(lesson: Lesson, variant: Variant, row: StepRow): string {
  const template = captionTemplate(lesson, variant, row.event);
  const text = template ? captionFor(lesson, variant, row) : asSentence(row.detail);
  return textWithBurst(template?.text.includes('{detail}') ? tidyCaption(text) : text, row);
}

function textWithBurst(text: string, row: StepRow): string {
  if (!row.burst || row.burst.length < 2) return text;
  // The lesson's own caption may already name them all (several lost segments in one window).
  const named = row.burst.every((seq) => new RegExp(`\\b${seq}\\b`).test(text));
  if (named) return text;
  const list = segmentList(row.burst);
  return row.event === 'drop'
    ? `${text} ${row.burst.length} segments are lost in this burst: ${list}.`
    : `${text} ${row.burst.length} segments are retransmitted one after the other: ${list}.`;
}

/** The lesson with its variant-specific slow-start-exit captions left out (they describe the slow start after a loss). */
export function beforeLossLesson(lesson: Lesson): Lesson {
  return { ...lesson, captions: lesson.captions.filter((c) => !(c.step === 'ss_exit' && c.variants)) };
}
