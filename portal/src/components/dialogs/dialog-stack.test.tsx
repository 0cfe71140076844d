import Button from '@mui/material/Button';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useParams, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { titled } from '../../app/route-handle';
import { renderShell } from '../../testing/render-shell';
import { withSettings } from '../../testing/with-settings';
import { useAcknowledge } from './acknowledge-dialog';
import { useConfirm } from './confirm-dialog';
import { DialogHost, DialogStackProvider, useDialogStack } from './dialog-stack';
import { PortalDialog } from './portal-dialog';

function FirstDialog({ onDone }: { onDone(): void }) {
  const confirm = useConfirm();
  return (
    <PortalDialog
      title="First"
      width={350}
      actions={
        <>
          <Button onClick={() => void confirm({ title: 'Second', text: 'Are you sure?' })}>
            Open second
          </Button>
          <Button onClick={onDone}>Done</Button>
        </>
      }
    >
      The first dialog.
    </PortalDialog>
  );
}

function Page() {
  const dialogs = useDialogStack();
  const confirm = useConfirm();
  const acknowledge = useAcknowledge();
  const [answer, setAnswer] = useState('none');
  return (
    <main>
      <button
        onClick={() => dialogs.open<true>((close) => <FirstDialog onDone={() => close(true)} />)}
      >
        Open first
      </button>
      <button
        onClick={() =>
          void confirm({
            title: 'Pay now?',
            confirmText: 'Pay',
            cancelText: 'Not now',
            icon: 'money',
          }).then((confirmed) => setAnswer(String(confirmed)))
        }
      >
        Ask
      </button>
      <button
        onClick={() =>
          void acknowledge({ title: 'Saved', text: 'Your changes are saved.' }).then(() =>
            setAnswer('acknowledged'),
          )
        }
      >
        Tell
      </button>
      <button
        onClick={() =>
          dialogs.open<true>(
            (close) => (
              <PortalDialog
                title="Sticky"
                width={350}
                actions={<Button onClick={() => close(true)}>Resume</Button>}
              />
            ),
            { dismissible: false },
          )
        }
      >
        Open sticky
      </button>
      <p>Answer: {answer}</p>
    </main>
  );
}

function renderStack() {
  const user = userEvent.setup();
  render(
    withSettings(
      <DialogStackProvider>
        <Page />
        <DialogHost />
      </DialogStackProvider>,
    ),
  );
  return user;
}

