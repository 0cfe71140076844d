import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import {
  EMPLOYMENT_STATUSES,
  employmentStatusText,
  fillPlaceholders,
  findLoanProduct,
  formatUsd,
  loanApplicationConsentText,
  loanApplicationLabel,
  LOAN_APPLICATION_LIMITS,
  loanTermText,
  type LoanProduct,
} from '@portal/domain';
import { useEffect } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { FormCheckbox } from '../../../components/form-fields/form-choice-fields';
import { FormCurrencyField } from '../../../components/form-fields/form-currency-field';
import { FormSelectField } from '../../../components/form-fields/form-select-field';
import { FormTextField } from '../../../components/form-fields/form-text-field';
import { useSettings } from '../../../lib/settings/settings-context';
import type { ApplicationFormValues } from '../utils/application-form';

/**
 * The application's questions, each labelled, its problem in the rules' words under it once the
 * borrower has been there (or pressed Review): the kind of loan, then the amount and the term it
 * allows, what the loan is for, income, employment and the consent to be contacted.
 */
export function ApplicationFields(props: {
  form: UseFormReturn<ApplicationFormValues>;
  products: readonly LoanProduct[];
  labelledBy: string;
  onReview(): void;
}) {
  const { form, products } = props;
  const settings = useSettings();
  const { control } = form;
  const choose = { value: '', label: settings.get('loanApplicationTexts.chooseText') };
  const [productId, term] = useWatch({ control, name: ['productId', 'term'] });
  const product = findLoanProduct(products, productId);
  const { setValue } = form;
  // Another kind of loan may not offer the term chosen: it is then chosen again.
  useEffect(() => {
    if (term !== '' && !product?.termsMonths.includes(Number(term))) setValue('term', '');
  }, [product, term, setValue]);
  return (
    <Stack
      component="form"
      noValidate
      spacing={3}
      aria-labelledby={props.labelledBy}
      onSubmit={form.handleSubmit(() => props.onReview())}
    >
      <FormSelectField
        control={control}
        name="productId"
        label={loanApplicationLabel('ProductId', settings)}
        required
        options={[
          choose,
          ...products.map((offered) => ({ value: offered.id, label: offered.name })),
        ]}
      />
      <FormCurrencyField
        control={control}
        name="amount"
        label={loanApplicationLabel('AmountRequested', settings)}
        required
        description={
          product
            ? fillPlaceholders(settings.get('loanApplicationTexts.amountRangeText'), {
                min: formatUsd(product.minAmountCents),
                max: formatUsd(product.maxAmountCents),
              })
            : settings.get('loanApplicationTexts.amountHintText')
        }
      />
      <FormSelectField
        control={control}
        name="term"
        label={loanApplicationLabel('TermMonths', settings)}
        required
        helperText={product ? undefined : settings.get('loanApplicationTexts.termHintText')}
        options={[
          choose,
          ...(product?.termsMonths ?? []).map((months) => ({
            value: String(months),
            label: loanTermText(months, settings),
          })),
        ]}
      />
      <FormTextField
        control={control}
        name="purpose"
        label={loanApplicationLabel('Purpose', settings)}
        required
        multiline
        minRows={2}
        description={fillPlaceholders(settings.get('loanApplicationTexts.purposeHintText'), {
          n: LOAN_APPLICATION_LIMITS.purpose,
        })}
      />
      <FormCurrencyField
        control={control}
        name="income"
        label={loanApplicationLabel('AnnualIncome', settings)}
        required
        description={settings.get('loanApplicationTexts.incomeHintText')}
      />
      <FormSelectField
        control={control}
        name="employment"
        label={loanApplicationLabel('EmploymentStatus', settings)}
        required
        options={[
          choose,
          ...EMPLOYMENT_STATUSES.map((status) => ({
            value: status,
            label: employmentStatusText(status, settings),
          })),
        ]}
      />
      <FormCheckbox
        control={control}
        name="consent"
        required
        label={loanApplicationConsentText(settings)}
      />
      <Box>
        <Button type="submit" variant="contained">
          {settings.get('loanApplicationTexts.reviewButtonText')}
        </Button>
      </Box>
    </Stack>
  );
}
