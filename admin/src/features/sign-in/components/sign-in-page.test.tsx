import { expectNoAxeViolations } from '@portal/web-kit/testing';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { institutionSummary, PUBLISHER } from '../../../testing/fixtures';
import { renderAdmin } from '../../../testing/render-admin';

const institutions = { body: { institutions: [institutionSummary()] } };

describe('staff sign-in', () => {
  it('asks for the password, then the e-mailed code, then opens the institution picker', async () => {
    const { user, server } = renderAdmin({
      me: null,
      routes: {
        'POST /admin-api/login': { body: { challengeId: 'challenge-1', method: 'email' } },
        'POST /admin-api/login/verify': ({ body }) =>
          (body as { code: string }).code === '123456'
            ? { body: PUBLISHER }
            : {
                status: 400,
                body: { error: { code: 'InvalidCode', message: 'The code is not correct.' } },
              },
        'GET /admin-api/institutions': institutions,
      },
    });

    await screen.findByRole('heading', { name: 'Sign in to the portal admin' });
    await expectNoAxeViolations();
    await user.type(screen.getByLabelText(/E-mail/), 'pat.publisher@harbor.example');
    await user.type(screen.getByLabelText(/Password/), 'Staff-Pass-2024');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(
      await screen.findByText(/We e-mailed a code to pat.publisher@harbor.example/),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'demo mailbox' })).toHaveAttribute(
      'href',
      '/admin-api/demo/mailbox?to=pat.publisher%40harbor.example',
    );
    expect(screen.getByLabelText(/Security code/)).toHaveFocus();
    expect(server.requestsTo('POST /admin-api/login')[0]?.body).toEqual({
      email: 'pat.publisher@harbor.example',
      password: 'Staff-Pass-2024',
    });

    await user.type(screen.getByLabelText(/Security code/), '000000');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The code is not correct.');

    await user.clear(screen.getByLabelText(/Security code/));
    await user.type(screen.getByLabelText(/Security code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Institutions' })).toBeVisible();
    expect(await screen.findByRole('link', { name: /Harbor Community Bank/ })).toBeVisible();
    expect(screen.getByText('Pat Publisher')).toBeVisible();
  });

  it('shows the server’s refusal of the password and asks for nothing more', async () => {
    const { user } = renderAdmin({
      me: null,
      routes: {
        'POST /admin-api/login': {
          status: 401,
          body: {
            error: {
              code: 'InvalidCredentials',
              message: 'The e-mail or password is not correct.',
            },
          },
        },
      },
    });
    await user.type(await screen.findByLabelText(/E-mail/), 'someone@example.com');
    await user.type(screen.getByLabelText(/Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The e-mail or password is not correct.',
    );
    expect(screen.queryByLabelText(/Security code/)).not.toBeInTheDocument();
  });

  it('says which field is missing instead of sending an empty sign-in', async () => {
    const { user, server } = renderAdmin({ me: null });
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    const email = await screen.findByLabelText(/E-mail/);
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Enter your e-mail address.');
    expect(screen.getByLabelText(/Password/)).toHaveAccessibleDescription('Enter your password.');
    // Blank space is no e-mail address either.
    await user.type(email, '   ');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(email).toHaveAccessibleDescription('Enter your e-mail address.');
    expect(server.requestsTo('POST /admin-api/login')).toHaveLength(0);
  });
});
