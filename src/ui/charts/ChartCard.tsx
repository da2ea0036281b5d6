import { useRef, useState, type ReactNode, type RefObject } from 'react';
import { chartSvg, legendEntries, svgText, svgToPng } from '../export/chart-export';
import { downloadBlob, slug } from '../export/download';
import { ChartTable, seriesTable, type TableColumn, type TableData } from './ChartTable';
import { Legend, type LegendItem } from './Legend';
import { chartOn } from './use-chart';

export interface ChartCardProps {
  testId: string;
  /** the plot's container (the chart factory mounts on it) */
  chartRef: RefObject<HTMLDivElement | null>;
  /** file name of a saved picture, without extension */
  name: string;
  title: ReactNode;
  /** the title as plain text (saved pictures, the data table's caption) */
  titleText: string;
  legend: LegendItem[];
  legendTestId?: string;
  /** the legend's first `legendFlows` items are one per flow, folded when there are many (Legend.tsx) */
  legendFlows?: number;
  /** controls beside the title (a flow or trace chooser) */
  tools?: ReactNode;
  /** the chart's lines, for its data table */
  tableColumns?(): TableColumn[];
  /** or the table itself */
  table?(): TableData;
}

/**
 * The frame of every Lab chart: title, tools, legend, the plot, a data table
 * for screen readers, and Save PNG / Save SVG for slides and papers.
 */
export function ChartCard({ testId, chartRef, name, title, titleText, legend, legendTestId, legendFlows, tools, tableColumns, table }: ChartCardProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const figure = useRef<HTMLElement>(null);
  const picture = () => {
    const snap = chartOn(chartRef.current)?.snapshot?.();
    if (!snap) throw new Error('the chart is not drawn yet');
    const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
    return chartSvg({ title: titleText, legend: legendEntries(figure.current?.querySelector('.legend') ?? null), chart: snap }, rem);
  };
  const save = async (format: 'png' | 'svg') => {
    try {
      setProblem(null);
      const svg = picture();
      const file = `${slug(name, 'chart')}.${format}`;
      if (format === 'svg') downloadBlob(file, new Blob([svgText(svg)], { type: 'image/svg+xml' }));
      else downloadBlob(file, await svgToPng(svg));
    } catch (err) {
      setProblem(err instanceof Error ? err.message : String(err));
    }
  };
  return (
    <figure className="chart-card" data-testid={testId} ref={figure}>
      <figcaption>
        <h2>{title}</h2>
        {tools}
        <span className="chart-save" role="group" aria-label={`Save ${titleText}`}>
          <button type="button" className="chart-save-button" onClick={() => void save('png')} title="Save this chart as a PNG picture (1920 pixels wide)">
            PNG
          </button>
          <button type="button" className="chart-save-button" onClick={() => void save('svg')} title="Save this chart as an SVG drawing (for slides and papers)">
            SVG
          </button>
        </span>
        <Legend items={legend} testId={legendTestId} flows={legendFlows} />
        {problem && (
          <p className="chart-save-problem" role="alert">
            Could not save the chart: {problem}
          </p>
        )}
      </figcaption>
      <div className="chart-plot" ref={chartRef} />
      <ChartTable caption={titleText} table={table ?? (() => seriesTable(tableColumns?.() ?? []))} />
    </figure>
  );
}
