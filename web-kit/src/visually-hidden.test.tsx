import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VisuallyHidden } from './visually-hidden';

describe('VisuallyHidden', () => {
  it('adds words to a control’s accessible name without showing them', () => {
    render(
      <button type="button">
        Restore<VisuallyHidden>: version 3</VisuallyHidden>
      </button>,
    );
    expect(screen.getByRole('button', { name: 'Restore: version 3' })).toBeInTheDocument();
    expect(screen.getByText(': version 3')).toHaveStyle({
      position: 'absolute',
      width: '1px',
      height: '1px',
      overflow: 'hidden',
    });
  });
});
