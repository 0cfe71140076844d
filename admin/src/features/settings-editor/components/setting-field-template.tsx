import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { VisuallyHidden } from '@portal/web-kit';
import type { FieldTemplateProps, ObjectFieldTemplateProps, RJSFSchema } from '@rjsf/utils';
import { startTransition, useCallback, useEffect, useState, type ReactNode } from 'react';
import type { DraftSession, KeySaveState } from '../../../lib/draft/draft-session';
import { shallowEqualObjects, useDraftSelector, useDraftValue } from '../../../lib/draft/use-draft';
import {
  INVALID_AGREEMENT_TYPE_TEXT_KEY,
  wordedSetupProblem,
} from '../widgets/agreement-setup-widget';
import {
  definitionOf,
  SET_LABELS,
  type SettingDefinition,
} from '../../../lib/settings/definitions';
import { differsBetween, differsFromDefault } from '../../../lib/settings/document';
import {
  isSettingsFormContext,
  labelIdOf,
  settingKeyOf,
  type SettingsFormContext,
  type SettingsFormData,
} from '../utils/form-context';
import { LABELLABLE_WIDGETS } from '../utils/group-form-spec';

type Props = FieldTemplateProps<SettingsFormData, RJSFSchema, SettingsFormContext>;

interface KeyFacts {
  from: 'shared' | 'english' | null;
  sharedHidesLanguage: boolean;
  languageValue: string | undefined;
  modified: boolean;
  changedInDraft: boolean;
  state: KeySaveState;
}

function rangeText(definition: SettingDefinition): string {
  const { minimum, maximum } = definition;
  if (minimum !== undefined && maximum !== undefined) return ` From ${minimum} to ${maximum}.`;
  if (minimum !== undefined) return ` At least ${minimum}.`;
  if (maximum !== undefined) return ` At most ${maximum}.`;
  return '';
}

