/**
 * V8's sampling heap profile (HeapProfiler.stopSampling, through node's
 * inspector or Chromium's DevTools protocol) summed by allocating function:
 * what `npm run bench:alloc` and the page's allocation profile
 * (bench/ui/alloc.profile.ts) print.
 */
export interface ProfileNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: ProfileNode[];
}

/** Bytes allocated by each function ("name file:line"), and in all. */
export function bytesByFunction(head: ProfileNode): { byFunction: Map<string, number>; total: number } {
  const byFunction = new Map<string, number>();
  let total = 0;
  const walk = (n: ProfileNode): void => {
    if (n.selfSize > 0) {
      const name = `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber + 1}`;
      byFunction.set(name, (byFunction.get(name) ?? 0) + n.selfSize);
      total += n.selfSize;
    }
    for (const c of n.children) walk(c);
  };
  walk(head);
  return { byFunction, total };
}
