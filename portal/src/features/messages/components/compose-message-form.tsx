import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { messageRulesOf } from '@portal/domain';
import { useEffect, useMemo, useRef, useState, type BaseSyntheticEvent } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { ErrorAlert } from '../../../components/error-alert/error-alert';
import { FormRadioGroup } from '../../../components/form-fields';
import type { UserSession } from '../../../lib/session/session-context';
import { useSettings } from '../../../lib/settings/settings-context';
import { useSendFeedback } from '../api/send-feedback';
import { useSendQuestion } from '../api/send-question';
import {
  EMPTY_MESSAGE_FORM,
  feedbackRequestOf,
  FORM_FIELD_ORDER,
  messageFormSchema,
  questionRequestOf,
  refusedFields,
  type MessageFormField,
  type MessageFormValues,
  type MessageType,
} from '../utils/message-form';
import { FeedbackFields } from './feedback-fields';
import { QuestionFields } from './question-fields';
import { SenderFields } from './sender-fields';

type Outcome = 'questionSent' | 'feedbackSent' | 'failed';

/** Radio groups take focus on their first choice: react-hook-form holds no element for them. */
const RADIO_FIELDS: ReadonlySet<MessageFormField> = new Set(['experience', 'reason']);

/**
 * The compose form (spec 002 "Messages (contact) screen" and section 6): choose Feedback or
 * Question (only Question, chosen, when feedback is hidden); changing the type starts the form
 * over. Send is disabled until a type is chosen and shows a spinner while sending. On success the
 * form starts over with the type's thank-you; on failure the generic error, what was typed kept.
 * A problem is said next to its field and the first such field takes the focus.
 */
export function ComposeMessageForm({ user }: { user: UserSession | null }) {
  const settings = useSettings();
  const rules = useMemo(() => messageRulesOf(settings), [settings]);
  const loggedOut = user === null;
  const schema = useMemo(
    () => messageFormSchema(settings, rules, loggedOut),
    [settings, rules, loggedOut],
  );
  const startValues: MessageFormValues = useMemo(
    () => ({ ...EMPTY_MESSAGE_FORM, type: rules.feedbackOffered ? '' : 'Question' }),
    [rules.feedbackOffered],
  );
  const form = useForm<MessageFormValues>({
    defaultValues: startValues,
    resolver: zodResolver(schema),
    shouldFocusError: false,
  });
  const { control, handleSubmit, reset, setError, setFocus, formState } = form;
  const type = useWatch({ control, name: 'type' });
  const [outcome, setOutcome] = useState<Outcome | undefined>(undefined);
  // The captcha starts over (a new element) whenever the form does.
  const [round, setRound] = useState(0);
  const thanksRef = useRef<HTMLDivElement>(null);
  const sendQuestion = useSendQuestion();
  const sendFeedback = useSendFeedback();

  useEffect(() => {
    // The fields are gone after a success: the thank-you takes the focus, so it is heard.
    if (outcome === 'questionSent' || outcome === 'feedbackSent') thanksRef.current?.focus();
  }, [outcome]);

  /** `form`: the form element the submit event came from (where a radio group is looked up). */
  function focusField(field: MessageFormField, form: EventTarget | null | undefined) {
    if (RADIO_FIELDS.has(field)) {
      if (form instanceof HTMLFormElement) {
        form.querySelector<HTMLInputElement>(`input[name="${field}"]`)?.focus();
      }
    } else {
      setFocus(field);
    }
  }

  function focusFirstError(errors: FieldErrors<MessageFormValues>, event?: BaseSyntheticEvent) {
    const first = FORM_FIELD_ORDER.find((field) => errors[field]);
    if (first) focusField(first, event?.target);
  }

  function startOver(nextType: MessageFormValues['type']) {
    reset({ ...EMPTY_MESSAGE_FORM, type: nextType });
    setRound((value) => value + 1);
  }

  const submit = handleSubmit(async (values, event) => {
    setOutcome(undefined);
    try {
      if (values.type === 'Question') {
        await sendQuestion.mutateAsync(questionRequestOf(values, user));
      } else {
        await sendFeedback.mutateAsync(
          feedbackRequestOf(values, user, settings.get('messagesTexts.reasonLabel')),
        );
      }
      startOver(startValues.type);
      setOutcome(values.type === 'Question' ? 'questionSent' : 'feedbackSent');
    } catch (error) {
      const refused = refusedFields(error);
      if (refused.length === 0) {
        setOutcome('failed');
        return;
      }
      for (const { field, text } of refused) {
        // A captcha the server would not take (used, expired) is solved again.
        if (field === 'captcha') {
          form.setValue('captcha', '');
          setRound((value) => value + 1);
        }
        setError(field, { type: 'server', message: text });
      }
      const first = refused[0]?.field;
      // After the captcha's element is made again.
      if (first) setTimeout(() => focusField(first, event?.target));
    }
  }, focusFirstError);

  const typeOptions = [
    ...(rules.feedbackOffered
      ? [{ value: 'Feedback', label: settings.get('messagesTexts.feedbackText') }]
      : []),
    { value: 'Question', label: settings.get('messagesTexts.questionText') },
  ];

  return (
    <Stack component="form" noValidate spacing={3} onSubmit={submit}>
      {outcome === 'questionSent' || outcome === 'feedbackSent' ? (
        <Alert severity="success" role="status" tabIndex={-1} ref={thanksRef}>
          {outcome === 'questionSent'
            ? settings.get('messagesTexts.questionSuccessText')
            : settings.get('messagesTexts.feedbackSuccessText')}
        </Alert>
      ) : null}
      <FormRadioGroup
        control={control}
        name="type"
        label={settings.get('messagesTexts.messageTypeLabel')}
        row
        options={typeOptions}
        onValueChanged={(value) => {
          const chosen: MessageType = value === 'Feedback' ? 'Feedback' : 'Question';
          setOutcome(undefined);
          startOver(chosen);
        }}
      />
      {type !== '' && loggedOut ? <SenderFields control={control} /> : null}
      {type === 'Feedback' ? (
        <FeedbackFields
          control={control}
          messageMaxLength={rules.messageMaxLength}
          reasonOptions={rules.reasonOptions}
        />
      ) : null}
      {type === 'Question' ? (
        <QuestionFields
          captchaRound={round}
          control={control}
          messageMaxLength={rules.messageMaxLength}
          captcha={rules.captcha}
        />
      ) : null}
      {outcome === 'failed' ? (
        <ErrorAlert>{settings.get('messagesTexts.errorText')}</ErrorAlert>
      ) : null}
      <div>
        <Button
          type="submit"
          variant="contained"
          disabled={type === ''}
          loading={formState.isSubmitting}
        >
          {settings.get('messagesTexts.sendButtonText')}
        </Button>
      </div>
    </Stack>
  );
}
