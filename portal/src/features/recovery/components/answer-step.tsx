import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormPasswordField } from '../../../components/form-fields';
import { useSettings } from '../../../lib/settings/settings-context';
import { StepFrame } from '../../../components/step-frame/step-frame';

interface AnswerStepProps {
  logonName: string;
  secretQuestion: string;
  /** recoverCredentialsWithoutQuestionOption: no question, the reset e-mail is sent at once. */
  withoutQuestion: boolean;
  submitting: boolean;
  onSubmit(answer: string): void | Promise<void>;
}

/**
 * Recovery step 2: the logon name found in step 1 and, unless recovery goes without a question,
 * the secret question with a masked answer (spec 000 section 2.8).
 */
export function AnswerStep(props: AnswerStepProps) {
  const { logonName, secretQuestion, withoutQuestion, submitting, onSubmit } = props;
  const settings = useSettings();
  const schema = useMemo(
    () =>
      z.object({
        answer: withoutQuestion
          ? z.string()
          : z.string().trim().min(1, settings.get('recoveryTexts.secretAnswerRequiredText')),
      }),
    [settings, withoutQuestion],
  );
  const { control, handleSubmit } = useForm({
    mode: 'onTouched',
    defaultValues: { answer: '' },
    resolver: zodResolver(schema),
  });

  return (
    <StepFrame
      heading={settings.get('recoveryTexts.answerHeadingText')}
      focusOnMount
      busy={submitting}
      onSubmit={handleSubmit((values) => onSubmit(values.answer))}
      actions={
        <Button type="submit" variant="contained" size="large" loading={submitting}>
          {withoutQuestion
            ? settings.get('recoveryTexts.continueButtonText')
            : settings.get('recoveryTexts.submitButtonText')}
        </Button>
      }
    >
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 0.5 }}>
        <Typography component="dt" variant="subtitle2">
          {settings.get('recoveryTexts.logonNameLabel')}
        </Typography>
        <Typography component="dd" sx={{ m: 0 }}>
          {logonName}
        </Typography>
        {withoutQuestion ? null : (
          <>
            <Typography component="dt" variant="subtitle2">
              {settings.get('recoveryTexts.secretQuestionLabel')}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }} id="recovery-secret-question">
              {secretQuestion}
            </Typography>
          </>
        )}
      </Box>
      <Typography>
        {withoutQuestion
          ? settings.get('recoveryTexts.noQuestionInstructionsText')
          : settings.get('recoveryTexts.answerInstructionsText')}
      </Typography>
      {withoutQuestion ? null : (
        <FormPasswordField
          control={control}
          name="answer"
          label={settings.get('recoveryTexts.secretAnswerLabel')}
          describedBy="recovery-secret-question"
          autoComplete="off"
          required
        />
      )}
    </StepFrame>
  );
}
