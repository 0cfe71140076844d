import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { withSettings } from '../../testing/with-settings';
import { ErrorAlert } from './error-alert';

const NOTICE =
  'This is a preview: nothing was saved or sent. Borrowers can do this once the settings are published.';

describe('ErrorAlert', () => {
  it('shows a refusal in the error colour', () => {
    render(withSettings(<ErrorAlert>Transaction Declined.</ErrorAlert>));
    expect(screen.getByRole('alert')).toHaveClass('MuiAlert-colorError');
  });

  it("shows the preview's notice as information, not as a failure", () => {
    render(withSettings(<ErrorAlert>{NOTICE}</ErrorAlert>));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(NOTICE);
    expect(alert).toHaveClass('MuiAlert-colorInfo');
  });

  it("follows the institution's own notice", () => {
    const own = 'Preview only: nothing is saved.';
    render(withSettings(<ErrorAlert>{own}</ErrorAlert>, { 'errorTexts.previewReadOnlyText': own }));
    expect(screen.getByRole('alert')).toHaveClass('MuiAlert-colorInfo');
  });
});
