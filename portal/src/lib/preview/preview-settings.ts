import {
  InstitutionOptions,
  institutionOptionNumbers,
  publicGassySettings,
  type ApplicationOptionsResponse,
  type ConfigurationDocument,
} from '@portal/domain';

/**
 * What the server would answer to ApplicationOptions for this document (domain's projection, the
 * one the server applies), with the draft's colour scheme, and the branding folder and name kept
 * from the real answer.
 */
export function previewApplicationOptions(
  document: ConfigurationDocument,
  base: ApplicationOptionsResponse,
  colorScheme?: 'light' | 'dark',
): ApplicationOptionsResponse {
  const gassySettings = publicGassySettings(document);
  if (colorScheme) {
    gassySettings.shared.themeOptions = { ...gassySettings.shared.themeOptions, colorScheme };
  }
  const institutionOptions = InstitutionOptions.parse({
    ...base.institutionOptions,
    // A value the admin is still typing is left out: the real answer's number stays.
    ...institutionOptionNumbers(document, { lenient: true }),
    cdnFolder: base.institutionOptions.cdnFolder,
    institutionName: base.institutionOptions.institutionName,
  });
  return { ...base, gassySettings, institutionOptions };
}
