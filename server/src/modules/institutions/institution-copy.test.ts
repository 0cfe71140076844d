import { describe, expect, it } from 'vitest';
import { withoutInstitutionFiles } from './institutions-admin.service';

describe('copying an institution', () => {
  it('leaves out the settings that name the source’s own logo files, and nothing else', () => {
    const source = {
      shared: {
        themeOptions: {
          primaryColor: '#1b5e20',
          logoFullPath: 'branding/logos/logoFull-0123456789ab.svg',
          logoIconPath: 'branding/logos/logoIcon-0123456789ab.svg',
        },
      },
      english: { loginTexts: { topHeadingText: 'Welcome' } },
    };
    expect(withoutInstitutionFiles(source)).toEqual({
      shared: { themeOptions: { primaryColor: '#1b5e20' } },
      english: { loginTexts: { topHeadingText: 'Welcome' } },
    });
    // The source's own document is not changed.
    expect(source.shared.themeOptions.logoFullPath).toBe(
      'branding/logos/logoFull-0123456789ab.svg',
    );
  });
});
