import { useState } from 'react';
import { useLab } from '../lab-context';
import { slug, downloadBlob } from './download';
import { svgText, svgToPng } from './chart-export';
import { presenterStage, viewSvg } from './view-export';

/** Save the whole presenter view (network, caption, charts) as a PNG at projector resolution or an SVG. */
export function SaveViewButtons() {
  const name = useLab((s) => s.scenario?.name ?? 'scenario');
  const [problem, setProblem] = useState<string | null>(null);
  const save = async (format: 'png' | 'svg') => {
    try {
      setProblem(null);
      const stage = presenterStage();
      if (!stage) throw new Error('the presenter layout is not shown');
      const svg = viewSvg(stage);
      const file = `${slug(name)}-view.${format}`;
      if (format === 'svg') downloadBlob(file, new Blob([svgText(svg)], { type: 'image/svg+xml' }));
      else downloadBlob(file, await svgToPng(svg));
    } catch (err) {
      setProblem(err instanceof Error ? err.message : String(err));
    }
  };
  return (
    <span className="chart-toolbar-group" role="group" aria-label="Save the view">
      <span className="chart-toolbar-label">save view</span>
      <button type="button" onClick={() => void save('png')} title="The whole view as a PNG picture, 1920 pixels wide" data-testid="save-view-png">
        PNG
      </button>
      <button type="button" onClick={() => void save('svg')} title="The whole view as an SVG drawing" data-testid="save-view-svg">
        SVG
      </button>
      {problem && (
        <span className="chart-save-problem" role="alert">
          Could not save the view: {problem}
        </span>
      )}
    </span>
  );
}
