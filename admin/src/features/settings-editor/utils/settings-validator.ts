import { validateInstitutionConfig } from '@portal/settings-schema';
import {
  createErrorHandler,
  toErrorSchema,
  unwrapErrorHandler,
  validationDataMerge,
  type CustomValidator,
  type ErrorTransformer,
  type RJSFSchema,
  type RJSFValidationError,
  type UiSchema,
  type ValidationData,
  type ValidatorType,
} from '@rjsf/utils';
import { definitionOf } from '../../../lib/settings/definitions';
import { splitKey } from '../../../lib/settings/document';
import type { SettingsFormContext, SettingsFormData } from './form-context';

type SettingsValidator = ValidatorType<SettingsFormData, RJSFSchema, SettingsFormContext>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The group form's data as a configuration document, each key in its home set. */
function toDocument(
  formData: unknown,
  keyByProperty: ReadonlyMap<string, string>,
): Record<string, Record<string, Record<string, string>>> {
  const document: Record<string, Record<string, Record<string, string>>> = {};
  if (!isRecord(formData)) return document;
  for (const [property, key] of keyByProperty) {
    const value = formData[property];
    const definition = definitionOf(key);
    if (typeof value !== 'string' || !definition) continue;
    const [section, name] = splitKey(key);
    const set = (document[definition.set] ??= {});
    (set[section] ??= {})[name] = value;
  }
  return document;
}

/**
 * rjsf's `ValidatorType` over the settings package's precompiled validator, instead of
 * `@rjsf/validator-ajv8`: that one compiles schemas with `new Function`, which the server's CSP
 * (`script-src 'self'`, no `unsafe-eval`) blocks. The form's flat properties are mapped back to
 * `section.name` keys, validated as a document, and each error is put on its property.
 *
 * While editing, the draft session validates the changed key at once and the whole document after
 * a pause, and the forms show those problems through `extraErrors`; rjsf itself calls this
 * validator when a form is submitted (Enter in a field).
 */
export function createSettingsValidator(
  keyByProperty: ReadonlyMap<string, string>,
): SettingsValidator {
  const propertyByKey = new Map([...keyByProperty].map(([property, key]) => [key, property]));

  function validate(formData: unknown): RJSFValidationError[] {
    const { errors } = validateInstitutionConfig(toDocument(formData, keyByProperty));
    return errors.map((error) => {
      const property = propertyByKey.get(error.key);
      const title = definitionOf(error.key)?.title ?? error.key;
      return {
        name: 'settings',
        property: property ? `.${property}` : '.',
        message: error.message,
        stack: `${title}: ${error.message}`,
        title,
      };
    });
  }

  return {
    validateFormData(
      formData: SettingsFormData | undefined,
      _schema: RJSFSchema,
      customValidate?: CustomValidator<SettingsFormData, RJSFSchema, SettingsFormContext>,
      transformErrors?: ErrorTransformer<SettingsFormData, RJSFSchema, SettingsFormContext>,
      uiSchema?: UiSchema<SettingsFormData, RJSFSchema, SettingsFormContext>,
    ): ValidationData<SettingsFormData> {
      let errors = validate(formData);
      if (transformErrors) errors = transformErrors(errors, uiSchema);
      const validation = { errors, errorSchema: toErrorSchema<SettingsFormData>(errors) };
      if (!customValidate || formData === undefined) return validation;
      const handler = customValidate(
        formData,
        createErrorHandler(formData),
        uiSchema,
        validation.errorSchema,
      );
      return validationDataMerge(validation, unwrapErrorHandler(handler));
    },
    isValid(_schema: RJSFSchema, formData: SettingsFormData | undefined): boolean {
      return validate(formData).length === 0;
    },
    // rjsf calls this only from its playground; the problems come back as one error.
    rawValidation(_schema: RJSFSchema, formData?: SettingsFormData) {
      const errors = validate(formData);
      if (errors.length === 0) return {};
      return { validationError: new Error(errors.map((error) => error.stack).join('\n')) };
    },
  };
}
