/** Why the last share link could not be opened: a small store of its own, read by the page's banner. */
import { createStore } from 'zustand/vanilla';

/** A problem with a link, as plain text (rendered as text only, never as HTML). */
export interface ShareMessage {
  title: string;
  details: string[];
  /** what the page did instead */
  note?: string;
}

/** The last link problem, for the banner; null when there is none. */
export const shareMessages = createStore<{ message: ShareMessage | null; set(m: ShareMessage | null): void }>()(
  (set) => ({
    message: null,
    set: (message) => set({ message }),
  }),
);
