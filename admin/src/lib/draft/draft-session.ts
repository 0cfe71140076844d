import type { ConfigurationDocument, InstitutionSettingsResponse } from '@portal/domain';
import { ApiError, errorMessage } from '../api-client';
import { definitionOf, type SettingSet } from '../settings/definitions';
import {
  effectiveValue,
  SETTING_SETS,
  valueIn,
  withValue,
  type EffectiveValue,
} from '../settings/document';
import {
  validateDocument,
  validateSettingValue,
  type DocumentProblems,
} from '../settings/validation';

/** One change of the draft as `PATCH /admin-api/institutions/:slug/draft` takes it. */
export interface DraftChange {
  set: SettingSet;
  key: string;
  /** null resets the key in this set (the default, or the other set's value, applies). */
  value: string | null;
}

/** Where the edit of one key stands. */
export type KeySaveState =
  | { kind: 'idle' }
  /** Typed, waiting for the pause that sends it. */
  | { kind: 'pending' }
  | { kind: 'saving' }
  | { kind: 'saved' }
  /** Not sent: the value fails validation here already. */
  | { kind: 'invalid' }
  /** The server refused it or could not be reached. */
  | { kind: 'error'; message: string };

export interface SaveSummary {
  /** Keys typed but not yet acknowledged by the server. */
  unsaved: number;
  saving: boolean;
  failed: number;
  invalid: number;
}

export interface DraftSessionOptions {
  slug: string;
  initial: InstitutionSettingsResponse;
  /** Sends changes of one key; answers the institution's settings after the change. */
  saveChanges: (changes: DraftChange[]) => Promise<InstitutionSettingsResponse>;
  /** Told of every server state the session accepts (to update the query cache). */
  onServerState?: (response: InstitutionSettingsResponse) => void;
  /** Pause after the last keystroke of a key before it is sent. */
  saveDelayMs?: number;
  /** Pause before the whole document is validated again. */
  validateDelayMs?: number;
}

const IDLE: KeySaveState = { kind: 'idle' };

/**
 * Whether `candidate` was read before `current`: an older published version, or the same one
 * with a draft saved earlier. (A missing draft at the same version is taken: it is how a discard
 * made elsewhere shows.)
 */
function isOlderState(
  candidate: InstitutionSettingsResponse,
  current: InstitutionSettingsResponse,
): boolean {
  if (candidate.published.version !== current.published.version) {
    return candidate.published.version < current.published.version;
  }
  if (!candidate.draft || !current.draft) return false;
  return Date.parse(candidate.draft.updatedAt) < Date.parse(current.draft.updatedAt);
}
const NO_PROBLEMS: readonly string[] = [];

function localId(set: SettingSet, key: string): string {
  return `${set}\u0000${key}`;
}

/**
 * The draft being edited for one institution: the server's draft plus the keystrokes not yet
 * saved. Every edit updates the in-memory document at once (the preview posts it), validates the
 * key synchronously, and is sent as one debounced PATCH per key; PATCHes go one at a time so
 * answers cannot overtake each other. The whole document is re-validated after a pause.
 *
 * A plain store (subscribe + version) so each field subscribes to its own key only.
 */
export class DraftSession {
  readonly slug: string;
  private server: InstitutionSettingsResponse;
  private readonly local = new Map<
    string,
    { set: SettingSet; key: string; value: string | null }
  >();
  private readonly states = new Map<string, KeySaveState>();
  private readonly refusals = new Map<string, string>();
  /** Bumped when the draft is replaced, so answers to older saves are ignored. */
  private generation = 0;
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly queue: string[] = [];
  private running: Promise<void> | null = null;
  private validateTimer: ReturnType<typeof setTimeout> | undefined;
  private problems: DocumentProblems;
  private keyProblems = new Map<string, readonly string[]>();
  private readonly listeners = new Set<() => void>();
  private version = 0;
  private documentCache: { version: number; document: ConfigurationDocument } | undefined;
  private previewCache: { version: number; document: ConfigurationDocument } | undefined;
  private readonly options: Required<Omit<DraftSessionOptions, 'onServerState'>> &
    Pick<DraftSessionOptions, 'onServerState'>;
  private disposed = false;

