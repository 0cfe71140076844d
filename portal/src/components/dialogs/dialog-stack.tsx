import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';

/** An open dialog: its answer, and a way to close it from outside (a timer, a logout). */
export interface DialogHandle<R> {
  /** The value the dialog closed with; undefined when it was dismissed or closed by `closeAll`. */
  result: Promise<R | undefined>;
  close(result?: R): void;
}

export interface OpenDialogOptions {
  /** Escape and a click on the backdrop dismiss it (default true). */
  dismissible?: boolean;
  /**
   * 'page' (the default): the dialog belongs to the screen that opened it (a loan's payoff quote,
   * a new bank account for a loan's payment) and closes, dismissed, when the route changes (a
   * link, the browser's Back button, another loan's page): no dialog follows the borrower to a
   * page it is not about. 'app': the app's own, about no page (the session timeout warning, the
   * app update notice), which stays across routes.
   */
  scope?: 'page' | 'app';
  /**
   * Where focus returns when it closes, when not what has the focus as it opens: a dialog whose
   * code loads first (its button busy and disabled meanwhile, the focus dropped to the body).
   */
  opener?: Element | null;
}

export interface DialogStack {
  /**
   * Opens a dialog on top of the others. `render` gets the function that closes it with an
   * answer; the dialog component uses `PortalDialog`, which wires open state, Escape and focus.
   */
  open<R>(
    render: (close: (result: R) => void) => ReactNode,
    options?: OpenDialogOptions,
  ): DialogHandle<R>;
  /** Dismisses every open dialog (logout). */
  closeAll(): void;
}

/** The stack as the provider keeps it: `open` also takes the route its opener was shown on. */
interface StackOperations {
  open<R>(
    render: (close: (result: R) => void) => ReactNode,
    options: OpenDialogOptions,
    openedOn: string | undefined,
  ): DialogHandle<R>;
  closeAll(): void;
}

interface DialogEntry {
  id: number;
  open: boolean;
  dismissible: boolean;
  /** The route of the screen that opened it; undefined for an app dialog (or without routes). */
  route: string | undefined;
  /**
   * What had the focus when it opened (or the `opener` given), where focus returns when it
   * closes (`restoreFocus`, and after a route change `focusNewPage`).
   */
  opener: Element | null;
  render(): ReactNode;
  dismiss(): void;
  /** Dismisses it (when still open) and drops it at once, without a closing transition. */
  discard(): void;
}

interface DialogStackState {
  entries: readonly DialogEntry[];
  /** The route shown now. */
  route: string | undefined;
  remove(id: number): void;
}

/** A page's dialog whose page is no longer shown: never rendered, dismissed at once. */
function leftBehind(entry: DialogEntry, route: string | undefined): boolean {
  return entry.route !== undefined && entry.route !== route;
}

/**
 * After dialogs closed because the route changed, focus went back to the element that opened
 * them, usually gone with its page (focus fell to the body), or kept by a screen shown again for
 * another loan: the new page's heading takes it (else its main region), so keyboard and screen
 * reader users start at the top of the page they went to.
 */
function focusNewPage(openers: readonly (Element | null)[]) {
  const active = document.activeElement;
  // Focus the new page placed itself (or an opener still on the page now shown: the same screen
  // for another loan) stays where it is.
  if (active && active !== document.body && active.isConnected && !openers.includes(active)) {
    return;
  }
  const main = document.querySelector<HTMLElement>('main');
  const heading = main?.querySelector<HTMLElement>('h1');
  if (heading) {
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus();
  } else {
    main?.focus();
  }
}

/** What `PortalDialog` needs to know about the stack entry it renders. */
export interface DialogEntryState {
  open: boolean;
  dismissible: boolean;
  /** Only the top dialog is active: it has the focus trap and answers Escape. */
  isTop: boolean;
  dismiss(): void;
  /**
   * Called when the closing transition has finished, to drop the entry, with the dialog's root
   * element (focus left inside it goes back to the opener).
   */
  onExited(root?: Element | null): void;
}

const DialogStackContext = createContext<StackOperations | null>(null);
const DialogStackStateContext = createContext<DialogStackState | null>(null);
const DialogEntryContext = createContext<DialogEntryState | null>(null);
/** The route shown, as the components that open dialogs last rendered with it. */
const DialogRouteContext = createContext<string | undefined>(undefined);

/**
 * The dialog stack, for a component that opens dialogs. A page's dialog belongs to the route
 * this component was last shown on: one it opens after its page was left (an answer that came
 * back after the Back button) is dismissed at once instead of showing over another page.
 */
export function useDialogStack(): DialogStack {
  const stack = useContext(DialogStackContext);
  const route = useContext(DialogRouteContext);
  const shownOn = useRef(route);
  useLayoutEffect(() => {
    shownOn.current = route;
  }, [route]);
  const open = useCallback<DialogStack['open']>(
    (render, options = {}) => {
      if (!stack) throw new Error('useDialogStack must be used inside DialogStackProvider');
      return stack.open(render, options, shownOn.current);
    },
    [stack],
  );
  const bound = useMemo<DialogStack>(
    () => ({ open, closeAll: () => stack?.closeAll() }),
    [open, stack],
  );
  if (!stack) throw new Error('useDialogStack must be used inside DialogStackProvider');
  return bound;
}

