/** A setting key that is malformed or unknown, or a stored value that cannot be read as its type. */
export class SettingsError extends Error {
  readonly key: string;
  constructor(key: string, reason: string) {
    super(`Setting "${key}": ${reason}`);
    this.name = 'SettingsError';
    this.key = key;
  }
}

/** An agreement setup string that does not follow `URL|date|name|when-to-agree` (spec 000 section 5). */
export class AgreementSetupError extends Error {
  /** Index of the entry (0-based) the problem is in, when it is in one entry. */
  readonly entryIndex: number | undefined;
  /** Every problem of the setup, each with its entry (0-based) when it is in one. */
  readonly problems: readonly { entryIndex?: number; message: string }[];
  constructor(
    message: string,
    entryIndex?: number,
    problems?: readonly { entryIndex?: number; message: string }[],
  ) {
    super(message);
    this.name = 'AgreementSetupError';
    this.entryIndex = entryIndex;
    this.problems = problems ?? [{ ...(entryIndex !== undefined ? { entryIndex } : {}), message }];
  }
}
