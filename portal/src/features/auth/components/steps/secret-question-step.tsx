import { zodResolver } from '@hookform/resolvers/zod';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { SettingsAccessor } from '@portal/settings-schema';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { TextInput } from '../../../../components/text-input';
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
  const questions = useMemo(() => offeredSecretQuestions(settings), [settings]);
  const schema = useMemo(
    () => secretQuestionSchema(settings, customQuestion),
    [settings, customQuestion],
  );
  const { register, handleSubmit, formState } = useForm<SecretQuestionValues>({
    resolver: zodResolver(schema),
    defaultValues: { question: '', answer: '' },
  });
  const { ref: questionRef, ...question } = register('question');
  const { ref: answerRef, ...answer } = register('answer');
  const save = useSetPasswordQuestion();
  const [error, setError] = useState<string | undefined>(undefined);
  const selectId = useId();
  const questionError = formState.errors.question?.message;

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
        <TextInput
          {...question}
          inputRef={questionRef}
          label={settings.get('postLoginTexts.customQuestionLabel')}
          autoComplete="off"
          required
          errorMessage={questionError}
        />
      ) : (
        <FormControl variant="outlined" fullWidth required error={Boolean(questionError)}>
          <InputLabel htmlFor={selectId} shrink>
            {settings.get('postLoginTexts.secretQuestionLabel')}
          </InputLabel>
          <NativeSelect
            {...question}
            inputRef={questionRef}
            input={
              <OutlinedInput notched label={settings.get('postLoginTexts.secretQuestionLabel')} />
            }
            inputProps={{
              id: selectId,
              'aria-describedby': questionError ? `${selectId}-error` : undefined,
            }}
          >
            <option value="" />
            {questions.map((text) => (
              <option key={text} value={text}>
                {text}
              </option>
            ))}
          </NativeSelect>
          {questionError ? (
            <FormHelperText id={`${selectId}-error`}>{questionError}</FormHelperText>
          ) : null}
        </FormControl>
      )}
      <TextInput
        {...answer}
        inputRef={answerRef}
        label={settings.get('postLoginTexts.secretAnswerLabel')}
        autoComplete="off"
        required
        errorMessage={formState.errors.answer?.message}
      />
    </StepPanel>
  );
}