export function useDialogEntry(): DialogEntryState {
  const entry = useContext(DialogEntryContext);
  if (!entry) throw new Error('A portal dialog must be opened through useDialogStack().open');
  return entry;
}

/**
 * Holds the stack of modal dialogs (spec 000 section 2.13): they open in layers over a fading
 * backdrop, only the top one is active, Escape closes only the top one (when dismissible), and
 * focus returns to the element that opened each dialog when it closes. Render `DialogHost`
 * once, inside every provider the dialogs read.
 *
 * `route` is the screen shown (the route's pathname, which holds the loan's number): when it
 * changes, the dialogs of the screen left are gone in the same render that shows the new one
 * (no closing transition over the new page), dismissed (their `result` is undefined), and the
 * new page's heading takes the focus. Without it (dialogs tested alone) no dialog closes by
 * itself.
 */
export function DialogStackProvider({ route, children }: { route?: string; children: ReactNode }) {
  const [entries, setEntries] = useState<readonly DialogEntry[]>([]);
  const nextId = useRef(1);
  const dismissers = useRef(new Map<number, () => void>());

  const open = useCallback(function open<R>(
    render: (close: (result: R) => void) => ReactNode,
    options: OpenDialogOptions,
    openedOn: string | undefined,
  ): DialogHandle<R> {
    const id = nextId.current++;
    let settled = false;
    let resolveResult: (value: R | undefined) => void = () => {};
    const result = new Promise<R | undefined>((resolve) => {
      resolveResult = resolve;
    });
    const finish = (value: R | undefined) => {
      if (settled) return;
      settled = true;
      dismissers.current.delete(id);
      setEntries((list) =>
        list.map((entry) => (entry.id === id ? { ...entry, open: false } : entry)),
      );
      resolveResult(value);
    };
    const close = (value: R) => finish(value);
    const dismiss = () => finish(undefined);
    const discard = () => {
      finish(undefined);
      setEntries((list) => list.filter((entry) => entry.id !== id));
    };
    dismissers.current.set(id, dismiss);
    setEntries((list) => [
      ...list,
      {
        id,
        open: true,
        dismissible: options.dismissible ?? true,
        route: options.scope === 'app' ? undefined : openedOn,
        opener: options.opener ?? document.activeElement,
        render: () => render(close),
        dismiss,
        discard,
      },
    ]);
    return { result, close: (value?: R) => finish(value) };
  }, []);

  const closeAll = useCallback(() => {
    for (const dismiss of [...dismissers.current.values()].reverse()) dismiss();
  }, []);

  const remove = useCallback((id: number) => {
    setEntries((list) => list.filter((entry) => entry.id !== id || entry.open));
  }, []);

  // The dialogs of a screen left behind: DialogHost no longer renders them; here they are
  // dismissed and dropped. An effect, not a layout effect: it runs after the closed dialogs' own
  // clean-up gave the focus back to their openers, which it then moves to the new page. A dialog
  // opened late for a page already left (never shown) moves no focus: the borrower is at work
  // on the new page.
  const lastRoute = useRef(route);
  useEffect(() => {
    const routeChanged = lastRoute.current !== route;
    lastRoute.current = route;
    const stale = entries.filter((entry) => leftBehind(entry, route));
    if (stale.length === 0) return;
    for (const entry of stale) entry.discard();
    if (routeChanged) focusNewPage(stale.map((entry) => entry.opener));
  }, [entries, route]);

  const stack = useMemo<StackOperations>(() => ({ open, closeAll }), [open, closeAll]);
  const state = useMemo<DialogStackState>(
    () => ({ entries, route, remove }),
    [entries, route, remove],
  );

  return (
    <DialogStackContext value={stack}>
      <DialogStackStateContext value={state}>
        <DialogRouteContext value={route}>{children}</DialogRouteContext>
      </DialogStackStateContext>
    </DialogStackContext>
  );
}

/**
 * After a dialog closed, focus goes back to its opener when nothing has it or it is still in the
 * closed dialog (MUI's focus trap restores what had the focus when the dialog opened: nothing,
 * when its opener was busy and disabled while the dialog's code loaded, and a Cancel button
 * pressed kept it). Focus placed elsewhere stays.
 */
function restoreFocus(opener: Element | null, root?: Element | null) {
  const active = document.activeElement;
  const lost = !active || active === document.body || !active.isConnected;
  if (!lost && !(root && root.contains(active))) return;
  if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
}

/** Renders the open dialogs, bottom first, so the last opened is on top. */
export function DialogHost() {
  const state = useContext(DialogStackStateContext);
  if (!state) throw new Error('DialogHost must be rendered inside DialogStackProvider');
  // A screen's dialogs show on that screen only: from the render that shows another route on,
  // they are not drawn (the provider dismisses them right after).
  const shown = state.entries.filter((entry) => !leftBehind(entry, state.route));
  const openEntries = shown.filter((entry) => entry.open);
  const topId = openEntries[openEntries.length - 1]?.id;
  return shown.map((entry) => (
    <DialogEntryContext
      key={entry.id}
      value={{
        open: entry.open,
        dismissible: entry.dismissible,
        isTop: entry.id === topId,
        dismiss: entry.dismiss,
        onExited: (root?: Element | null) => {
          restoreFocus(entry.opener, root);
          state.remove(entry.id);
        },
      }}
    >
      {entry.render()}
    </DialogEntryContext>
  ));
}
