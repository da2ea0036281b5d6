import { useId } from 'react';
import type { LessonRunResult } from './lesson-compute';
import { lessonStore } from '../../store/lesson-store';
import { useLessonState } from './use-lesson';
import type { StepQuestion } from './lesson-steps';
import { runNames } from './step-titles';

/**
 * Predict, then reveal. A question attached to a step is asked at the step
 * before it ("what will cwnd do next?", radio choices: mode "upcoming"); once
 * the step has been taken the prediction is locked and Reveal shows the
 * answer and why (mode "due").
 */
export function PredictPanel({ mode, questions, runs }: { mode: 'due' | 'upcoming'; questions: readonly StepQuestion[]; runs: readonly LessonRunResult[] }) {
  if (questions.length === 0) return null;
  return (
    <section className={`predict predict-${mode}`} aria-label={mode === 'upcoming' ? 'Predict the next step' : 'Your predictions'} data-testid={`predict-${mode}`}>
      {questions.map((q) => (mode === 'upcoming' ? <Ask key={q.question.id} q={q} runs={runs} /> : <Reveal key={q.question.id} q={q} runs={runs} />))}
    </section>
  );
}

function about(q: StepQuestion, runs: readonly LessonRunResult[]): string {
  if (runs.length < 2) return '';
  return runNames(q.runs, runs).replace(/^all/, 'All').replace(/^both/, 'Both');
}

/** Before the step: the question, with radio choices. */
function Ask({ q, runs }: { q: StepQuestion; runs: readonly LessonRunResult[] }) {
  const name = useId();
  const id = q.question.id;
  const chosen = useLessonState((s) => s.answers[id]);
  const who = about(q, runs);
  return (
    <fieldset className="question question-upcoming" data-testid={`question-${id}`} data-mode="upcoming">
      <legend>
        <span className="question-kicker">Predict</span>
        {who && <span className="question-about"> · {who}</span>}
      </legend>
      <p className="question-prompt">{q.question.prompt}</p>
      <div className="question-choices">
        {q.question.choices.map((c) => (
          <label key={c} className="choice">
            <input type="radio" name={name} value={c} checked={chosen === c} onChange={() => lessonStore.getState().answer(id, c)} />
            <span>{c}</span>
          </label>
        ))}
      </div>
      <p className="question-hint">{chosen ? 'Now press Step to see what happens.' : 'Choose what you expect, then press Step.'}</p>
    </fieldset>
  );
}

/** After the step: the prediction, locked; Reveal shows the answer and why. */
function Reveal({ q, runs }: { q: StepQuestion; runs: readonly LessonRunResult[] }) {
  const id = q.question.id;
  const chosen = useLessonState((s) => s.answers[id]);
  const revealed = useLessonState((s) => !!s.revealed[id]);
  const who = about(q, runs);
  const right = chosen === q.question.answer;
  return (
    <section className={`question question-due${revealed ? ' revealed' : ''}`} data-testid={`question-${id}`} data-mode="due" aria-label={`Prediction: ${q.question.prompt}`}>
      <div className="question-legend">
        <span className="question-kicker">{revealed ? 'Answer' : 'Your prediction'}</span>
        {who && <span className="question-about"> · {who}</span>}
      </div>
      <p className="question-prompt" title={revealed ? q.question.prompt : undefined}>
        {q.question.prompt}
      </p>
      {!revealed && (
        <div className="question-locked">
          <span>
            {chosen ? (
              <>
                You predicted: <strong>{chosen}</strong>
              </>
            ) : (
              'You made no prediction.'
            )}
          </span>
          <button type="button" className="button primary small" onClick={() => lessonStore.getState().reveal(id)}>
            Reveal
          </button>
        </div>
      )}
      {revealed && (
        <div className={`question-answer${chosen ? (right ? ' right' : ' not-right') : ''}`} role="status" data-testid="question-answer">
          <p>
            <strong>{chosen ? (right ? 'Right: ' : 'Not quite: ') : 'Answer: '}</strong>
            {q.question.answer}.{chosen && !right ? ` (You predicted “${chosen}”.)` : ''}
          </p>
          <p>{q.question.why}</p>
        </div>
      )}
    </section>
  );
}

/** Of the questions a lesson asked, how many were answered and how many right. */
export function predictionScore(questions: readonly StepQuestion[], answers: Readonly<Record<string, string>>): { asked: number; answered: number; right: number } {
  const seen = new Map<string, StepQuestion>();
  for (const q of questions) seen.set(q.question.id, q);
  let answered = 0;
  let right = 0;
  for (const q of seen.values()) {
    const a = answers[q.question.id];
    if (a === undefined) continue;
    answered++;
    if (a === q.question.answer) right++;
  }
  return { asked: seen.size, answered, right };
}

/** At the end of a lesson: how the predictions went. */
export function PredictionScore({ questions }: { questions: readonly StepQuestion[] }) {
  const answers = useLessonState((s) => s.answers);
  const { asked, answered, right } = predictionScore(questions, answers);
  if (asked === 0) return null;
  return (
    <section className="prediction-score" aria-label="Your predictions" data-testid="prediction-score">
      <p className="prediction-score-figure">
        <strong>
          {right} of {asked}
        </strong>{' '}
        predictions right
      </p>
      <p className="prediction-score-note">
        {answered < asked
          ? `${asked - answered} question${asked - answered === 1 ? '' : 's'} left unanswered: Restart to try them all.`
          : right === asked
            ? 'Every one: you can read a sender’s mind.'
            : 'Step back to any answer to read why.'}
      </p>
    </section>
  );
}
