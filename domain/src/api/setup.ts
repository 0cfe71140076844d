import { z } from 'zod';
import { withEnvelope } from '../envelope';

const SettingsSet = z.record(z.string(), z.record(z.string(), z.string()));

/**
 * Institution options (spec 000 section 3): the lengths the registration and password rules use,
 * plus where the institution's branding files live and its display name.
 */
export const InstitutionOptions = z.object({
  cdnFolder: z.string(),
  institutionName: z.string(),
  PasswordMinimumLength: z.number().int(),
  UserNameMinimumLength: z.number().int(),
  LoanOfficeLength: z.number().int(),
  LoanAccountLength: z.number().int(),
  LoanCheckDigitLength: z.number().int(),
  DepositOfficeLength: z.number().int(),
  DepositAccountLength: z.number().int(),
  DepositCheckDigitLength: z.number().int(),
});
export type InstitutionOptions = z.infer<typeof InstitutionOptions>;

/** `GET /api/setup/ApplicationOptions`: the published public settings in the wire shape. */
export const ApplicationOptionsResponse = withEnvelope({
  gassySettings: z.object({ shared: SettingsSet, english: SettingsSet }),
  institutionOptions: InstitutionOptions,
});
export type ApplicationOptionsResponse = z.infer<typeof ApplicationOptionsResponse>;

/** `GET /api/Login/GetInstitutionOptions`. */
export const InstitutionOptionsResponse = withEnvelope({ InstitutionOptions });
export type InstitutionOptionsResponse = z.infer<typeof InstitutionOptionsResponse>;

/** `GET /api/MaintenanceMode`. */
export const MaintenanceModeResponse = withEnvelope({ isEnabled: z.boolean() });
export type MaintenanceModeResponse = z.infer<typeof MaintenanceModeResponse>;

/** Escapes angle brackets and braces in client error reports (spec 000 section 7). */
export function escapeClientErrorText(text: string): string {
  return text.replace(/[<>{}]/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** `POST api/ClientError`: what the portal reports when it breaks. Texts arrive already escaped. */
export const ClientErrorRequest = z.object({
  Message: z.string().max(4000),
  Stack: z.string().max(20000).optional().default(''),
  UserAgent: z.string().max(1000).optional().default(''),
});
export type ClientErrorRequest = z.infer<typeof ClientErrorRequest>;

/** `POST /api/Analytics/PageView` (enabled by analyticsOptions.enablePageViewAnalyticsOption). */
export const PageViewRequest = z.object({
  Route: z.string().max(500),
  Title: z.string().max(500),
});
export type PageViewRequest = z.infer<typeof PageViewRequest>;
