import { expectNoAxeViolations, type StubRoutes } from '@portal/web-kit/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PUBLISHER } from '../../../testing/fixtures';
import { institutionRoutes, refusal } from '../../../testing/institution';
import { renderAdmin } from '../../../testing/render-admin';
import {
  ASSIGNEES,
  CHANGE_ID,
  CONTACT_CHANGE,
  detail,
  EDITOR,
  QUESTION_ID,
  renderInDarkScheme,
} from '../../../testing/work-queue';
import { WorkItemRoute } from './work-item-page';

const ITEM = `/admin-api/institutions/harbor/work-items/${QUESTION_ID}`;
const CHANGE = `/admin-api/institutions/harbor/work-items/${CHANGE_ID}`;
const TIME = '2025-03-14T18:00:00.000Z';

function renderItem(
  options: {
    role?: 'viewer' | 'editor' | 'publisher';
    id?: string;
    routes?: StubRoutes;
  } = {},
) {
  return renderAdmin({
    path: `/i/harbor/work-queue/${options.id ?? QUESTION_ID}`,
    routes: {
      ...institutionRoutes({ role: options.role ?? 'publisher' }),
      [`GET ${ITEM}`]: { body: detail() },
      [`GET ${CHANGE}`]: { body: CONTACT_CHANGE },
      'GET /admin-api/institutions/harbor/work-items/assignees': { body: ASSIGNEES },
      ...options.routes,
    },
  });
}

const section = (name: string) => screen.getByRole('region', { name });

