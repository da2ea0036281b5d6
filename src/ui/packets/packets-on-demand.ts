/**
 * The packets on the wire (./PacketLayer.tsx, with the path and flow
 * geometry it draws on), fetched after the Lab's first paint: nothing moves
 * before a run is played, so they are not part of the page's first load.
 * TopologyView starts the fetch once it is drawn (preloadPackets).
 */
import { lazy } from 'react';

const load = () => import('./PacketLayer');

export const PacketLayer = lazy(() => load().then((m) => ({ default: m.PacketLayer })));

/** Fetch the packet layer now (after the first paint), without waiting for it. */
export function preloadPackets(): void {
  load().catch(() => undefined); // drawn later, where a failure shows as the view's error
}