  constructor(options: DraftSessionOptions) {
    this.options = { saveDelayMs: 600, validateDelayMs: 300, ...options };
    this.slug = options.slug;
    this.server = options.initial;
    this.problems = validateDocument(this.baseDocument());
  }

  // ---- store ----

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getVersion = (): number => this.version;

  private notify(): void {
    this.version += 1;
    for (const listener of [...this.listeners]) listener();
  }

  // ---- reading ----

  getServerState(): InstitutionSettingsResponse {
    return this.server;
  }

  getPublishedDocument(): ConfigurationDocument {
    return this.server.published.document;
  }

  /** The server's draft, or the published document when there is no draft yet. */
  baseDocument(): ConfigurationDocument {
    return this.server.draft?.document ?? this.server.published.document;
  }

  /** The document as edited, unsaved keystrokes included. */
  getDocument(): ConfigurationDocument {
    if (this.documentCache?.version === this.version) return this.documentCache.document;
    let document = this.baseDocument();
    for (const change of this.local.values()) {
      document = withValue(document, change.set, change.key, change.value);
    }
    this.documentCache = { version: this.version, document };
    return document;
  }

  /**
   * What the preview shows: the edited document without values that fail validation, which the
   * portal could not read (the last valid value of such a key stays).
   */
  getPreviewDocument(): ConfigurationDocument {
    if (this.previewCache?.version === this.version) return this.previewCache.document;
    let document = this.baseDocument();
    for (const change of this.local.values()) {
      if (this.states.get(change.key)?.kind === 'invalid') continue;
      document = withValue(document, change.set, change.key, change.value);
    }
    this.previewCache = { version: this.version, document };
    return document;
  }

  effective(key: string): EffectiveValue {
    return effectiveValue(this.getDocument(), key);
  }

  valueOf(key: string): string {
    return this.effective(key).value;
  }

  keyState(key: string): KeySaveState {
    return this.states.get(key) ?? IDLE;
  }

  /** Validation problems of the key plus the server's refusal of its last save. */
  problemsOf(key: string): readonly string[] {
    const own = this.keyProblems.get(key) ?? this.problems.byKey.get(key) ?? NO_PROBLEMS;
    const refusal = this.refusals.get(key);
    if (refusal === undefined || own.includes(refusal)) return own;
    return [...own, refusal];
  }

  /** Keys with problems, for the "invalid" filter. */
  hasProblems(key: string): boolean {
    return this.problemsOf(key).length > 0;
  }

  /** Problems above any known key (unknown keys in an imported document, say). */
  documentProblems(): readonly string[] {
    return this.problems.other;
  }

  summary(): SaveSummary {
    let unsaved = 0;
    let failed = 0;
    let invalid = 0;
    let saving = false;
    for (const state of this.states.values()) {
      if (state.kind === 'pending' || state.kind === 'saving') unsaved += 1;
      if (state.kind === 'saving') saving = true;
      if (state.kind === 'error') failed += 1;
      if (state.kind === 'invalid') invalid += 1;
    }
    return { unsaved: unsaved + failed + invalid, saving, failed, invalid };
  }

  /** The set an edit of this key goes to: where its shown value lives, else its home set. */
  targetSet(key: string): SettingSet {
    const effective = this.effective(key);
    return effective.from ?? definitionOf(key)?.set ?? 'shared';
  }

  // ---- editing ----

  /** Records a new value of a key (from a keystroke) and schedules its save. */
  setValue(key: string, value: string): void {
    const set = this.targetSet(key);
    if (this.local.get(localId(set, key))?.value === value) return;
    this.local.set(localId(set, key), { set, key, value });
    this.refusals.delete(key);
    const problems = validateSettingValue(key, set, value);
    this.keyProblems.set(key, problems);
    this.clearTimer(key);
    if (problems.length > 0) {
      this.states.set(key, { kind: 'invalid' });
    } else {
      this.states.set(key, { kind: 'pending' });
      this.timers.set(
        key,
        setTimeout(() => {
          this.timers.delete(key);
          this.enqueue(key);
        }, this.options.saveDelayMs),
      );
    }
    this.scheduleValidation();
    this.notify();
  }

  /** Removes the key from every set (the schema default applies) and saves at once. */
  resetToDefault(key: string): Promise<void> {
    return this.clearSets(key, [...SETTING_SETS]);
  }

