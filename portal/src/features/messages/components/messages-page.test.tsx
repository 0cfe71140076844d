import { decodeSignInCheck, signInCheckHash } from '@portal/domain';
import { expectNoAxeViolations, type StubRoutes } from '@portal/web-kit/testing';
import { screen, waitFor, within } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RequireSession } from '../../../app/guards';
import { LoggedInLayout } from '../../../app/layouts/logged-in-layout';
import { LoggedOutLayout } from '../../../app/layouts/logged-out-layout';
import { titled } from '../../../app/route-handle';
import { accountListBody, OK, type SettingValues } from '../../../testing/fixtures';
import { renderShell } from '../../../testing/render-shell';
import { MessagesPage } from './messages-page';

/** The two routes as the route table has them, inside the real layouts. */
const ROUTES: RouteObject[] = [
  {
    path: 'home',
    element: <LoggedOutLayout />,
    children: [
      { path: 'login', handle: titled('pageTitleTexts.loginPageTitle'), element: <p>Sign-in</p> },
      {
        path: 'messages',
        handle: titled('pageTitleTexts.publicMessagesPageTitle'),
        element: <MessagesPage publicView />,
      },
    ],
  },
  {
    path: 'myaccount',
    element: <RequireSession />,
    children: [
      {
        element: <LoggedInLayout />,
        children: [
          {
            path: 'messages',
            handle: titled('pageTitleTexts.messagesPageTitle'),
            element: <MessagesPage />,
          },
        ],
      },
    ],
  },
];

const SALT = '00112233445566778899aabb?expires=1800000000&i=1&';

/** A challenge whose number is 42, as `GET /api/Messages/Captcha` answers it. */
async function captchaChallenge() {
  return {
    body: {
      HasNoErrors: true,
      Errors: [],
      Algorithm: 'SHA-256',
      Challenge: await signInCheckHash(SALT, 42),
      MaxNumber: 100,
      Salt: SALT,
      Signature: 'signed',
    },
  };
}

async function renderMessages(
  path: '/home/messages' | '/myaccount/messages',
  options: { settings?: SettingValues; routes?: StubRoutes } = {},
) {
  const challenge = await captchaChallenge();
  return renderShell(ROUTES, {
    path,
    settings: options.settings,
    signedIn: path.startsWith('/myaccount'),
    routes: {
      'GET /api/accountList': { body: accountListBody([0, 1]) },
      'GET /api/Messages/Captcha': challenge,
      'POST /api/Messages/ContactUs': OK,
      'POST /api/Messages/Feedback': OK,
      ...options.routes,
    },
  });
}

type User = Awaited<ReturnType<typeof renderMessages>>['user'];

const send = () => screen.getByRole('button', { name: 'Send' });

async function chooseType(user: User, type: 'Feedback' | 'Question') {
  const choice = await screen.findByRole('radiogroup', { name: 'Message type' });
  await user.click(within(choice).getByRole('radio', { name: type }));
}

async function solveCaptcha(user: User) {
  await user.click(screen.getByRole('checkbox', { name: "I'm not a robot" }));
  expect(await screen.findByText('Verified')).toBeVisible();
}

