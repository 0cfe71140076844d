import { ErrorAlert } from '../../../components/error-alert/error-alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  calendarDateIn,
  fillPlaceholders,
  isAgreementNeeded,
  type CalendarDate,
} from '@portal/domain';
import {
  AGREEMENT_HOST_NUMBER_BASE,
  type Agreement,
  type SettingsAccessor,
} from '@portal/settings-schema';
import { LazyRichText } from '@portal/web-kit';
import { useId, useState } from 'react';
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

/**
 * Which of the ACH agreements shown were read: each link opened (or, with rich-text agreements,
 * each accepted in its dialog). Agree waits until all were.
 *
 * Decided (issue 20 item 7, "show the authorization text first, then Agree"): the ACH terms
 * modal and the ACH draft agreement dialog show each agreement as a link (spec 001 section 2),
 * not its text, which lives at the institution's address (a page or a PDF another site may refuse
 * to frame). So Agree waits until every link was opened, whatever
 * `agreementOptions.forceUserToClickOnURLToAgreeOption` says: that option keeps governing the
 * sign-in and registration checkboxes of spec 000, where a checkbox is ticked per agreement.
 * With rich-text agreements each is read and accepted in its own dialog first, as before.
 */
export function useAgreementsRead(agreements: readonly Agreement[]) {
  const [read, setRead] = useState<ReadonlySet<number>>(new Set());
  return {
    read,
    allRead: agreements.every((agreement) => read.has(agreement.hostNum)),
    markRead: (hostNum: number) => setRead((current) => new Set([...current, hostNum])),
  };
}

/** The id of the hint under an agreement not yet read (it also describes Agree). */
export function agreementHintId(idPrefix: string, agreement: Agreement): string {
  return `${idPrefix}-agreement-${agreement.hostNum}-hint`;
}

/**
 * One link per agreement (a new tab, or the rich-text dialog), each not yet read with the hint
 * the sign-in step words it with (`postLoginTexts.agreementClickLinkText`).
 */
export function AchAgreementLinks(props: {
  agreements: readonly Agreement[];
  read: ReadonlySet<number>;
  onRead(hostNum: number): void;
  /** Prefixes the hints' ids (agreementHintId), so that Agree can be described by them. */
  idPrefix: string;
}) {
  const settings = useSettings();
  const dialogs = useDialogStack();
  const richText = settings.get('agreementOptions.forceRichTextAgreementsOption');
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      {props.agreements.map((agreement) => (
        <Stack key={agreement.hostNum} spacing={0.5}>
          {richText ? (
            <Link
              component="button"
              type="button"
              sx={{ alignSelf: 'flex-start' }}
              onClick={() =>
                void dialogs
                  .open<boolean>((close) => (
                    <PaymentRichTextAgreementDialog agreement={agreement} onAnswer={close} />
                  ))
                  .result.then((ok) => {
                    if (ok) props.onRead(agreement.hostNum);
                  })
              }
            >
              {agreement.name}
            </Link>
          ) : (
            <Link
              href={safeLinkUrl(agreement.url)}
              target="_blank"
              rel="noopener noreferrer"
              onClick={() => props.onRead(agreement.hostNum)}
            >
              {agreement.name}
            </Link>
          )}
          {props.read.has(agreement.hostNum) ? null : (
            <Typography id={agreementHintId(props.idPrefix, agreement)} variant="body2">
              {fillPlaceholders(settings.get('postLoginTexts.agreementClickLinkText'), {
                name: agreement.name,
              })}
            </Typography>
          )}
        </Stack>
      ))}
    </Stack>
  );
}

interface AchTermsDialogProps {
  agreements: readonly Agreement[];
  userName: string;
  onAnswer(answer: 'agreed' | 'disagreed'): void;
}

/**
 * The ACH terms modal (spec 001 section 2): 'In order to add an ACH payment you must agree to the
 * Terms and Conditions.', one link per agreement, Disagree and Agree. Agree waits until every
 * agreement was read (useAgreementsRead has the decision), described by the hints of those not
 * yet read. Agree records the acceptance (POST /api/AgreementLogging, the only agreement call the
 * spec names); a failure keeps the modal open with 'An error occurred, please try again.'.
 */
function AchTermsDialog({ agreements, userName, onAnswer }: AchTermsDialogProps) {
  const settings = useSettings();
  const idPrefix = useId();
  const { read, allRead, markRead } = useAgreementsRead(agreements);
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);

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

  const unread = agreements.filter((agreement) => !read.has(agreement.hostNum));
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
            disabled={!allRead}
            loading={saving}
            aria-describedby={
              unread.length > 0
                ? unread.map((agreement) => agreementHintId(idPrefix, agreement)).join(' ')
                : undefined
            }
            onClick={() => void agree()}
          >
            {settings.get('achPaymentTexts.achTermsAgreeText')}
          </Button>
        </>
      }
    >
      <Stack spacing={1}>
        {failed ? (
          <ErrorAlert>{settings.get('achPaymentTexts.achAgreementSaveErrorText')}</ErrorAlert>
        ) : null}
        <AchAgreementLinks
          agreements={agreements}
          read={read}
          onRead={markRead}
          idPrefix={idPrefix}
        />
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
): Promise<'agreed' | 'disagreed' | 'dismissed'> {
  const agreements = achAgreements(settings, institutionToday(settings), needed);
  if (agreements.length === 0) return 'agreed';
  const answer = await dialogs.open<'agreed' | 'disagreed'>(
    (close) => <AchTermsDialog agreements={agreements} userName={userName} onAnswer={close} />,
    // Escape closes it (issue 20 item 7: nothing is typed here to lose). It is not a Disagree:
    // the borrower only stepped back, and is told nothing (issue 20: Escape left 'In order to
    // use the system you must agree to the terms and conditions.' under the form).
  ).result;
  return answer ?? 'dismissed';
}
