import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { AchDraftPreviewRequest } from '@portal/domain';
import { useState } from 'react';
import type { DialogStack } from '../../../components/dialogs/dialog-stack';
import { DIALOG_WIDTH, PortalDialog } from '../../../components/dialogs/portal-dialog';
import { LazyRichText } from '../../../components/lazy-rich-text';
import { openInNewTab } from '../../../lib/new-tab';
import { paymentErrorText } from '../../../lib/payments/payment-error-text';
import { useSettings } from '../../../lib/settings/settings-context';
import { achDraftPreviewUrl, prepareAchDraftPreview } from '../api/submit-payment';

/**
 * The ACH draft agreement dialog (spec 001 sections 2 and 4 "Submit"): the agreement text with
 * Cancel and Agree, then the draft-agreement confirmation: the preview link
 * (PrepareAchDraftAgreementPreview, then RenderACHDraftAgreementPreview?token= in a new tab) and
 * Confirm, disabled until the preview was opened. Confirm closes with the preview's
 * PassableToken, which goes with the recurring request; Cancel closes with nothing.
 */
function AchDraftDialog(props: { request: AchDraftPreviewRequest; onClose(token?: string): void }) {
  const settings = useSettings();
  const [token, setToken] = useState<string | undefined>(undefined);
  const [opened, setOpened] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  // First the agreement (Agree), then its confirmation (Confirm once the preview was opened).
  const [stage, setStage] = useState<'agreement' | 'confirmation'>('agreement');

  async function preview() {
    setError(undefined);
    // The tab opens at the click (openInNewTab); its address comes once the token is known.
    const prepared = prepareAchDraftPreview(props.request).then((answer) => {
      setToken(answer.PassableToken);
      return achDraftPreviewUrl(answer.PassableToken);
    });
    try {
      await openInNewTab(prepared);
      setOpened(true);
    } catch (caught) {
      setError(paymentErrorText(settings, 'submit', caught));
    }
  }

  if (stage === 'agreement') {
    return (
      <PortalDialog
        width={DIALOG_WIDTH.wide}
        title={settings.get('achDraftAgreementTexts.previewButtonText')}
        actions={
          <>
            <Button onClick={() => props.onClose(undefined)}>
              {settings.get('achDraftAgreementTexts.cancelButtonText')}
            </Button>
            <Button variant="contained" onClick={() => setStage('confirmation')}>
              {settings.get('achDraftAgreementTexts.agreeButtonText')}
            </Button>
          </>
        }
      >
        <LazyRichText html={settings.get('achDraftAgreementTexts.dialogRichText')} />
      </PortalDialog>
    );
  }
  return (
    <PortalDialog
      width={DIALOG_WIDTH.wide}
      title={settings.get('achDraftAgreementTexts.confirmText')}
      actions={
        <>
          <Button onClick={() => props.onClose(undefined)}>
            {settings.get('achDraftAgreementTexts.cancelButtonText')}
          </Button>
          <Button
            variant="contained"
            disabled={!opened || token === undefined}
            onClick={() => props.onClose(token)}
          >
            {settings.get('achDraftAgreementTexts.confirmButtonText')}
          </Button>
        </>
      }
    >
      <Stack spacing={2} component="span" sx={{ display: 'flex' }}>
        <span>
          <Button variant="outlined" onClick={() => void preview()}>
            {settings.get('achDraftAgreementTexts.previewButtonText')}
          </Button>
        </span>
        {error ? <Alert severity="error">{error}</Alert> : null}
      </Stack>
    </PortalDialog>
  );
}

/** Resolves with the agreement's token, or undefined when the borrower cancelled. */
export async function askAchDraftAgreement(
  dialogs: DialogStack,
  request: AchDraftPreviewRequest,
): Promise<string | undefined> {
  return dialogs.open<string | undefined>(
    (close) => <AchDraftDialog request={request} onClose={close} />,
    { dismissible: false },
  ).result;
}
