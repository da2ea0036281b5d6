/**
 * Module-level selectors: stable functions, so components re-render only when
 * the slice they read changes. Each returns state as stored (no new objects or
 * arrays), which Zustand 5 requires to avoid render loops.
 */
import type { LabState } from './lab-types';

export const selectEntries = (s: LabState) => s.entries;
export const selectScenarioKey = (s: LabState) => s.scenarioKey;
export const selectScenario = (s: LabState) => s.scenario;
export const selectScenarioInput = (s: LabState) => s.scenarioInput;
export const selectRun = (s: LabState) => s.run;
export const selectStatus = (s: LabState) => s.status;
export const selectSimTime = (s: LabState) => s.simTime;
export const selectDuration = (s: LabState) => s.run?.duration ?? s.scenario?.duration ?? 0;
export const selectSpeed = (s: LabState) => s.speed;
export const selectSampleCount = (s: LabState) => s.sampleCount;
export const selectCaption = (s: LabState) => s.caption;
export const selectProblem = (s: LabState) => s.problem;
export const selectLargeText = (s: LabState) => s.largeText;
export const selectPresenter = (s: LabState) => s.presenter;

/** A value typed into the editor is not valid yet: running now would run something else than what is on screen. */
export const selectBlocked = (s: LabState) => s.pending.length > 0;
export const selectCanPlay = (s: LabState) =>
  (s.status === 'ready' || s.status === 'paused' || s.status === 'stepping') && !selectBlocked(s);
export const selectCanPause = (s: LabState) => s.status === 'playing' || s.status === 'stepping';
export const selectCanStep = (s: LabState) =>
  (s.status === 'ready' || s.status === 'paused' || s.status === 'playing') && !selectBlocked(s);
export const selectCanReset = (s: LabState) => s.status !== 'empty';
/** A run is going: the caption should not interrupt a screen reader. */
export const selectIsRunning = (s: LabState) => s.status === 'playing' || s.status === 'stepping';
