import {
  createContext,
  useCallback,
  useContext,
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

interface DialogEntry {
  id: number;
  open: boolean;
  dismissible: boolean;
  render(): ReactNode;
  dismiss(): void;
}

interface DialogStackState {
  entries: readonly DialogEntry[];
  remove(id: number): void;
}

/** What `PortalDialog` needs to know about the stack entry it renders. */
export interface DialogEntryState {
  open: boolean;
  dismissible: boolean;
  /** Only the top dialog is active: it has the focus trap and answers Escape. */
  isTop: boolean;
  dismiss(): void;
  /** Called when the closing transition has finished, to drop the entry. */
  onExited(): void;
}

const DialogStackContext = createContext<DialogStack | null>(null);
const DialogStackStateContext = createContext<DialogStackState | null>(null);
const DialogEntryContext = createContext<DialogEntryState | null>(null);

export function useDialogStack(): DialogStack {
  const stack = useContext(DialogStackContext);
  if (!stack) throw new Error('useDialogStack must be used inside DialogStackProvider');
  return stack;
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
 */
export function DialogStackProvider({ children }: { children: ReactNode }) {
  const [entries, setEntries] = useState<readonly DialogEntry[]>([]);
  const nextId = useRef(1);
  const dismissers = useRef(new Map<number, () => void>());

  const open = useCallback(function open<R>(
    render: (close: (result: R) => void) => ReactNode,
    options: OpenDialogOptions = {},
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
    dismissers.current.set(id, dismiss);
    setEntries((list) => [
      ...list,
      {
        id,
        open: true,
        dismissible: options.dismissible ?? true,
        render: () => render(close),
        dismiss,
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

  const stack = useMemo<DialogStack>(() => ({ open, closeAll }), [open, closeAll]);
  const state = useMemo<DialogStackState>(() => ({ entries, remove }), [entries, remove]);

  return (
    <DialogStackContext value={stack}>
      <DialogStackStateContext value={state}>{children}</DialogStackStateContext>
    </DialogStackContext>
  );
}

/** Renders the open dialogs, bottom first, so the last opened is on top. */
export function DialogHost() {
  const state = useContext(DialogStackStateContext);
  if (!state) throw new Error('DialogHost must be rendered inside DialogStackProvider');
  const openEntries = state.entries.filter((entry) => entry.open);
  const topId = openEntries[openEntries.length - 1]?.id;
  return state.entries.map((entry) => (
    <DialogEntryContext
      key={entry.id}
      value={{
        open: entry.open,
        dismissible: entry.dismissible,
        isTop: entry.id === topId,
        dismiss: entry.dismiss,
        onExited: () => state.remove(entry.id),
      }}
    >
      {entry.render()}
    </DialogEntryContext>
  ));
}
