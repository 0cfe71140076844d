import type { DraftSession } from '../../../lib/draft/draft-session';

/** What every field of a settings form can reach (rjsf's `registry.formContext`). */
export interface SettingsFormContext {
  [name: string]: unknown;
  session: DraftSession;
  /** Jumps the preview to the key's portal route. */
  onShowInPreview: (key: string) => void;
}

/** A group form's data: property name → the text the key shows. */
export type SettingsFormData = Record<string, string>;

export const FORM_ID_PREFIX = 'setting';

export function isSettingsFormContext(value: unknown): value is SettingsFormContext {
  return typeof value === 'object' && value !== null && 'session' in value;
}

/** The `section.name` a field edits, which the group spec puts in its ui:options. */
export function settingKeyOf(options: Record<string, unknown> | undefined): string | undefined {
  const key = options?.settingKey;
  return typeof key === 'string' ? key : undefined;
}

export function textOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** Ids of the description and (when there are any) errors the template renders for a field. */
export function describedByIds(id: string, rawErrors: readonly string[] | undefined): string {
  return rawErrors && rawErrors.length > 0
    ? `${id}__description ${id}__error`
    : `${id}__description`;
}

export function labelIdOf(id: string): string {
  return `${id}__label`;
}
