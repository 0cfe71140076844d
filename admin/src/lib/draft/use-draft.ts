import { createContext, use, useCallback, useMemo, useSyncExternalStore } from 'react';
import type { DraftSession } from './draft-session';

export const DraftSessionContext = createContext<DraftSession | null>(null);

/** The draft session of the institution on screen (provided by the institution layout). */
export function useDraftSession(): DraftSession {
  const session = use(DraftSessionContext);
  if (!session) throw new Error('useDraftSession needs the institution layout around it');
  return session;
}

/** A getSnapshot that keeps the previous answer while it is equal (stable for React). */
function createSnapshotReader<T>(
  session: DraftSession,
  selector: (session: DraftSession) => T,
  isEqual: (a: T, b: T) => boolean,
): () => T {
  let cache: { version: number; value: T } | undefined;
  return () => {
    const version = session.getVersion();
    if (cache?.version === version) return cache.value;
    const value = selector(session);
    if (cache && isEqual(cache.value, value)) {
      cache = { version, value: cache.value };
      return cache.value;
    }
    cache = { version, value };
    return value;
  };
}

/**
 * Reads a slice of the draft session and re-renders only when that slice changes (by `isEqual`),
 * so a keystroke in one field does not re-render the others.
 */
export function useDraftSelector<T>(
  session: DraftSession,
  selector: (session: DraftSession) => T,
  isEqual: (a: T, b: T) => boolean = Object.is,
): T {
  const getSnapshot = useMemo(
    () => createSnapshotReader(session, selector, isEqual),
    [session, selector, isEqual],
  );
  return useSyncExternalStore(session.subscribe, getSnapshot, getSnapshot);
}

export function shallowEqualArrays<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((item, index) => Object.is(item, b[index]));
}

export function shallowEqualObjects<T extends object>(a: T, b: T): boolean {
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((key) => Object.is(Reflect.get(a, key), Reflect.get(b, key)));
}

/** The value a key shows (the edited document), re-rendering only when it changes. */
export function useDraftValue(session: DraftSession, key: string): string {
  const selector = useCallback((current: DraftSession) => current.valueOf(key), [key]);
  return useDraftSelector(session, selector);
}
