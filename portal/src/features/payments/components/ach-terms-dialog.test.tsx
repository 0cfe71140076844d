import { createQueryClient } from '@portal/web-kit';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '@portal/web-kit/testing';
import {
  DialogHost,
  DialogStackProvider,
  useDialogStack,
} from '../../../components/dialogs/dialog-stack';
import { useSettings } from '../../../lib/settings/settings-context';
import { stubFetch } from '../../../testing/fetch-stub';
import type { SettingValues } from '../../../testing/fixtures';
import { withSettings } from '../../../testing/with-settings';
import { usePaymentMethods } from '../api/payment-methods';
import { askAchTerms } from './ach-terms-dialog';

const TERMS = 'In order to add an ACH payment you must agree to the Terms and Conditions.';
const LOAN = '001-100235-2';
/** Two ACH agreements in force: HostNums 11337 and 11338. */
const SETUP =
  'https://bank.example/ach-terms.pdf|2024-01-31|ACH Terms of Use|ach\nhttps://bank.example/ach-fees.pdf|2024-01-31|ACH Fee Schedule|ach';

/** The method step's part: the loan's GetPaymentMethods answer, then the terms before a save. */
function SaveAch() {
  const dialogs = useDialogStack();
  const settings = useSettings();
  const methods = usePaymentMethods(LOAN, true);
  const [answer, setAnswer] = useState('');
  return (
    <main>
      <button
        disabled={!methods.data}
        onClick={() =>
          void askAchTerms(
            dialogs,
            settings,
            'jordan.rivers',
            methods.data?.AchAgreementsNeeded,
          ).then(setAnswer)
        }
      >
        Save account
      </button>
      <output>{answer}</output>
    </main>
  );
}

function renderSaveAch(needed: number[] | undefined, settings: SettingValues = {}) {
  const server = stubFetch({
    'POST /api/PaymentMethod/GetPaymentMethods': {
      body: {
        HasNoErrors: true,
        Errors: [],
        PaymentMethods: [],
        DefaultPaymentMethod: null,
        ...(needed ? { AchAgreementsNeeded: needed } : {}),
      },
    },
    'POST /api/AgreementLogging': { body: { HasNoErrors: true, Errors: [] } },
  });
  const user = userEvent.setup();
  render(
    withSettings(
      <QueryClientProvider client={createQueryClient({ retry: false })}>
        <DialogStackProvider>
          <SaveAch />
          <DialogHost />
        </DialogStackProvider>
      </QueryClientProvider>,
      { 'agreementTexts.agreementSetup': SETUP, ...settings },
    ),
  );
  return { user, server };
}

describe('the ACH terms modal', () => {
  it('asks only the ACH agreements the server says are still needed', async () => {
    const ui = renderSaveAch([11338]);
    const save = await screen.findByRole('button', { name: 'Save account' });
    await waitFor(() => expect(save).toBeEnabled());
    await ui.user.click(save);
    const terms = await screen.findByRole('dialog', { name: TERMS });
    // ACH Terms of Use (11337) was accepted before: not asked again.
    expect(within(terms).queryByRole('link', { name: 'ACH Terms of Use' })).toBeNull();
    await ui.user.click(within(terms).getByRole('link', { name: 'ACH Fee Schedule' }));
    await ui.user.click(within(terms).getByRole('button', { name: 'Agree' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('agreed'));
    expect(ui.server.requestsTo('POST /api/AgreementLogging')[0]?.body).toMatchObject({
      Agreements: [11338],
    });
  });

  it('opens no modal when every ACH agreement was accepted', async () => {
    const ui = renderSaveAch([]);
    const save = await screen.findByRole('button', { name: 'Save account' });
    await waitFor(() => expect(save).toBeEnabled());
    await ui.user.click(save);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('agreed'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(ui.server.requestsTo('POST /api/AgreementLogging')).toHaveLength(0);
  });

  it('asks every ACH agreement in force when the answer does not name those needed', async () => {
    const ui = renderSaveAch(undefined);
    const save = await screen.findByRole('button', { name: 'Save account' });
    await waitFor(() => expect(save).toBeEnabled());
    await ui.user.click(save);
    const terms = await screen.findByRole('dialog', { name: TERMS });
    expect(within(terms).getByRole('link', { name: 'ACH Terms of Use' })).toBeVisible();
    expect(within(terms).getByRole('link', { name: 'ACH Fee Schedule' })).toBeVisible();
  });

  // Issue 20 item 7: the terms are links, not text shown in the modal, so Agree waits until each
  // was opened, even with forceUserToClickOnURLToAgreeOption off (its default).
  it('keeps Agree disabled until every agreement was opened, each unopened one saying so', async () => {
    const ui = renderSaveAch(undefined);
    const save = await screen.findByRole('button', { name: 'Save account' });
    await waitFor(() => expect(save).toBeEnabled());
    await ui.user.click(save);
    const terms = await screen.findByRole('dialog', { name: TERMS });
    const agree = within(terms).getByRole('button', { name: 'Agree' });
    const hint = (name: string) =>
      `You must click on the link, read the ${name}, and then return and click agree.`;
    expect(agree).toBeDisabled();
    expect(agree).toHaveAccessibleDescription(
      `${hint('ACH Terms of Use')} ${hint('ACH Fee Schedule')}`,
    );
    await expectNoAxeViolations(terms);

    await ui.user.click(within(terms).getByRole('link', { name: 'ACH Terms of Use' }));
    expect(agree).toBeDisabled();
    expect(within(terms).queryByText(hint('ACH Terms of Use'))).toBeNull();
    expect(agree).toHaveAccessibleDescription(hint('ACH Fee Schedule'));
    await ui.user.click(within(terms).getByRole('link', { name: 'ACH Fee Schedule' }));
    expect(agree).toBeEnabled();
    await ui.user.click(agree);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('agreed'));
    expect(ui.server.requestsTo('POST /api/AgreementLogging')[0]?.body).toMatchObject({
      Agreements: [11337, 11338],
    });
  });

  it('with rich-text agreements, enables Agree once each was accepted in its own dialog', async () => {
    const ui = renderSaveAch([11338], {
      'agreementOptions.forceRichTextAgreementsOption': 'true',
      'agreementTexts.agreement2RichText': '<p>The fees of ACH payments.</p>',
    });
    const save = await screen.findByRole('button', { name: 'Save account' });
    await waitFor(() => expect(save).toBeEnabled());
    await ui.user.click(save);
    const terms = await screen.findByRole('dialog', { name: TERMS });
    const agree = within(terms).getByRole('button', { name: 'Agree' });
    expect(agree).toBeDisabled();
    await ui.user.click(within(terms).getByRole('button', { name: 'ACH Fee Schedule' }));
    const agreement = await screen.findByRole('dialog', { name: 'ACH Fee Schedule' });
    expect(await within(agreement).findByText('The fees of ACH payments.')).toBeVisible();
    await ui.user.click(within(agreement).getByRole('button', { name: 'I Accept' }));
    await waitFor(() => expect(agree).toBeEnabled());
  });
});
