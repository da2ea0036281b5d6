import { LESSONS, type Lesson } from '../../presets/lessons';
import { lessonStore } from '../../store/lesson-store';
import { runStyle } from './run-styles';

/** The two lessons that walk through every step with a caption and questions. */
const GUIDED = new Set(['one-loss', 'multi-loss']);

/** The lessons, as cards: the step-by-step ones first, then the shorter ones. */
export function LessonList() {
  const guided = LESSONS.filter((l) => GUIDED.has(l.id));
  const more = LESSONS.filter((l) => !GUIDED.has(l.id));
  return (
    <div className="lesson-list" data-testid="lesson-list">
      <header className="lesson-list-head">
        <h2>Guided lessons</h2>
        <p>
          Each lesson runs one small scenario several times side by side — with another TCP variant, queue or delay — and walks you from event to event.
          Before key steps it asks you to predict what happens next.
        </p>
      </header>
      <section aria-labelledby="lessons-guided">
        <h3 id="lessons-guided" className="lesson-section-title">
          Step by step: loss recovery
        </h3>
        <div className="lesson-cards">
          {guided.map((l) => (
            <LessonCard key={l.id} lesson={l} featured />
          ))}
        </div>
      </section>
      <section aria-labelledby="lessons-more">
        <h3 id="lessons-more" className="lesson-section-title">
          More lessons
        </h3>
        <div className="lesson-cards">
          {more.map((l) => (
            <LessonCard key={l.id} lesson={l} />
          ))}
        </div>
      </section>
    </div>
  );
}

function LessonCard({ lesson, featured = false }: { lesson: Lesson; featured?: boolean }) {
  const open = () => lessonStore.getState().open(lesson.id, 0);
  return (
    // The whole card is a larger target for the mouse; keyboards and screen
    // readers open the lesson with the title's button, the same action.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <article className={`lesson-card${featured ? ' featured' : ''}`} onClick={open} data-testid={`lesson-card-${lesson.id}`}>
      <h4>
        <button type="button" className="lesson-card-title" onClick={(e) => (e.stopPropagation(), open())}>
          {lesson.title}
        </button>
      </h4>
      <p className="lesson-card-summary">{lesson.summary}</p>
      <ul className="run-chips" aria-label="Runs">
        {lesson.runs.map((r, i) => (
          <li key={r.id} className="run-chip">
            <span className="run-dot" style={{ background: runStyle(i).colour }} aria-hidden="true" />
            {r.label}
          </li>
        ))}
      </ul>
      <p className="lesson-card-meta">
        {lesson.questions.length} {lesson.questions.length === 1 ? 'question' : 'questions'} to predict
      </p>
    </article>
  );
}
