import type { BrandColorToken } from '@portal/themes';
import { memo, useCallback } from 'react';
import { ColorField, contrastOf, type BrandColors } from '../../../components/color-field';
import type { DraftSession } from '../../../lib/draft/draft-session';
import { shallowEqualObjects, useDraftSelector } from '../../../lib/draft/use-draft';
import { definitionOf } from '../../../lib/settings/definitions';
import {
  isSettingsFormContext,
  settingKeyOf,
  textOf,
  type SettingsFormContext,
} from '../utils/form-context';
import type { SettingWidgetProps } from './basic-widgets';

const BRAND_COLOR_KEYS: Record<BrandColorToken, string> = {
  primaryColor: 'themeOptions.primaryColor',
  secondaryColor: 'themeOptions.secondaryColor',
  errorColor: 'themeOptions.errorColor',
};

const BRAND_TOKENS: readonly BrandColorToken[] = ['primaryColor', 'secondaryColor', 'errorColor'];

function tokenOf(key: string): BrandColorToken | undefined {
  return BRAND_TOKENS.find((token) => BRAND_COLOR_KEYS[token] === key);
}

function selectBrandColors(session: DraftSession): BrandColors {
  return {
    primaryColor: session.valueOf(BRAND_COLOR_KEYS.primaryColor),
    secondaryColor: session.valueOf(BRAND_COLOR_KEYS.secondaryColor),
    errorColor: session.valueOf(BRAND_COLOR_KEYS.errorColor),
  };
}

function BrandColorContrast({
  session,
  token,
  props,
}: {
  session: DraftSession;
  token: BrandColorToken;
  props: SettingWidgetProps;
}) {
  const colors = useDraftSelector(session, selectBrandColors, shallowEqualObjects);
  const value = textOf(props.value);
  const contrast = contrastOf(token, { ...colors, [token]: value });
  return <ColorInput props={props} contrast={contrast} />;
}

function ColorInput({
  props,
  contrast,
}: {
  props: SettingWidgetProps;
  contrast?: ReturnType<typeof contrastOf>;
}) {
  const { id, value, onChange, onBlur, onFocus, readonly, disabled, rawErrors } = props;
  const text = textOf(value);
  const label = definitionOf(settingKeyOf(props.options) ?? '')?.title ?? props.label;
  const handleBlur = useCallback(() => onBlur(id, text), [onBlur, id, text]);
  const handleFocus = useCallback(() => onFocus(id, text), [onFocus, id, text]);
  return (
    <ColorField
      id={id}
      label={label}
      hideLabel
      value={text}
      onChange={onChange}
      onBlur={handleBlur}
      onFocus={handleFocus}
      readOnly={readonly}
      disabled={disabled}
      invalid={(rawErrors?.length ?? 0) > 0}
      describedBy={`${id}__description`}
      contrast={contrast}
    />
  );
}

/** A colour: native picker plus hex text; brand colours get the WCAG contrast check. */
export const SettingColorWidget = memo(function SettingColorWidget(props: SettingWidgetProps) {
  const key = settingKeyOf(props.options) ?? '';
  const token = tokenOf(key);
  const context: SettingsFormContext | undefined = isSettingsFormContext(props.registry.formContext)
    ? props.registry.formContext
    : undefined;
  if (token && context)
    return <BrandColorContrast session={context.session} token={token} props={props} />;
  return <ColorInput props={props} />;
});
