import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { BRANCH_LIMITS, US_STATES, type BranchInput, type StaffBranch } from '@portal/domain';
import { useEffect, useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useCreateBranch } from '../api/create-branch';
import { useUpdateBranch } from '../api/update-branch';
import {
  BranchForm as BranchFormSchema,
  EMPTY_BRANCH_FORM,
  formFieldOf,
  formValuesOf,
  type BranchFormValues,
} from '../utils/branch-form';

export interface BranchFormProps {
  slug: string;
  /** The branch to change; a new branch when absent. */
  branch?: StaffBranch;
  /** Told the branch as saved. */
  onSaved(branch: StaffBranch): void;
  onCancel(): void;
}

/**
 * Adds a branch or changes one: labelled fields checked with the contract's rules as the admin
 * API checks them, each problem next to its field (the server's too), and what was typed kept
 * when the save is refused. The form takes the focus when it opens.
 */
export function BranchForm({ slug, branch, onSaved, onCancel }: BranchFormProps) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const create = useCreateBranch(slug);
  const update = useUpdateBranch(slug);
  const saving = create.isPending || update.isPending;
  const form = useForm<BranchFormValues, unknown, BranchInput>({
    defaultValues: branch ? formValuesOf(branch) : EMPTY_BRANCH_FORM,
    resolver: zodResolver(BranchFormSchema),
  });
  const title = branch ? `Change ${branch.name}` : 'Add a branch';
  const failure = create.error ?? update.error;
  // Problems the server names on a field are shown on it; the rest above the form.
  const otherProblems =
    failure instanceof ApiError
      ? failure.details.filter((problem) => formFieldOf(problem.key) === undefined)
      : [];

  useEffect(() => {
    heading.current?.focus();
  }, []);

  function refused(error: unknown) {
    if (!(error instanceof ApiError)) return;
    for (const problem of error.details) {
      const field = formFieldOf(problem.key);
      if (field) form.setError(field, { type: 'server', message: problem.message });
    }
  }

  function submit(input: BranchInput) {
    if (branch) {
      update.mutate({ id: branch.id, body: input }, { onSuccess: onSaved, onError: refused });
    } else {
      create.mutate(input, { onSuccess: onSaved, onError: refused });
    }
  }

  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, display: 'grid', gap: 2 }}
    >
      <Typography id={headingId} ref={heading} tabIndex={-1} variant="h6" component="h2">
        {title}
      </Typography>
      {failure && (
        <Alert severity="error" role="alert">
          {errorMessage(failure)}
          {otherProblems.length > 0 && (
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {otherProblems.map((problem) => (
                <li key={`${problem.key}:${problem.message}`}>
                  {problem.key}: {problem.message}
                </li>
              ))}
            </Box>
          )}
        </Alert>
      )}
      <Box
        component="form"
        aria-labelledby={headingId}
        noValidate
        onSubmit={form.handleSubmit(submit)}
        sx={{ display: 'grid', gap: 2, maxWidth: 720 }}
      >
        <FormTextField
          control={form.control}
          name="name"
          label="Branch name"
          required
          slotProps={{ htmlInput: { maxLength: BRANCH_LIMITS.name } }}
        />
        <FormTextField
          control={form.control}
          name="streetAddress"
          label="Street address"
          required
          slotProps={{ htmlInput: { maxLength: BRANCH_LIMITS.streetAddress } }}
        />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '2fr 1fr 1fr' } }}>
          <FormTextField
            control={form.control}
            name="city"
            label="City"
            required
            slotProps={{ htmlInput: { maxLength: BRANCH_LIMITS.city } }}
          />
          <FormTextField
            control={form.control}
            name="state"
            label="State"
            select
            required
            // "Choose a state" shows when the value is empty; the label must not sit on it.
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="">Choose a state</option>
            {US_STATES.map((state) => (
              <option key={state.Value} value={state.Value}>
                {state.Description}
              </option>
            ))}
          </FormTextField>
          <FormTextField
            control={form.control}
            name="zip"
            label="ZIP code"
            required
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 5 } }}
          />
        </Box>
        <FormTextField
          control={form.control}
          name="phoneNumber"
          label="Phone number (optional)"
          slotProps={{ htmlInput: { maxLength: BRANCH_LIMITS.phone, inputMode: 'tel' } }}
        />
        <FormTextField
          control={form.control}
          name="hours"
          label="Opening hours (optional)"
          multiline
          minRows={2}
          helperText={`One line per entry, e.g. Mon–Fri 9:00 AM–5:00 PM; at most ${BRANCH_LIMITS.hoursLines} lines of ${BRANCH_LIMITS.hoursLine} characters.`}
        />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 1fr' } }}>
          <FormTextField
            control={form.control}
            name="latitude"
            label="Latitude"
            required
            helperText="Degrees north, e.g. 43.6591. 0 keeps the branch off the map."
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <FormTextField
            control={form.control}
            name="longitude"
            label="Longitude"
            required
            helperText="Degrees east: negative in the US, e.g. -70.2568."
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
        </Box>
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button type="submit" variant="contained" disabled={saving}>
            {branch ? 'Save changes' : 'Add branch'}
          </Button>
          <Button onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
        </Box>
      </Box>
    </Box>
  );
}
