/**
 * One store per provider (as xyflow does), so a test or a future embedded
 * lesson can mount its own page without sharing state through a module
 * singleton.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { LabState, LabStore } from '../store/lab-store';

const LabStoreContext = createContext<LabStore | null>(null);

export function LabStoreProvider({ store, children }: { store: LabStore; children: ReactNode }) {
  return <LabStoreContext.Provider value={store}>{children}</LabStoreContext.Provider>;
}

export function useLabStore(): LabStore {
  const store = useContext(LabStoreContext);
  if (!store) throw new Error('useLab outside <LabStoreProvider>');
  return store;
}

/** Read a slice of the store; pass a module-level selector from ./selectors. */
export function useLab<T>(selector: (s: LabState) => T): T {
  return useStore(useLabStore(), selector);
}
