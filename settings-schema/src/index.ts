export {
  createSettingsAccessor,
  hasDeclaredShape,
  parseSettingKey,
  readSettingValue,
} from './accessor';
export { createServedSettingsAccessor, type ServedSettingTypes } from './served-accessor';
export { SERVED_SETTING_TYPES } from './served-types.generated';
export type { AccessorOptions, SettingsAccessor } from './accessor';
export {
  AGREEMENT_HOST_NUMBER_BASE,
  AGREEMENT_TYPES,
  INVALID_AGREEMENT_TYPE_MESSAGE,
  MAX_AGREEMENTS,
  agreementTypeCode,
  formatAgreementSetup,
  parseAgreementSetup,
} from './agreements';
export type { Agreement, AgreementType } from './agreements';
export { AgreementSetupError, SettingsError } from './errors';
export { SETTING_DEFINITIONS } from './settings.generated';
export type { SettingKey, SettingTypes } from './settings.generated';
export { SETTING_SETS, SETTING_TYPES } from './types';
export type {
  GassySettings,
  InstitutionConfiguration,
  LanguageSet,
  SettingDefinition,
  SettingRuntimeDefinition,
  SettingSet,
  SettingsSetValues,
  SettingType,
  SettingVisibility,
  SettingWire,
} from './types';
export { findSettingDefinition, listSettingDefinitions, settingsSchema } from './definitions';
export { validateInstitutionConfig } from './validate';
export type { ConfigurationError, ConfigurationValidation } from './validate';
