import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { calendarDateIn, isAgreementNeeded, type CalendarDate } from '@portal/domain';
import {
  AGREEMENT_HOST_NUMBER_BASE,
  type Agreement,
  type SettingsAccessor,
} from '@portal/settings-schema';
import { LazyRichText } from '@portal/web-kit';
import { useState } from 'react';
import { useDialogStack, type DialogStack } from '../../../components/dialogs/dialog-stack';
import { DIALOG_WIDTH, PortalDialog } from '../../../components/dialogs/portal-dialog';
import { useAgreementLogging } from '../../../lib/agreements/agreement-logging';
import { safeLinkUrl } from '../../../lib/external-link';
import { useSettings } from '../../../lib/settings/settings-context';

const RICH_TEXT_KEYS = [
  'agreementTexts.agreement1RichText',
  'agreementTexts.agreement2RichText',
  'agreementTexts.agreement3RichText',
  'agreementTexts.agreement4RichText',
  'agreementTexts.agreement5RichText',
] as const;

/**
 * The payments area's rich-text agreement dialog (spec 001 section 2): the agreement's text with
 * Cancel and 'I Accept' (paymentTexts; the sign-in's agreement dialog words its buttons apart).
 */
export function PaymentRichTextAgreementDialog(props: {
  agreement: Agreement;
  onAnswer(accepted: boolean): void;
}) {
  const settings = useSettings();
  const key = RICH_TEXT_KEYS[props.agreement.hostNum - AGREEMENT_HOST_NUMBER_BASE];
  return (
    <PortalDialog
      width={DIALOG_WIDTH.wide}
      title={props.agreement.name}
      actions={
        <>
          <Button onClick={() => props.onAnswer(false)}>
            {settings.get('paymentTexts.richTextAgreementCancelText')}
          </Button>
          <Button variant="contained" onClick={() => props.onAnswer(true)}>
            {settings.get('paymentTexts.richTextAgreementAcceptText')}
          </Button>
        </>
      }
    >
      {key ? <LazyRichText html={settings.get(key)} /> : null}
    </PortalDialog>
  );
}

/**
 * The agreements the setup asks for when an ACH method is saved (WhenToAgree ach) that are
 * needed on `today`, the institution's date, by the one rule the server applies
 * (`isAgreementNeeded`, spec 001 section 4): in force (not dated in the future) and not accepted
 * on or after the agreement's date. The user's acceptances are the server's: GetPaymentMethods
 * answers the HostNums still needed (`AchAgreementsNeeded`, an addition to the spec's shape), and
 * with `needed` only those are asked; an agreement accepted before is not asked again. Without
 * it (an answer that does not carry the list) every agreement in force is asked; the server
 * refuses a save while one is still needed either way.
 */
export function achAgreements(
  settings: SettingsAccessor,
  today: CalendarDate,
  needed?: readonly number[],
): Agreement[] {
  return settings
    .get('agreementTexts.agreementSetup')
    .filter(
      (agreement) =>
        agreement.whenToAgree.includes('ach') &&
        isAgreementNeeded(agreement.date, [], today) &&
        (needed === undefined || needed.includes(agreement.hostNum)),
    );
}

/** Today in the institution's time zone, the date agreements are judged by. */
export function institutionToday(settings: SettingsAccessor): CalendarDate {
  return calendarDateIn(settings.get('localeOptions.institutionTimeZone'), new Date());
}

interface AchTermsDialogProps {
  agreements: readonly Agreement[];
  userName: string;
  onAnswer(answer: 'agreed' | 'disagreed'): void;
}

/**
 * The ACH terms modal (spec 001 section 2): 'In order to add an ACH payment you must agree to the
 * Terms and Conditions.', one link per agreement, Disagree and Agree. With rich-text agreements
 * (`agreementOptions.forceRichTextAgreementsOption`) each link opens the agreement's dialog and
 * Agree waits until every one was accepted there; with `forceUserToClickOnURLToAgreeOption` Agree
 * waits until every link was opened. Agree records the acceptance (POST /api/AgreementLogging,
 * the only agreement call the spec names); a failure keeps the modal open with 'An error
 * occurred, please try again.'.
 */
function AchTermsDialog({ agreements, userName, onAnswer }: AchTermsDialogProps) {
  const settings = useSettings();
  const dialogs = useDialogStack();
  const richText = settings.get('agreementOptions.forceRichTextAgreementsOption');
  const mustOpen = settings.get('agreementOptions.forceUserToClickOnURLToAgreeOption');
  const [accepted, setAccepted] = useState<ReadonlySet<number>>(new Set());
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const ready = !(richText || mustOpen) || agreements.every((a) => accepted.has(a.hostNum));

  const mark = (hostNum: number) => setAccepted((current) => new Set([...current, hostNum]));

  const agreementLogging = useAgreementLogging();

  async function agree() {
    setSaving(true);
    setFailed(false);
    try {
      await agreementLogging.mutateAsync({
        Agreements: agreements.map((agreement) => agreement.hostNum),
        UserName: userName,
        TurnEStatementsOn: false,
        UnRestrictEmail: false,
      });
      onAnswer('agreed');
    } catch {
      setFailed(true);
    } finally {
      setSaving(false);
    }
  }

  return (
    <PortalDialog
      width={DIALOG_WIDTH.wide}
      title={settings.get('achPaymentTexts.achTermsText')}
      actions={
        <>
          <Button onClick={() => onAnswer('disagreed')} disabled={saving}>
            {settings.get('achPaymentTexts.achTermsDisagreeText')}
          </Button>
          <Button
            variant="contained"
            disabled={!ready}
            loading={saving}
            onClick={() => void agree()}
          >
            {settings.get('achPaymentTexts.achTermsAgreeText')}
          </Button>
        </>
      }
    >
      <Stack spacing={1} component="span" sx={{ display: 'flex' }}>
        {failed ? (
          <Alert severity="error">
            {settings.get('achPaymentTexts.achAgreementSaveErrorText')}
          </Alert>
        ) : null}
        {agreements.map((agreement) => {
          const url = safeLinkUrl(agreement.url);
          return richText ? (
            <Link
              key={agreement.hostNum}
              component="button"
              type="button"
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
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              onClick={() => mark(agreement.hostNum)}
            >
              {agreement.name}
            </Link>
          );
        })}
      </Stack>
    </PortalDialog>
  );
}

/**
 * Asks for the ACH terms before an ACH method is saved. With no agreement of WhenToAgree ach in
 * the setup, or none still needed (`needed`: GetPaymentMethods' AchAgreementsNeeded), there is
 * nothing to agree to (decided: the method is saved without the modal).
 */
export async function askAchTerms(
  dialogs: DialogStack,
  settings: SettingsAccessor,
  userName: string,
  needed?: readonly number[],
): Promise<'agreed' | 'disagreed'> {
  const agreements = achAgreements(settings, institutionToday(settings), needed);
  if (agreements.length === 0) return 'agreed';
  const answer = await dialogs.open<'agreed' | 'disagreed'>(
    (close) => <AchTermsDialog agreements={agreements} userName={userName} onAnswer={close} />,
    { dismissible: false },
  ).result;
  return answer ?? 'disagreed';
}
