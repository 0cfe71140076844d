import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { createContext, use, useSyncExternalStore } from 'react';

/*
 * The page the server painted (issue 23) is on screen before its code runs: a visitor may type
 * into the sign-in form, or press its button, before React takes the page over (hydrates it).
 */

const subscribeNever = () => () => undefined;

/**
 * False while the server renders and while the browser hydrates; true once the page is the
 * browser's. A form's submit button waits for it: pressed before, a served form would be sent
 * by the browser itself, its fields (the password) in the address.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}

/**
 * The kind of screen the server guessed it rendered for (from the browser's user agent): the
 * layout's first render in the browser must be the server's, so screen-size choices start from
 * the guess while the page hydrates, then follow the real screen. Undefined: no served page.
 */
export type ServedDevice = 'phone' | 'desktop';
export const ServedDeviceContext = createContext<ServedDevice | undefined>(undefined);

/** The server's guess from a user agent: a phone or tablet says "Mobi" (Mobile) in it. */
export function servedDeviceFor(userAgent: string | undefined): ServedDevice {
  return userAgent && /Mobi|Android|iPhone/i.test(userAgent) ? 'phone' : 'desktop';
}

/**
 * `useMediaQuery` for a "smaller than" breakpoint query: from the server's guess while a served
 * page hydrates (then the real screen), else read at once.
 */
export function useSmallScreen(query: string | ((theme: Theme) => string)): boolean {
  const device = use(ServedDeviceContext);
  return useMediaQuery(
    query,
    device === undefined ? { noSsr: true } : { defaultMatches: device === 'phone' },
  );
}
