import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import { expectNoAxeViolations } from '@portal/web-kit/testing';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { PasswordRequirements } from '../password-requirements/use-password-requirements';
import {
  FormCheckbox,
  FormCurrencyField,
  FormDateField,
  FormMaskedField,
  FormNewPasswordField,
  FormPasswordField,
  FormRadioGroup,
  FormSelectField,
  FormTextField,
  usdAmount,
} from './index';

const Schema = z.object({
  name: z.string().trim().min(1, 'Enter your name.'),
  password: z.string().min(8, 'Use at least 8 characters.'),
  frequency: z.enum(['monthly', 'weekly'], { message: 'Choose how often.' }),
  method: z.enum(['ach', 'card'], { message: 'Choose how to pay.' }),
  agree: z.literal(true, { message: 'Agree to the terms to continue.' }),
  date: z.string().min(1, 'Choose a date.'),
  amount: usdAmount('Enter an amount like 1,234.56.'),
});
type Input = z.input<typeof Schema>;
type Output = z.output<typeof Schema>;

function TestForm({ onValid }: { onValid(values: Output): void }) {
  const { control, handleSubmit } = useForm<Input, unknown, Output>({
    defaultValues: {
      name: '',
      password: '',
      frequency: '' as Input['frequency'],
      method: '' as Input['method'],
      agree: false as unknown as true,
      date: '',
      amount: '',
    },
    resolver: zodResolver(Schema),
  });
  return (
    <main>
      <form noValidate onSubmit={handleSubmit(onValid)}>
        <FormTextField control={control} name="name" label="Name" description="As on your ID." />
        <FormPasswordField control={control} name="password" label="Password" />
        <FormSelectField
          control={control}
          name="frequency"
          label="Frequency"
          options={[
            { value: '', label: 'Choose…' },
            { value: 'monthly', label: 'Monthly' },
            { value: 'weekly', label: 'Weekly' },
          ]}
        />
        <FormRadioGroup
          control={control}
          name="method"
          label="Pay by"
          options={[
            { value: 'ach', label: 'Bank account' },
            { value: 'card', label: 'Card' },
          ]}
        />
        <FormCheckbox control={control} name="agree" label="I agree to the terms" />
        <FormDateField
          control={control}
          name="date"
          label="Date"
          min="2026-11-25"
          max="2026-12-25"
        />
        <FormCurrencyField control={control} name="amount" label="Amount" />
        <Button type="submit">Continue</Button>
      </form>
    </main>
  );
}

function renderForm() {
  const onValid = vi.fn();
  const view = render(<TestForm onValid={onValid} />);
  return { ...view, onValid, user: userEvent.setup() };
}

describe('form fields', () => {
  it('announce each message with its field and mark it invalid', async () => {
    const { user, onValid } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const name = screen.getByLabelText('Name');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Enter your name. As on your ID.');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'Use at least 8 characters.',
    );
    expect(screen.getByLabelText('Frequency')).toHaveAccessibleDescription('Choose how often.');
    expect(screen.getByRole('radiogroup')).toHaveAccessibleDescription('Choose how to pay.');
    expect(
      screen.getByRole('checkbox', { name: 'I agree to the terms' }),
    ).toHaveAccessibleDescription('Agree to the terms to continue.');
    expect(screen.getByLabelText('Date')).toHaveAccessibleDescription('Choose a date.');
    expect(screen.getByLabelText('Amount')).toHaveAccessibleDescription(
      'Enter an amount like 1,234.56.',
    );
    expect(onValid).not.toHaveBeenCalled();
    await expectNoAxeViolations();
  });

  it('hand every value to the submit handler, the amount in integer cents', async () => {
    const { user, onValid } = renderForm();
    await user.type(screen.getByLabelText('Name'), 'Jordan');
    await user.type(screen.getByLabelText('Password'), 'Long-Enough-1');
    await user.selectOptions(screen.getByLabelText('Frequency'), 'weekly');
    await user.click(screen.getByRole('radio', { name: 'Card' }));
    await user.click(screen.getByRole('checkbox', { name: 'I agree to the terms' }));
    const date = screen.getByLabelText('Date');
    expect(date).toHaveAttribute('min', '2026-11-25');
    expect(date).toHaveAttribute('max', '2026-12-25');
    await user.type(date, '2026-12-01');
    const amount = screen.getByLabelText('Amount');
    expect(amount).toHaveAttribute('inputmode', 'decimal');
    await user.type(amount, '1,234.5');
    await user.tab();
    expect(amount).toHaveValue('1,234.50');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onValid).toHaveBeenCalledWith(
      {
        name: 'Jordan',
        password: 'Long-Enough-1',
        frequency: 'weekly',
        method: 'card',
        agree: true,
        date: '2026-12-01',
        amount: 123450,
      },
      expect.anything(),
    );
  });

  it('refuse an amount the currency parser does not read', async () => {
    const { user } = renderForm();
    const amount = screen.getByLabelText('Amount');
    await user.type(amount, '12.345');
    await user.tab();
    expect(amount).toHaveValue('12.345');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(amount).toHaveAccessibleDescription('Enter an amount like 1,234.56.');
  });

  it('reveal a password with a real toggle button', async () => {
    const { user } = renderForm();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    const toggle = screen.getByRole('button', { name: 'Show Password' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(password).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
  });
});

