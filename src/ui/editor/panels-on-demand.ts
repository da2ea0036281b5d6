/**
 * The editor's item panels (a node, a link, the flows, the faults), fetched
 * when first shown: they are not part of the page's first load. The Lab's
 * first paint shows the diagram and the network panel; the rest is fetched
 * right after it (preloadPanels, from EditorArea), so that a click on a node
 * or a tab, or a message asking for its field, finds them ready.
 */
import { lazy } from 'react';
import { loadLoader } from '../loader-on-demand';

// With the scenario loader (../loader-on-demand.ts), which judges every value typed into them.
const load = () => Promise.all([import('./item-panels'), loadLoader()]).then(([panels]) => panels);

export const NodePanel = lazy(() => load().then((m) => ({ default: m.NodePanel })));
export const LinkPanel = lazy(() => load().then((m) => ({ default: m.LinkPanel })));
export const FlowsPanel = lazy(() => load().then((m) => ({ default: m.FlowsPanel })));
export const FaultsPanel = lazy(() => load().then((m) => ({ default: m.FaultsPanel })));

/** Fetch the panels now (after the first paint), without waiting for them. */
export function preloadPanels(): void {
  load().catch(() => undefined); // shown later, where a failure shows as the view's error
}
