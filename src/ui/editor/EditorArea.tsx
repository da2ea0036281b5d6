/**
 * The scenario editor: the topology (with each link direction's queue live),
 * and a side panel with the selected node or link, the flows and the faults.
 *
 * When edits apply (see store/editor.ts): at once while the run is untouched
 * (ready at t = 0); once it has started they wait, the editor says so, and
 * Reset (or "Reset and apply") runs the edited scenario. Faults injected
 * while the run is under way apply at once and are recorded in the scenario.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useLab, useLabStore } from '../../store/context';
import {
  selectCanRevert,
  selectEdited,
  selectEditorSelection,
  selectEditRejection,
  selectLiveFaults,
  selectRunStale,
} from '../../store/editor';
import { FaultsPanel } from '../faults/FaultsPanel';
import { addNode, deleteItems, deletionImpact, describeImpact, type DeleteTarget, type NodeKind } from './edit-ops';
import './editor.css';
import { Refusal } from './fields';
import { FlowsPanel } from './FlowsPanel';
import { bounds, freeSpot, layoutNodes } from './layout';
import { LinkPanel } from './LinkPanel';
import { NetworkPanel } from './NetworkPanel';
import { NodePanel } from './NodePanel';
import { TopologyView } from './TopologyView';
import { PacketLegend } from '../packets/PacketLegend';
import { useDoc, useEdit } from './use-edit';

export function EditorArea() {
  const edited = useLab(selectEdited);
  if (!edited) return null;
  return <Editor />;
}

type Tab = 'selection' | 'flows' | 'faults';
type Pending = { kind: 'delete'; target: DeleteTarget } | { kind: 'revert' } | null;

const TABS: readonly Tab[] = ['selection', 'flows', 'faults'];

/** Whether the side panel is shown, remembered for the next lecture (a projector needs the room). */
const PANEL_KEY = 'tcp-lab.editor-panel';

function usePanelOpen(): [boolean, (open: boolean) => void] {
  const [open, setOpen] = useState(() => {
    try {
      return localStorage.getItem(PANEL_KEY) !== '0';
    } catch {
      return true;
    }
  });
  const set = (next: boolean) => {
    setOpen(next);
    try {
      localStorage.setItem(PANEL_KEY, next ? '1' : '0');
    } catch {
      // storage may be off; the setting just is not remembered
    }
  };
  return [open, set];
}

