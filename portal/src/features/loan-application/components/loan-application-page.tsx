import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  ApplyRefusedResponse,
  APPLY_ERROR_CODES,
  ENVELOPE_CODES,
  findLoanProduct,
  loanProductsOf,
  type ApplyResponse,
} from '@portal/domain';
import type { SettingsAccessor } from '@portal/settings-schema';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client';
import { createIdempotencyAttempts, retiresAttempt } from '../../../lib/idempotency-attempt';
import { useSettings } from '../../../lib/settings/settings-context';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { useApplyForLoan } from '../api/apply-for-loan';
import {
  applicationRequestOf,
  applicationResolver,
  EMPTY_APPLICATION,
  FORM_FIELD_OF,
  type ApplicationFormField,
  type ApplicationFormValues,
} from '../utils/application-form';
import { ApplicationConfirmation } from './application-confirmation';
import { ApplicationFields } from './application-fields';
import { ApplicationReview } from './application-review';

type Step = 'form' | 'review' | 'done';

const UNSAVED_SOURCE = 'loanApplication';

/**
 * The words of a failed Submit that is not about a field. A retry of the same application is
 * always safe: it carries the same Idempotency-Key, so the server never makes two.
 */
function failureText(caught: unknown, settings: Pick<SettingsAccessor, 'get'>): string {
  if (caught instanceof ApiError) {
    // The admin's preview answers every change with its notice.
    if (caught.errors.includes(ENVELOPE_CODES.previewReadOnly)) return caught.code ?? '';
    if (caught.code === APPLY_ERROR_CODES.notOffered) {
      return settings.get('loanApplicationTexts.notOfferedText');
    }
    if (caught.code === 'IdempotencyKeyInProgress') {
      return settings.get('loanApplicationTexts.inProgressText');
    }
  }
  return settings.get('loanApplicationTexts.notConfirmedText');
}

/**
 * A refusal of fields (400 with InvalidFields): each field's words, as the server said them, put
 * next to the field; the first such field, or undefined when the refusal is of another kind.
 */
function fieldRefusal(
  caught: unknown,
  form: UseFormReturn<ApplicationFormValues>,
): ApplicationFormField | undefined {
  if (!(caught instanceof ApiError) || caught.status !== 400) return undefined;
  const refusal = ApplyRefusedResponse.safeParse(caught.body);
  if (!refusal.success) return undefined;
  const fields = refusal.data.InvalidFields ?? [];
  fields.forEach((field, index) => {
    form.setError(FORM_FIELD_OF[field], {
      type: 'server',
      message: refusal.data.Errors[index]?.ErrorMessage ?? '',
    });
  });
  return fields[0] && FORM_FIELD_OF[fields[0]];
}

/**
 * myaccount/apply (issue 22; spec 002's Apply for a loan where the institution takes applications
 * in the portal, domain loanApplicationEntry): the questions, then a review of exactly what will
 * be sent, then the application's number and the documents to upload. What was typed is kept
 * when the borrower goes back from the review or the server refuses a field; leaving with
 * answers typed asks first (unsaved changes).
 */
export function LoanApplicationPage() {
  const settings = useSettings();
  const headingId = useId();
  const products = useMemo(() => loanProductsOf(settings), [settings]);
  const form = useForm<ApplicationFormValues>({
    mode: 'onTouched',
    defaultValues: EMPTY_APPLICATION,
    resolver: applicationResolver(products, settings),
  });
  const [step, setStep] = useState<Step>('form');
  const [answer, setAnswer] = useState<ApplyResponse | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [attempts] = useState(() => createIdempotencyAttempts());
  const apply = useApplyForLoan();
  // Back on the form (Change, or a field the server refused), the focus goes to that field.
  const focusOn = useRef<ApplicationFormField | null>(null);
  useEffect(() => {
    if (step !== 'form' || !focusOn.current) return;
    form.setFocus(focusOn.current);
    focusOn.current = null;
  }, [step, form]);

  const { setUnsavedChanges } = useUnsavedChanges();
  const dirty = form.formState.isDirty && step !== 'done';
  useEffect(() => setUnsavedChanges(dirty, UNSAVED_SOURCE), [dirty, setUnsavedChanges]);
  useEffect(() => () => setUnsavedChanges(false, UNSAVED_SOURCE), [setUnsavedChanges]);

  async function submit() {
    const request = applicationRequestOf(form.getValues());
    // The same application keeps its key until an answer settles it (a retry makes no second).
    const key = attempts.keyFor(JSON.stringify(request));
    setFailure(null);
    try {
      const received = await apply.mutateAsync({ request, key });
      attempts.settle();
      setUnsavedChanges(false, UNSAVED_SOURCE);
      setAnswer(received);
      setStep('done');
    } catch (caught) {
      if (retiresAttempt(caught)) attempts.settle();
      const refused = fieldRefusal(caught, form);
      if (refused) {
        focusOn.current = refused;
        setStep('form');
      } else {
        setFailure(failureText(caught, settings));
      }
    }
  }

  const values = form.getValues();
  return (
    <Box sx={{ py: 2, maxWidth: 680 }}>
      <Typography variant="h4" component="h1" id={headingId} gutterBottom>
        {settings.get('loggedInLayout.applyForLoanMenuText')}
      </Typography>
      {step === 'form' ? (
        <>
          <Typography sx={{ mb: 3 }}>{settings.get('loanApplicationTexts.introText')}</Typography>
          <ApplicationFields
            form={form}
            products={products}
            labelledBy={headingId}
            onReview={() => {
              setFailure(null);
              setStep('review');
            }}
          />
        </>
      ) : null}
      {step === 'review' ? (
        <ApplicationReview
          request={applicationRequestOf(values)}
          product={findLoanProduct(products, values.productId)}
          sending={apply.isPending}
          error={failure}
          onChange={() => {
            focusOn.current = 'productId';
            setStep('form');
          }}
          onSubmit={() => void submit()}
        />
      ) : null}
      {step === 'done' && answer ? <ApplicationConfirmation answer={answer} /> : null}
    </Box>
  );
}
