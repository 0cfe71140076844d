import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import { memo, useId } from 'react';
import { type UseFormReturn, useFormState } from 'react-hook-form';
import { InputField } from '../../../components/masked-input/input-field';
import { SecretInput } from '../../../components/masked-input/secret-input';
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
  const { register, control } = form;
  // Its own subscription to the errors (memo below): not re-rendered with every keystroke.
  const { errors } = useFormState({ control });
  const questionId = useId();
  const { ref: placeRef, ...place } = register('placeOfBirth');
  const { ref: licenseRef, ...license } = register('driversLicense');
  const { ref: maidenRef, ...maiden } = register('mothersMaidenName');
  const { ref: questionRef, ...question } = register('secretQuestion');
  const { ref: answerRef, ...answer } = register('secretAnswer');
  const questionLabel = settings.get(
    config.customQuestion
      ? 'registrationTexts.customQuestionPlaceholder'
      : 'registrationTexts.secretQuestionPlaceholder',
  );

  return (
    <>
      {config.show.placeOfBirth ? (
        <InputField
          {...place}
          inputRef={placeRef}
          label={settings.get('registrationTexts.placeOfBirthPlaceholder')}
          required
          errorMessage={errors.placeOfBirth?.message}
        />
      ) : null}
      {config.show.driversLicense ? (
        <InputField
          {...license}
          inputRef={licenseRef}
          label={settings.get('registrationTexts.driversLicensePlaceholder')}
          autoComplete="off"
          required
          errorMessage={errors.driversLicense?.message}
        />
      ) : null}
      {config.show.mothersMaidenName ? (
        <InputField
          {...maiden}
          inputRef={maidenRef}
          label={settings.get('registrationTexts.mothersMaidenNamePlaceholder')}
          autoComplete="off"
          required
          errorMessage={errors.mothersMaidenName?.message}
        />
      ) : null}
      {config.secretQuestion && config.customQuestion ? (
        <InputField
          {...question}
          inputRef={questionRef}
          label={questionLabel}
          autoComplete="off"
          required
          errorMessage={errors.secretQuestion?.message}
        />
      ) : null}
      {config.secretQuestion && !config.customQuestion ? (
        <FormControl variant="outlined" fullWidth error={Boolean(errors.secretQuestion)}>
          <InputLabel htmlFor={questionId} shrink>
            {questionLabel}
          </InputLabel>
          <NativeSelect
            {...question}
            inputRef={questionRef}
            input={<OutlinedInput notched label={questionLabel} />}
            inputProps={{
              id: questionId,
              required: true,
              'aria-describedby': errors.secretQuestion ? `${questionId}-error` : undefined,
            }}
          >
            <option value="" />
            {config.questions.map((text) => (
              <option key={text} value={text}>
                {text}
              </option>
            ))}
          </NativeSelect>
          {errors.secretQuestion ? (
            <FormHelperText id={`${questionId}-error`} role="alert">
              {errors.secretQuestion.message}
            </FormHelperText>
          ) : null}
        </FormControl>
      ) : null}
      {config.secretQuestion ? (
        <SecretInput
          {...answer}
          inputRef={answerRef}
          label={settings.get(
            config.customQuestion
              ? 'registrationTexts.customAnswerPlaceholder'
              : 'registrationTexts.secretAnswerPlaceholder',
          )}
          autoComplete="off"
          required
          errorMessage={errors.secretAnswer?.message}
        />
      ) : null}
    </>
  );
}

/** Memoised: its props are stable (the form object, the memoised config, strings). */
export const SecurityFields = memo(SecurityFieldsView);