function Editor() {
  const store = useLabStore();
  const doc = useDoc();
  const edit = useEdit();
  const edited = useLab(selectEdited)!;
  const selection = useLab(selectEditorSelection);
  const stale = useLab(selectRunStale);
  const liveFaults = useLab(selectLiveFaults);
  const canRevert = useLab(selectCanRevert);
  const rejection = useLab(selectEditRejection);
  const [tab, setTab] = useState<Tab>('selection');
  const [pending, setPending] = useState<Pending>(null);
  const [fitToken, setFitToken] = useState(0);
  const [linkFormToken, setLinkFormToken] = useState(0);
  const [panelOpen, setPanelOpen] = usePanelOpen();
  const sectionRef = useRef<HTMLElement>(null);
  const tabIds = { selection: useId(), flows: useId(), faults: useId() };
  const panelId = useId();

  // Choosing something in the diagram shows it.
  useEffect(() => {
    if (selection) setTab('selection');
  }, [selection]);
  const showPanel = (t: Tab) => {
    setTab(t);
    if (!panelOpen) setPanelOpen(true);
  };
  // The confirm line is in the panel: show it.
  const requestDelete = (target: DeleteTarget) => {
    setPending({ kind: 'delete', target });
    if (!panelOpen) setPanelOpen(true);
  };

  const addNodeOfKind = (kind: NodeKind) => {
    const positions = [...layoutNodes(edited.nodes, edited.links).values()];
    const box = bounds(positions);
    const at = freeSpot(positions, { x: box.x + box.width / 2, y: box.y + box.height / 2 });
    let id = '';
    const r = edit(`Add a ${kind}`, (d) => {
      const out = addNode(d, kind, at);
      id = out.id;
      return out.doc;
    });
    if (r.ok) store.getState().setEditorSelection({ kind: 'node', id });
  };

  const confirmDelete = (target: DeleteTarget) => {
    const impact = deletionImpact(doc, target);
    const r = edit(`Delete ${target.kind} ${target.id}`, (d) => deleteItems(d, impact));
    setPending(null);
    if (!r.ok) return;
    const s = store.getState();
    const sel = s.editorSelection;
    if (sel && ((sel.kind === 'node' && impact.nodes.includes(sel.id)) || (sel.kind === 'link' && impact.links.includes(sel.id)))) {
      s.setEditorSelection(null);
    }
    if (s.selectedLink && impact.links.includes(s.selectedLink.link)) s.selectLink(null);
    sectionRef.current?.focus();
  };

  const confirmRevert = () => {
    store.getState().revertEdits();
    setPending(null);
  };

  const onTabKey = (e: KeyboardEvent) => {
    const i = TABS.indexOf(tab);
    const next = e.key === 'ArrowRight' ? TABS[(i + 1) % TABS.length] : e.key === 'ArrowLeft' ? TABS[(i + TABS.length - 1) % TABS.length] : null;
    if (!next) return;
    e.preventDefault();
    setTab(next);
    document.getElementById(tabIds[next])?.focus();
  };

  const tabLabel: Record<Tab, string> = {
    selection: selection ? (selection.kind === 'node' ? `Node ${selection.id}` : `Link ${selection.id}`) : 'Network',
    flows: `Flows (${edited.flows.length})`,
    faults: `Faults (${edited.faults.length})`,
  };

  return (
    <section className="editor" aria-labelledby={`${panelId}-title`} data-testid="editor" ref={sectionRef} tabIndex={-1}>
      <header className="editor-head">
        <h2 id={`${panelId}-title`}>Network and traffic</h2>
        <div className="editor-tools" role="toolbar" aria-label="Edit the network">
          <button type="button" className="button small" onClick={() => addNodeOfKind('host')}>
            <PlusIcon /> Host
          </button>
          <button type="button" className="button small" onClick={() => addNodeOfKind('router')}>
            <PlusIcon /> Router
          </button>
          <button
            type="button"
            className="button small"
            onClick={() => {
              store.getState().setEditorSelection(null);
              showPanel('selection');
              setLinkFormToken((t) => t + 1);
            }}
            disabled={edited.nodes.length < 2}
          >
            <PlusIcon /> Link
          </button>
          <button type="button" className="button small ghost" onClick={() => setFitToken((t) => t + 1)} title="Centre the diagram">
            Fit view
          </button>
          <button
            type="button"
            className="button small ghost"
            aria-expanded={panelOpen}
            aria-controls={`${panelId}-panel`}
            onClick={() => setPanelOpen(!panelOpen)}
            title={panelOpen ? 'Hide the side panel: a wider diagram, more room for the charts' : 'Show the side panel'}
          >
            {panelOpen ? 'Hide panel' : 'Show panel'}
          </button>
          {canRevert && (
            <button type="button" className="button small ghost" onClick={() => setPending({ kind: 'revert' })}>
              Revert edits…
            </button>
          )}
        </div>
        {stale && (
          <div className="stale-note" role="status" data-testid="stale-note">
            <span>Edited since this run started: the run still shows the scenario as it was.</span>
            <button type="button" className="button small primary" onClick={() => store.getState().applyEdits()}>
              Reset and apply
            </button>
          </div>
        )}
        {!stale && liveFaults.length > 0 && (
          <div className="live-note" role="status" data-testid="live-note">
            {liveFaults.length} fault{liveFaults.length === 1 ? '' : 's'} injected into this run, recorded in the scenario: Export saves them and Reset replays them.
          </div>
        )}
      </header>

      <div className={`editor-body${panelOpen ? '' : ' panel-hidden'}`}>
        <div className="topology-pane">
          <TopologyView onRequestDelete={requestDelete} fitToken={fitToken} />
          <LaneLegend />
          <PacketLegend />
        </div>

        <div className="editor-panel" id={`${panelId}-panel`} hidden={!panelOpen}>
          <div className="tabs" role="tablist" aria-label="Edit">
            {TABS.map((t) => (
              <button
                key={t}
                id={tabIds[t]}
                type="button"
                role="tab"
                className="tab"
                aria-selected={tab === t}
                aria-controls={panelId}
                tabIndex={tab === t ? 0 : -1}
                onClick={() => setTab(t)}
                onKeyDown={onTabKey}
              >
                {tabLabel[t]}
              </button>
            ))}
          </div>
          <div className="tab-panel" role="tabpanel" id={panelId} aria-labelledby={tabIds[tab]}>
            {pending && <ConfirmBar pending={pending} doc={doc} onCancel={() => setPending(null)} onDelete={confirmDelete} onRevert={confirmRevert} />}
            {rejection && !rejection.field && (
              <Refusal what={rejection.what} issues={rejection.issues} onDismiss={() => store.getState().dismissEditRejection()} />
            )}
            {tab === 'selection' &&
              (selection?.kind === 'node' ? (
                <NodePanel key={selection.id} id={selection.id} onRequestDelete={requestDelete} />
              ) : selection?.kind === 'link' ? (
                <LinkPanel key={selection.id} id={selection.id} onRequestDelete={requestDelete} />
              ) : (
                <NetworkPanel focusToken={linkFormToken} />
              ))}
            {tab === 'flows' && <FlowsPanel onRequestDelete={requestDelete} />}
            {tab === 'faults' && <FaultsPanel />}
          </div>
        </div>
      </div>
    </section>
  );
}

