/**
 * Hands the run session (commands + chart data) to components without
 * putting it in the store: it is an object with behaviour, not state.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { RunCommands } from './run-session';
import type { RunTraces } from './traces';

export interface Session extends RunCommands {
  readonly traces: RunTraces;
}

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ session, children }: { session: Session; children: ReactNode }) {
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside <SessionProvider>');
  return session;
}
