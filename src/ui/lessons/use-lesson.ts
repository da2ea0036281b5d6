/** The Lessons view's React binding of the lesson store. */
import { useStore } from 'zustand';
import { lessonStore, type LessonState } from '../../store/lesson-store';

export function useLessonState<T>(selector: (s: LessonState) => T): T {
  return useStore(lessonStore, selector);
}