const MaskedSchema = z.object({
  birthDate: z.string().regex(/^\d{2}\/\d{2}\/\d{4}$/, 'Enter the date as MM/DD/YYYY.'),
  newPassword: z.string().min(8, 'Use at least 8 characters.'),
});
type MaskedValues = z.infer<typeof MaskedSchema>;

const REQUIREMENTS: PasswordRequirements = {
  status: 'ready',
  showList: true,
  items: [{ id: 'length', text: 'At least 8 characters', state: 'unmet' }],
  checking: false,
  checkCount: 0,
  maximumLength: 64,
  validate: () => undefined,
};

function MaskedForm({ onValid }: { onValid(values: MaskedValues): void }) {
  const { control, handleSubmit } = useForm<MaskedValues>({
    mode: 'onTouched',
    defaultValues: { birthDate: '', newPassword: '' },
    resolver: zodResolver(MaskedSchema),
  });
  return (
    <main>
      <form noValidate onSubmit={handleSubmit(onValid)}>
        <FormMaskedField
          control={control}
          name="birthDate"
          mask="00/00/0000"
          label="Date of Birth"
          description="Format: MM/DD/YYYY"
        />
        <FormNewPasswordField
          control={control}
          name="newPassword"
          label="New Password"
          requirements={REQUIREMENTS}
        />
        <Button type="submit">Save</Button>
      </form>
    </main>
  );
}

describe('the bound masked and new-password fields', () => {
  it("announce the field's own message with the format, and keep the mask", async () => {
    const onValid = vi.fn();
    render(<MaskedForm onValid={onValid} />);
    const user = userEvent.setup();
    const birthDate = screen.getByLabelText('Date of Birth');
    expect(birthDate).toHaveAttribute('inputmode', 'numeric');
    await user.type(birthDate, '041');
    expect(birthDate).toHaveValue('04/1');
    await user.tab();
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter the date as MM/DD/YYYY.');
    expect(birthDate).toBeInvalid();
    expect(birthDate).toHaveAccessibleDescription(
      'Enter the date as MM/DD/YYYY. Format: MM/DD/YYYY',
    );
    await user.type(birthDate, '21986');
    expect(birthDate).toHaveValue('04/12/1986');
    expect(birthDate).toBeValid();
    expect(screen.queryByText('Enter the date as MM/DD/YYYY.')).toBeNull();
    await expectNoAxeViolations();
  });

  it('link the password rules to the new password and hand both values over', async () => {
    const onValid = vi.fn();
    render(<MaskedForm onValid={onValid} />);
    const user = userEvent.setup();
    const password = screen.getByLabelText('New Password');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAccessibleDescription(/At least 8 characters/);
    await user.type(screen.getByLabelText('Date of Birth'), '04121986');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(password).toHaveAccessibleDescription(/^Use at least 8 characters\./);
    expect(password).toHaveFocus();
    expect(onValid).not.toHaveBeenCalled();
    await user.type(password, 'Long-Enough-1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onValid).toHaveBeenCalledWith(
      { birthDate: '04/12/1986', newPassword: 'Long-Enough-1' },
      expect.anything(),
    );
  });
});

function ChoiceForm({ onType }: { onType(value: string): void }) {
  const { control } = useForm<{ kind: string; question: string }>({
    defaultValues: { kind: '', question: '' },
  });
  return (
    <main>
      <FormRadioGroup
        control={control}
        name="kind"
        label="Account Type"
        options={[
          { value: 'Deposit', label: 'Deposit' },
          { value: 'Loan', label: 'Loan' },
        ]}
        row
        onValueChanged={onType}
      />
      <FormSelectField
        control={control}
        name="question"
        label="Secret Question"
        options={[
          { value: '', label: '' },
          { value: 'pet', label: 'First pet?' },
        ]}
        required
        requiredMark={false}
      />
    </main>
  );
}

describe('the choice fields', () => {
  it('name the radio group by its legend and tell of each choice', async () => {
    const onType = vi.fn();
    render(<ChoiceForm onType={onType} />);
    const user = userEvent.setup();
    const group = screen.getByRole('radiogroup', { name: 'Account Type' });
    await user.click(within(group).getByRole('radio', { name: 'Loan' }));
    expect(onType).toHaveBeenCalledWith('Loan');
    expect(within(group).getByRole('radio', { name: 'Loan' })).toBeChecked();
  });

  it('keep a required select required without the asterisk when asked', () => {
    render(<ChoiceForm onType={() => undefined} />);
    // The label is exactly the text: no asterisk joins it.
    const select = screen.getByLabelText('Secret Question', { selector: 'select' });
    expect(select).toBeRequired();
  });
});