  /** Removes the key from some sets (e.g. the shared value that hides the English one). */
  clearSets(key: string, sets: readonly SettingSet[]): Promise<void> {
    const document = this.getDocument();
    for (const set of sets) {
      if (valueIn(document, set, key) !== undefined || this.local.has(localId(set, key))) {
        this.local.set(localId(set, key), { set, key, value: null });
      }
    }
    this.refusals.delete(key);
    this.keyProblems.delete(key);
    this.clearTimer(key);
    this.states.set(key, { kind: 'pending' });
    this.scheduleValidation();
    this.notify();
    return this.enqueue(key);
  }

  /** Sends every waiting change now; resolves when the queue is empty. */
  flush(): Promise<void> {
    for (const key of [...this.timers.keys()]) {
      this.clearTimer(key);
      void this.enqueue(key);
    }
    return this.running ?? Promise.resolve();
  }

  /** Sends one key again after a failure. */
  retry(key: string): Promise<void> {
    return this.enqueue(key);
  }

  /**
   * Takes a newer server state (a refetch or another save); unsaved keystrokes stay on top. An
   * older one is ignored: a refetch that began before a save can answer after it, and taking it
   * would drop the saved change from the document shown (and from the review).
   */
  acceptServerState(response: InstitutionSettingsResponse): void {
    if (response === this.server) return;
    if (isOlderState(response, this.server)) return;
    this.server = response;
    this.scheduleValidation();
    this.notify();
  }

  /** The draft was replaced on the server (restore, import, discard, publish): start over. */
  replaceServerState(response: InstitutionSettingsResponse): void {
    for (const key of [...this.timers.keys()]) this.clearTimer(key);
    this.generation += 1;
    this.queue.length = 0;
    this.local.clear();
    this.states.clear();
    this.refusals.clear();
    this.keyProblems.clear();
    this.server = response;
    this.problems = validateDocument(this.baseDocument());
    this.notify();
  }

  /** Stops timers; sends what is still waiting (leaving the institution must not lose edits). */
  dispose(): void {
    if (this.disposed) return;
    void this.flush();
    this.disposed = true;
    clearTimeout(this.validateTimer);
  }

  // ---- internals ----

  private clearTimer(key: string): void {
    const timer = this.timers.get(key);
    if (timer !== undefined) {
      clearTimeout(timer);
      this.timers.delete(key);
    }
  }

  private scheduleValidation(): void {
    if (this.disposed) return;
    clearTimeout(this.validateTimer);
    this.validateTimer = setTimeout(() => {
      this.problems = validateDocument(this.getDocument());
      this.keyProblems.clear();
      this.notify();
    }, this.options.validateDelayMs);
  }

  private enqueue(key: string): Promise<void> {
    if (!this.queue.includes(key)) this.queue.push(key);
    this.running ??= this.drain().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async drain(): Promise<void> {
    for (let key = this.queue.shift(); key !== undefined; key = this.queue.shift()) {
      await this.send(key);
    }
  }

  private async send(key: string): Promise<void> {
    if (this.states.get(key)?.kind === 'invalid') return;
    const changes = [...this.local.values()].filter((change) => change.key === key);
    if (changes.length === 0) return;
    const generation = this.generation;
    this.states.set(key, { kind: 'saving' });
    this.notify();
    try {
      const response = await this.options.saveChanges(
        changes.map(({ set, value }) => ({ set, key, value })),
      );
      if (generation !== this.generation) return;
      let typedSince = false;
      for (const change of changes) {
        const id = localId(change.set, key);
        if (this.local.get(id)?.value === change.value) this.local.delete(id);
        else typedSince = true;
      }
      this.server = response;
      this.options.onServerState?.(response);
      const current = this.states.get(key)?.kind;
      if (!typedSince && current === 'saving') this.states.set(key, { kind: 'saved' });
      this.scheduleValidation();
      this.notify();
    } catch (error) {
      if (generation !== this.generation) return;
      const detail =
        error instanceof ApiError ? error.details.find((entry) => entry.key === key) : undefined;
      const message = detail?.message ?? errorMessage(error);
      if (detail) this.refusals.set(key, detail.message);
      if (this.states.get(key)?.kind === 'saving') {
        this.states.set(key, { kind: 'error', message });
      }
      this.notify();
    }
  }
}
