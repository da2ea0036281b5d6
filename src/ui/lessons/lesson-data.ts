/**
 * The computed runs of each lesson, asked of a short-lived worker
 * (lesson.worker.ts) the first time a lesson is opened and kept for the
 * session, with the lesson's steps built from them.
 */
import { useEffect, useState } from 'react';
import { findLesson } from '../../presets/lessons';
import type { LessonResult } from './lesson-compute';
import { buildSteps, type LessonStep } from './lesson-steps';
import { lessonWorker } from '../../workers';

export interface ReadyLesson {
  status: 'ready';
  result: LessonResult;
  steps: LessonStep[];
}

export type LessonLoad = { status: 'loading' } | { status: 'error'; message: string } | ReadyLesson;

type Answer = { ok: true; result: LessonResult } | { ok: false; message: string };

const cache = new Map<string, Promise<ReadyLesson>>();

export function computeInWorker(lessonId: string): Promise<LessonResult> {
  return new Promise((resolve, reject) => {
    const worker = lessonWorker();
    const done = () => worker.terminate();
    worker.onmessage = (e: MessageEvent<Answer>) => {
      done();
      if (e.data.ok) resolve(e.data.result);
      else reject(new Error(e.data.message));
    };
    worker.onerror = (e) => {
      done();
      reject(new Error(e.message || 'the lesson worker failed'));
    };
    worker.postMessage({ lessonId });
  });
}

export function loadLesson(lessonId: string): Promise<ReadyLesson> {
  let p = cache.get(lessonId);
  if (!p) {
    const lesson = findLesson(lessonId);
    p = lesson
      ? computeInWorker(lessonId).then((result) => ({ status: 'ready' as const, result, steps: buildSteps(lesson, result.runs) }))
      : Promise.reject(new Error(`There is no lesson "${lessonId}".`));
    cache.set(lessonId, p);
    // A failure is not kept: opening the lesson again tries again.
    p.catch(() => cache.delete(lessonId));
  }
  return p;
}

/** The lesson's runs and steps, computed once per session. */
export function useLessonLoad(lessonId: string): LessonLoad {
  const [state, setState] = useState<{ id: string; load: LessonLoad }>({ id: lessonId, load: { status: 'loading' } });
  // Another lesson starts loading, unless it is the one already shown: adjusted
  // during render (https://react.dev/learn/you-might-not-need-an-effect), so no
  // render shows another lesson's error.
  const [shownId, setShownId] = useState(lessonId);
  if (shownId !== lessonId) {
    setShownId(lessonId);
    setState((s) => (s.id === lessonId && s.load.status === 'ready' ? s : { id: lessonId, load: { status: 'loading' } }));
  }
  useEffect(() => {
    let live = true;
    loadLesson(lessonId).then(
      (ready) => live && setState({ id: lessonId, load: ready }),
      (err: unknown) => live && setState({ id: lessonId, load: { status: 'error', message: err instanceof Error ? err.message : String(err) } }),
    );
    return () => {
      live = false;
    };
  }, [lessonId]);
  return state.id === lessonId ? state.load : { status: 'loading' };
}
