import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { isLongText, type SettingDefinition } from '../../../lib/settings/definitions';
import type { SettingsFormContext, SettingsFormData } from './form-context';

/** The widget each setting type gets (names registered in `settingWidgets`). */
export function widgetFor(definition: SettingDefinition): string {
  switch (definition.type) {
    case 'boolean':
      return 'settingSwitch';
    case 'number':
      return 'settingNumber';
    case 'richText':
      return 'settingRichText';
    case 'json':
      return 'settingJson';
    case 'agreementSetup':
      return 'settingAgreementSetup';
    case 'url':
      return 'settingUrl';
    case 'color':
      return 'settingColor';
    case 'enum':
      return 'settingEnum';
    case 'text':
      return isLongText(definition) ? 'settingTextarea' : 'settingText';
  }
}

/** Widgets whose input a `<label for>` can name; the others are named by aria-labelledby. */
export const LABELLABLE_WIDGETS = new Set([
  'settingSwitch',
  'settingNumber',
  'settingText',
  'settingTextarea',
  'settingJson',
  'settingUrl',
  'settingColor',
  'settingEnum',
]);

export function propertyNameOf(key: string): string {
  return key.replace('.', '__');
}

/** One group's react-jsonschema-form: a flat object, one string property per key. */
export interface GroupFormSpec {
  schema: RJSFSchema;
  uiSchema: UiSchema<SettingsFormData, RJSFSchema, SettingsFormContext>;
  /** Property name → `section.name`, in schema order. */
  keyByProperty: ReadonlyMap<string, string>;
  keys: readonly string[];
}

export function buildGroupFormSpec(definitions: readonly SettingDefinition[]): GroupFormSpec {
  const properties: Record<string, RJSFSchema> = {};
  const uiSchema: UiSchema<SettingsFormData, RJSFSchema, SettingsFormContext> = {
    'ui:submitButtonOptions': { norender: true },
  };
  const keyByProperty = new Map<string, string>();
  for (const definition of definitions) {
    const property = propertyNameOf(definition.key);
    keyByProperty.set(property, definition.key);
    properties[property] = {
      type: 'string',
      title: definition.title,
      ...(definition.enum ? { enum: [...definition.enum] } : {}),
    };
    uiSchema[property] = {
      'ui:widget': widgetFor(definition),
      'ui:options': { settingKey: definition.key },
    };
  }
  return {
    schema: { type: 'object', properties },
    uiSchema,
    keyByProperty,
    keys: definitions.map((definition) => definition.key),
  };
}