describe('dialog stack', () => {
  it('stacks dialogs with only the top one active, and Escape closes only the top one', async () => {
    const user = renderStack();
    await user.click(screen.getByRole('button', { name: 'Open first' }));
    const first = await screen.findByRole('dialog', { name: 'First' });
    await user.click(within(first).getByRole('button', { name: 'Open second' }));

    const second = await screen.findByRole('dialog', { name: 'Second' });
    expect(second).toHaveAccessibleDescription('Are you sure?');
    // The lower dialog is hidden from assistive technology and inert.
    expect(screen.getAllByRole('dialog')).toEqual([second]);
    expect(first.closest('[inert]')).not.toBeNull();
    await waitFor(() => expect(second.contains(document.activeElement)).toBe(true));

    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Second' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('dialog', { name: 'First' })).toBeVisible();
  });

  it('returns focus to the element that opened each dialog', async () => {
    const user = renderStack();
    const openFirst = screen.getByRole('button', { name: 'Open first' });
    await user.click(openFirst);
    const first = await screen.findByRole('dialog', { name: 'First' });
    const openSecond = within(first).getByRole('button', { name: 'Open second' });
    await user.click(openSecond);
    const second = await screen.findByRole('dialog', { name: 'Second' });

    await user.click(within(second).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(second).not.toBeInTheDocument());
    expect(openSecond).toHaveFocus();

    await user.click(within(first).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(openFirst).toHaveFocus());
  });

  it('resolves the generic confirm with the answer', async () => {
    const user = renderStack();
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Pay now?' })).getByRole('button', {
        name: 'Pay',
      }),
    );
    expect(await screen.findByText('Answer: true')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Ask' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Pay now?' })).getByRole('button', {
        name: 'Not now',
      }),
    );
    expect(await screen.findByText('Answer: false')).toBeVisible();
  });

  it('resolves the acknowledge dialog when Okay is pressed', async () => {
    const user = renderStack();
    await user.click(screen.getByRole('button', { name: 'Tell' }));
    const dialog = await screen.findByRole('dialog', { name: 'Saved' });
    expect(dialog).toHaveTextContent('Your changes are saved.');
    await user.click(within(dialog).getByRole('button', { name: 'Okay' }));
    expect(await screen.findByText('Answer: acknowledged')).toBeVisible();
  });

  it('keeps a dialog that is not dismissible open on Escape', async () => {
    const user = renderStack();
    await user.click(screen.getByRole('button', { name: 'Open sticky' }));
    const sticky = await screen.findByRole('dialog', { name: 'Sticky' });
    await user.keyboard('{Escape}');
    expect(sticky).toBeVisible();
    await user.click(within(sticky).getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

/** What the route tests' dialogs closed with, by their title. */
const answers = new Map<string, string>();

/** A page of the route tests: the same page for another loan is the same component, kept. */
function RoutePage(props: { name: string; later?: Promise<void> }) {
  const dialogs = useDialogStack();
  const { number } = useParams();
  const open = (title: string, scope: 'page' | 'app' = 'page') =>
    void dialogs
      .open<true>(
        (close) => (
          <PortalDialog
            title={title}
            width={350}
            actions={<Button onClick={() => close(true)}>Done</Button>}
          />
        ),
        { scope },
      )
      .result.then((result) => answers.set(title, String(result)));
  return (
    <main tabIndex={-1}>
      <h1>
        {props.name} {number}
      </h1>
      <button onClick={() => open(`${props.name} dialog`)}>Open page dialog</button>
      <button onClick={() => open('App dialog', 'app')}>Open app dialog</button>
      <button onClick={() => void props.later?.then(() => open(`${props.name} late dialog`))}>
        Open after an answer
      </button>
    </main>
  );
}

function routePages(later?: Promise<void>): RouteObject[] {
  return [
    {
      path: 'loan/:number',
      element: <RoutePage key="loan" name="Loan page" later={later} />,
      handle: titled('pageTitleTexts.loanDetailsPageTitle'),
    },
    {
      path: 'payment/:number',
      element: <RoutePage key="payment" name="Payment page" />,
      handle: titled('pageTitleTexts.paymentPageTitle'),
    },
  ];
}

describe('dialogs and the route', () => {
  it("closes a page's dialog when the route changes, dismissed, and the new page's heading takes the focus", async () => {
    answers.clear();
    const { user, router } = renderShell(routePages(), { path: '/loan/1' });
    await user.click(await screen.findByRole('button', { name: 'Open page dialog' }));
    await screen.findByRole('dialog', { name: 'Loan page dialog' });

    await router.navigate('/payment/2');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Payment page 2' });
    // Gone in the render that shows the new page: no closing transition over it.
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(heading).toHaveFocus());
    await waitFor(() => expect(answers.get('Loan page dialog')).toBe('undefined'));
  });

  it('closes it when only the loan in the address changes, and after the Back button', async () => {
    const { user, router } = renderShell(routePages(), { path: '/loan/1' });
    await user.click(await screen.findByRole('button', { name: 'Open page dialog' }));
    await screen.findByRole('dialog', { name: 'Loan page dialog' });
    await router.navigate('/loan/2');
    // The same page, kept, now for loan 2: the dialog of loan 1 is not over it.
    await screen.findByRole('heading', { level: 1, name: 'Loan page 2' });
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Open page dialog' }));
    await screen.findByRole('dialog', { name: 'Loan page dialog' });
    await router.navigate(-1);
    await screen.findByRole('heading', { level: 1, name: 'Loan page 1' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps an app dialog (the session timeout warning) across routes', async () => {
    const { user, router } = renderShell(routePages(), { path: '/loan/1' });
    await user.click(await screen.findByRole('button', { name: 'Open app dialog' }));
    const dialog = await screen.findByRole('dialog', { name: 'App dialog' });
    await router.navigate('/payment/2');
    // The page under the modal dialog is hidden from assistive technology.
    await screen.findByRole('heading', { level: 1, name: 'Payment page 2', hidden: true });
    expect(dialog).toBeVisible();
    expect(screen.getByRole('dialog', { name: 'App dialog' })).toBe(dialog);
  });

  it('never shows a dialog a page opens after the borrower left it', async () => {
    answers.clear();
    let answer: () => void = () => {};
    const later = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const { user, router } = renderShell(routePages(later), { path: '/loan/1' });
    await user.click(await screen.findByRole('button', { name: 'Open after an answer' }));
    await router.navigate('/payment/2');
    await screen.findByRole('heading', { level: 1, name: 'Payment page 2' });
    // The borrower is at work on the new page: the late dialog takes nothing from it.
    const working = screen.getByRole('button', { name: 'Open page dialog' });
    working.focus();
    answer();
    await waitFor(() => expect(answers.get('Loan page late dialog')).toBe('undefined'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(working).toHaveFocus();
  });
});
