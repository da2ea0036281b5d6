/** Small hooks the editor's panels share. */
import { useCallback, useMemo } from 'react';
import { useLab, useLabStore } from '../lab-context';
import type { EditOptions, EditResult } from '../../store/editor';
import { selectScenarioInput } from '../../store/selectors';
import { asDoc, type ScenarioDoc } from '../../store/edit-ops';

export type Edit = (what: string, op: (doc: ScenarioDoc) => ScenarioDoc, options?: EditOptions) => EditResult;

/** The store's `edit`, stable across renders. */
export function useEdit(): Edit {
  const store = useLabStore();
  return useCallback<Edit>((what, op, options) => store.getState().edit(what, op, options), [store]);
}

/** The scenario as written, ready for edit-ops. */
export function useDoc(): ScenarioDoc {
  const input = useLab(selectScenarioInput);
  return useMemo(() => asDoc(input), [input]);
}
