import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import type { AchDraftPreviewRequest } from '@portal/domain';
import { LazyRichText } from '@portal/web-kit';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDialogStack, type DialogStack } from '../../../components/dialogs/dialog-stack';
import { DIALOG_WIDTH, PortalDialog } from '../../../components/dialogs/portal-dialog';
import { useAgreementLogging } from '../../../lib/agreements/agreement-logging';
import { safeLinkUrl } from '../../../lib/external-link';
import { openInNewTab, PopupBlockedError } from '../../../lib/new-tab';
import { paymentErrorText } from '../../../lib/payments/payment-error-text';
import { useSettings } from '../../../lib/settings/settings-context';
import { paymentFeatureKeys } from '../api/keys';
import { achDraftPreviewUrl, prepareAchDraftPreview } from '../api/submit-payment';
import {
  PaymentRichTextAgreementDialog,
  achAgreements,
  institutionToday,
} from './ach-terms-dialog';

/**
 * The ACH draft agreement dialog (spec 001 sections 2 and 4 "Submit"): the agreement text with
 * the ACH agreements in force (one link each), Cancel and Agree, then the draft-agreement
 * confirmation: the preview link
 * (PrepareAchDraftAgreementPreview, then RenderACHDraftAgreementPreview?token= in a new tab) and
 * Confirm, disabled until the preview has loaded in its tab (the server marks the preview opened
 * when it renders it, and accepts only an opened preview's token). Confirm closes with the
 * preview's PassableToken, which goes with the recurring request; Cancel closes with nothing.
 *
 * Decided: Agree records the ACH agreements it showed (POST /api/AgreementLogging, as the ACH
 * terms modal does; section 4 "Agreements": accepting posts an agreement record), so the borrower
 * is not asked for them again when saving a bank account; a failure keeps the dialog open with
 * 'An error occurred, please try again.' (achAgreementSaveErrorText).
 */
function AchDraftDialog(props: {
  request: AchDraftPreviewRequest;
  userName: string;
  /** GetPaymentMethods' AchAgreementsNeeded: the ACH agreements this user has yet to accept. */
  needed: readonly number[] | undefined;
  onClose(token?: string): void;
}) {
  const settings = useSettings();
  const queryClient = useQueryClient();
  const dialogs = useDialogStack();
  // Decided: "each agreement" of section 2 is each ACH agreement in force (WhenToAgree ach, the
  // ACH terms modal's), the same domain rule as there. With rich-text agreements each link opens
  // the agreement's dialog, and Agree waits until every one was accepted there (section 2 and
  // section 5 "Agreement setup"); otherwise each opens in a new tab, and Agree waits until every
  // link was opened when `forceUserToClickOnURLToAgreeOption` says so (as in the ACH terms modal).
  const richText = settings.get('agreementOptions.forceRichTextAgreementsOption');
  const mustOpen = settings.get('agreementOptions.forceUserToClickOnURLToAgreeOption');
  // Only those still needed (section 4: not accepted on or after the agreement's date), as the
  // ACH terms modal asks them; none left goes straight to the preview.
  const [agreements] = useState(() =>
    achAgreements(settings, institutionToday(settings), props.needed),
  );
  const [accepted, setAccepted] = useState<ReadonlySet<number>>(new Set());
  const mark = (hostNum: number) => setAccepted((current) => new Set([...current, hostNum]));
  const agreeable =
    !(richText || mustOpen) || agreements.every((agreement) => accepted.has(agreement.hostNum));
  const [token, setToken] = useState<string | undefined>(undefined);
  const [opened, setOpened] = useState(false);
  // A pop-up blocker refused the tab: the preview is offered as a link the borrower clicks.
  const [blockedUrl, setBlockedUrl] = useState<string | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const [recording, setRecording] = useState(false);
  const [recordFailed, setRecordFailed] = useState(false);
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
      await openInNewTab(prepared, { untilLoaded: true, keepThisTab: true });
      setOpened(true);
    } catch (caught) {
      if (caught instanceof PopupBlockedError) setBlockedUrl(caught.url);
      else setError(paymentErrorText(settings, 'submit', caught));
    }
  }

  const agreementLogging = useAgreementLogging();

  async function agree() {
    if (agreements.length === 0) {
      setStage('confirmation');
      return;
    }
    setRecording(true);
    setRecordFailed(false);
    try {
      await agreementLogging.mutateAsync({
        Agreements: agreements.map((agreement) => agreement.hostNum),
        UserName: props.userName,
        TurnEStatementsOn: false,
        UnRestrictEmail: false,
      });
      // Accepted now: the methods' list of agreements still needed is out of date.
      void queryClient.invalidateQueries({
        queryKey: paymentFeatureKeys.methods(props.request.LoanAccountNumber),
      });
      setStage('confirmation');
    } catch {
      setRecordFailed(true);
    } finally {
      setRecording(false);
    }
  }

  if (stage === 'agreement') {
    return (
      <PortalDialog
        width={DIALOG_WIDTH.wide}
        // Decided: the settings have no title of this step (achDraftAgreementTexts has none);
        // it is named by the agreements heading, not by the preview button's words.
        title={settings.get('postLoginTexts.agreementsHeadingText')}
        actions={
          <>
            <Button onClick={() => props.onClose(undefined)} disabled={recording}>
              {settings.get('achDraftAgreementTexts.cancelButtonText')}
            </Button>
            <Button
              variant="contained"
              disabled={!agreeable}
              loading={recording}
              onClick={() => void agree()}
            >
              {settings.get('achDraftAgreementTexts.agreeButtonText')}
            </Button>
          </>
        }
      >
        <Stack spacing={1}>
          {recordFailed ? (
            <Alert severity="error">
              {settings.get('achPaymentTexts.achAgreementSaveErrorText')}
            </Alert>
          ) : null}
          <LazyRichText html={settings.get('achDraftAgreementTexts.dialogRichText')} />
          {agreements.map((agreement) =>
            richText ? (
              <Link
                key={agreement.hostNum}
                component="button"
                type="button"
                sx={{ alignSelf: 'flex-start' }}
                onClick={() =>
                  void dialogs
                    .open<boolean>((close) => (
                      <PaymentRichTextAgreementDialog agreement={agreement} onAnswer={close} />
                    ))
                    .result.then((ok) => {
                      if (ok) mark(agreement.hostNum);
                    })
                }
              >
                {agreement.name}
              </Link>
            ) : (
              <Link
                key={agreement.hostNum}
                href={safeLinkUrl(agreement.url)}
                target="_blank"
                rel="noopener noreferrer"
                onClick={() => mark(agreement.hostNum)}
              >
                {agreement.name}
              </Link>
            ),
          )}
        </Stack>
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
          {blockedUrl ? (
            // The server marks the preview opened when it serves it, and decides at submit.
            <Link
              href={blockedUrl}
              target="_blank"
              rel="noopener noreferrer"
              onClick={() => setOpened(true)}
            >
              {settings.get('achDraftAgreementTexts.previewButtonText')}
            </Link>
          ) : (
            <Button variant="outlined" onClick={() => void preview()}>
              {settings.get('achDraftAgreementTexts.previewButtonText')}
            </Button>
          )}
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
  userName: string,
  needed?: readonly number[],
): Promise<string | undefined> {
  return dialogs.open<string | undefined>(
    (close) => (
      <AchDraftDialog request={request} userName={userName} needed={needed} onClose={close} />
    ),
    { dismissible: false },
  ).result;
}
