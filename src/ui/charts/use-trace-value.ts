import { useEffect, useState, type DependencyList } from 'react';
import type { RunTraces } from '../session/traces';

/**
 * A value derived from the traces, as React state that changes only when the
 * value does (compared with `same`), so a panel re-renders rarely, not per batch.
 */
export function useTraceValue<T>(
  traces: RunTraces,
  read: () => T,
  same: (a: T, b: T) => boolean = Object.is,
  deps: DependencyList = [],
): T {
  const [value, setValue] = useState(read);
  useEffect(() => {
    const sync = () => setValue((old) => {
      const next = read();
      return same(old, next) ? old : next;
    });
    sync();
    return traces.subscribe(sync);
    // `read` is a new closure each render; `deps` say when it reads something
    // else (the caller's deps, as with useMemo), which the rule cannot check.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [traces, ...deps]);
  return value;
}

export const sameList = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((v, i) => v === b[i]);
