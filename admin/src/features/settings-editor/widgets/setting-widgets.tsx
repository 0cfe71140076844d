import type { RegistryWidgetsType, RJSFSchema } from '@rjsf/utils';
import type { ComponentType } from 'react';
import type { SettingsFormContext, SettingsFormData } from '../utils/form-context';
import { SettingAgreementSetupWidget } from './agreement-setup-widget';
import {
  SettingEnumWidget,
  SettingNumberWidget,
  SettingSwitchWidget,
  SettingTextareaWidget,
  SettingTextWidget,
  SettingUrlWidget,
  type SettingWidgetProps,
} from './basic-widgets';
import { SettingColorWidget } from './color-widget';
import { SettingJsonWidget } from './json-widget';
import { SettingRichTextWidget } from './rich-text-widget';

/**
 * rjsf takes a widget only as a plain function (it refuses the objects `memo` returns), so each
 * memoised widget is registered behind a function that renders it.
 */
function asWidget(Widget: ComponentType<SettingWidgetProps>, name: string) {
  function RegisteredWidget(props: SettingWidgetProps) {
    return <Widget {...props} />;
  }
  RegisteredWidget.displayName = name;
  return RegisteredWidget;
}

/** The custom widgets of the settings forms, by the names `widgetFor` gives. */
export const settingWidgets: RegistryWidgetsType<
  SettingsFormData,
  RJSFSchema,
  SettingsFormContext
> = {
  settingSwitch: asWidget(SettingSwitchWidget, 'settingSwitch'),
  settingNumber: asWidget(SettingNumberWidget, 'settingNumber'),
  settingText: asWidget(SettingTextWidget, 'settingText'),
  settingTextarea: asWidget(SettingTextareaWidget, 'settingTextarea'),
  settingRichText: asWidget(SettingRichTextWidget, 'settingRichText'),
  settingAgreementSetup: asWidget(SettingAgreementSetupWidget, 'settingAgreementSetup'),
  settingColor: asWidget(SettingColorWidget, 'settingColor'),
  settingJson: asWidget(SettingJsonWidget, 'settingJson'),
  settingEnum: asWidget(SettingEnumWidget, 'settingEnum'),
  settingUrl: asWidget(SettingUrlWidget, 'settingUrl'),
};
