import { ErrorAlert } from '../error-alert/error-alert';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useSettings } from '../../lib/settings/settings-context';
import { DIALOG_WIDTH, PortalDialog } from '../dialogs/portal-dialog';

/**
 * The confirmation before deleting a recurring or scheduled payment (spec 001 section 4
 * "Deleting a recurring or scheduled payment": idle, confirm, loading, then success or error),
 * with No and Delete. Delete shows a spinner while the call runs; success closes the dialog with
 * true. An error keeps the dialog open with the error text under the question, so the borrower
 * reads it where they acted and may try again or say No (the spec only says "a message shows").
 */
export function DeletePaymentDialog(props: {
  question: string;
  /** The wording of a failed deletion (section 8 "Deletion errors", or the host's message). */
  errorTextOf(error: unknown): string;
  remove(): Promise<unknown>;
  onClose(deleted: boolean): void;
}) {
  const settings = useSettings();
  const [state, setState] = useState<'confirm' | 'loading' | { error: string }>('confirm');
  return (
    <PortalDialog
      width={DIALOG_WIDTH.standard}
      title={props.question}
      actions={
        <>
          <Button onClick={() => props.onClose(false)} disabled={state === 'loading'}>
            {settings.get('recurringPaymentTexts.deleteNoText')}
          </Button>
          <Button
            variant="contained"
            color="error"
            loading={state === 'loading'}
            onClick={() => {
              setState('loading');
              props.remove().then(
                () => props.onClose(true),
                (error: unknown) => setState({ error: props.errorTextOf(error) }),
              );
            }}
          >
            {settings.get('recurringPaymentTexts.deleteYesText')}
          </Button>
        </>
      }
    >
      {typeof state === 'object' ? <ErrorAlert>{state.error}</ErrorAlert> : null}
    </PortalDialog>
  );
}
