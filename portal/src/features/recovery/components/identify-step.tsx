import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { InputField } from '../../../components/masked-input/input-field';
import { ControlledMaskedInput } from '../../../components/masked-input/controlled-masked-input';
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

const EMPTY: IdentifyValues = { email: '', dateOfBirth: '', zipCode: '', branch: '' };

/** Recovery step 1: the identifying details (spec 000 sections 2.8 and 5). */
export function IdentifyStep({ fields, submitting, focusOnMount, onSubmit }: IdentifyStepProps) {
  const settings = useSettings();
  const schema = useMemo(() => identifySchema(settings, fields), [settings, fields]);
  const { control, handleSubmit, formState } = useForm<IdentifyValues>({
    mode: 'onTouched',
    defaultValues: EMPTY,
    resolver: zodResolver(schema),
  });
  const { errors } = formState;

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
        <Controller
          control={control}
          name="email"
          render={({ field: { ref, ...field } }) => (
            <InputField
              {...field}
              inputRef={ref}
              label={settings.get('recoveryTexts.emailLabel')}
              type="email"
              autoComplete="email"
              required
              errorMessage={errors.email?.message}
            />
          )}
        />
      ) : null}
      {fields.dateOfBirth ? (
        <ControlledMaskedInput
          control={control}
          name="dateOfBirth"
          mask={DATE_OF_BIRTH_MASK}
          label={settings.get('recoveryTexts.dateOfBirthLabel')}
          description={MASK_DESCRIPTIONS.dateOfBirth}
          autoComplete="bday"
          required
          errorMessage={errors.dateOfBirth?.message}
        />
      ) : null}
      {fields.zipCode ? (
        <ControlledMaskedInput
          control={control}
          name="zipCode"
          mask={ZIP_MASK}
          label={settings.get('recoveryTexts.zipCodeLabel')}
          description={MASK_DESCRIPTIONS.zip}
          autoComplete="postal-code"
          required
          errorMessage={errors.zipCode?.message}
        />
      ) : null}
      {fields.branch ? (
        <Controller
          control={control}
          name="branch"
          render={({ field: { ref, onChange, ...field } }) => (
            <InputField
              {...field}
              inputRef={ref}
              onChange={(event) => onChange(event.target.value.replace(/\D/g, ''))}
              label={settings.get('recoveryTexts.branchLabel')}
              slotProps={{ input: { inputMode: 'numeric', maxLength: 10 } }}
              required
              errorMessage={errors.branch?.message}
            />
          )}
        />
      ) : null}
    </StepFrame>
  );
}
