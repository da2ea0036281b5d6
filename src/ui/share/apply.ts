/**
 * Share links on the page: what the current state's link is, and opening a
 * link (at startup and whenever the fragment changes). The encoding is in
 * ./share-link.ts.
 */
import { parsePageScenario } from '../page-budget';
import { isLessonId, isLessonRunId } from '../../presets/lesson-index';
import type { LabState, LabStore, ScenarioEntry } from '../../store/lab-store';
import type { LessonData, LessonStore } from '../../store/lesson-store';
import { defaultPresetKey } from '../../store/picker';
import { shareMessages } from '../../store/share-messages';
import { decodeShareHash, encodeShareHash, type DecodeContext, type ShareState } from './share-link';

export { shareMessages, type ShareMessage } from '../../store/share-messages';

const stableJson = (x: unknown) => JSON.stringify(x);

/** The entry's scenario is a preset or example exactly as published (no edits, no recorded faults). */
export function isUnmodifiedPreset(entry: ScenarioEntry | undefined, input: unknown): boolean {
  if (!entry || entry.origin !== 'preset') return false;
  return stableJson(input) === stableJson(entry.input);
}

/** The state a link made now would restore. */
export function currentShareState(
  lab: Pick<LabState, 'entries' | 'scenarioKey' | 'scenarioInput' | 'view'> & Partial<Pick<LabState, 'presenter'>>,
  lesson: Pick<LessonData, 'lessonId' | 'step'> & Partial<Pick<LessonData, 'selectedRun' | 'logScale' | 'zoom'>>,
): ShareState {
  const state: ShareState = { view: lab.view };
  if (lab.view === 'lab' && lab.presenter) state.presenter = true;
  if (lab.scenarioInput !== null && lab.scenarioInput !== undefined) {
    const entry = lab.entries.find((e) => e.key === lab.scenarioKey);
    state.scenario = isUnmodifiedPreset(entry, lab.scenarioInput)
      ? { kind: 'preset', id: entry!.key }
      : { kind: 'full', input: lab.scenarioInput };
  }
  if (lab.view === 'lessons' && lesson.lessonId) {
    state.lesson = lesson.lessonId;
    state.step = lesson.step;
    if (lesson.selectedRun) state.run = lesson.selectedRun;
    if (lesson.logScale) state.log = true;
    if (lesson.zoom === false) state.zoom = false;
  }
  return state;
}

/** The page's address with this state in its fragment. Throws if the scenario is too large for a link. */
export function shareUrl(state: ShareState, href: string): string {
  const base = href.replace(/#.*$/, '');
  return base + encodeShareHash(state);
}

function decodeContext(lab: LabState): DecodeContext {
  return {
    parse: parsePageScenario,
    isPreset: (id) => lab.entries.some((e) => e.origin === 'preset' && e.key === id),
    isLesson: isLessonId,
    isLessonRun: isLessonRunId,
  };
}

/**
 * The picker entry for a scenario from a link: one that already holds it (the
 * scenario open before a reload, with its edits; a link opened before), or a
 * new one.
 */
function sharedEntry(lab: LabStore, input: unknown): string {
  const { entries, drafts, scenarioKey } = lab.getState();
  const json = stableJson(input);
  const working = (e: ScenarioEntry) => drafts[e.key]?.input ?? e.input;
  const holds = (e: ScenarioEntry) => stableJson(working(e)) === json;
  const same = entries.find((e) => e.key === scenarioKey && holds(e)) ?? entries.find((e) => drafts[e.key] !== undefined && holds(e)) ?? entries.find(holds);
  if (same) return same.key;
  const name = (input as { name?: unknown }).name;
  const taken = new Set(entries.map((e) => e.key));
  let n = 1;
  while (taken.has(`shared:${n}`)) n++;
  const key = `shared:${n}`;
  const label = `${typeof name === 'string' && name.trim() ? name.trim() : 'Scenario'} (from a link)`;
  lab.getState().setEntries([...entries, { key, label, input, origin: 'imported' }]);
  return key;
}

export type ApplyResult = 'none' | 'applied' | 'rejected';

/**
 * Open a link: restore its scenario, view and lesson step. A link that
 * cannot be read leaves a message and opens the default scenario in the Lab.
 */
export function applyShareHash(hash: string, lab: LabStore, lessons: LessonStore): ApplyResult {
  const decoded = decodeShareHash(hash, decodeContext(lab.getState()));
  if (decoded.ok && decoded.state === null) return 'none';
  if (!decoded.ok) {
    shareMessages.getState().set({ title: decoded.message, details: decoded.details, note: 'The default scenario is open instead.' });
    const first = defaultPresetKey(lab.getState().entries.filter((e) => e.origin === 'preset'));
    if (first) lab.getState().selectScenario(first);
    lab.getState().setView('lab');
    return 'rejected';
  }
  const state = decoded.state;
  const actions = lab.getState();
  let opened = true;
  if (state.scenario?.kind === 'preset') opened = actions.selectScenario(state.scenario.id);
  else if (state.scenario?.kind === 'full') opened = actions.selectScenario(sharedEntry(lab, state.scenario.input));
  if (!opened) {
    // The loader accepted it while decoding, so this does not happen; still, say so rather than nothing.
    shareMessages.getState().set({ title: 'The scenario of this link could not be opened.', details: [] });
    return 'rejected';
  }
  shareMessages.getState().set(null);
  actions.setView(state.view);
  if (state.presenter !== undefined) actions.setPresenter(state.presenter);
  if (state.view === 'lessons') {
    const l = lessons.getState();
    l.open(state.lesson ?? null, state.step ?? 0);
    l.selectRun(state.run ?? null);
    l.setLogScale(state.log ?? false);
    l.setZoom(state.zoom ?? true);
  }
  return 'applied';
}
