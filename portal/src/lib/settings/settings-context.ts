import type { InstitutionOptions } from '@portal/domain';
import type { SettingsAccessor } from '@portal/settings-schema';
import { createContext, useContext } from 'react';

export interface PortalSettings {
  settings: SettingsAccessor;
  institutionOptions: InstitutionOptions;
}

export const SettingsContext = createContext<PortalSettings | null>(null);

function usePortalSettings(): PortalSettings {
  const value = useContext(SettingsContext);
  if (!value)
    throw new Error('useSettings must be used inside the settings provider (app/providers.tsx)');
  return value;
}

/** The institution's settings, read by typed `section.name` keys. */
export function useSettings(): SettingsAccessor {
  return usePortalSettings().settings;
}

/** cdnFolder, institutionName and the length rules of the institution. */
export function useInstitutionOptions(): InstitutionOptions {
  return usePortalSettings().institutionOptions;
}