function preview(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

function SaveStateText({
  state,
  onRetry,
  title,
}: {
  state: KeySaveState;
  onRetry: () => void;
  title: string;
}) {
  switch (state.kind) {
    case 'idle':
      return null;
    case 'pending':
      return (
        <Typography variant="caption" color="text.secondary">
          Not saved yet
        </Typography>
      );
    case 'saving':
      return (
        <Typography variant="caption" color="text.secondary">
          Saving…
        </Typography>
      );
    case 'saved':
      return (
        <Typography variant="caption" color="success.dark">
          Saved
        </Typography>
      );
    case 'invalid':
      return (
        <Typography variant="caption" color="error">
          Not saved: fix the problem first
        </Typography>
      );
    case 'error':
      return (
        <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
          <Typography variant="caption" color="error">
            Not saved: {state.message}
          </Typography>
          <Button size="small" onClick={onRetry}>
            Retry<VisuallyHidden> saving {title}</VisuallyHidden>
          </Button>
        </Box>
      );
  }
}

interface SettingFieldProps {
  id: string;
  settingKey: string;
  definition: SettingDefinition;
  widget: string;
  session: DraftSession;
  readOnly: boolean;
  errors: readonly string[];
  onShowInPreview: (key: string) => void;
  children: ReactNode;
}

function SettingField({
  id,
  settingKey,
  definition,
  widget,
  session,
  readOnly,
  errors,
  onShowInPreview,
  children,
}: SettingFieldProps) {
  // The agreement setup's parser problems name an unknown when-to-agree type in the
  // institution's agreementTexts.invalidAgreementTypeText (shown to administrators).
  const invalidTypeText = useDraftValue(session, INVALID_AGREEMENT_TYPE_TEXT_KEY);
  const shown =
    settingKey === 'agreementTexts.agreementSetup'
      ? errors.map((message) => wordedSetupProblem(message, invalidTypeText))
      : errors;
  const selector = useCallback(
    (current: DraftSession): KeyFacts => {
      const document = current.getDocument();
      const effective = current.effective(settingKey);
      return {
        from: effective.from,
        sharedHidesLanguage: effective.sharedHidesLanguage,
        languageValue: effective.languageValue,
        modified: differsFromDefault(document, settingKey),
        changedInDraft: differsBetween(document, current.getPublishedDocument(), settingKey),
        state: current.keyState(settingKey),
      };
    },
    [settingKey],
  );
  const facts = useDraftSelector(session, selector, shallowEqualObjects);
  const labelId = labelIdOf(id);
  const labellable = LABELLABLE_WIDGETS.has(widget);
  const { title } = definition;

  return (
    <Box
      role="group"
      aria-labelledby={labelId}
      data-setting-key={settingKey}
      sx={{ py: 2, scrollMarginTop: 96 }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 0.5 }}>
        {labellable ? (
          <Typography
            component="label"
            id={labelId}
            htmlFor={id}
            variant="subtitle1"
            sx={{ fontWeight: 600 }}
          >
            {title}
          </Typography>
        ) : (
          <Typography component="span" id={labelId} variant="subtitle1" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
        )}
        {facts.modified && <Chip size="small" color="primary" label="Modified" />}
        {facts.changedInDraft && <Chip size="small" color="secondary" label="Changed in draft" />}
        <Chip
          size="small"
          variant="outlined"
          label={facts.from ? `Value in the ${SET_LABELS[facts.from]}` : 'Default value'}
        />
      </Box>
      <Typography id={`${id}__description`} variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {definition.description}
        {rangeText(definition)}
        {facts.from === null && ` Saved to the ${SET_LABELS[definition.set]} when changed.`}
      </Typography>
      {children}
      {shown.length > 0 && (
        <Box
          component="ul"
          id={`${id}__error`}
          sx={{ color: 'error.main', m: 0, mt: 0.5, pl: 2.5, typography: 'body2' }}
        >
          {shown.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </Box>
      )}
      {facts.sharedHidesLanguage && (
        <Alert
          severity="info"
          sx={{ mt: 1 }}
          action={
            readOnly ? undefined : (
              <Button
                color="inherit"
                size="small"
                onClick={() => void session.clearSets(settingKey, ['shared'])}
              >
                Remove the shared value
              </Button>
            )
          }
        >
          The shared set wins: its value hides the English value (“
          {preview(facts.languageValue ?? '')}”).
        </Alert>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 1 }}>
        <Typography variant="caption" component="code" color="text.secondary">
          {settingKey}
        </Typography>
        <SaveStateText
          state={facts.state}
          title={title}
          onRetry={() => void session.retry(settingKey)}
        />
        <Box sx={{ ml: 'auto', display: 'flex', gap: 1 }}>
          {definition.route && (
            <Button size="small" onClick={() => onShowInPreview(settingKey)}>
              Show in preview<VisuallyHidden>: {title}</VisuallyHidden>
            </Button>
          )}
          {!readOnly && facts.from !== null && (
            <Button size="small" onClick={() => void session.resetToDefault(settingKey)}>
              Reset to default<VisuallyHidden>: {title}</VisuallyHidden>
            </Button>
          )}
        </Box>
      </Box>
    </Box>
  );
}

/** The frame of every setting: title, description, indicators, set, notes, errors, actions. */
export function SettingFieldTemplate(props: Props) {
  const { id, children, uiSchema, registry, rawErrors, readonly, disabled } = props;
  const options = uiSchema?.['ui:options'];
  const settingKey = settingKeyOf(options);
  const definition = settingKey ? definitionOf(settingKey) : undefined;
  const context = registry.formContext;
  if (!settingKey || !definition || !isSettingsFormContext(context)) return children;
  const widget = uiSchema?.['ui:widget'];
  return (
    <SettingField
      id={id}
      settingKey={settingKey}
      definition={definition}
      widget={typeof widget === 'string' ? widget : ''}
      session={context.session}
      readOnly={readonly || disabled}
      errors={rawErrors ?? []}
      onShowInPreview={context.onShowInPreview}
    >
      {children}
    </SettingField>
  );
}

/** How many fields of a group mount with its first paint; the rest follow right after. */
export const FIRST_PAINT_FIELDS = 12;

/**
 * The group's keys one under the other, separated by rules. A long group mounts its first
 * fields at once and the rest a batch per frame after the first paint, each batch in a
 * transition (a keystroke meanwhile goes first); off-screen fields skip layout
 * and paint (`content-visibility`) but stay in the page for search, focus and assistive
 * technology.
 */
export function SettingsObjectTemplate(
  props: ObjectFieldTemplateProps<SettingsFormData, RJSFSchema, SettingsFormContext>,
) {
  const visible = props.properties.filter((property) => !property.hidden);
  const [limit, setLimit] = useState(FIRST_PAINT_FIELDS);
  const deferred = visible.length > limit;
  useEffect(() => {
    if (!deferred) return;
    const frame = requestAnimationFrame(() => {
      startTransition(() => setLimit((current) => current + FIRST_PAINT_FIELDS));
    });
    return () => cancelAnimationFrame(frame);
  }, [deferred, limit]);
  return (
    <Box
      aria-busy={deferred || undefined}
      sx={{
        '& > * + *': { borderTop: 1, borderColor: 'divider' },
        '& [data-setting-key]': {
          contentVisibility: 'auto',
          containIntrinsicSize: 'auto 180px',
        },
      }}
    >
      {visible.slice(0, limit).map((property) => property.content)}
    </Box>
  );
}
