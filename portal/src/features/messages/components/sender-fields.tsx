import Stack from '@mui/material/Stack';
import { MESSAGE_LIMITS } from '@portal/domain';
import type { Control } from 'react-hook-form';
import { FormTextField } from '../../../components/form-fields';
import { useSettings } from '../../../lib/settings/settings-context';
import type { MessageFormValues } from '../utils/message-form';

/** A logged-out visitor's name, e-mail and optional branch number (spec 002 messages). */
export function SenderFields({ control }: { control: Control<MessageFormValues> }) {
  const settings = useSettings();
  return (
    <Stack spacing={2}>
      <FormTextField
        control={control}
        name="name"
        label={settings.get('messagesTexts.nameLabel')}
        required
        autoComplete="name"
        inputProps={{ maxLength: MESSAGE_LIMITS.name }}
      />
      <FormTextField
        control={control}
        name="email"
        type="email"
        label={settings.get('messagesTexts.emailLabel')}
        required
        autoComplete="email"
        inputProps={{ maxLength: MESSAGE_LIMITS.email }}
      />
      <FormTextField
        control={control}
        name="branch"
        label={settings.get('messagesTexts.branchNumberLabel')}
        inputMode="numeric"
        inputProps={{ maxLength: MESSAGE_LIMITS.branchDigits }}
        sx={{ maxWidth: 240 }}
      />
    </Stack>
  );
}
