/**
 * The scenario loader on the page, fetched on demand. The loader (zod and
 * the scenario schema, ./page-budget.ts) is about 27 kB gzip; the Lab's first
 * load does without it: it opens on the default example, whose verdict was
 * made when the page was built (scripts/checked-scenario.ts), and fetches
 * the loader right after its first paint (src/main.tsx), before anyone can
 * edit, import or open another scenario. A start that needs it at once (a
 * link, the work kept from the last visit) waits for it first.
 *
 * Until it has arrived, the page's parser answers from the verdicts made at
 * build time, and for anything else says that the scenario cannot be checked
 * yet: a structural edit is refused whole, a typed value is kept as typed
 * and applied when the loader arrives (retryNotLoaded). From then on every
 * scenario goes through the loader, as before.
 */
import type { ParseResult } from '../engine/scenario/types';
import type { Kept } from '../store/archive';
import type { LabStore, ScenarioParser } from '../store/lab-types';
import { formatIssues } from '../engine/scenario/format';

export type PageLoader = typeof import('./page-budget');

let loaded: PageLoader | null = null;
let loading: Promise<PageLoader> | null = null;

/** The loader, fetching it the first time (again after a failed fetch). */
export function loadLoader(): Promise<PageLoader> {
  loading ??= import('./page-budget').then(
    (m) => (loaded = m),
    (err: unknown) => {
      loading = null;
      throw err;
    },
  );
  return loading;
}

/** The loader if it has arrived, else null. */
export function loadedLoader(): PageLoader | null {
  return loaded;
}

/** What the parser says of a scenario it cannot check before the loader has arrived. */
export const NOT_LOADED_YET = 'cannot be checked yet: the scenario loader is still loading';

const notYet = (): ParseResult => ({ ok: false, issues: [{ path: '(scenario)', message: NOT_LOADED_YET }], warnings: [] });

/** A scenario and the page loader's verdict on it, made at build time. */
export interface Checked {
  input: unknown;
  verdict: ParseResult;
}

/**
 * The page's parser: the loader once it has arrived; before, the verdict of
 * a scenario checked at build time (the same object, or the same JSON), a
 * fresh copy each time as the loader would give, and for anything else
 * NOT_LOADED_YET (and the loader is asked for).
 */
export function pageParser(checked: readonly Checked[]): ScenarioParser {
  const texts = new Map<string, ParseResult>();
  const known = (input: unknown): ParseResult | undefined => {
    const same = checked.find((c) => c.input === input);
    if (same) return same.verdict;
    if (texts.size === 0) for (const c of checked) texts.set(JSON.stringify(c.input), c.verdict);
    try {
      return texts.get(JSON.stringify(input));
    } catch {
      return undefined; // a value JSON cannot hold: the loader judges it
    }
  };
  const early = (input: unknown): ParseResult => {
    const verdict = known(input);
    if (verdict) return structuredClone(verdict);
    loadLoader().catch(() => undefined); // a failed fetch is tried again at the next scenario
    return notYet();
  };
  return {
    parse: (input) => (loaded ? loaded.parsePageScenario(input) : early(input)),
    parseText: (text) => {
      if (loaded) return loaded.parsePageScenarioText(text);
      loadLoader().catch(() => undefined);
      return notYet();
    },
    formatIssues,
  };
}

/**
 * Whether the page must have the loader (and the share links, which use it)
 * before it opens: the address holds a link, or the last visit left work to
 * restore (My scenarios, drafts, another scenario open). A first visit, or a
 * return to the unedited default, opens without it.
 */
export function needsLoaderFirst(hash: string, kept: Kept, defaultKey: string): boolean {
  return (
    hash.replace(/^#/, '') !== '' ||
    kept.mine.length > 0 ||
    kept.drafts.length > 0 ||
    (kept.current !== null && kept.current.key !== defaultKey)
  );
}

/**
 * Values typed before the loader arrived were kept as typed, refused with
 * NOT_LOADED_YET (store/field-ops.ts keeps a refused value pending): once the
 * loader is there, each is tried again, as if typed now.
 */
export function retryNotLoaded(store: LabStore): void {
  const waiting = store.getState().pending.filter((p) => p.issues.some((i) => i.message === NOT_LOADED_YET));
  for (const p of waiting) store.getState().setField(p.what, p.ref, p.text, p.value);
}
