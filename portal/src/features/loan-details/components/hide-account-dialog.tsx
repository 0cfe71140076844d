import Alert from '@mui/material/Alert';
import { ErrorAlert } from '../../../components/error-alert/error-alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { DIALOG_WIDTH, PortalDialog } from '../../../components/dialogs/portal-dialog';
import { useSettings } from '../../../lib/settings/settings-context';

/** After a successful hide the dialog says so for this long, then the dashboard opens. */
export const HIDE_ACCOUNT_CLOSE_MS = 4_000;

/** Asks to hide the account from the web (spec 002 "Hide-account dialog"). */
export function HideAccountDialog(props: {
  /** The loan's name and masked number, under the title. */
  loanName: string;
  hide(): Promise<unknown>;
  onClose(hidden: boolean): void;
}) {
  const settings = useSettings();
  const [state, setState] = useState<'asking' | 'busy' | 'done' | 'failed'>('asking');
  useEffect(() => {
    if (state !== 'done') return undefined;
    const timer = setTimeout(() => props.onClose(true), HIDE_ACCOUNT_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [state, props]);
  return (
    <PortalDialog
      width={DIALOG_WIDTH.wide}
      title={settings.get('loanDetailsTexts.hideAccountTitleText')}
      subtitle={props.loanName}
      actions={
        state === 'done' ? null : (
          <>
            <Button onClick={() => props.onClose(false)}>
              {settings.get('dialogTexts.cancelButtonText')}
            </Button>
            <Button
              variant="contained"
              loading={state === 'busy'}
              onClick={() => {
                setState('busy');
                props.hide().then(
                  () => setState('done'),
                  () => setState('failed'),
                );
              }}
            >
              {settings.get('dialogTexts.confirmButtonText')}
            </Button>
          </>
        )
      }
    >
      {state === 'done' ? (
        <Alert severity="success" role="status">
          {settings.get('loanDetailsTexts.hideAccountSuccessText')}
        </Alert>
      ) : (
        <>
          <Typography>{settings.get('loanDetailsTexts.hideAccountConfirmText')}</Typography>
          {state === 'failed' ? (
            <ErrorAlert sx={{ mt: 2 }}>
              {settings.get('loanDetailsTexts.hideAccountErrorText')}
            </ErrorAlert>
          ) : null}
        </>
      )}
    </PortalDialog>
  );
}
