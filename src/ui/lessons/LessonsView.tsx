import { LessonList } from './LessonList';
import { LessonPage } from './LessonPage';
import { useLessonState } from './use-lesson';
import './lessons.css';

/** The Lessons view: the list of guided lessons, or the open lesson. */
export function LessonsView() {
  const lessonId = useLessonState((s) => s.lessonId);
  return (
    <main className="main lessons-main" aria-label="Lessons">
      {lessonId ? <LessonPage key={lessonId} lessonId={lessonId} /> : <LessonList />}
    </main>
  );
}
