import { Fragment } from 'react';
import { useLab } from '../store/context';
import { selectScenario } from '../store/selectors';

/**
 * The scenario's name and description. Descriptions are Markdown; until the
 * lessons bring a full renderer, this shows paragraphs and `code` spans, which
 * is all the example scenarios use, and builds React elements (never HTML),
 * so an imported file cannot inject markup. Beyond the first paragraph the
 * text folds away, to keep the charts in view.
 */
export function ScenarioInfo() {
  const scenario = useLab(selectScenario);
  if (!scenario) return null;
  const paragraphs = scenario.description
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  const [first, ...rest] = paragraphs;
  return (
    <section className="scenario-info" aria-label="About this scenario">
      <h2 data-testid="scenario-name">{scenario.name}</h2>
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
  );
}

function Paragraph({ text }: { text: string }) {
  const parts = text.split(/(`[^`]+`)/);
  return (
    <p>
      {parts.map((part, i) =>
        part.startsWith('`') && part.endsWith('`') && part.length > 1 ? (
          <code key={i}>{part.slice(1, -1)}</code>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </p>
  );
}
