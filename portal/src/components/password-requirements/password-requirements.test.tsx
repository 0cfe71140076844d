import { zodResolver } from '@hookform/resolvers/zod';
import { createQueryClient } from '@portal/web-kit';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { stubFetch } from '../../testing/fetch-stub';
import type { SettingValues } from '../../testing/fixtures';
import { withSettings } from '../../testing/with-settings';
import { PasswordField } from './password-field';
import type { PasswordContext } from './password-policy';
import {
  PASSWORD_CHECK_DEBOUNCE_MS,
  usePasswordRequirements,
  type PasswordServerCheck,
} from './use-password-requirements';

const rule = (type: number) => ({
  ValidationRuleType: type,
  ValidationRegex: null,
  RegexMatchMeansError: false,
});

function rulesBody(types: number[], overrides: Record<string, unknown> = {}) {
  return {
    HasNoErrors: true,
    Errors: [],
    MinimumLength: 8,
    MaximumLength: 128,
    CustomerCredentials: true,
    PasswordValidationRules: types.map(rule),
    ...overrides,
  };
}

const LIST_ON: SettingValues = {
  'passwordRuleOptions.usePasswordValidationRuleListOption': 'true',
};

interface HarnessProps {
  serverCheck: PasswordServerCheck;
  context?: PasswordContext;
}

function Harness({ serverCheck, context = {} }: HarnessProps) {
  const { control, register, formState, trigger, getFieldState } = useForm({
    mode: 'onTouched',
    defaultValues: { password: '' },
    resolver: (values, resolverContext, options) =>
      schemaResolver(values, resolverContext, options),
  });
  const password = useWatch({ control, name: 'password' });
  const requirements = usePasswordRequirements({ password, context, serverCheck });
  const schema = useMemo(
    () =>
      z.object({ password: z.string() }).superRefine((values, ctx) => {
        const message = requirements.validate(values.password, context);
        if (message) ctx.addIssue({ code: 'custom', path: ['password'], message });
      }),
    [requirements, context],
  );
  const schemaResolver = zodResolver(schema);
  useEffect(() => {
    if (getFieldState('password').isTouched) void trigger('password');
  }, [requirements.checkCount, getFieldState, trigger]);
  const { ref, ...field } = register('password');
  return (
    <form noValidate>
      <PasswordField
        {...field}
        inputRef={ref}
        label="Password"
        requirements={requirements}
        errorMessage={formState.errors.password?.message}
      />
      <button type="button">Elsewhere</button>
      <p>{requirements.checking ? 'Checking the password' : 'Not checking'}</p>
    </form>
  );
}

function renderHarness(
  props: HarnessProps,
  settings: SettingValues = LIST_ON,
  types = [0, 1, 3, 6],
) {
  const server = stubFetch({
    'POST /api/CredentialValidationRules/GetPasswordValidationRules': { body: rulesBody(types) },
  });
  const queryClient = createQueryClient({ retry: false });
  render(
    <QueryClientProvider client={queryClient}>
      {withSettings(<Harness {...props} />, settings)}
    </QueryClientProvider>,
  );
  return { server };
}

function listItems() {
  const list = screen.getByRole('list', { name: 'Password requirements' });
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}

const NONE: PasswordServerCheck = { kind: 'none' };
const LOGGED_IN: PasswordServerCheck = { kind: 'loggedInUser' };

afterEach(() => {
  vi.useRealTimers();
});

