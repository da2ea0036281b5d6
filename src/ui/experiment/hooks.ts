/** React access to the experiment store, and the base scenario the view works on. */
import { useMemo } from 'react';
import { useStore } from 'zustand';
import type { Scenario } from '../../engine/scenario/types';
import { useLab } from '../lab-context';
import { experimentStore, presetBase, type ExperimentState } from '../../store/experiment/experiment-store';
import type { SweepBase } from '../../store/experiment/sweep-form';

export function useExperiment<T>(selector: (s: ExperimentState) => T): T {
  return useStore(experimentStore, selector);
}

export function experimentActions(): ExperimentState {
  return experimentStore.getState();
}

export interface ViewBase {
  base: SweepBase | null;
  /** where it comes from: the Lab's scenario, or a preset sweep's preset */
  source: 'lab' | 'preset';
}

const selectInput = (s: { scenarioInput: unknown }) => s.scenarioInput;
const selectEdited = (s: { edited: Scenario | null; scenario: Scenario | null }) => s.edited ?? s.scenario;

/** The scenario sweeps and comparisons start from: a loaded preset sweep's, else the Lab's (as last edited). */
export function useViewBase(): ViewBase {
  const preset = useExperiment((s) => s.preset);
  const input = useLab(selectInput);
  const scenario = useLab(selectEdited);
  const presetBaseValue = useMemo(() => (preset ? presetBase(preset) : null), [preset]);
  const labBase = useMemo(() => (scenario && input ? { json: input, scenario } : null), [input, scenario]);
  return preset ? { base: presetBaseValue, source: 'preset' } : { base: labBase, source: 'lab' };
}
