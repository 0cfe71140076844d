import type { InstitutionSettingsResponse } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { settingsResponse } from '../../testing/fixtures';
import { DRAFT_DOCUMENT, PUBLISHED_DOCUMENT } from '../../testing/institution';
import { DraftSession } from './draft-session';

const HEADING = 'loginTexts.topHeadingText';

function savedAt(updatedAt: string, heading: string): InstitutionSettingsResponse {
  const response = settingsResponse(PUBLISHED_DOCUMENT, {
    ...DRAFT_DOCUMENT,
    english: { loginTexts: { topHeadingText: heading } },
  });
  if (!response.draft) throw new Error('settingsResponse made no draft');
  return { ...response, draft: { ...response.draft, updatedAt } };
}

function sessionWith(initial: InstitutionSettingsResponse): DraftSession {
  return new DraftSession({
    slug: 'harbor',
    initial,
    saveChanges: () => Promise.reject(new Error('no saves in this test')),
  });
}

describe('DraftSession.acceptServerState', () => {
  it('ignores a server state read before the one it holds (a refetch answering after a save)', () => {
    const session = sessionWith(savedAt('2026-11-30T15:00:02.000Z', 'After the save'));
    session.acceptServerState(savedAt('2026-11-30T15:00:01.000Z', 'Before the save'));
    expect(session.valueOf(HEADING)).toBe('After the save');
  });

  it('takes a newer draft, and a newer published version', () => {
    const session = sessionWith(savedAt('2026-11-30T15:00:01.000Z', 'First'));
    session.acceptServerState(savedAt('2026-11-30T15:00:05.000Z', 'Saved elsewhere'));
    expect(session.valueOf(HEADING)).toBe('Saved elsewhere');

    const published = settingsResponse(PUBLISHED_DOCUMENT, null);
    session.acceptServerState({
      ...published,
      published: { ...published.published, version: published.published.version + 1 },
    });
    expect(session.valueOf(HEADING)).toBe('Hello borrowers');
  });

  it('ignores an older published version', () => {
    const current = settingsResponse(PUBLISHED_DOCUMENT, null);
    const session = sessionWith({
      ...current,
      published: { ...current.published, version: 4 },
    });
    session.acceptServerState(savedAt('2026-11-30T15:00:09.000Z', 'A draft of version 3'));
    expect(session.valueOf(HEADING)).toBe('Hello borrowers');
  });
});
