/**
 * The lessons' ids and each one's run ids, without the lessons themselves.
 *
 * A share link names a lesson and a run, and the page checks them before it
 * opens anything (ui/share/apply.ts). Importing the lessons for that would put
 * their captions and questions (about 10 kB gzip) into the Lab's first load,
 * which does not need them: the Lessons view loads them when it opens.
 * lesson-index.test.ts holds this index equal to LESSONS (presets/lessons.ts).
 */
export const LESSON_RUNS: Readonly<Record<string, readonly string[]>> = Object.freeze({
  'one-loss': ['tahoe', 'reno', 'newreno', 'sack'],
  'multi-loss': ['tahoe', 'reno', 'newreno', 'sack'],
  'slow-start': ['tahoe', 'reno'],
  'outage-backoff': ['reno'],
  'vegas-queue': ['vegas', 'reno', 'cubic'],
  'westwood-loss': ['reno', 'westwood', 'westwoodnr'],
  'red-droptail': ['red', 'droptail'],
  fairness: ['same-rtt', 'long-rtt', 'cubic'],
  bufferbloat: ['droptail', 'codel', 'fqcodel'],
  ecn: ['drops', 'marks'],
  commute: ['droptail', 'codel'],
  'bbr-alone': ['bbr'],
  'bbr-share': ['shallow', 'bdp', 'deep'],
});

/** Whether `id` names a lesson. */
export function isLessonId(id: string): boolean {
  return Object.hasOwn(LESSON_RUNS, id);
}

/** Whether `run` is one of lesson `lesson`'s runs. */
export function isLessonRunId(lesson: string, run: string): boolean {
  return isLessonId(lesson) && LESSON_RUNS[lesson].includes(run);
}
