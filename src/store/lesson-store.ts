/**
 * Where the student is in the Lessons view: which lesson, which step, which
 * run the time-sequence diagram shows, and the predict-then-reveal answers.
 * A small vanilla Zustand store of its own (share links set it too); the
 * computed runs live in ./lesson-data.ts, not here.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';

export interface LessonData {
  /** the open lesson, or null for the lesson list */
  lessonId: string | null;
  /** the current step, from 0 (the moment before the first event) */
  step: number;
  /** the run the time-sequence diagram shows; null: the run of the current step */
  selectedRun: string | null;
  /** cwnd on a logarithmic axis */
  logScale: boolean;
  /** the time-sequence diagram zoomed around the current step (else the whole run so far) */
  zoom: boolean;
  /** question id → the choice the student made */
  answers: Record<string, string>;
  /** question id → revealed */
  revealed: Record<string, boolean>;
}

export interface LessonActions {
  /** Open a lesson at a step (null: back to the list). Answers are kept per question id. */
  open(lessonId: string | null, step?: number): void;
  setStep(step: number): void;
  selectRun(runId: string | null): void;
  setLogScale(on: boolean): void;
  setZoom(on: boolean): void;
  answer(questionId: string, choice: string): void;
  reveal(questionId: string): void;
  /** Back to step 0 with every answer of this lesson forgotten. */
  restart(questionIds: readonly string[]): void;
}

export type LessonState = LessonData & LessonActions;
export type LessonStore = StoreApi<LessonState>;

export const INITIAL_LESSON: LessonData = {
  lessonId: null,
  step: 0,
  selectedRun: null,
  logScale: false,
  zoom: true,
  answers: {},
  revealed: {},
};

export function createLessonStore(initial: Partial<LessonData> = {}): LessonStore {
  return createStore<LessonState>()((set, get) => ({
    ...INITIAL_LESSON,
    ...initial,
    open: (lessonId, step = 0) => {
      const same = get().lessonId === lessonId;
      set({ lessonId, step: Math.max(0, Math.floor(step)), selectedRun: same ? get().selectedRun : null });
    },
    setStep: (step) => set({ step: Math.max(0, Math.floor(step)) }),
    selectRun: (selectedRun) => set({ selectedRun }),
    setLogScale: (logScale) => set({ logScale }),
    setZoom: (zoom) => set({ zoom }),
    answer: (id, choice) => set({ answers: { ...get().answers, [id]: choice } }),
    reveal: (id) => set({ revealed: { ...get().revealed, [id]: true } }),
    restart: (ids) => {
      const answers = { ...get().answers };
      const revealed = { ...get().revealed };
      for (const id of ids) {
        delete answers[id];
        delete revealed[id];
      }
      set({ step: 0, answers, revealed });
    },
  }));
}

/** The page's lesson store (one page, one Lessons view). */
export const lessonStore: LessonStore = createLessonStore();
