import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { InputField } from './input-field';

describe('InputField', () => {
  it("puts inputMode on the input itself, so a phone shows its number pad for a card's digits", () => {
    render(
      <InputField
        label="Card Number"
        value=""
        onChange={() => undefined}
        inputMode="numeric"
        inputProps={{ maxLength: 19 }}
      />,
    );
    const input = screen.getByRole('textbox', { name: 'Card Number' });
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('maxlength', '19');
  });
});
