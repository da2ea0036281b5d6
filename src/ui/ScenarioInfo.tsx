import { lazy, Suspense } from 'react';
import { useLab } from './lab-context';
import { selectEdited } from '../store/editor';
import { inline } from './lessons/inline-md';
import { CopyLinkButton } from './share/CopyLinkButton';

/**
 * The scenario's name and description. Descriptions are Markdown; this shows
 * paragraphs, **bold**, *italic* and `code` spans, which is all the scenario
 * files use, and builds React elements (never HTML),
 * so an imported file cannot inject markup. Beyond the first paragraph the
 * text folds away, to keep the charts in view. For a preset with rows in one
 * of the seed papers' tables, "Paper vs ours" follows.
 */
export function ScenarioInfo() {
  const scenario = useLab(selectEdited);
  if (!scenario) return null;
  const paragraphs = scenario.description
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  const [first, ...rest] = paragraphs;
  return (
    <>
      <section className="scenario-info" aria-label="About this scenario">
        <div className="scenario-title-row">
          <h2 data-testid="scenario-name">{scenario.name}</h2>
          <CopyLinkButton />
        </div>
        {first && <Paragraph text={first} />}
        {rest.length > 0 && (
          <details>
            <summary>More about this scenario</summary>
            {rest.map((p, i) => (
              <Paragraph key={i} text={p} />
            ))}
          </details>
        )}
      </section>
      <Suspense fallback={null}>
        <PaperTable />
      </Suspense>
    </>
  );
}

// The papers' tables (and the lesson labels they use) load with the first paper preset that shows one.
const PaperTable = lazy(() => import('./presets/PaperTable').then((m) => ({ default: m.PaperTable })));

function Paragraph({ text }: { text: string }) {
  return <p>{inline(text)}</p>;
}