interface ConfirmBarProps {
  pending: NonNullable<Pending>;
  doc: ReturnType<typeof useDoc>;
  onCancel(): void;
  onDelete(target: DeleteTarget): void;
  onRevert(): void;
}

/** The confirm line of a deletion (what else goes with it) or of Revert. */
function ConfirmBar({ pending, doc, onCancel, onDelete, onRevert }: ConfirmBarProps) {
  const id = useId();
  let title: string;
  let detail: string;
  let action: string;
  if (pending.kind === 'delete') {
    const { target } = pending;
    title = `Delete ${target.kind} ${target.id}?`;
    detail = describeImpact(deletionImpact(doc, target), target);
    action = 'Delete';
  } else {
    title = 'Revert all edits?';
    detail = 'The scenario goes back to the file as it was opened; your changes to it are lost.';
    action = 'Revert';
  }
  return (
    <div
      className="confirm-bar"
      role="alertdialog"
      aria-labelledby={`${id}-t`}
      aria-describedby={`${id}-d`}
      data-testid="confirm"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          onCancel();
        }
      }}
    >
      <p>
        <strong id={`${id}-t`}>{title}</strong> <span id={`${id}-d`}>{detail}</span>
      </p>
      <div className="confirm-actions">
        <button
          type="button"
          className="button small danger-solid"
          autoFocus
          onClick={() => (pending.kind === 'delete' ? onDelete(pending.target) : onRevert())}
        >
          {action}
        </button>
        <button type="button" className="button small" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}

/** What the lanes mean; drawn with the same marks as the diagram. */
function LaneLegend() {
  return (
    <ul className="lane-legend" aria-label="Diagram legend">
      <li>
        <svg width="34" height="10" aria-hidden="true">
          <rect className="legend-track" x="1" y="1.5" width="32" height="7" rx="2" />
          <rect className="legend-fill" x="1" y="1.5" width="18" height="7" rx="2" />
        </svg>
        queue of one direction (fills from the sender)
      </li>
      <li>
        <svg width="12" height="12" aria-hidden="true">
          <line className="legend-red" x1="6" y1="0" x2="6" y2="12" />
        </svg>
        RED average
      </li>
      <li>
        <svg width="34" height="10" aria-hidden="true">
          <rect className="legend-drop" x="1" y="1.5" width="32" height="7" rx="2" />
        </svg>
        queue full: arrivals dropped
      </li>
      <li>
        <svg width="34" height="10" aria-hidden="true">
          <line className="legend-down" x1="1" y1="5" x2="33" y2="5" />
        </svg>
        link down
      </li>
    </ul>
  );
}

function PlusIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d="M8 3v10M3 8h10" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