describe('the messages page', () => {
  it('shows the public page with the logo and Back to Login, and Send waits for a type', async () => {
    await renderMessages('/home/messages');
    expect(await screen.findByRole('heading', { level: 1, name: 'Compose Message' })).toBeVisible();
    expect(screen.getByRole('img', { name: 'Harbor Community Bank' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute(
      'href',
      '/home/login',
    );
    const choice = screen.getByRole('radiogroup', { name: 'Message type' });
    expect(
      within(choice)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['Feedback', 'Question']);
    expect(send()).toBeDisabled();
    // Nothing promised that the screen does not do.
    expect(screen.queryByText(/attach/i)).toBeNull();
    await expectNoAxeViolations();
  });

  it('says what a logged-out question lacks next to each field, focuses the first and sends nothing', async () => {
    const { user, server } = await renderMessages('/home/messages');
    await chooseType(user, 'Question');
    await user.type(screen.getByLabelText(/Branch Number/), '12345');
    await user.click(send());

    const field = (label: RegExp) => screen.getByRole('textbox', { name: label });
    expect(field(/^Name/)).toHaveAccessibleDescription('Name is required.');
    expect(field(/^Email/)).toHaveAccessibleDescription('Email is required.');
    expect(field(/^Subject/)).toHaveAccessibleDescription('Subject is required.');
    expect(field(/^Message/)).toHaveAccessibleDescription(
      expect.stringContaining('Message is required.'),
    );
    expect(screen.getByRole('checkbox', { name: "I'm not a robot" })).toHaveAccessibleDescription(
      'Must Complete Captcha',
    );
    // maxLength keeps the branch number to four digits.
    expect(screen.getByLabelText(/Branch Number/)).toHaveValue('1234');
    expect(field(/^Name/)).toHaveFocus();
    expect(server.requestsTo('POST /api/Messages/ContactUs')).toHaveLength(0);

    await user.type(field(/^Email/), 'sam@');
    await user.click(send());
    expect(field(/^Email/)).toHaveAccessibleDescription('A valid e-mail address is required.');
    await expectNoAxeViolations();
  });

  it('sends a logged-out question with the captcha solved, thanks the visitor and starts over', async () => {
    const { user, server } = await renderMessages('/home/messages');
    await chooseType(user, 'Question');
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Sam Visitor');
    await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'sam@example.com');
    await user.type(screen.getByLabelText(/Branch Number/), '12');
    await user.type(screen.getByRole('textbox', { name: /^Subject/ }), 'Escrow analysis');
    await user.type(screen.getByRole('textbox', { name: /^Message/ }), 'When is the next one?');
    await solveCaptcha(user);
    await user.click(send());

    const thanks = await screen.findByText(
      "Thank you for your message. We'll get back to you shortly.",
    );
    await waitFor(() => expect(thanks.closest('[role="status"]')).toHaveFocus());
    const [request] = server.requestsTo('POST /api/Messages/ContactUs');
    expect(request?.body).toMatchObject({
      Name: 'Sam Visitor',
      Email: 'sam@example.com',
      ServicingBranch: '12',
      Subject: 'Escrow analysis',
      Message: 'When is the next one?',
    });
    const captcha = (request?.body as { ReCaptchaCode?: string }).ReCaptchaCode ?? '';
    expect(decodeSignInCheck(captcha)).toMatchObject({ number: 42, signature: 'signed' });
    // The type returns to none.
    expect(screen.queryByRole('textbox', { name: /^Subject/ })).toBeNull();
    expect(send()).toBeDisabled();
    await expectNoAxeViolations();
  });

  it('counts the characters left, warning at 99 and showing an error at 50', async () => {
    const { user } = await renderMessages('/myaccount/messages');
    await chooseType(user, 'Question');
    const message = screen.getByRole('textbox', { name: /^Message/ });
    expect(message).toHaveAttribute('maxlength', '300');
    const counter = () => document.querySelector('[data-state]');
    expect(counter()).toHaveTextContent('Characters left: 300');
    expect(counter()).toHaveAttribute('data-state', 'normal');
    expect(message).toHaveAccessibleDescription('Characters left: 300');

    await user.click(message);
    await user.paste('x'.repeat(200));
    expect(counter()).toHaveTextContent('Characters left: 100');
    expect(counter()).toHaveAttribute('data-state', 'normal');
    await user.type(message, 'y');
    expect(counter()).toHaveTextContent('Characters left: 99');
    expect(counter()).toHaveAttribute('data-state', 'warning');
    await user.paste('z'.repeat(48));
    expect(counter()).toHaveTextContent('Characters left: 51');
    expect(counter()).toHaveAttribute('data-state', 'warning');
    await user.type(message, 'z');
    expect(counter()).toHaveTextContent('Characters left: 50');
    expect(counter()).toHaveAttribute('data-state', 'error');
    // The change of state is announced once.
    const announcement = counter()?.nextElementSibling;
    expect(announcement).toHaveAttribute('aria-live', 'polite');
    expect(announcement).toHaveTextContent('Characters left: 50');
    await user.paste('w'.repeat(80));
    expect(message).toHaveValue(`${'x'.repeat(200)}y${'z'.repeat(49)}${'w'.repeat(50)}`);
    expect(counter()).toHaveTextContent('Characters left: 0');
    await expectNoAxeViolations();
  });

  it('follows the configured message length', async () => {
    const { user } = await renderMessages('/myaccount/messages', {
      settings: { 'messagesOptions.messageMaxLength': '120' },
    });
    await chooseType(user, 'Question');
    expect(screen.getByRole('textbox', { name: /^Message/ })).toHaveAttribute('maxlength', '120');
    expect(document.querySelector('[data-state]')).toHaveTextContent('Characters left: 120');
  });

  it('sends signed-in feedback under the session, the empty message left out', async () => {
    const { user, server } = await renderMessages('/myaccount/messages');
    await chooseType(user, 'Feedback');
    // The session's name and e-mail: none asked.
    expect(screen.queryByRole('textbox', { name: /^Name/ })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: "I'm not a robot" })).toBeNull();
    await user.click(send());
    const experience = screen.getByRole('radiogroup', { name: /How was your experience/ });
    expect(experience).toHaveAccessibleDescription('Please choose how your experience was.');
    expect(within(experience).getByRole('radio', { name: 'Good' })).toHaveFocus();

    await user.click(within(experience).getByRole('radio', { name: 'Could Be Better' }));
    const reasons = screen.getByRole('radiogroup', { name: 'Reason' });
    expect(within(reasons).getAllByRole('radio')).toHaveLength(5);
    await user.click(within(reasons).getByRole('radio', { name: 'Speed' }));
    await user.click(send());

    expect(await screen.findByText('Thank you for your feedback.')).toBeVisible();
    const [request] = server.requestsTo('POST /api/Messages/Feedback');
    expect(request?.body).toMatchObject({
      FeedbackType: 'CouldBeBetter',
      SurveyQuestions: [{ Question: 'Reason', Answer: 'Speed' }],
      Alert: {
        PersonalName: 'Jordan Rivers',
        Email: 'jordan@example.com',
        Username: 'jordan.rivers',
      },
    });
    expect(request?.body).not.toHaveProperty('Message');
    await expectNoAxeViolations();
  });

  it('offers only Question, chosen, when feedback is hidden', async () => {
    await renderMessages('/myaccount/messages', {
      settings: { 'messagesOptions.hideFeedbackOption': 'true' },
    });
    const choice = await screen.findByRole('radiogroup', { name: 'Message type' });
    const options = within(choice).getAllByRole('radio');
    expect(options).toHaveLength(1);
    expect(within(choice).getByRole('radio', { name: 'Question' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: /^Subject/ })).toBeVisible();
    expect(send()).toBeEnabled();
  });

  it('asks no captcha when the institution turned it off', async () => {
    const { user, server } = await renderMessages('/myaccount/messages', {
      settings: { 'messagesOptions.useCaptchaOption': 'false' },
    });
    await chooseType(user, 'Question');
    expect(screen.queryByRole('checkbox', { name: "I'm not a robot" })).toBeNull();
    await user.type(screen.getByRole('textbox', { name: /^Subject/ }), 'Rates');
    await user.type(screen.getByRole('textbox', { name: /^Message/ }), 'Your CD rates?');
    await user.click(send());
    expect(
      await screen.findByText("Thank you for your message. We'll get back to you shortly."),
    ).toBeVisible();
    expect(server.requestsTo('POST /api/Messages/ContactUs')[0]?.body).not.toHaveProperty(
      'ReCaptchaCode',
    );
  });

  it('starts the form over when the type changes', async () => {
    const { user } = await renderMessages('/myaccount/messages');
    await chooseType(user, 'Question');
    await user.type(screen.getByRole('textbox', { name: /^Subject/ }), 'Draft');
    await chooseType(user, 'Feedback');
    await chooseType(user, 'Question');
    expect(screen.getByRole('textbox', { name: /^Subject/ })).toHaveValue('');
  });

  it('shows the generic error on a failure and keeps what was typed', async () => {
    const { user } = await renderMessages('/myaccount/messages', {
      routes: {
        'POST /api/Messages/ContactUs': {
          status: 500,
          body: { HasNoErrors: false, Errors: [{ ErrorMessage: 'ServerError' }] },
        },
      },
    });
    await chooseType(user, 'Question');
    await user.type(screen.getByRole('textbox', { name: /^Subject/ }), 'Escrow');
    await user.type(screen.getByRole('textbox', { name: /^Message/ }), 'Hello');
    await solveCaptcha(user);
    await user.click(send());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Oops...it looks like something went wrong.',
    );
    expect(screen.getByRole('textbox', { name: /^Subject/ })).toHaveValue('Escrow');
    expect(screen.getByRole('textbox', { name: /^Message/ })).toHaveValue('Hello');
    await expectNoAxeViolations();
  });

  it('asks for the captcha again when the server would not take it, next to the captcha', async () => {
    const { user } = await renderMessages('/myaccount/messages', {
      routes: {
        'POST /api/Messages/ContactUs': {
          status: 403,
          body: {
            HasNoErrors: false,
            Errors: [{ ErrorMessage: 'Must Complete Captcha' }],
            InvalidFields: ['ReCaptchaCode'],
          },
        },
      },
    });
    await chooseType(user, 'Question');
    await user.type(screen.getByRole('textbox', { name: /^Subject/ }), 'Escrow');
    await user.type(screen.getByRole('textbox', { name: /^Message/ }), 'Hello');
    await solveCaptcha(user);
    await user.click(send());
    const captcha = await screen.findByRole('checkbox', { name: "I'm not a robot" });
    await waitFor(() => expect(captcha).toHaveAccessibleDescription('Must Complete Captcha'));
    expect(captcha).not.toBeChecked();
    await waitFor(() => expect(captcha).toHaveFocus());
    expect(screen.getByRole('textbox', { name: /^Subject/ })).toHaveValue('Escrow');
  });

  it.each([
    ['/home/messages', 'Question'],
    ['/myaccount/messages', 'Feedback'],
  ] as const)('has no axe violations in the dark scheme: %s, %s', async (path, type) => {
    const { user } = await renderMessages(path, {
      settings: { 'themeOptions.colorScheme': 'dark' },
    });
    await chooseType(user, type);
    expect(document.documentElement).toHaveClass('dark');
    await user.click(send());
    await expectNoAxeViolations();
  });
});
