import { ErrorAlert } from '../../../components/error-alert/error-alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AchDraftPreviewRequest } from '@portal/domain';
import { LazyRichText } from '@portal/web-kit';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { DialogStack } from '../../../components/dialogs/dialog-stack';
import { DIALOG_WIDTH, PortalDialog } from '../../../components/dialogs/portal-dialog';
import { useAgreementLogging } from '../../../lib/agreements/agreement-logging';
import { openInNewTab, PopupBlockedError } from '../../../lib/new-tab';
import { paymentErrorText } from '../../../lib/payments/payment-error-text';
import { useSettings } from '../../../lib/settings/settings-context';
import { paymentFeatureKeys } from '../api/keys';
import { achDraftPreviewUrl, prepareAchDraftPreview } from '../api/submit-payment';
import {
  AchAgreementLinks,
  achAgreements,
  agreementHintId,
  institutionToday,
  useAgreementsRead,
} from './ach-terms-dialog';

/**
 * The ACH draft agreement dialog (spec 001 sections 2 and 4 "Submit"), one step in reading order
 * (issue 20 item 7: the authorization is read before it is agreed to): the authorization text
 * (`achDraftAgreementTexts.dialogRichText`), the preview of the agreement with this payment's
 * terms (PrepareAchDraftAgreementPreview, then RenderACHDraftAgreementPreview?token= in a new
 * tab) and the ACH agreements still needed (one link each), then Cancel and Agree. Agree stays
 * disabled until the preview has loaded in its tab (the server marks the preview opened when it
 * renders it, and accepts only an opened preview's token) and until each agreement was opened (or
 * accepted, rich text); the reason (`achDraftAgreementTexts.confirmText`, and the hint of each
 * agreement not yet read) describes the button. Agree closes with the preview's
 * PassableToken, which goes with the recurring request; Cancel or Escape closes with nothing
 * (nothing is typed here to lose).
 *
 * Decided: the spec's two dialogs (the agreement's Agree, then the confirmation's Confirm once
 * the preview was opened) asked for Agree before anything was read; they are one dialog with one
 * Agree, which keeps both of the spec's conditions. `achDraftAgreementTexts.confirmButtonText`
 * is no longer shown.
 *
 * Decided: Agree records the ACH agreements it showed (POST /api/AgreementLogging, as the ACH
 * terms modal does; section 4 "Agreements": accepting posts an agreement record), so the borrower
 * is not asked for them again when saving a bank account; a failure keeps the dialog open with
 * 'An error occurred, please try again.' (achAgreementSaveErrorText), and the preview opened
 * still counts.
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
  const instructionId = useId();
  // Decided: "each agreement" of section 2 is each ACH agreement in force (WhenToAgree ach, the
  // ACH terms modal's), the same domain rule as there, only those still needed (section 4: not
  // accepted on or after the agreement's date). Agree waits until each was read, as in the ACH
  // terms modal (useAgreementsRead has the decision).
  const [agreements] = useState(() =>
    achAgreements(settings, institutionToday(settings), props.needed),
  );
  const { read, allRead: agreementsRead, markRead } = useAgreementsRead(agreements);
  const [token, setToken] = useState<string | undefined>(undefined);
  const [opened, setOpened] = useState(false);
  // A pop-up blocker refused the tab: the preview is offered as a link the borrower clicks.
  const [blockedUrl, setBlockedUrl] = useState<string | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const [recording, setRecording] = useState(false);
  const [recordFailed, setRecordFailed] = useState(false);
  const agreeable = opened && token !== undefined && agreementsRead;

  async function preview() {
    setError(undefined);
    // A new preview has a new token: Agree waits until that one has loaded too.
    setOpened(false);
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
    if (token === undefined) return;
    if (agreements.length === 0) {
      props.onClose(token);
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
      props.onClose(token);
    } catch {
      setRecordFailed(true);
    } finally {
      setRecording(false);
    }
  }

  return (
    <PortalDialog
      width={DIALOG_WIDTH.wide}
      // Decided: the settings have no title of this dialog (achDraftAgreementTexts has none);
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
            aria-describedby={[
              instructionId,
              ...agreements
                .filter((agreement) => !read.has(agreement.hostNum))
                .map((agreement) => agreementHintId(instructionId, agreement)),
            ].join(' ')}
            onClick={() => void agree()}
          >
            {settings.get('achDraftAgreementTexts.agreeButtonText')}
          </Button>
        </>
      }
    >
      <Stack spacing={2}>
        {/* First what the borrower authorizes, then the document that states it in full. */}
        <LazyRichText html={settings.get('achDraftAgreementTexts.dialogRichText')} />
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Typography id={instructionId} variant="body2">
            {settings.get('achDraftAgreementTexts.confirmText')}
          </Typography>
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
          <AchAgreementLinks
            agreements={agreements}
            read={read}
            onRead={markRead}
            idPrefix={instructionId}
          />
        </Stack>
        {error ? <ErrorAlert>{error}</ErrorAlert> : null}
        {recordFailed ? (
          <ErrorAlert>{settings.get('achPaymentTexts.achAgreementSaveErrorText')}</ErrorAlert>
        ) : null}
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
    // Escape closes it, as Cancel does (issue 20 item 7: nothing is typed here to lose).
  ).result;
}
