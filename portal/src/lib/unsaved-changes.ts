import { createContext, useContext, useMemo, useSyncExternalStore } from 'react';

/**
 * The unsaved-changes flag of the current screen (spec 000 sections 2.13 and 4). It lives outside
 * React state so the navigation blocker and the logout flow read the current value at the moment
 * they decide, not the value of the last render.
 */
export interface UnsavedChangesStore {
  hasUnsavedChanges(): boolean;
  /**
   * Marks a part of the screen (`source`) dirty or clean; the screen has unsaved changes while any
   * part is dirty. Without a source, true marks the screen and false clears every part.
   */
  setUnsavedChanges(value: boolean, source?: string): void;
  /** Set while the unsaved-changes dialog was opened by a logout (Yes then logs out). */
  isLogoutChosen(): boolean;
  setLogoutChosen(value: boolean): void;
  subscribe(listener: () => void): () => void;
}

export function createUnsavedChangesStore(): UnsavedChangesStore {
  let unsaved = false;
  const dirty = new Set<string>();
  let logoutChosen = false;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of [...listeners]) listener();
  };
  return {
    hasUnsavedChanges: () => unsaved,
    setUnsavedChanges(value, source) {
      if (source === undefined && !value) dirty.clear();
      else if (value) dirty.add(source ?? 'screen');
      else dirty.delete(source ?? 'screen');
      const next = dirty.size > 0;
      if (unsaved === next) return;
      unsaved = next;
      notify();
    },
    isLogoutChosen: () => logoutChosen,
    setLogoutChosen(value) {
      logoutChosen = value;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export const UnsavedChangesContext = createContext<UnsavedChangesStore | null>(null);

export function useUnsavedChangesStore(): UnsavedChangesStore {
  const store = useContext(UnsavedChangesContext);
  if (!store) throw new Error('useUnsavedChanges must be used inside the app shell (app/)');
  return store;
}

export interface UnsavedChanges {
  hasUnsavedChanges: boolean;
  /**
   * Call with true when the user edits, false when the edits are saved or discarded; a screen
   * with several forms names each (`source`) so one form's reset does not clear another's edits.
   */
  setUnsavedChanges(value: boolean, source?: string): void;
}

/**
 * For screens with forms: while the flag is set, leaving the route asks 'There are unsaved
 * changes…' (No stays, Yes leaves), Logout asks the same, and the browser warns before unloading.
 * The flag clears itself at the end of every navigation.
 */
export function useUnsavedChanges(): UnsavedChanges {
  const store = useUnsavedChangesStore();
  const hasUnsavedChanges = useSyncExternalStore(
    store.subscribe,
    store.hasUnsavedChanges,
    store.hasUnsavedChanges,
  );
  return useMemo(
    () => ({ hasUnsavedChanges, setUnsavedChanges: store.setUnsavedChanges }),
    [hasUnsavedChanges, store],
  );
}
