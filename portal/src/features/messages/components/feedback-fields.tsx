import Stack from '@mui/material/Stack';
import type { Control } from 'react-hook-form';
import { FormRadioGroup } from '../../../components/form-fields';
import { useSettings } from '../../../lib/settings/settings-context';
import type { MessageFormValues } from '../utils/message-form';
import { MessageTextField } from './message-text-field';

/** Feedback: How was your experience (Good or Could Be Better), a reason, an optional message. */
export function FeedbackFields(props: {
  control: Control<MessageFormValues>;
  messageMaxLength: number;
  reasonOptions: readonly string[];
}) {
  const settings = useSettings();
  return (
    <Stack spacing={2}>
      <FormRadioGroup
        control={props.control}
        name="experience"
        label={settings.get('messagesTexts.experienceLabel')}
        required
        row
        options={[
          { value: 'Good', label: settings.get('messagesTexts.goodText') },
          { value: 'CouldBeBetter', label: settings.get('messagesTexts.couldBeBetterText') },
        ]}
      />
      {props.reasonOptions.length > 0 ? (
        <FormRadioGroup
          control={props.control}
          name="reason"
          label={settings.get('messagesTexts.reasonLabel')}
          options={props.reasonOptions.map((reason) => ({ value: reason, label: reason }))}
        />
      ) : null}
      <MessageTextField
        control={props.control}
        maxLength={props.messageMaxLength}
        required={false}
      />
    </Stack>
  );
}
