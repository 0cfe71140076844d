import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { AGREEMENT_HOST_NUMBER_BASE, type Agreement } from '@portal/settings-schema';
import type { SettingKey, SettingsAccessor } from '@portal/settings-schema';
import type { DialogStack } from '../../../components/dialogs/dialog-stack';
import { DIALOG_WIDTH, PortalDialog } from '../../../components/dialogs/portal-dialog';
import { RichText } from '../../../components/rich-text';
import { agreementLinkUrl } from '../utils/agreement-link';

const RICH_TEXT_KEYS: readonly SettingKey[] = [
  'agreementTexts.agreement1RichText',
  'agreementTexts.agreement2RichText',
  'agreementTexts.agreement3RichText',
  'agreementTexts.agreement4RichText',
  'agreementTexts.agreement5RichText',
];

interface AgreementDialogProps {
  agreement: Agreement;
  settings: SettingsAccessor;
  onAnswer(agreed: boolean): void;
}

function AgreementDialog({ agreement, settings, onAnswer }: AgreementDialogProps) {
  const key = RICH_TEXT_KEYS[agreement.hostNum - AGREEMENT_HOST_NUMBER_BASE];
  const html = key ? String(settings.get(key)) : '';
  const url = agreementLinkUrl(agreement.url);
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
 * The rich-text agreement modal (spec 000 section 4): Agree or not agree, not dismissible by a
 * click outside or Escape. Resolves true only for Agree.
 */
export async function askAgreement(
  dialogs: DialogStack,
  settings: SettingsAccessor,
  agreement: Agreement,
): Promise<boolean> {
  const answer = await dialogs.open<boolean>(
    (close) => <AgreementDialog agreement={agreement} settings={settings} onAnswer={close} />,
    { dismissible: false },
  ).result;
  return answer === true;
}
