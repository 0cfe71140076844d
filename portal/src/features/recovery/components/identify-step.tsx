import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormMaskedField, FormTextField } from '../../../components/form-fields';
import {
  DATE_OF_BIRTH_MASK,
  MASK_DESCRIPTIONS,
  ZIP_MASK,
} from '../../../components/masked-input/masks';
import { useSettings } from '../../../lib/settings/settings-context';
import { identifySchema, type IdentifyFields, type IdentifyValues } from '../utils/identify-form';
import { StepFrame } from '../../../components/step-frame/step-frame';

interface IdentifyStepProps {
  fields: IdentifyFields;
  submitting: boolean;
  focusOnMount: boolean;
  onSubmit(values: IdentifyValues): void | Promise<void>;
}

/** Up to ten digits, as the branch field took before (maxLength 10, digits kept). */
const BRANCH_MASK = '9999999999';

const EMPTY: IdentifyValues = { email: '', dateOfBirth: '', zipCode: '', branch: '' };

/** Recovery step 1: the identifying details (spec 000 sections 2.8 and 5). */
export function IdentifyStep({ fields, submitting, focusOnMount, onSubmit }: IdentifyStepProps) {
  const settings = useSettings();
  // The institution's today when the step opened, as registration reads it.
  const [now] = useState(() => new Date());
  const schema = useMemo(() => identifySchema(settings, fields, now), [settings, fields, now]);
  const { control, handleSubmit, formState } = useForm<IdentifyValues>({
    mode: 'onTouched',
    defaultValues: EMPTY,
    resolver: zodResolver(schema),
  });

  return (
    <StepFrame
      heading={settings.get('recoveryTexts.identifyHeadingText')}
      focusOnMount={focusOnMount}
      intro={settings.get('recoveryTexts.identifyInstructionsText')}
      busy={submitting}
      onSubmit={handleSubmit(onSubmit)}
      actions={
        <Button
          type="submit"
          variant="contained"
          size="large"
          loading={submitting}
          disabled={!formState.isValid}
        >
          {settings.get('recoveryTexts.continueButtonText')}
        </Button>
      }
    >
      {fields.email ? (
        <FormTextField
          control={control}
          name="email"
          label={settings.get('recoveryTexts.emailLabel')}
          type="email"
          autoComplete="email"
          required
        />
      ) : null}
      {fields.dateOfBirth ? (
        <FormMaskedField
          control={control}
          name="dateOfBirth"
          mask={DATE_OF_BIRTH_MASK}
          label={settings.get('recoveryTexts.dateOfBirthLabel')}
          description={MASK_DESCRIPTIONS.dateOfBirth}
          autoComplete="bday"
          required
        />
      ) : null}
      {fields.zipCode ? (
        <FormMaskedField
          control={control}
          name="zipCode"
          mask={ZIP_MASK}
          label={settings.get('recoveryTexts.zipCodeLabel')}
          description={MASK_DESCRIPTIONS.zip}
          autoComplete="postal-code"
          required
        />
      ) : null}
      {fields.branch ? (
        // The branch number is digits only: a mask of ten optional digits drops anything else.
        <FormMaskedField
          control={control}
          name="branch"
          mask={BRANCH_MASK}
          label={settings.get('recoveryTexts.branchLabel')}
          required
        />
      ) : null}
    </StepFrame>
  );
}
