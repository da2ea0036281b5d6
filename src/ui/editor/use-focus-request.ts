/**
 * "Click a message to fix it": a field path (`links[1].bandwidth`) to the
 * control that edits it. The item is selected or its tab opened, folded
 * sections around the control are opened, and the control gets the focus.
 * Controls carry their path in `data-path`; an issue about a whole item
 * (`flows[1]`) goes to the item's first control, and one about a field the
 * page has no control for goes to the nearest control of its item.
 */
import { useEffect } from 'react';
import { asDoc } from '../../store/edit-ops';
import { selectFocusRequest } from '../../store/editor';
import { parsePath } from '../../store/wording';
import { useLab, useLabStore } from '../lab-context';

export type EditorTab = 'selection' | 'flows' | 'faults';

/** The control for `path` among the page's controls: exact, else the first inside it, else the nearest around it. */
export function findControl(root: ParentNode, path: string): HTMLElement | null {
  const all = [...root.querySelectorAll<HTMLElement>('[data-path]')];
  const exact = all.find((el) => el.dataset.path === path);
  if (exact) return exact;
  const inside = all.find((el) => el.dataset.path!.startsWith(`${path}.`) || el.dataset.path!.startsWith(`${path}[`));
  if (inside) return inside;
  let best: HTMLElement | null = null;
  for (const el of all) {
    const p = el.dataset.path!;
    if ((path.startsWith(`${p}.`) || path.startsWith(`${p}[`)) && (!best || p.length > best.dataset.path!.length)) best = el;
  }
  return best;
}

/** Open every closed <details> around `el`, so that it can be seen and focused. */
function reveal(el: HTMLElement): void {
  for (let d = el.closest('details'); d; d = d.parentElement?.closest('details') ?? null) {
    if (!d.open) d.open = true;
  }
}

export function useFocusRequest(showTab: (tab: EditorTab) => void): void {
  const store = useLabStore();
  const request = useLab(selectFocusRequest);
  useEffect(() => {
    if (!request) return;
    const s = store.getState();
    const doc = asDoc(s.scenarioInput);
    const segs = parsePath(request.path) ?? [];
    const [head, index] = segs;
    // Show the part of the editor the control is in.
    if (head === 'links' && typeof index === 'number' && doc.links[index]) {
      s.setEditorSelection({ kind: 'link', id: doc.links[index]!.id });
      showTab('selection');
    } else if (head === 'nodes' && typeof index === 'number' && doc.nodes[index]) {
      s.setEditorSelection({ kind: 'node', id: doc.nodes[index]!.id });
      showTab('selection');
    } else if (head === 'flows') showTab('flows');
    else if (head === 'faults') showTab('faults');
    else {
      s.setEditorSelection(null);
      showTab('selection');
    }
    // The control appears once React has drawn the panel: look for it over the next few frames.
    let frames = 0;
    let handle = 0;
    const attempt = () => {
      const el = findControl(document, request.path);
      if (el) {
        reveal(el);
        el.scrollIntoView({ block: 'center', behavior: 'auto' });
        el.focus({ preventScroll: true });
        return;
      }
      if (++frames < 20) handle = requestAnimationFrame(attempt);
    };
    handle = requestAnimationFrame(attempt);
    return () => cancelAnimationFrame(handle);
    // One attempt per request (its token makes each new).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request]);
}
