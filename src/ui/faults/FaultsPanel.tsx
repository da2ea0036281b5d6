/**
 * Fault injection: drop the next segment(s) of a flow, drop a burst of
 * packets on a link direction, take a link down for a while, or set a random
 * loss rate. Before a run they join the scenario at the time given; while a
 * run is under way they apply at once, at the run's current time, and are
 * recorded in the scenario (see live-inject.ts) so that Export scenario saves
 * a file that replays the run exactly.
 */
import { useId, useState, type FormEvent } from 'react';
import type { ScenarioIssue } from '../../engine/scenario/types';
import { useLab, useLabStore } from '../lab-context';
import { selectEdited, selectLiveRun, selectQueueDirection } from '../../store/editor';
import type { LabState } from '../../store/lab-store';
import { selectStatus } from '../../store/selectors';
import { LiveText } from '../controls/live-node';
import { addFault, asDoc, deleteFault } from '../../store/edit-ops';
import { IssueLines } from '../editor/fields';
import { formatSimTime } from '../editor/format';
import { useEdit } from '../editor/use-edit';
import { useSession } from '../session/context';
import { describeFault } from './describe';
import { buildFault, injectLive, type FaultKind, type FaultRequest } from './live-inject';

const KINDS: readonly { value: FaultKind; label: string }[] = [
  { value: 'dropSegments', label: 'Drop next segment(s) of a flow' },
  { value: 'dropBurst', label: 'Drop a burst of packets' },
  { value: 'linkDown', label: 'Take a link down' },
  { value: 'randomLoss', label: 'Random loss on a link' },
];

interface Form {
  kind: FaultKind;
  flow: string;
  count: string;
  first: string;
  /** "link|from", or "link|" for both directions */
  dir: string;
  link: string;
  burst: string;
  at: string;
  duration: string;
  rate: string;
  until: string;
}

const INITIAL_FORM: Form = {
  kind: 'dropSegments',
  flow: '',
  count: '1',
  first: '50',
  dir: '',
  link: '',
  burst: '5',
  at: '1',
  duration: '0.5',
  rate: '0.01',
  until: '',
};

/** The last submission: done, or refused (with the scenario it was judged in, to name the fault). */
type Outcome = { ok: true; text: string } | { ok: false; issues: ScenarioIssue[]; doc: unknown } | null;

/** The simulated time in the live note, written per batch outside React (controls/live-node.tsx). */
const simTimeText = (s: LabState) => formatSimTime(s.simTime);

