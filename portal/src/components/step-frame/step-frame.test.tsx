import Button from '@mui/material/Button';
import { expectNoAxeViolations } from '@portal/web-kit/testing';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { StepFrame } from './step-frame';

function renderStep(props: { focusOnMount: boolean; errors?: string[]; busy?: boolean }) {
  const onSubmit = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
  const view = render(
    <main>
      <button type="button">Before</button>
      <StepFrame
        heading="Set Up a Secret Question"
        intro="Pick a question only you can answer."
        actions={<Button type="submit">Continue</Button>}
        onSubmit={onSubmit}
        {...props}
      >
        <label>
          Answer
          <input name="answer" />
        </label>
      </StepFrame>
    </main>,
  );
  return { ...view, onSubmit };
}

describe('StepFrame', () => {
  it('moves the focus to its heading when the step appears, and only then', () => {
    renderStep({ focusOnMount: true });
    const heading = screen.getByRole('heading', { level: 2, name: 'Set Up a Secret Question' });
    expect(heading).toHaveFocus();
    expect(heading).toHaveAttribute('tabindex', '-1');
  });

  it('leaves the focus alone on the first step of a fresh page', () => {
    renderStep({ focusOnMount: false });
    expect(screen.getByRole('heading', { name: 'Set Up a Secret Question' })).not.toHaveFocus();
  });

  it('shows every error, submits with its buttons, and says when it is busy', async () => {
    const { onSubmit, container } = renderStep({
      focusOnMount: false,
      errors: ['Invalid answer.', '', 'Try again later.'],
      busy: true,
    });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Invalid answer.');
    expect(alert).toHaveTextContent('Try again later.');
    expect(container.querySelector('form')).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await expectNoAxeViolations(container);
  });
});
