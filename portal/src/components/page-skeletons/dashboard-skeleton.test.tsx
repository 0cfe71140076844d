import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DashboardSkeleton } from './dashboard-skeleton';

describe('the dashboard skeleton', () => {
  it('is announced once by name and draws a shape per region, not one block', () => {
    render(<DashboardSkeleton label="Loading accounts" />);
    const status = screen.getByRole('status', { name: 'Loading accounts' });
    // What is due, two actions, two lists (heading, header and rows), the previous sign-in.
    const shapes = status.querySelectorAll('.MuiSkeleton-root');
    expect(shapes.length).toBeGreaterThanOrEqual(10);
    expect(screen.getAllByRole('status')).toHaveLength(1);
  });
});
