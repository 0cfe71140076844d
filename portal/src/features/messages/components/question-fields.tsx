import Stack from '@mui/material/Stack';
import { MESSAGE_LIMITS } from '@portal/domain';
import type { Control } from 'react-hook-form';
import { FormTextField } from '../../../components/form-fields';
import { useSettings } from '../../../lib/settings/settings-context';
import type { MessageFormValues } from '../utils/message-form';
import { CaptchaField } from './captcha-field';
import { MessageTextField } from './message-text-field';

/** A question: subject, message and, unless the institution turned it off, the captcha. */
export function QuestionFields(props: {
  control: Control<MessageFormValues>;
  messageMaxLength: number;
  captcha: boolean;
  /** Changes whenever the captcha must start over (a new form, a refused solution). */
  captchaRound: number;
}) {
  const settings = useSettings();
  return (
    <Stack spacing={2}>
      <FormTextField
        control={props.control}
        name="subject"
        label={settings.get('messagesTexts.subjectLabel')}
        required
        inputProps={{ maxLength: MESSAGE_LIMITS.subject }}
      />
      <MessageTextField control={props.control} maxLength={props.messageMaxLength} required />
      {props.captcha ? <CaptchaField key={props.captchaRound} control={props.control} /> : null}
    </Stack>
  );
}
