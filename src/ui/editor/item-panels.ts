/** The panels src/ui/editor/panels-on-demand.ts fetches on demand, in one chunk. */
export { FaultsPanel } from '../faults/FaultsPanel';
export { FlowsPanel } from './FlowsPanel';
export { LinkPanel } from './LinkPanel';
export { NodePanel } from './NodePanel';