export function FaultsPanel() {
  const store = useLabStore();
  const session = useSession();
  const edited = useLab(selectEdited);
  const live = useLab(selectLiveRun);
  const status = useLab(selectStatus);
  const queueDir = useLab(selectQueueDirection);
  const edit = useEdit();
  const ids = { kind: useId(), flow: useId(), dir: useId(), link: useId() };
  const [form, setForm] = useState<Form>(INITIAL_FORM);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  if (!edited) return null;

  const tcpFlows = edited.flows.filter((f) => f.kind === 'tcp').map((f) => f.id);
  const links = edited.links;
  const dirOptions = links.flatMap((l) => [
    { value: `${l.id}|${l.a}`, label: `${l.id}: ${l.a} → ${l.b}` },
    { value: `${l.id}|${l.b}`, label: `${l.id}: ${l.b} → ${l.a}` },
    { value: `${l.id}|`, label: `${l.id}: both directions` },
  ]);
  // Defaults that follow the scenario: the charted direction, the first TCP flow.
  const charted = queueDir && links.some((l) => l.id === queueDir.link) ? `${queueDir.link}|${queueDir.from}` : (dirOptions[0]?.value ?? '');
  const dir = dirOptions.some((o) => o.value === form.dir) ? form.dir : charted;
  const flow = tcpFlows.includes(form.flow) ? form.flow : (tcpFlows[0] ?? '');
  const link = links.some((l) => l.id === form.link) ? form.link : (queueDir?.link ?? links[0]?.id ?? '');
  const kind = form.kind === 'dropSegments' && !tcpFlows.length ? 'dropBurst' : form.kind;
  const set = (patch: Partial<Form>) => {
    setForm((f) => ({ ...f, ...patch }));
    setOutcome(null);
  };
  const ended = status === 'done';
  const [dirLink, dirFrom] = dir.split('|');

  const request = (): FaultRequest => {
    switch (kind) {
      case 'dropSegments':
        return { kind, flow, count: form.count, first: form.first };
      case 'dropBurst':
        return { kind, link: dirLink, from: dirFrom || null, count: form.burst, at: form.at };
      case 'linkDown':
        return { kind, link, duration: form.duration, at: form.at };
      case 'randomLoss':
        return { kind, link: dirLink, from: dirFrom || null, rate: form.rate, at: form.at, until: form.until };
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const req = request();
    if (live) {
      setBusy(true);
      try {
        const r = await injectLive({ store, session }, req);
        const s = store.getState();
        const last = s.edited?.faults[s.edited.faults.length - 1];
        setOutcome(
          r.ok && last
            ? { ok: true, text: `Injected at t = ${formatSimTime(s.simTime)}: ${describeFault(last, s.edited!.links)}.` }
            : r.ok
              ? null
              : { ...r, doc: s.scenarioInput },
        );
      } finally {
        setBusy(false);
      }
      return;
    }
    const built = buildFault(req, null);
    if (!built.ok) {
      setOutcome({ ...built, doc: null });
      return;
    }
    const r = edit('Add a fault', (d) => addFault(d, built.fault), { field: true });
    setOutcome(
      r.ok
        ? { ok: true, text: `Added: ${describeFault(r.scenario.faults[r.scenario.faults.length - 1], r.scenario.links)}.` }
        : { ...r, doc: addFault(asDoc(store.getState().scenarioInput), built.fault) },
    );
  };

  const canSubmit = !busy && !ended && (kind === 'dropSegments' ? !!flow : kind === 'linkDown' ? !!link : !!dir);

  return (
    <div className="panel-section" data-testid="faults-panel">
      <p className={`mode-note${live ? ' live' : ''}`} data-testid="fault-mode">
        {live
          ? (
            <>
              Run under way: a fault applies now (t = <LiveText text={simTimeText} />) and is recorded in the scenario, so the run replays exactly.
            </>
          )
          : ended
            ? 'The run has ended. Reset to add faults before the next run, or inject them while it plays.'
            : 'Before the run: faults join the scenario at the time you give. Inject them while the run plays to see the effect at once.'}
      </p>

      <form className="fault-form" onSubmit={submit} aria-label="Add a fault">
        <div className="field-grid">
          <div className="field field-wide">
            <label htmlFor={ids.kind}>Fault</label>
            <select id={ids.kind} value={kind} onChange={(e) => set({ kind: e.currentTarget.value as FaultKind })}>
              {KINDS.map((k) => (
                <option key={k.value} value={k.value} disabled={k.value === 'dropSegments' && !tcpFlows.length}>
                  {k.label}
                </option>
              ))}
            </select>
          </div>

          {kind === 'dropSegments' && (
            <>
              <div className="field field-medium">
                <label htmlFor={ids.flow}>Flow</label>
                <select id={ids.flow} value={flow} onChange={(e) => set({ flow: e.currentTarget.value })}>
                  {tcpFlows.map((f) => (
                    <option key={f}>{f}</option>
                  ))}
                </select>
              </div>
              <PlainField label="Segments" unit="" value={form.count} onChange={(count) => set({ count })} />
              {!live && <PlainField label="First segment" unit="" value={form.first} onChange={(first) => set({ first })} hint="Data segments count from 0." />}
            </>
          )}

          {(kind === 'dropBurst' || kind === 'randomLoss') && (
            <div className="field field-wide">
              <label htmlFor={ids.dir}>Link direction</label>
              <select id={ids.dir} value={dir} onChange={(e) => set({ dir: e.currentTarget.value })}>
                {dirOptions.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </div>
          )}
          {kind === 'dropBurst' && <PlainField label="Packets" value={form.burst} onChange={(burst) => set({ burst })} />}

          {kind === 'linkDown' && (
            <>
              <div className="field field-medium">
                <label htmlFor={ids.link}>Link</label>
                <select id={ids.link} value={link} onChange={(e) => set({ link: e.currentTarget.value })}>
                  {links.map((l) => (
                    <option key={l.id} value={l.id}>
                      {l.id}: {l.a} – {l.b}
                    </option>
                  ))}
                </select>
              </div>
              <PlainField label="Down for" unit="s" value={form.duration} onChange={(duration) => set({ duration })} />
            </>
          )}

          {kind === 'randomLoss' && <PlainField label="Loss rate" value={form.rate} onChange={(rate) => set({ rate })} hint="0 to 1 (0.01 = 1 %)." />}

          {!live && kind !== 'dropSegments' && <PlainField label="At" unit="s" value={form.at} onChange={(at) => set({ at })} />}
          {kind === 'randomLoss' && <PlainField label="Until" unit="s" value={form.until} onChange={(until) => set({ until })} placeholder="end of run" />}
        </div>
        <div className="panel-actions">
          <button type="submit" className={`button small${live ? ' primary' : ''}`} disabled={!canSubmit} data-testid="fault-submit">
            {busy ? 'Injecting…' : live ? 'Inject now' : 'Add fault'}
          </button>
        </div>
        {outcome &&
          (outcome.ok ? (
            <p className="fault-done" role="status">
              {outcome.text}
            </p>
          ) : (
            <div data-testid="fault-error">
              <IssueLines issues={outcome.issues} doc={outcome.doc} />
            </div>
          ))}
      </form>

      <h4 className="panel-subtitle">In this scenario</h4>
      {edited.faults.length === 0 ? (
        <p className="panel-help">No faults: losses come from the queues alone.</p>
      ) : (
        <ol className="fault-list">
          {edited.faults.map((f, i) => {
            const text = describeFault(f, links);
            return (
              <li key={i} data-testid="fault-item" data-kind={f.kind} data-seqs={f.kind === 'dropSegments' ? f.seqs.join(' ') : undefined}>
                <span>{text}</span>
                <button
                  type="button"
                  data-path={`faults[${i}]`}
                  className="button ghost small"
                  aria-label={`Delete fault ${i + 1}: ${text}`}
                  onClick={() => edit(`Delete fault ${i + 1}`, (d) => deleteFault(d, i))}
                >
                  Delete
                </button>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}

function PlainField({ label, unit, value, onChange, hint, placeholder }: { label: string; unit?: string; value: string; onChange(v: string): void; hint?: string; placeholder?: string }) {
  const id = useId();
  return (
    <div className="field field-narrow">
      <label htmlFor={id}>{label}</label>
      <div className="field-control">
        <input id={id} type="text" autoComplete="off" value={value} placeholder={placeholder} onChange={(e) => onChange(e.currentTarget.value)} aria-describedby={hint ? `${id}-hint` : undefined} />
        {unit && <span className="field-unit">{unit}</span>}
      </div>
      {hint && (
        <div className="field-hint" id={`${id}-hint`}>
          {hint}
        </div>
      )}
    </div>
  );
}
