/**
 * The scenario editor: the topology (with each link direction's queue live),
 * and a side panel with the selected node, link or nodes, the flows and the
 * faults; above them the tools, undo and redo, and notes about the work.
 *
 * When edits apply (see store/editor.ts): at once while the run is untouched
 * (ready at t = 0); once it has started they wait, the editor says so, and
 * Reset (or "Reset and apply") runs the edited scenario. Faults injected
 * while the run is under way apply at once and are recorded in the scenario.
 * Every edit is kept in the browser as it is made and can be undone
 * (Ctrl+Z / ⌘Z; Shift+Ctrl+Z or Ctrl+Y redoes).
 */
import { Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { addNode, type NodeKind } from '../../store/edit-ops';
import { deleteItems, deletionImpactAll, type DeleteTarget } from '../../store/delete-ops';
import {
  selectCanRevert,
  selectEdited,
  selectEditorSelection,
  selectEditRejection,
  selectRedoLabel,
  selectUndoLabel,
} from '../../store/editor';
import { selectOpenEntry } from '../../store/scenarios';
import { MyScenarios } from '../controls/MyScenarios';
import { useLab, useLabStore } from '../lab-context';
import { useRemembered, useUndoKeys } from './editor-hooks';
import { ConfirmBar, type Pending } from './ConfirmBar';
import './editor.css';
import './editing.css';
import { RestoredNote, RunNotes, SaveStatusLine } from './EditorNotes';
import { Refusal } from './fields';
import { freeSpot, layoutNodes, type Box } from './layout';
import { LaneLegend } from './LaneLegend';
import { NetworkPanel } from './NetworkPanel';
import { FaultsPanel, FlowsPanel, LinkPanel, NodePanel, preloadPanels } from './panels-on-demand';
import { clampTo, inset } from './placement';
import { ScenarioChecks } from './ScenarioChecks';
import { TopologyView } from './TopologyView';
import { useFocusRequest, type EditorTab } from './use-focus-request';
import { PacketLegend } from '../packets/PacketLegend';
import { useDoc, useEdit } from './use-edit';

export function EditorArea() {
  const edited = useLab(selectEdited);
  // The item panels are fetched after the first paint (panels-on-demand.ts).
  useEffect(preloadPanels, []);
  if (!edited) return null;
  return <Editor />;
}

const TABS: readonly EditorTab[] = ['selection', 'flows', 'faults'];

function Editor() {
  const store = useLabStore();
  const doc = useDoc();
  const edit = useEdit();
  const edited = useLab(selectEdited)!;
  const selection = useLab(selectEditorSelection);
  const canRevert = useLab(selectCanRevert);
  const rejection = useLab(selectEditRejection);
  const undoLabel = useLab(selectUndoLabel);
  const redoLabel = useLab(selectRedoLabel);
  const entry = useLab(selectOpenEntry);
  const [tab, setTab] = useState<EditorTab>('selection');
  const [pending, setPending] = useState<Pending>(null);
  const [fitToken, setFitToken] = useState(0);
  const [linkTool, setLinkTool] = useState(false);
  const [panelOpen, setPanelOpen] = useRemembered('tcp-lab.editor-panel', true);
  const [snap, setSnap] = useRemembered('tcp-lab.snap-to-grid', false);
  const viewRef = useRef<Box | null>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const tabIds = { selection: useId(), flows: useId(), faults: useId() };
  const panelId = useId();

  useUndoKeys();
  const showTab = (t: EditorTab) => {
    setTab(t);
    if (!panelOpen) setPanelOpen(true);
  };
  useFocusRequest(showTab);

  // Choosing something in the diagram shows it (adjusted during render,
  // https://react.dev/learn/you-might-not-need-an-effect).
  const [selectionWas, setSelectionWas] = useState(selection);
  if (selectionWas !== selection) {
    setSelectionWas(selection);
    if (selection) setTab('selection');
  }
  // The confirm line is in the panel: show it.
  const requestDelete = (targets: DeleteTarget[]) => {
    if (!targets.length) return;
    setPending({ kind: 'delete', targets });
    if (!panelOpen) setPanelOpen(true);
  };
  const original =
    entry?.origin === 'preset'
      ? 'the preset'
      : entry?.origin === 'imported'
        ? 'the file as opened'
        : 'the saved version';

  const addNodeOfKind = (kind: NodeKind) => {
    const positions = [...layoutNodes(edited.nodes, edited.links).values()];
    // New nodes appear in the part of the diagram on screen, clear of the others.
    const view = viewRef.current;
    const area = view ? inset(view, 40, 40, 60) : null;
    const centre = area ? { x: area.x + area.width / 2, y: area.y + area.height / 2 } : { x: 300, y: 200 };
    const at = area ? clampTo(freeSpot(positions, centre), area) : freeSpot(positions, centre);
    let id = '';
    const r = edit(`Add a ${kind}`, (d) => {
      const out = addNode(d, kind, at);
      id = out.id;
      return out.doc;
    });
    if (r.ok) store.getState().setEditorSelection({ kind: 'node', id });
  };

  const confirmDelete = (targets: DeleteTarget[]) => {
    const impact = deletionImpactAll(doc, targets);
    const what =
      targets.length === 1 ? `Delete ${targets[0]!.kind} ${targets[0]!.id}` : `Delete ${targets.length} nodes`;
    const r = edit(what, (d) => deleteItems(d, impact));
    setPending(null);
    if (!r.ok) return;
    const s = store.getState();
    if (s.selectedLink && impact.links.includes(s.selectedLink.link)) s.selectLink(null);
    sectionRef.current?.focus();
  };

  const onTabKey = (e: KeyboardEvent) => {
    const i = TABS.indexOf(tab);
    const next =
      e.key === 'ArrowRight'
        ? TABS[(i + 1) % TABS.length]
        : e.key === 'ArrowLeft'
          ? TABS[(i + TABS.length - 1) % TABS.length]
          : null;
    if (!next) return;
    e.preventDefault();
    setTab(next);
    document.getElementById(tabIds[next])?.focus();
  };

  const tabLabel: Record<EditorTab, string> = {
    selection:
      selection?.kind === 'node'
        ? `Node ${selection.id}`
        : selection?.kind === 'link'
          ? `Link ${selection.id}`
          : selection?.kind === 'nodes'
            ? `${selection.ids.length} nodes`
            : 'Network',
    flows: `Flows (${edited.flows.length})`,
    faults: `Faults (${edited.faults.length})`,
  };

  return (
    <section
      className="editor"
      aria-labelledby={`${panelId}-title`}
      data-testid="editor"
      ref={sectionRef}
      tabIndex={-1}
    >
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
            className={`button small${linkTool ? ' pressed' : ''}`}
            aria-pressed={linkTool}
            onClick={() => setLinkTool(!linkTool)}
            disabled={edited.nodes.length < 2}
            title="Link tool: drag from one node to another to link them (or click one, then the other). Without it, drag from a node’s + handle."
            data-testid="link-tool"
          >
            <PlusIcon /> Link
          </button>
          <span className="tool-separator" aria-hidden="true" />
          <button
            type="button"
            className="button small ghost"
            onClick={() => store.getState().undo()}
            disabled={!undoLabel}
            title={undoLabel ? `Undo: ${undoLabel} (Ctrl+Z)` : 'Nothing to undo'}
            aria-keyshortcuts="Control+Z Meta+Z"
            data-testid="undo"
          >
            <UndoIcon /> Undo
          </button>
          <button
            type="button"
            className="button small ghost"
            onClick={() => store.getState().redo()}
            disabled={!redoLabel}
            title={redoLabel ? `Redo: ${redoLabel} (Shift+Ctrl+Z)` : 'Nothing to redo'}
            aria-keyshortcuts="Shift+Control+Z Shift+Meta+Z Control+Y"
            data-testid="redo"
          >
            <UndoIcon flip /> Redo
          </button>
          <span className="tool-separator" aria-hidden="true" />
          <button
            type="button"
            className={`button small ghost${snap ? ' pressed' : ''}`}
            aria-pressed={snap}
            onClick={() => setSnap(!snap)}
            title="Drop nodes on a 20-pixel grid"
            data-testid="snap-to-grid"
          >
            Snap to grid
          </button>
          <button
            type="button"
            className="button small ghost"
            onClick={() => setFitToken((t) => t + 1)}
            title="Centre the diagram and fit it to the view"
          >
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
          <button
            type="button"
            className="button small ghost"
            onClick={() =>
              showPending({
                kind: 'save',
                name: entry?.origin === 'mine' ? `${entry.label} (copy)` : `${edited.name} (mine)`,
              })
            }
            data-testid="save-copy-button"
          >
            Save a copy…
          </button>
          {canRevert && (
            <button
              type="button"
              className="button small ghost"
              onClick={() => showPending({ kind: 'revert', original })}
            >
              Revert…
            </button>
          )}
          <MyScenarios />
          <SaveStatusLine />
        </div>
        <RestoredNote onRevert={() => store.getState().revertEdits()} />
        <RunNotes />
        <ScenarioChecks />
      </header>

      <div className={`editor-body${panelOpen ? '' : ' panel-hidden'}`}>
        <div className="topology-pane">
          <TopologyView
            onRequestDelete={requestDelete}
            fitToken={fitToken}
            linkTool={linkTool}
            snap={snap}
            viewRef={viewRef}
          />
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
            {pending && (
              <ConfirmBar
                pending={pending}
                doc={doc}
                onCancel={() => setPending(null)}
                onDelete={confirmDelete}
                onRevert={() => {
                  store.getState().revertEdits();
                  setPending(null);
                }}
                onSave={(name) => {
                  store.getState().saveCopy(name);
                  setPending(null);
                }}
              />
            )}
            {rejection && !rejection.field && (
              <Refusal
                what={rejection.what}
                issues={rejection.issues}
                onDismiss={() => store.getState().dismissEditRejection()}
              />
            )}
            <Suspense
              fallback={
                <p className="view-loading" role="status">
                  Loading the panel…
                </p>
              }
            >
              {tab === 'selection' &&
                (selection?.kind === 'node' ? (
                  <NodePanel key={selection.id} id={selection.id} onRequestDelete={(t) => requestDelete([t])} />
                ) : selection?.kind === 'link' ? (
                  <LinkPanel key={selection.id} id={selection.id} onRequestDelete={(t) => requestDelete([t])} />
                ) : selection?.kind === 'nodes' ? (
                  <NodesPanel ids={selection.ids} onRequestDelete={requestDelete} />
                ) : (
                  <NetworkPanel />
                ))}
              {tab === 'flows' && <FlowsPanel onRequestDelete={(t) => requestDelete([t])} />}
              {tab === 'faults' && <FaultsPanel />}
            </Suspense>
          </div>
        </div>
      </div>
    </section>
  );

  function showPending(p: NonNullable<Pending>) {
    setPending(p);
    if (!panelOpen) setPanelOpen(true);
  }
}

/** Several nodes selected: what can be done with them together. */
function NodesPanel({ ids, onRequestDelete }: { ids: string[]; onRequestDelete(targets: DeleteTarget[]): void }) {
  return (
    <div className="panel-section" data-testid="nodes-panel">
      <h3 className="panel-title">
        {ids.length} nodes <span className="panel-sub">{ids.join(', ')}</span>
      </h3>
      <p className="panel-help">
        Drag one of them to move them all, or press the arrow keys on one (<kbd>Shift</kbd>: farther). <kbd>Shift</kbd>
        +click a node to add it or take it out; <kbd>Esc</kbd> on a node clears the selection.
      </p>
      <div className="panel-actions">
        <button
          type="button"
          className="button small danger"
          onClick={() => onRequestDelete(ids.map((id) => ({ kind: 'node', id })))}
        >
          Delete {ids.length} nodes…
        </button>
      </div>
    </div>
  );
}

function PlusIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d="M8 3v10M3 8h10" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

function UndoIcon({ flip = false }: { flip?: boolean }) {
  return (
    <svg
      width="14"
      height="14"
      viewBox="0 0 16 16"
      aria-hidden="true"
      focusable="false"
      style={flip ? { transform: 'scaleX(-1)' } : undefined}
    >
      <path
        d="M5.5 4 2.5 7l3 3M3 7h6.5a3.5 3.5 0 0 1 0 7H7"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
