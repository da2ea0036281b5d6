/**
 * "For tools": the run in the formats researchers check a simulator with —
 * the packets as a libpcap capture (Wireshark, tshark, tcptrace), ns-2's
 * packet trace (out.tr) and the scenario as an ns-2.35 script, to rerun it in
 * ns-2 and diff the two traces. The packet files cover the run so far (the
 * worker replays it); the script is made from the scenario here.
 */
import { useRef, useState } from 'react';
import { selectScenario } from '../../store/selectors';
import type { ReplayOutput } from '../../worker/protocol';
import { useLab, useLabStore } from '../lab-context';
import { useSession } from '../session/context';
import { selectHasSamples } from '../controls/live-node';
import { DownloadIcon } from '../icons';
import { downloadBlob, slug } from './download';

const REPLAY_FILES: Record<ReplayOutput, { suffix: string; type: string; label: string }> = {
  pcap: { suffix: '.pcap', type: 'application/vnd.tcpdump.pcap', label: 'Packets (.pcap)' },
  ns2Trace: { suffix: '-out.tr', type: 'text/plain', label: 'ns-2 trace (out.tr)' },
};

export function ResearchExports() {
  const store = useLabStore();
  const session = useSession();
  const scenario = useLab(selectScenario);
  const hasSamples = useLab(selectHasSamples);
  const [busy, setBusy] = useState(false);
  const menu = useRef<HTMLDetailsElement>(null);

  const close = () => menu.current?.removeAttribute('open');

  const onReplay = async (output: ReplayOutput) => {
    if (!scenario) return;
    close();
    setBusy(true);
    const f = REPLAY_FILES[output];
    try {
      const bytes = await session.exportReplay(output);
      downloadBlob(`${slug(scenario.name)}${f.suffix}`, new Blob([bytes as Uint8Array<ArrayBuffer>], { type: f.type }));
    } catch (err) {
      store.getState().showProblem({ title: `${f.label} failed`, lines: [err instanceof Error ? err.message : String(err)] });
    } finally {
      setBusy(false);
    }
  };

  const onScript = async () => {
    if (!scenario) return;
    close();
    const name = `${slug(scenario.name)}.tcl`;
    // The script writer is fetched when first asked for: not part of the page's first load.
    let tcl: ReturnType<typeof import('../../engine/output/ns2/tcl').scenarioToNs2Script>;
    try {
      tcl = (await import('../../engine/output/ns2/tcl')).scenarioToNs2Script(scenario, name);
    } catch (err) {
      store.getState().showProblem({ title: 'The ns-2 script could not be made', lines: [err instanceof Error ? err.message : String(err)] });
      return;
    }
    if (!tcl.ok) {
      store.getState().showProblem({ title: 'ns-2 cannot run this scenario as it is', lines: [tcl.message] });
      return;
    }
    downloadBlob(name, new Blob([tcl.text], { type: 'text/plain' }));
  };

  const noRun = !scenario || !hasSamples || busy;
  return (
    <details className="tools-menu" ref={menu}>
      <summary className="button ghost" aria-disabled={!scenario}>
        <DownloadIcon />
        For tools
      </summary>
      <div className="tools-menu-list" role="group" aria-label="Files for other tools">
        <button type="button" className="button ghost" disabled={noRun} onClick={() => onReplay('pcap')} title="Every packet of the run so far on its sender's interface, for Wireshark, tshark, tcpdump and tcptrace">
          {REPLAY_FILES.pcap.label}
        </button>
        <button type="button" className="button ghost" disabled={noRun} onClick={() => onReplay('ns2Trace')} title="Every packet event of the run so far on every link, in ns-2's trace format">
          {REPLAY_FILES.ns2Trace.label}
        </button>
        <button type="button" className="button ghost" disabled={!scenario} onClick={onScript} title="The scenario as an ns-2.35 script: ns scenario.tcl <dir> writes ns-2's own trace there">
          ns-2 script (.tcl)
        </button>
      </div>
    </details>
  );
}
