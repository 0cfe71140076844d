import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { fillPlaceholders } from '@portal/domain';
import type { Agreement } from '@portal/settings-schema';
import { useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useDialogStack } from '../../../../components/dialogs/dialog-stack';
import { safeLinkUrl } from '../../../../lib/external-link';
import { useSettings } from '../../../../lib/settings/settings-context';
import { useAgreementLogging } from '../../../../lib/agreements/agreement-logging';
import { loginAgreementsFor } from '../../utils/post-login-steps';
import { askRichTextAgreement } from '../../../../components/agreements/rich-text-agreement-dialog';
import { biometricsGrantOf } from '../../utils/biometrics-grant';
import { StepPanel } from './step-panel';
import type { StepProps } from './step-props';

interface AgreementState {
  checked: boolean;
  /** The user opened the agreement's link (click-to-read). */
  linkClicked: boolean;
}

const UNREAD: AgreementState = { checked: false, linkClicked: false };

/** The checkbox label with the agreement name as its link, where the text says `{name}`. */
function labelWithLink(template: string, link: ReactNode): ReactNode {
  const at = template.indexOf('{name}');
  if (at < 0) {
    return (
      <>
        {template} {link}
      </>
    );
  }
  return (
    <>
      {template.slice(0, at)}
      {link}
      {template.slice(at + '{name}'.length)}
    </>
  );
}

/**
 * agreements: one checkbox per needed agreement with its link in a new tab (spec 000 sections
 * 2.5 and 4). With click-to-read a checkbox stays disabled until its link was opened; with
 * rich-text agreements a checkbox is only set through the agreement's modal; unchecking
 * disables it again.
 */
export function AgreementsStep({ response, advancing, onDone, onCancel }: StepProps) {
  const settings = useSettings();
  const dialogs = useDialogStack();
  const idPrefix = useId();
  const [today] = useState(() => new Date());
  const agreements = useMemo(
    () => loginAgreementsFor(response, settings, today),
    [response, settings, today],
  );
  const clickToRead = settings.get('agreementOptions.forceUserToClickOnURLToAgreeOption');
  const richText = settings.get('agreementOptions.forceRichTextAgreementsOption');
  const [states, setStates] = useState<Readonly<Record<number, AgreementState>>>({});
  const [attempted, setAttempted] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const logging = useAgreementLogging();

  const stateOf = (agreement: Agreement) => states[agreement.hostNum] ?? UNREAD;
  const update = (agreement: Agreement, change: Partial<AgreementState>) =>
    setStates((current) => ({
      ...current,
      [agreement.hostNum]: { ...(current[agreement.hostNum] ?? UNREAD), ...change },
    }));
  const mustOpenLink = (agreement: Agreement) =>
    clickToRead && Boolean(safeLinkUrl(agreement.url)) && !stateOf(agreement).linkClicked;

  async function toggle(agreement: Agreement, checked: boolean) {
    if (!checked) {
      update(agreement, clickToRead ? { checked: false, linkClicked: false } : { checked: false });
      return;
    }
    if (richText) {
      const agreed = await askRichTextAgreement(dialogs, settings, agreement);
      update(agreement, { checked: agreed });
      return;
    }
    update(agreement, { checked: true });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAttempted(true);
    setError(undefined);
    if (agreements.some((agreement) => !stateOf(agreement).checked)) {
      setError(settings.get('postLoginTexts.allAgreementsRequiredText'));
      return;
    }
    try {
      const answer = await logging.mutateAsync({
        Agreements: agreements.map((agreement) => agreement.hostNum),
        UserName: response.UserName,
        TurnEStatementsOn: false,
        UnRestrictEmail:
          response.IsEmailCommunicationRestriced &&
          agreements.some((agreement) => agreement.whenToAgree.includes('ecommunicationreagree')),
      });
      onDone({ WebAgreementLogs: [], ...biometricsGrantOf(answer) });
    } catch {
      setError(settings.get('postLoginTexts.agreementsSaveErrorText'));
    }
  }

  return (
    <StepPanel
      heading={settings.get('postLoginTexts.agreementsHeadingText')}
      intro={settings.get('postLoginTexts.agreementsInstructionsText')}
      error={error}
      busy={logging.isPending || advancing}
      onSubmit={(event) => void submit(event)}
      onCancel={onCancel}
    >
      <Stack spacing={1}>
        {agreements.map((agreement) => {
          const state = stateOf(agreement);
          const url = safeLinkUrl(agreement.url);
          const errorId = `${idPrefix}-${agreement.hostNum}-error`;
          const message =
            attempted && !state.checked
              ? fillPlaceholders(
                  settings.get(
                    mustOpenLink(agreement)
                      ? 'postLoginTexts.agreementClickLinkText'
                      : 'postLoginTexts.agreementRequiredText',
                  ),
                  { name: agreement.name },
                )
              : undefined;
          const link = url ? (
            <Link
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              onClick={() => update(agreement, { linkClicked: true })}
            >
              {agreement.name}
            </Link>
          ) : (
            agreement.name
          );
          return (
            <div key={agreement.hostNum}>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={state.checked}
                    disabled={mustOpenLink(agreement)}
                    onChange={(event) => void toggle(agreement, event.target.checked)}
                    slotProps={{
                      input: {
                        'aria-describedby': message ? errorId : undefined,
                        'aria-invalid': message ? true : undefined,
                      },
                    }}
                  />
                }
                label={labelWithLink(settings.get('agreementTexts.agreementCheckboxText'), link)}
              />
              {message ? (
                <FormHelperText id={errorId} error>
                  {message}
                </FormHelperText>
              ) : null}
            </div>
          );
        })}
      </Stack>
    </StepPanel>
  );
}