describe('a work queue item', () => {
  it('shows what was sent and who sent it, with the actions of a new item', async () => {
    renderItem({ id: CHANGE_ID });
    const heading = await screen.findByRole('heading', {
      level: 1,
      name: 'Address and phone change for ****2352',
    });
    expect(heading).toBeVisible();
    // Opened from the queue (the pressed link is gone): the keyboard starts at its heading.
    await waitFor(() => expect(heading).toHaveFocus());
    const facts = screen.getAllByRole('term').map((term) => term.textContent);
    expect(facts.slice(0, 6)).toEqual([
      'Kind',
      'Status',
      'Received',
      'From',
      'Sent by',
      'Assigned to',
    ]);
    expect(screen.getByText('Contact-info change')).toBeVisible();
    expect(screen.getByText('Jordan Rivers <jordan.rivers@example.test>')).toBeVisible();
    const sent = section('What was sent');
    expect(within(sent).getByText('Accounts')).toBeVisible();
    expect(within(sent).getByText('001-100235-2')).toBeVisible();
    expect(within(sent).getByText('New address')).toBeVisible();
    expect(within(sent).getByText('22 Pine Street')).toBeVisible();
    expect(within(sent).getByText('(207) 555-0199')).toBeVisible();
    expect(section('Assign')).toBeVisible();
    expect(section('Mark handled')).toBeVisible();
    // A contact change is not answered by e-mail; a handled item only is reopened.
    expect(screen.queryByRole('region', { name: 'Reply by e-mail' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Reopen' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the work queue' })).toHaveAttribute(
      'href',
      '/i/harbor/work-queue',
    );
    await expectNoAxeViolations();
  });

  it('assigns the item to another staff member or to oneself', async () => {
    let current = detail();
    const { user, server } = renderItem({
      routes: {
        [`GET ${ITEM}`]: () => ({ body: current }),
        [`POST ${ITEM}/assign`]: (request) => {
          const assignee =
            ASSIGNEES.assignees.find(
              (staff) =>
                typeof request.body === 'object' &&
                request.body !== null &&
                'staffId' in request.body &&
                staff.id === request.body.staffId,
            ) ?? null;
          current = detail({ status: 'assigned', assignedTo: assignee });
          return { body: current };
        },
      },
    });
    const assign = await screen.findByRole('form', { name: 'Assign the item' });
    expect(within(assign).getByRole('button', { name: 'Assign' })).toBeDisabled();
    await within(assign).findByRole('option', { name: `${EDITOR.name} (${EDITOR.email})` });
    await user.selectOptions(
      within(assign).getByRole('combobox', { name: 'Assign to' }),
      `${EDITOR.name} (${EDITOR.email})`,
    );
    await user.click(within(assign).getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('Assigned to Eden Editor.')).toBeVisible();
    expect(server.requestsTo(`POST ${ITEM}/assign`)[0]?.body).toEqual({ staffId: EDITOR.id });
    expect(await screen.findByText('Eden Editor (editor@harbor.example)')).toBeVisible();

    await user.click(within(assign).getByRole('button', { name: 'Assign to me' }));
    await waitFor(() =>
      expect(server.requestsTo(`POST ${ITEM}/assign`)[1]?.body).toEqual({ staffId: PUBLISHER.id }),
    );
  });

  it('marks the item handled with the note it asks for, then offers to reopen it', async () => {
    let current = detail();
    const { user, server } = renderItem({
      routes: {
        [`GET ${ITEM}`]: () => ({ body: current }),
        [`POST ${ITEM}/handle`]: () => {
          current = detail({
            status: 'handled',
            handledNote: 'Answered by phone',
            handledAt: TIME,
            assignedTo: { id: PUBLISHER.id, name: PUBLISHER.name, email: PUBLISHER.email },
          });
          return { body: current };
        },
        [`POST ${ITEM}/reopen`]: () => {
          current = detail({ status: 'assigned' });
          return { body: current };
        },
      },
    });
    const handle = await screen.findByRole('form', { name: 'Mark the item handled' });
    await user.click(within(handle).getByRole('button', { name: 'Mark handled' }));
    expect(await within(handle).findByText('Say what was done.')).toBeVisible();
    expect(server.requestsTo(`POST ${ITEM}/handle`)).toHaveLength(0);
    await user.type(within(handle).getByRole('textbox', { name: /^Note/ }), 'Answered by phone');
    await user.click(within(handle).getByRole('button', { name: 'Mark handled' }));

    const done = await screen.findByRole('status');
    expect(done).toHaveTextContent('Marked handled.');
    expect(done).toHaveFocus();
    expect(server.requestsTo(`POST ${ITEM}/handle`)[0]?.body).toEqual({
      note: 'Answered by phone',
    });
    expect(screen.getByText('Answered by phone')).toBeVisible();
    expect(screen.queryByRole('form', { name: 'Mark the item handled' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Assign the item' })).toBeNull();
    await expectNoAxeViolations();

    const reopen = screen.getByRole('form', { name: 'Reopen the item' });
    await user.type(within(reopen).getByRole('textbox', { name: 'Why (optional)' }), 'Asked again');
    await user.click(within(reopen).getByRole('button', { name: 'Reopen' }));
    expect(await screen.findByText('Reopened.')).toBeVisible();
    expect(server.requestsTo(`POST ${ITEM}/reopen`)[0]?.body).toEqual({ reason: 'Asked again' });
  });

  it('replies to a question by e-mail, the subject proposed', async () => {
    const { user, server } = renderItem({
      routes: { [`POST ${ITEM}/reply`]: { body: detail() } },
    });
    const reply = await screen.findByRole('form', { name: 'Reply by e-mail' });
    expect(
      screen.getByText(
        'To Jordan Rivers <jordan.rivers@example.test>. Their message is quoted under your reply.',
      ),
    ).toBeVisible();
    expect(within(reply).getByRole('textbox', { name: /^Subject/ })).toHaveValue(
      'Re: Escrow analysis',
    );
    await user.click(within(reply).getByRole('button', { name: 'Send reply' }));
    expect(await within(reply).findByText('Write the reply.')).toBeVisible();
    await user.type(
      within(reply).getByRole('textbox', { name: /^Message/ }),
      'Your escrow analysis is in May.',
    );
    await user.click(within(reply).getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Reply sent to jordan.rivers@example.test.')).toBeVisible();
    expect(server.requestsTo(`POST ${ITEM}/reply`)[0]?.body).toEqual({
      subject: 'Re: Escrow analysis',
      message: 'Your escrow analysis is in May.',
    });
    expect(within(reply).getByRole('textbox', { name: /^Message/ })).toHaveValue('');
  });

  it('shows a refusal of an action beside it', async () => {
    const { user } = renderItem({
      routes: {
        [`POST ${ITEM}/handle`]: refusal(409, 'Conflict', 'This item is already handled.'),
      },
    });
    const handle = await screen.findByRole('form', { name: 'Mark the item handled' });
    await user.type(within(handle).getByRole('textbox', { name: /^Note/ }), 'Done');
    await user.click(within(handle).getByRole('button', { name: 'Mark handled' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This item is already handled.');
  });

  it("says a payment's item was raised by the portal and links to the payment's page", async () => {
    const PAYMENT_ID = '5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e';
    renderItem({
      routes: {
        [`GET ${ITEM}`]: {
          body: detail({
            kind: 'paymentReview',
            summary: 'Payment R4FN9D2K7Q: $58.00 for loan ****2352 did not post',
            senderName: 'Card processor',
            senderEmail: '',
            canReply: false,
            details: {
              paymentId: PAYMENT_ID,
              confirmationNumber: 'R4FN9D2K7Q',
              whatToDo: 'Open it under Payments.',
            },
          }),
        },
      },
    });
    await screen.findByRole('heading', {
      level: 1,
      name: 'Payment R4FN9D2K7Q: $58.00 for loan ****2352 did not post',
    });
    const sentBy = screen.getByText('Sent by', { selector: 'dt' });
    expect(sentBy.nextElementSibling).toHaveTextContent('The portal, about a borrower’s payment');
    const sent = section('What was sent');
    // The id is the link, not a line of its own.
    expect(within(sent).queryByText(PAYMENT_ID)).toBeNull();
    expect(within(sent).getByText('R4FN9D2K7Q')).toBeVisible();
    expect(within(sent).getByRole('link', { name: 'Open the payment' })).toHaveAttribute(
      'href',
      `/i/harbor/payments/${PAYMENT_ID}`,
    );
    await expectNoAxeViolations();
  });

  it('lets a viewer read the item without actions', async () => {
    renderItem({ role: 'viewer' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Escrow analysis' })).toBeVisible();
    expect(screen.getByText('When is the next escrow analysis?')).toBeVisible();
    expect(
      screen.getByText('Your role (viewer) can read the work queue but not act on it.'),
    ).toBeVisible();
    expect(screen.queryByRole('form')).toBeNull();
    await expectNoAxeViolations();
  });

  it('shows the server’s refusal of another institution’s item', async () => {
    renderItem({
      routes: {
        [`GET ${ITEM}`]: refusal(
          404,
          'NotFound',
          'There is no such item in this institution’s work queue.',
        ),
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'There is no such item in this institution’s work queue.',
    );
  });

  it('has no axe violations in the dark scheme, every action shown', async () => {
    renderInDarkScheme(
      `/i/harbor/work-queue/${QUESTION_ID}`,
      '/i/:slug/work-queue/:id',
      <WorkItemRoute />,
      {
        [`GET ${ITEM}`]: { body: detail({ status: 'assigned' }) },
        'GET /admin-api/institutions/harbor/work-items/assignees': { body: ASSIGNEES },
      },
    );
    await screen.findByRole('form', { name: 'Reply by e-mail' });
    await waitFor(() => expect(document.documentElement).toHaveClass('dark'));
    await expectNoAxeViolations();
  });
});
