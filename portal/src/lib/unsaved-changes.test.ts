import { describe, expect, it } from 'vitest';
import { createUnsavedChangesStore } from './unsaved-changes';

describe('the unsaved-changes flag', () => {
  it("stays set while any part of the screen is dirty: one form's reset keeps another's edits", () => {
    const store = createUnsavedChangesStore();
    store.setUnsavedChanges(true, 'address');
    store.setUnsavedChanges(true, 'alerts');
    store.setUnsavedChanges(false, 'alerts');
    expect(store.hasUnsavedChanges()).toBe(true);
    store.setUnsavedChanges(false, 'address');
    expect(store.hasUnsavedChanges()).toBe(false);
  });

  it('is cleared for every part at once without a source (after a navigation)', () => {
    const store = createUnsavedChangesStore();
    store.setUnsavedChanges(true, 'address');
    store.setUnsavedChanges(true);
    store.setUnsavedChanges(false);
    expect(store.hasUnsavedChanges()).toBe(false);
  });
});
