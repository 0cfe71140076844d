import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { listSettingDefinitions, settingsSchema } from './definitions';
import {
  generateServedTypesModule,
  generateSettingsModule,
  generateJsonValuesValidatorModule,
  generateValidatorModule,
  JSON_VALUES_VALIDATOR_DECLARATIONS,
  VALIDATOR_DECLARATIONS,
} from './generate';
import { readSettingValue } from './accessor';
import { walkSettingsSchema, type SettingsSchemaDocument } from './schema-walk';
import { SETTING_DEFINITIONS } from './settings.generated';

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');

describe('settings schema', () => {
  it('matches the generated files (run `npm run generate` after editing the schema)', () => {
    expect(read('./settings.generated.ts')).toBe(generateSettingsModule(settingsSchema));
    expect(read('./served-types.generated.ts')).toBe(generateServedTypesModule(settingsSchema));
    expect(read('./config-validator.generated.js')).toBe(generateValidatorModule(settingsSchema));
    expect(read('./config-validator.generated.d.ts')).toBe(VALIDATOR_DECLARATIONS);
    expect(read('./json-values-validator.generated.js')).toBe(
      generateJsonValuesValidatorModule(settingsSchema),
    );
    expect(read('./json-values-validator.generated.d.ts')).toBe(JSON_VALUES_VALIDATOR_DECLARATIONS);
  });

  it('declares every option spec 000 section 3 names', () => {
    const spec000Options = [
      'globalOptions.useBranchLocatorOption',
      'globalOptions.useRemoteBranchLocatorOption',
      'globalOptions.remoteBranchLocatorURLOption',
      'globalOptions.useFAQOption',
      'globalOptions.hideContactUsOption',
      'globalOptions.useDocumentCenterOption',
      'globalOptions.applyForLoanURLOption',
      'globalOptions.useEgtConsumerOption',
      'profileOptions.forceManualCifChangesOption',
      'achPaymentOptions.requireAchDraftAgreementOption',
      'depositOptions.disableEZPayOption',
    ];
    const keys = new Set(listSettingDefinitions().map((definition) => definition.key));
    for (const key of spec000Options) expect(keys.has(key), key).toBe(true);

    const names = new Set(listSettingDefinitions().map((definition) => definition.name));
    const configurationFlags = [
      'useCustomSecurityQuestionOption',
      'useConfirmPasswordOption',
      'usePasswordValidationRuleListOption',
      'multiFactorDuringRegistrationOption',
      'registerAsLoanAccountOption',
      'registerAsDepositAccountOption',
      'doNotRequireAccountNumberForRegistrationOption',
      'removeCheckDigitOption',
      'recoverCredentialsWithoutQuestionOption',
      'forceUserToClickOnURLToAgreeOption',
      'forceRichTextAgreementsOption',
      'useFileServicesOption',
    ];
    for (const name of configurationFlags) expect(names.has(name), name).toBe(true);

    const institutionOptions = [
      'PasswordMinimumLength',
      'UserNameMinimumLength',
      'LoanOfficeLength',
      'LoanAccountLength',
      'LoanCheckDigitLength',
      'DepositOfficeLength',
      'DepositAccountLength',
      'DepositCheckDigitLength',
    ];
    for (const name of institutionOptions)
      expect(keys.has(`institutionOptions.${name}`), name).toBe(true);

    const sections = new Set(listSettingDefinitions().map((definition) => definition.section));
    expect(sections.has('loggedInLayout')).toBe(true);
    expect(sections.has('loggedOutLayout')).toBe(true);
    expect(
      listSettingDefinitions().filter(
        (d) => d.section === 'loggedInLayout' && d.name === 'footerImages',
      ),
    ).toHaveLength(1);
  });

  it('gives every key a default that its own type can read', () => {
    for (const definition of listSettingDefinitions()) {
      expect(
        () => readSettingValue(definition.key, definition.type, definition.default),
        definition.key,
      ).not.toThrow();
      if (definition.enum) expect(definition.enum, definition.key).toContain(definition.default);
    }
  });

  it('gives every key a title, description, group, set, visibility and type', () => {
    for (const definition of listSettingDefinitions()) {
      expect(definition.title.length, definition.key).toBeGreaterThan(0);
      expect(definition.description.length, definition.key).toBeGreaterThan(10);
      expect(definition.group.length, definition.key).toBeGreaterThan(0);
      expect(['shared', 'english']).toContain(definition.set);
      expect(['public', 'admin']).toContain(definition.visibility);
    }
  });

  it('keeps the generated runtime table in step with the schema', () => {
    expect(Object.keys(SETTING_DEFINITIONS)).toEqual(
      listSettingDefinitions().map((definition) => definition.key),
    );
  });
});

describe('walkSettingsSchema', () => {
  function schemaWith(extra: Record<string, unknown>): SettingsSchemaDocument {
    const node = {
      type: 'string',
      'x-type': 'number',
      'x-set': 'shared',
      'x-visibility': 'public',
      'x-group': 'Demo',
      title: 'Demo',
      description: 'A demo setting',
      default: '1',
      ...extra,
    };
    return {
      $defs: { settings: { properties: { demo: { properties: { value: node } } } } },
    };
  }

  it('knows "format": "regex" on text settings only', () => {
    expect(() => walkSettingsSchema(schemaWith({ format: 'regex' }))).toThrow(
      'demo.value: only "format": "regex" is known, and only on text settings',
    );
    expect(() => walkSettingsSchema(schemaWith({ 'x-type': 'text', format: 'email' }))).toThrow(
      'only "format": "regex" is known',
    );
    const [entry] = walkSettingsSchema(schemaWith({ 'x-type': 'text', format: 'regex' }));
    expect(entry?.definition.format).toBe('regex');
  });
});
