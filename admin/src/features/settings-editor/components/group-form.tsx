// The Form itself, not @rjsf/core's index: that one (and @rjsf/mui, which imports it) pulls in
// getTestRegistry and with it @rjsf/validator-ajv8, which this app does not use (its validator
// compiles with `new Function`, which the CSP forbids). Every field of ours has its own MUI
// template and widget, so rjsf's MUI theme has nothing left to add.
import Form, { type IChangeEvent } from '@rjsf/core/lib/components/Form.js';
import {
  ErrorSchemaBuilder,
  type ErrorSchema,
  type RJSFSchema,
  type TemplatesType,
} from '@rjsf/utils';
import { memo, useCallback, useMemo } from 'react';
import type { DraftSession } from '../../../lib/draft/draft-session';
import { useDraftSelector } from '../../../lib/draft/use-draft';
import type { SettingDefinition } from '../../../lib/settings/definitions';
import {
  FORM_ID_PREFIX,
  type SettingsFormContext,
  type SettingsFormData,
} from '../utils/form-context';
import { buildGroupFormSpec, type GroupFormSpec } from '../utils/group-form-spec';
import { createSettingsValidator } from '../utils/settings-validator';
import { settingWidgets } from '../widgets/setting-widgets';
import { SettingFieldTemplate, SettingsObjectTemplate } from './setting-field-template';

const templates: Partial<TemplatesType<SettingsFormData, RJSFSchema, SettingsFormContext>> = {
  FieldTemplate: SettingFieldTemplate,
  ObjectFieldTemplate: SettingsObjectTemplate,
};

type SettingsErrorSchema = ErrorSchema<SettingsFormData>;

function formDataOf(session: DraftSession, spec: GroupFormSpec): SettingsFormData {
  const data: SettingsFormData = {};
  for (const [property, key] of spec.keyByProperty) data[property] = session.valueOf(key);
  return data;
}

function sameFormData(a: SettingsFormData, b: SettingsFormData): boolean {
  for (const property of Object.keys(a)) if (a[property] !== b[property]) return false;
  return true;
}

function errorsOf(session: DraftSession, spec: GroupFormSpec): Record<string, readonly string[]> {
  const errors: Record<string, readonly string[]> = {};
  for (const [property, key] of spec.keyByProperty) {
    const problems = session.problemsOf(key);
    if (problems.length > 0) errors[property] = problems;
  }
  return errors;
}

function sameErrors(
  a: Record<string, readonly string[]>,
  b: Record<string, readonly string[]>,
): boolean {
  const keysA = Object.keys(a);
  if (keysA.length !== Object.keys(b).length) return false;
  return keysA.every((property) => {
    const [x, y] = [a[property], b[property]];
    return (
      x !== undefined && y !== undefined && x.length === y.length && x.every((m, i) => m === y[i])
    );
  });
}

function toErrorSchema(errors: Record<string, readonly string[]>): SettingsErrorSchema {
  const builder = new ErrorSchemaBuilder<SettingsFormData>();
  for (const [property, messages] of Object.entries(errors)) {
    builder.addErrors([...messages], property);
  }
  return builder.ErrorSchema;
}

interface GroupFormProps {
  /** The keys to show, in order (a group, or the part of it a search matched). */
  definitions: readonly SettingDefinition[];
  session: DraftSession;
  readOnly: boolean;
  /** A field got focus: the preview may follow it. */
  onFocusKey: (key: string) => void;
  onShowInPreview: (key: string) => void;
}

/**
 * One react-jsonschema-form for one settings group. Values come from the draft session and go
 * back to it on every change; problems (the session's validation and the server's refusals) come
 * in as `extraErrors`. Memoised fields (rjsf's SchemaField compares props) keep a keystroke to
 * one re-rendered field.
 */
export const GroupForm = memo(function GroupForm({
  definitions,
  session,
  readOnly,
  onFocusKey,
  onShowInPreview,
}: GroupFormProps) {
  const spec = useMemo(() => buildGroupFormSpec(definitions), [definitions]);
  const validator = useMemo(() => createSettingsValidator(spec.keyByProperty), [spec]);

  const selectFormData = useCallback((current: DraftSession) => formDataOf(current, spec), [spec]);
  const formData = useDraftSelector(session, selectFormData, sameFormData);
  const selectErrors = useCallback((current: DraftSession) => errorsOf(current, spec), [spec]);
  const errors = useDraftSelector(session, selectErrors, sameErrors);
  const extraErrors = useMemo(() => toErrorSchema(errors), [errors]);

  const formContext = useMemo<SettingsFormContext>(
    () => ({ session, onShowInPreview }),
    [session, onShowInPreview],
  );

  const handleChange = useCallback(
    (event: IChangeEvent<SettingsFormData, RJSFSchema, SettingsFormContext>) => {
      const data = event.formData ?? {};
      for (const [property, key] of spec.keyByProperty) {
        const value = data[property];
        if (typeof value === 'string' && value !== session.valueOf(key))
          session.setValue(key, value);
      }
    },
    [session, spec],
  );

  const handleFocus = useCallback(
    (id: string) => {
      const property = id.slice(FORM_ID_PREFIX.length + 1);
      const key = spec.keyByProperty.get(property);
      if (key) onFocusKey(key);
    },
    [onFocusKey, spec],
  );

  // Enter in a field submits: save that group's waiting changes now.
  const handleSubmit = useCallback(() => void session.flush(), [session]);

  return (
    <Form<SettingsFormData, RJSFSchema, SettingsFormContext>
      schema={spec.schema}
      uiSchema={spec.uiSchema}
      formData={formData}
      validator={validator}
      widgets={settingWidgets}
      templates={templates}
      formContext={formContext}
      extraErrors={extraErrors}
      readonly={readOnly}
      idPrefix={FORM_ID_PREFIX}
      showErrorList={false}
      noHtml5Validate
      onChange={handleChange}
      onFocus={handleFocus}
      onSubmit={handleSubmit}
    />
  );
});