describe('password requirements list', () => {
  it('shows a met or not-met state per displayed rule, in words as well as icons', async () => {
    const user = userEvent.setup();
    renderHarness({ serverCheck: NONE });
    await user.type(await screen.findByLabelText('Password'), 'abc');
    expect(listItems()).toEqual([
      'Requirement not met:At least one capital letter',
      'Requirement met:At least one lowercase letter',
      'Requirement not met:At least one number',
      'Requirement not met:At least 8 characters',
    ]);
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'Harbor2024');
    expect(listItems().every((text) => text?.startsWith('Requirement met:'))).toBe(true);
  });

  it('links the list to the field as part of its description', async () => {
    renderHarness({ serverCheck: NONE });
    const field = await screen.findByLabelText('Password');
    await screen.findByText('At least one capital letter');
    expect(field).toHaveAccessibleDescription(/At least one capital letter/);
  });

  it('lists the minimum only above zero and "a letter" only without capital or lowercase rules', async () => {
    const server = stubFetch({
      'POST /api/CredentialValidationRules/GetPasswordValidationRules': {
        body: rulesBody([2, 3, 6], { MinimumLength: 0 }),
      },
    });
    render(
      <QueryClientProvider client={createQueryClient({ retry: false })}>
        {withSettings(<Harness serverCheck={NONE} />, LIST_ON)}
      </QueryClientProvider>,
    );
    await screen.findByText('At least one letter');
    expect(listItems()).toEqual([
      'Requirement not met:At least one letter',
      'Requirement not met:At least one number',
    ]);
    expect(
      server.requestsTo('POST /api/CredentialValidationRules/GetPasswordValidationRules'),
    ).toHaveLength(1);
  });

  it('shows the single generic message with the list option, and the rule message without it', async () => {
    const user = userEvent.setup();
    renderHarness({ serverCheck: NONE });
    await user.type(await screen.findByLabelText('Password'), 'harbor2024');
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(
      await screen.findByText('Password requirements are not met, please try again'),
    ).toBeVisible();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      /Password requirements are not met, please try again/,
    );
  });

  it('names the first unmet rule when the list option is off, and shows no list', async () => {
    const user = userEvent.setup();
    renderHarness({ serverCheck: NONE }, {});
    await user.type(await screen.findByLabelText('Password'), 'harbor2024');
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(await screen.findByText('Password must contain a capital letter.')).toBeVisible();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('says the password is required', async () => {
    const user = userEvent.setup();
    renderHarness({ serverCheck: NONE });
    await user.click(await screen.findByLabelText('Password'));
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(await screen.findByText('Password is required.')).toBeVisible();
  });

  it('shows and hides the password with a pressed toggle button', async () => {
    const user = userEvent.setup();
    renderHarness({ serverCheck: NONE });
    const field = await screen.findByLabelText('Password');
    const toggle = screen.getByRole('button', { name: 'Show Password' });
    expect(field).toHaveAttribute('type', 'password');
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(field).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('legacy password rules (no rule list)', () => {
  async function typeAndLeave(
    password: string,
    context: PasswordContext,
    settings: SettingValues = {},
  ) {
    const user = userEvent.setup();
    renderHarness({ serverCheck: NONE, context }, settings, []);
    await user.type(await screen.findByLabelText('Password'), password);
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
  }

  it.each([
    ['Ab1', {}, 'Password must be at least 8 characters in length'],
    ['harborbay', {}, 'Password must have both a letter and a number'],
    ['12345678', {}, 'Password must have both a letter and a number'],
    [
      'xJordan.Rivers1',
      { logon: 'jordan.rivers' },
      'Password must not be the same as the username.',
    ],
    ['a123456789', { ssn: '123-45-6789' }, 'Password must not match your SSN.'],
  ])('refuses %s', async (password, context, message) => {
    await typeAndLeave(password, context);
    expect(await screen.findByText(message)).toBeVisible();
  });

  it('allows 12 characters without customer credentials', async () => {
    const user = userEvent.setup();
    const server = stubFetch({
      'POST /api/CredentialValidationRules/GetPasswordValidationRules': {
        body: rulesBody([], { CustomerCredentials: false, MaximumLength: 0 }),
      },
    });
    render(
      <QueryClientProvider client={createQueryClient({ retry: false })}>
        {withSettings(<Harness serverCheck={NONE} />, LIST_ON)}
      </QueryClientProvider>,
    );
    const field = await screen.findByLabelText('Password');
    await screen.findByText('At least 8 characters');
    expect(server.requests).toHaveLength(1);
    await user.type(field, 'Harbor2024abc');
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(
      await screen.findByText('Password must be less than 12 characters in length.'),
    ).toBeVisible();
  });

  it('lists the legacy rules with the list option on', async () => {
    const user = userEvent.setup();
    renderHarness({ serverCheck: NONE, context: { logon: 'jordan' } }, LIST_ON, []);
    await user.type(await screen.findByLabelText('Password'), 'jordan12');
    expect(listItems()).toEqual([
      'Requirement met:At least 8 characters',
      'Requirement met:At least one letter',
      'Requirement met:At least one number',
      'Requirement not met:Cannot contain your login name',
    ]);
  });
});

describe('the built-in checks with a rule list (the server refuses these too)', () => {
  // Rule list [capital letter, special character]: both passwords meet every listed rule.
  async function typeAndLeave(password: string, settings: SettingValues) {
    const user = userEvent.setup();
    renderHarness({ serverCheck: NONE, context: { logon: 'jordan.rivers' } }, settings, [0, 4]);
    await user.type(await screen.findByLabelText('Password'), password);
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
  }

  it.each([
    ['ABCDEFGH!!', 'Password must have both a letter and a number'],
    ['Jordan.rivers1!', 'Password must not be the same as the username.'],
  ])('refuses %s, naming the built-in check', async (password, message) => {
    await typeAndLeave(password, {});
    expect(await screen.findByText(message)).toBeVisible();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(message);
  });

  it.each([
    ['ABCDEFGH!!', 'Password must have both a letter and a number'],
    ['Jordan.rivers1!', 'Password must not be the same as the username.'],
  ])(
    'refuses %s with the list option by naming the built-in check, since the list shows every rule met',
    async (password, message) => {
      // The generic wording would leave the borrower with a list all met and no way to know why.
      await typeAndLeave(password, LIST_ON);
      expect(await screen.findByText(message)).toBeVisible();
      expect(
        screen.queryByText('Password requirements are not met, please try again'),
      ).not.toBeInTheDocument();
      expect(listItems()).toEqual([
        'Requirement met:At least one capital letter',
        'Requirement met:At least one special character',
      ]);
    },
  );
});

describe('asynchronous password checks', () => {
  function setupWithFakeTimers() {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    return userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  }

  it('asks whether the password was used before, 500 ms after the last keystroke', async () => {
    const user = setupWithFakeTimers();
    const { server } = renderHarness({ serverCheck: LOGGED_IN }, LIST_ON, [0, 3, 6, 11]);
    server.route('POST /api/Login/ValidatePasswordForLoggedInUser', {
      body: {
        HasNoErrors: true,
        Errors: [],
        PasswordMatchesSSN: false,
        PasswordMatchesEmail: false,
        PasswordExists: true,
      },
    });
    await user.type(await screen.findByLabelText('Password'), 'Harbor2024');
    expect(screen.getByText('Checking the password')).toBeInTheDocument();
    expect(listItems()).toContain('Checking:Cannot be a previous password');
    await act(() => vi.advanceTimersByTimeAsync(PASSWORD_CHECK_DEBOUNCE_MS - 50));
    expect(server.requestsTo('POST /api/Login/ValidatePasswordForLoggedInUser')).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(100));
    const requests = server.requestsTo('POST /api/Login/ValidatePasswordForLoggedInUser');
    expect(requests).toHaveLength(1);
    expect(requests[0]?.body).toEqual({
      PasswordToValidate: 'Harbor2024',
      InvalidWhenMatchesSSN: false,
      InvalidWhenMatchEmail: false,
      InvalidWhenPasswordExists: true,
    });
    await vi.waitFor(() =>
      expect(listItems()).toContain('Requirement not met:Cannot be a previous password'),
    );
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(
      await screen.findByText('Password requirements are not met, please try again'),
    ).toBeVisible();
  });

  it('sends one check for a burst of typing', async () => {
    const user = setupWithFakeTimers();
    const { server } = renderHarness({ serverCheck: LOGGED_IN }, LIST_ON, [11]);
    server.route('POST /api/Login/ValidatePasswordForLoggedInUser', {
      body: {
        HasNoErrors: true,
        Errors: [],
        PasswordMatchesSSN: false,
        PasswordMatchesEmail: false,
        PasswordExists: false,
      },
    });
    await user.type(await screen.findByLabelText('Password'), 'Harbor2024');
    await act(() => vi.advanceTimersByTimeAsync(PASSWORD_CHECK_DEBOUNCE_MS + 10));
    expect(server.requestsTo('POST /api/Login/ValidatePasswordForLoggedInUser')).toHaveLength(1);
    await vi.waitFor(() => expect(screen.getByText('Not checking')).toBeInTheDocument());
    expect(listItems()).toEqual(['Requirement met:Cannot be a previous password']);
  });

  it('asks about the SSN only for a nine-digit candidate, dashes ignored', async () => {
    const user = setupWithFakeTimers();
    const { server } = renderHarness({ serverCheck: LOGGED_IN }, LIST_ON, [5]);
    server.route('POST /api/Login/ValidatePasswordForLoggedInUser', {
      body: {
        HasNoErrors: true,
        Errors: [],
        PasswordMatchesSSN: true,
        PasswordMatchesEmail: false,
        PasswordExists: false,
      },
    });
    const field = await screen.findByLabelText('Password');
    await user.type(field, '12345678');
    await act(() => vi.advanceTimersByTimeAsync(PASSWORD_CHECK_DEBOUNCE_MS + 10));
    expect(server.requestsTo('POST /api/Login/ValidatePasswordForLoggedInUser')).toHaveLength(0);
    expect(listItems()).toEqual(['Requirement met:Cannot match your SSN']);

    await user.clear(field);
    await user.type(field, '123-45-6789');
    await act(() => vi.advanceTimersByTimeAsync(PASSWORD_CHECK_DEBOUNCE_MS + 10));
    const [request] = server.requestsTo('POST /api/Login/ValidatePasswordForLoggedInUser');
    expect(request?.body).toMatchObject({
      InvalidWhenMatchesSSN: true,
      InvalidWhenMatchEmail: false,
    });
    await vi.waitFor(() =>
      expect(listItems()).toEqual(['Requirement not met:Cannot match your SSN']),
    );
  });

  it('asks about the e-mail only for a candidate with text on each side of @', async () => {
    const user = setupWithFakeTimers();
    const { server } = renderHarness({ serverCheck: LOGGED_IN }, LIST_ON, [7]);
    server.route('POST /api/Login/ValidatePasswordForLoggedInUser', {
      body: {
        HasNoErrors: true,
        Errors: [],
        PasswordMatchesSSN: false,
        PasswordMatchesEmail: true,
        PasswordExists: false,
      },
    });
    const field = await screen.findByLabelText('Password');
    await user.type(field, '@harbor');
    await act(() => vi.advanceTimersByTimeAsync(PASSWORD_CHECK_DEBOUNCE_MS + 10));
    expect(server.requestsTo('POST /api/Login/ValidatePasswordForLoggedInUser')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, 'jo@harbor');
    await act(() => vi.advanceTimersByTimeAsync(PASSWORD_CHECK_DEBOUNCE_MS + 10));
    const [request] = server.requestsTo('POST /api/Login/ValidatePasswordForLoggedInUser');
    expect(request?.body).toMatchObject({
      InvalidWhenMatchesSSN: false,
      InvalidWhenMatchEmail: true,
    });
    await vi.waitFor(() =>
      expect(listItems()).toEqual(['Requirement not met:Cannot match your email address']),
    );
  });

  it('never asks the server when the rules have no SSN, e-mail or previous-password rule', async () => {
    const user = setupWithFakeTimers();
    const { server } = renderHarness(
      { serverCheck: LOGGED_IN },
      LIST_ON,
      [0, 1, 2, 3, 4, 6, 8, 9, 10],
    );
    await user.type(await screen.findByLabelText('Password'), '123-45-6789a@b');
    await act(() => vi.advanceTimersByTimeAsync(PASSWORD_CHECK_DEBOUNCE_MS * 2));
    expect(
      server.requests.filter((request) => request.path.startsWith('/api/Login/')),
    ).toHaveLength(0);
  });

  it('checks a reset-link password with its token', async () => {
    const user = setupWithFakeTimers();
    const { server } = renderHarness(
      { serverCheck: { kind: 'resetToken', resetToken: 'enc-123' } },
      LIST_ON,
      [11],
    );
    server.route('POST /api/Login/ValidatePasswordForResetPassword', {
      body: {
        HasNoErrors: true,
        Errors: [],
        PasswordMatchesSSN: false,
        PasswordMatchesEmail: false,
        PasswordExists: false,
      },
    });
    await user.type(await screen.findByLabelText('Password'), 'Harbor2024');
    await act(() => vi.advanceTimersByTimeAsync(PASSWORD_CHECK_DEBOUNCE_MS + 10));
    const [request] = server.requestsTo('POST /api/Login/ValidatePasswordForResetPassword');
    expect(request?.body).toMatchObject({
      PasswordToValidate: 'Harbor2024',
      ResetToken: 'enc-123',
    });
  });

  it('decides the SSN and e-mail rules from what the form knows when there is no server check', async () => {
    const user = setupWithFakeTimers();
    const { server } = renderHarness(
      { serverCheck: NONE, context: { ssn: '123456789', email: 'jo@harbor.test' } },
      LIST_ON,
      [5, 7, 11],
    );
    await user.type(await screen.findByLabelText('Password'), 'jo@harbor.test');
    await act(() => vi.advanceTimersByTimeAsync(PASSWORD_CHECK_DEBOUNCE_MS * 2));
    expect(
      server.requests.filter((request) => request.path.startsWith('/api/Login/')),
    ).toHaveLength(0);
    expect(listItems()).toEqual([
      'Requirement met:Cannot match your SSN',
      'Requirement not met:Cannot match your email address',
      'Requirement met:Cannot be a previous password',
    ]);
  });
});
