import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { AGREEMENT_HOST_NUMBER_BASE, type Agreement } from '@portal/settings-schema';
import type { SettingsAccessor } from '@portal/settings-schema';
import { RichText } from '@portal/web-kit';
import type { DialogStack } from '../dialogs/dialog-stack';
import { DIALOG_WIDTH, PortalDialog } from '../dialogs/portal-dialog';
import { safeLinkUrl } from '../../lib/external-link';

const RICH_TEXT_KEYS = [
  'agreementTexts.agreement1RichText',
  'agreementTexts.agreement2RichText',
  'agreementTexts.agreement3RichText',
  'agreementTexts.agreement4RichText',
  'agreementTexts.agreement5RichText',
] as const;

/** The rich text of an agreement of the setup (by its position, from the host number). */
function agreementRichText(agreement: Agreement, settings: SettingsAccessor): string {
  const key = RICH_TEXT_KEYS[agreement.hostNum - AGREEMENT_HOST_NUMBER_BASE];
  return key ? settings.get(key) : '';
}

interface RichTextAgreementDialogProps {
  agreement: Agreement;
  settings: SettingsAccessor;
  onAnswer(agreed: boolean): void;
}

function RichTextAgreementDialog({ agreement, settings, onAnswer }: RichTextAgreementDialogProps) {
  const html = agreementRichText(agreement, settings);
  const url = safeLinkUrl(agreement.url);
  return (
    <PortalDialog
      title={agreement.name}
      width={DIALOG_WIDTH.wide}
      actions={
        <>
          <Button onClick={() => onAnswer(false)}>
            {settings.get('agreementTexts.notAgreeButtonText')}
          </Button>
          <Button variant="contained" onClick={() => onAnswer(true)}>
            {settings.get('agreementTexts.agreeButtonText')}
          </Button>
        </>
      }
    >
      {html.trim() ? (
        <RichText html={html} />
      ) : url ? (
        <Link href={url} target="_blank" rel="noopener noreferrer">
          {agreement.name}
        </Link>
      ) : null}
    </PortalDialog>
  );
}

/**
 * The rich-text agreement modal (spec 000 section 4): Agree or not agree; a click outside or
 * Escape does not close it. Resolves true only for Agree.
 */
export async function askRichTextAgreement(
  dialogs: DialogStack,
  settings: SettingsAccessor,
  agreement: Agreement,
): Promise<boolean> {
  const answer = await dialogs.open<boolean>(
    (close) => (
      <RichTextAgreementDialog agreement={agreement} settings={settings} onAnswer={close} />
    ),
    { dismissible: false },
  ).result;
  return answer === true;
}
