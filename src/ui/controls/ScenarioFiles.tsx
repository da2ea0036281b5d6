import { useState, type ChangeEvent } from 'react';
import { useLab, useLabStore } from '../lab-context';
import { selectScenario, selectScenarioInput } from '../../store/selectors';
import { downloadBlob, downloadJson, slug } from '../export/download';
import { DownloadIcon, UploadIcon } from '../icons';
import { importTooLarge } from '../import-size';
import { loadLoader } from '../loader-on-demand';
import { useSession } from '../session/context';
import { selectHasSamples } from './live-node';
import { ResearchExports } from '../export/ResearchExports';

/** Import scenario, Export scenario, Export CSV. */
export function ScenarioFiles() {
  const store = useLabStore();
  const session = useSession();
  const scenario = useLab(selectScenario);
  const input = useLab(selectScenarioInput);
  const hasSamples = useLab(selectHasSamples);
  const [exporting, setExporting] = useState(false);

  const onImport = async (e: ChangeEvent<HTMLInputElement>) => {
    const el = e.currentTarget;
    const file = el.files?.[0];
    // Clear so that choosing the same file again (after fixing it) fires a change.
    el.value = '';
    if (!file) return;
    const tooLarge = importTooLarge(file);
    if (tooLarge) {
      store.getState().showProblem({ title: `Could not import ${file.name}`, lines: [tooLarge] });
      return;
    }
    try {
      const [text] = await Promise.all([file.text(), loadLoader()]);
      store.getState().importScenario(file.name, text);
    } catch (err) {
      store.getState().showProblem({ title: `Could not read ${file.name}`, lines: [String(err)] });
    }
  };

  const onExportScenario = () => {
    if (scenario) downloadJson(`${slug(scenario.name)}.json`, input);
  };

  const onExportCsv = async () => {
    if (!scenario) return;
    setExporting(true);
    try {
      // fflate comes with the first archive (../export/zip.ts), not with the page.
      const [files, { zipTextFiles }] = await Promise.all([session.exportCsv(), import('../export/zip')]);
      const name = `${slug(scenario.name)}-csv`;
      downloadBlob(`${name}.zip`, new Blob([zipTextFiles(files, name) as Uint8Array<ArrayBuffer>], { type: 'application/zip' }));
    } catch (err) {
      store.getState().showProblem({ title: 'Export CSV failed', lines: [err instanceof Error ? err.message : String(err)] });
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="control-group" role="group" aria-label="Files">
      <label className="button ghost file-button">
        <UploadIcon />
        Import<span className="wide-label"> scenario</span>
        <input type="file" accept=".json,application/json" className="visually-hidden" data-testid="import-input" onChange={onImport} />
      </label>
      <button type="button" className="button ghost" onClick={onExportScenario} disabled={!scenario}>
        <DownloadIcon />
        Export<span className="wide-label"> scenario</span>
      </button>
      <button
        type="button"
        className="button ghost"
        onClick={onExportCsv}
        disabled={!scenario || !hasSamples || exporting}
        title="The run so far as summary, timeseries, queues, links and events CSV files, in one .zip"
      >
        <DownloadIcon />
        <span className="wide-label">Export </span>CSV
      </button>
      <ResearchExports />
    </div>
  );
}
