import { memo, useMemo } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { FormPasswordField, FormSelectField, FormTextField } from '../../../components/form-fields';
import { useSettings } from '../../../lib/settings/settings-context';
import type { RegistrationConfig } from '../utils/registration-config';
import type { RegistrationValues } from '../utils/registration-form';

interface SecurityFieldsProps {
  form: UseFormReturn<RegistrationValues>;
  config: RegistrationConfig;
}

/**
 * The security section of registration (spec 000 sections 2.9 and 5): place of birth, driver's
 * license and mother's maiden name unless hidden, then a secret question from the configured list
 * (only questions the permitted-character pattern allows) or a custom one, and its answer.
 */
function SecurityFieldsView({ form, config }: SecurityFieldsProps) {
  const settings = useSettings();
  const { control } = form;
  // Each field reads its own state (the bound fields): not re-rendered with every keystroke.
  // An empty first choice: no question is picked until the user picks one.
  const questionOptions = useMemo(
    () => [
      { value: '', label: '' },
      ...config.questions.map((text) => ({ value: text, label: text })),
    ],
    [config.questions],
  );
  const questionLabel = settings.get(
    config.customQuestion
      ? 'registrationTexts.customQuestionPlaceholder'
      : 'registrationTexts.secretQuestionPlaceholder',
  );

  return (
    <>
      {config.show.placeOfBirth ? (
        <FormTextField
          control={control}
          name="placeOfBirth"
          label={settings.get('registrationTexts.placeOfBirthPlaceholder')}
          required
        />
      ) : null}
      {config.show.driversLicense ? (
        <FormTextField
          control={control}
          name="driversLicense"
          label={settings.get('registrationTexts.driversLicensePlaceholder')}
          autoComplete="off"
          required
        />
      ) : null}
      {config.show.mothersMaidenName ? (
        <FormTextField
          control={control}
          name="mothersMaidenName"
          label={settings.get('registrationTexts.mothersMaidenNamePlaceholder')}
          autoComplete="off"
          required
        />
      ) : null}
      {config.secretQuestion && config.customQuestion ? (
        <FormTextField
          control={control}
          name="secretQuestion"
          label={questionLabel}
          autoComplete="off"
          required
        />
      ) : null}
      {config.secretQuestion && !config.customQuestion ? (
        // Required, but without the asterisk: registration's text fields show none either.
        <FormSelectField
          control={control}
          name="secretQuestion"
          label={questionLabel}
          options={questionOptions}
          required
          requiredMark={false}
        />
      ) : null}
      {config.secretQuestion ? (
        <FormPasswordField
          control={control}
          name="secretAnswer"
          label={settings.get(
            config.customQuestion
              ? 'registrationTexts.customAnswerPlaceholder'
              : 'registrationTexts.secretAnswerPlaceholder',
          )}
          autoComplete="off"
          required
        />
      ) : null}
    </>
  );
}

/** Memoised: its props are stable (the form object, the memoised config, strings). */
export const SecurityFields = memo(SecurityFieldsView);
