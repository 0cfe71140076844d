import { zodResolver } from '@hookform/resolvers/zod';
import type { SettingsAccessor } from '@portal/settings-schema';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormSelectField, FormTextField } from '../../../../components/form-fields';
import { useSettings } from '../../../../lib/settings/settings-context';
import { useSetPasswordQuestion } from '../../api/set-password-question';
import { offeredSecretQuestions, secretAnswerPattern } from '../../utils/secret-question';
import { biometricsGrantOf } from '../../utils/biometrics-grant';
import { StepPanel } from './step-panel';
import type { StepProps } from './step-props';

/** Spec 000 section 5, post-login steps: a question, and an answer in the permitted characters. */
function secretQuestionSchema(settings: SettingsAccessor, customQuestion: boolean) {
  const pattern = secretAnswerPattern(settings);
  const question = z
    .string()
    .trim()
    .min(1, settings.get('postLoginTexts.secretQuestionRequiredText'));
  return z.object({
    question: customQuestion
      ? question.refine(
          (value) => pattern.test(value),
          settings.get('postLoginTexts.customQuestionInvalidText'),
        )
      : question,
    answer: z
      .string()
      .trim()
      .min(1, settings.get('postLoginTexts.secretAnswerRequiredText'))
      .refine(
        (value) => pattern.test(value),
        settings.get('postLoginTexts.secretAnswerInvalidText'),
      ),
  });
}
type SecretQuestionValues = z.infer<ReturnType<typeof secretQuestionSchema>>;

/**
 * setupSecretQuestion: a question from the configured list (only those in the permitted
 * characters), or typed when custom questions are on, and its answer.
 */
export function SecretQuestionStep({ response, advancing, onDone, onCancel }: StepProps) {
  const settings = useSettings();
  const customQuestion = settings.get('registrationOptions.useCustomSecurityQuestionOption');
  // An empty first choice: no question is picked until the user picks one.
  const questionOptions = useMemo(
    () => [
      { value: '', label: '' },
      ...offeredSecretQuestions(settings).map((text) => ({ value: text, label: text })),
    ],
    [settings],
  );
  const schema = useMemo(
    () => secretQuestionSchema(settings, customQuestion),
    [settings, customQuestion],
  );
  const { control, handleSubmit } = useForm<SecretQuestionValues>({
    resolver: zodResolver(schema),
    defaultValues: { question: '', answer: '' },
  });
  const save = useSetPasswordQuestion();
  const [error, setError] = useState<string | undefined>(undefined);

  async function submit(values: SecretQuestionValues) {
    setError(undefined);
    try {
      const saved = await save.mutateAsync({
        PasswordQuestion: values.question,
        PasswordAnswer: values.answer,
        UserToken: response.UserToken || undefined,
      });
      onDone({ HasPasswordQuestion: true, ...biometricsGrantOf(saved) });
    } catch {
      setError(settings.get('postLoginTexts.secretQuestionSaveErrorText'));
    }
  }

  return (
    <StepPanel
      heading={settings.get('postLoginTexts.secretQuestionHeadingText')}
      intro={settings.get('postLoginTexts.secretQuestionInstructionsText')}
      error={error}
      busy={save.isPending || advancing}
      onSubmit={handleSubmit(submit)}
      onCancel={onCancel}
    >
      {customQuestion ? (
        <FormTextField
          control={control}
          name="question"
          label={settings.get('postLoginTexts.customQuestionLabel')}
          autoComplete="off"
          required
        />
      ) : (
        <FormSelectField
          control={control}
          name="question"
          label={settings.get('postLoginTexts.secretQuestionLabel')}
          options={questionOptions}
          required
        />
      )}
      <FormTextField
        control={control}
        name="answer"
        label={settings.get('postLoginTexts.secretAnswerLabel')}
        autoComplete="off"
        required
      />
    </StepPanel>
  );
}
