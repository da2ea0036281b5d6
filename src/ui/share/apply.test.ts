import { beforeEach, describe, expect, it } from 'vitest';
import { formatIssues, parseScenario, parseScenarioText } from '../../engine/scenario';
import { createLabStore, type LabStore } from '../../store/lab-store';
import type { ScenarioDoc } from '../../store/edit-ops';
import { createLessonStore, type LessonStore } from '../../store/lesson-store';
import { defaultPresetKey, presetEntries } from '../../store/presets';
import { applyShareHash, currentShareState, isUnmodifiedPreset, shareMessages, shareUrl } from './apply';

const HREF = 'https://example.org/courses/lab/index.html';

function page(): { lab: LabStore; lessons: LessonStore } {
  const lab = createLabStore({ parse: parseScenario, parseText: parseScenarioText, formatIssues });
  const entries = presetEntries();
  lab.getState().setEntries(entries);
  lab.getState().selectScenario(defaultPresetKey(entries)!);
  return { lab, lessons: createLessonStore() };
}

function linkOf(p: { lab: LabStore; lessons: LessonStore }): string {
  return shareUrl(currentShareState(p.lab.getState(), p.lessons.getState()), HREF);
}

const hashOf = (url: string) => url.slice(url.indexOf('#'));

beforeEach(() => shareMessages.getState().set(null));

describe('share links on the page', () => {
  it('an unchanged preset gives a short link that opens it', () => {
    const a = page();
    expect(a.lab.getState().selectScenario('p004-loss-2')).toBe(true);
    const url = linkOf(a);
    expect(url).toBe(`${HREF}#p=p004-loss-2`);
    const b = page();
    expect(applyShareHash(hashOf(url), b.lab, b.lessons)).toBe('applied');
    expect(b.lab.getState().scenarioKey).toBe('p004-loss-2');
    expect(b.lab.getState().scenarioInput).toEqual(a.lab.getState().scenarioInput);
  });

  it('the presenter layout travels with a Lab link and is switched on by it', () => {
    const a = page();
    a.lab.getState().setPresenter(true);
    const url = linkOf(a);
    expect(url).toBe(`${HREF}#p=single-drop-reno&pr=1`);
    const b = page();
    expect(b.lab.getState().presenter).toBe(false);
    expect(applyShareHash(hashOf(url), b.lab, b.lessons)).toBe('applied');
    expect(b.lab.getState().presenter).toBe(true);
  });

  it('an edited scenario travels whole and is restored exactly, as an entry of its own', () => {
    const a = page();
    const result = a.lab.getState().edit('Set bandwidth', (doc: ScenarioDoc) => {
      const copy = JSON.parse(JSON.stringify(doc));
      copy.links[1].bandwidth = '2Mbps';
      copy.seed = 7;
      return copy;
    });
    expect(result.ok).toBe(true);
    expect(isUnmodifiedPreset(a.lab.getState().entries.find((e) => e.key === a.lab.getState().scenarioKey), a.lab.getState().scenarioInput)).toBe(false);
    const url = linkOf(a);
    expect(url).toMatch(/#s=[A-Za-z0-9_-]+$/);

    const b = page();
    expect(applyShareHash(hashOf(url), b.lab, b.lessons)).toBe('applied');
    const s = b.lab.getState();
    expect(s.scenarioInput).toEqual(a.lab.getState().scenarioInput);
    expect(s.scenario?.links[1].bandwidth).toBe(2e6);
    expect(s.scenario?.seed).toBe(7);
    expect(s.entries.find((e) => e.key === s.scenarioKey)?.label).toMatch(/\(from a link\)$/);
    // Opening the same link again reuses the entry.
    const count = s.entries.length;
    applyShareHash(hashOf(url), b.lab, b.lessons);
    expect(b.lab.getState().entries.length).toBe(count);
  });

  it('the Lessons view, the lesson and its step come back too', () => {
    const a = page();
    a.lab.getState().setView('lessons');
    a.lessons.getState().open('multi-loss', 6);
    const url = linkOf(a);
    expect(url).toBe(`${HREF}#p=single-drop-reno&v=lessons&l=multi-loss&step=6`);
    const b = page();
    applyShareHash(hashOf(url), b.lab, b.lessons);
    expect(b.lab.getState().view).toBe('lessons');
    expect(b.lessons.getState()).toMatchObject({ lessonId: 'multi-loss', step: 6 });
  });

  it('so does how the lesson was shown: the chosen run, the log axis, the zoom', () => {
    const a = page();
    a.lab.getState().setView('lessons');
    a.lessons.getState().open('multi-loss', 2);
    a.lessons.getState().selectRun('newreno');
    a.lessons.getState().setLogScale(true);
    a.lessons.getState().setZoom(false);
    const url = linkOf(a);
    expect(url).toBe(`${HREF}#p=single-drop-reno&v=lessons&l=multi-loss&step=2&run=newreno&log=1&zoom=0`);
    const b = page();
    b.lessons.getState().setLogScale(false);
    applyShareHash(hashOf(url), b.lab, b.lessons);
    expect(b.lessons.getState()).toMatchObject({ lessonId: 'multi-loss', step: 2, selectedRun: 'newreno', logScale: true, zoom: false });
    // A link without them restores the defaults, whatever the page showed before.
    applyShareHash('#p=single-drop-reno&v=lessons&l=multi-loss&step=1', b.lab, b.lessons);
    expect(b.lessons.getState()).toMatchObject({ step: 1, selectedRun: null, logScale: false, zoom: true });
  });

  it('a bad link leaves a plain-text message and opens the default scenario in the Lab', () => {
    const b = page();
    b.lab.getState().selectScenario('p000-ee-400');
    b.lab.getState().setView('lessons');
    expect(applyShareHash('#s=<script>alert(1)</script>', b.lab, b.lessons)).toBe('rejected');
    expect(b.lab.getState().scenarioKey).toBe('single-drop-reno');
    expect(b.lab.getState().view).toBe('lab');
    const m = shareMessages.getState().message;
    expect(m?.title).toMatch(/damaged/);
    expect(m?.note).toMatch(/default scenario/);

    expect(applyShareHash('#p=nope', b.lab, b.lessons)).toBe('rejected');
    expect(shareMessages.getState().message?.details.join(' ')).toContain('Unknown preset: "nope"');
    // A good link clears the message.
    expect(applyShareHash('#p=p000-ee-400', b.lab, b.lessons)).toBe('applied');
    expect(shareMessages.getState().message).toBeNull();
  });

  it('a fragment that is not a share link changes nothing', () => {
    const b = page();
    b.lab.getState().selectScenario('p000-ee-400');
    expect(applyShareHash('#top', b.lab, b.lessons)).toBe('none');
    expect(b.lab.getState().scenarioKey).toBe('p000-ee-400');
  });
});
