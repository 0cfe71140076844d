import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { expectNoAxeViolations } from '@portal/web-kit/testing';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TableScrollRegion } from './table-scroll-region';

function WideTable() {
  return (
    <TableScrollRegion label="Payments found, scrolls sideways">
      <Table aria-label="Payments found">
        <TableBody>
          <TableRow>
            {['Confirmation', 'Borrower', 'Loan', 'Date', 'Amount', 'Status'].map((heading) => (
              <TableCell key={heading}>{heading}</TableCell>
            ))}
          </TableRow>
        </TableBody>
      </Table>
    </TableScrollRegion>
  );
}

describe('a table’s scroll region', () => {
  it('holds the table in a named region that scrolls sideways and that the keyboard reaches', async () => {
    const user = userEvent.setup();
    render(<WideTable />);
    const region = screen.getByRole('region', { name: 'Payments found, scrolls sideways' });
    expect(region).toContainElement(screen.getByRole('table', { name: 'Payments found' }));
    expect(region).toHaveStyle({ overflowX: 'auto', minWidth: '0', maxWidth: '100%' });
    // Tab reaches it, so the arrow keys scroll it (axe scrollable-region-focusable).
    expect(region).toHaveAttribute('tabindex', '0');
    await user.tab();
    expect(region).toHaveFocus();
    await expectNoAxeViolations();
  });

  it('stops at the width it is given on a wide screen', () => {
    render(
      <TableScrollRegion label="Items by kind and status" maxWidth={640}>
        <Table aria-label="Items by kind and status" />
      </TableScrollRegion>,
    );
    expect(screen.getByRole('region', { name: 'Items by kind and status' })).toHaveStyle({
      maxWidth: '640px',
    });
  });
});
