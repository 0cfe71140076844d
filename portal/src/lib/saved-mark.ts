/** How long the check mark shows after a save (spec 002 section 9: 3 seconds). */
export const SAVED_MARK_MS = 3_000;
