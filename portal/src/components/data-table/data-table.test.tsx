import { expectNoAxeViolations } from '@portal/web-kit/testing';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { PortalProviders, prepareStartup } from '../../app/providers';
import { applicationOptionsBody, type SettingValues } from '../../testing/fixtures';
import { stubViewportWidth } from '../../testing/match-media';
import { DataTable } from './data-table';
import type { DataTableColumn, DataTableProps } from './data-table-column';

interface Account {
  number: string;
  description: string;
  balanceCents: number | null;
  dueDate: string | null;
  status: string;
}

const ACCOUNTS: Account[] = [
  {
    number: '1001',
    description: 'Savings',
    balanceCents: 250_000,
    dueDate: null,
    status: 'Open',
  },
  {
    number: '1002',
    description: 'Home equity line 10',
    balanceCents: 9_900,
    dueDate: '2026-02-01',
    status: 'Current',
  },
  {
    number: '1003',
    description: 'home equity line 9',
    balanceCents: null,
    dueDate: '2025-12-15',
    status: 'Past due',
  },
  {
    number: '1004',
    description: 'Auto loan',
    balanceCents: 1_250_000,
    dueDate: '2026-01-20',
    status: 'Closed',
  },
];

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

const COLUMNS: DataTableColumn<Account>[] = [
  { id: 'description', header: 'Account', type: 'string', getValue: (row) => row.description },
  {
    id: 'balance',
    header: 'Balance',
    type: 'number',
    getValue: (row) => row.balanceCents,
    renderCell: (row) => (row.balanceCents === null ? '—' : money.format(row.balanceCents / 100)),
  },
  { id: 'dueDate', header: 'Due date', type: 'date', getValue: (row) => row.dueDate },
  {
    id: 'status',
    header: 'Status',
    type: 'string',
    getValue: (row) => row.status,
    sortable: false,
  },
];

type Props = Partial<DataTableProps<Account>>;

function Providers({
  scheme,
  settings,
  children,
}: {
  scheme: 'light' | 'dark';
  settings?: SettingValues;
  children: ReactNode;
}) {
  const startup = prepareStartup(
    applicationOptionsBody({ 'themeOptions.colorScheme': scheme, ...settings }),
  );
  return (
    <PortalProviders startup={startup}>
      <MemoryRouter>
        <main>{children}</main>
      </MemoryRouter>
    </PortalProviders>
  );
}

function renderTable(
  props: Props = {},
  scheme: 'light' | 'dark' = 'light',
  settings?: SettingValues,
) {
  const user = userEvent.setup();
  render(
    <Providers scheme={scheme} settings={settings}>
      <DataTable<Account>
        columns={COLUMNS}
        rows={ACCOUNTS}
        getRowKey={(row) => row.number}
        caption="Open accounts"
        emptyText="No open accounts."
        getRowProps={(row) => ({ variant: row.status === 'Closed' ? 'closed' : 'default' })}
        {...props}
      />
    </Providers>,
  );
  return { user };
}

/** The account names in the order the table shows them. */
function tableOrder() {
  return screen.getAllByRole('rowheader').map((cell) => cell.textContent);
}

/** The account names in the order the cards show them. */
function cardOrder() {
  return within(screen.getByRole('list', { name: 'Open accounts' }))
    .getAllByRole('listitem')
    .map((card) => within(card).getAllByRole('definition')[0]?.textContent);
}

const header = (name: string) => screen.getByRole('columnheader', { name });

describe('DataTable as a table', () => {
  it('sorts ascending on the first click of a header, then descending, then ascending again', async () => {
    const onSortChange = vi.fn();
    const { user } = renderTable({ onSortChange });
    expect(tableOrder()).toEqual([
      'Savings',
      'Home equity line 10',
      'home equity line 9',
      'Auto loan',
    ]);

    await user.click(screen.getByRole('button', { name: 'Balance' }));
    expect(header('Balance')).toHaveAttribute('aria-sort', 'ascending');
    expect(tableOrder()).toEqual([
      'Home equity line 10',
      'Savings',
      'Auto loan',
      'home equity line 9',
    ]);

    await user.click(screen.getByRole('button', { name: 'Balance' }));
    expect(header('Balance')).toHaveAttribute('aria-sort', 'descending');
    expect(tableOrder()).toEqual([
      'Auto loan',
      'Savings',
      'Home equity line 10',
      'home equity line 9',
    ]);

    await user.click(screen.getByRole('button', { name: 'Balance' }));
    expect(header('Balance')).toHaveAttribute('aria-sort', 'ascending');
    expect(onSortChange).toHaveBeenLastCalledWith({ columnId: 'balance', direction: 'asc' });
  });

  it('marks only the sorted column with aria-sort', async () => {
    const { user } = renderTable();
    const sortedHeaders = () =>
      screen
        .getAllByRole('columnheader')
        .filter((cell) =>
          ['ascending', 'descending'].includes(cell.getAttribute('aria-sort') ?? ''),
        )
        .map((cell) => cell.textContent);
    expect(sortedHeaders()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Due date' }));
    expect(sortedHeaders()).toEqual(['Due date']);

    await user.click(screen.getByRole('button', { name: 'Account' }));
    expect(sortedHeaders()).toEqual(['Account']);
    expect(header('Account')).toHaveAttribute('aria-sort', 'ascending');
  });

  it('sorts text with numbers in numeric order, case ignored', async () => {
    const { user } = renderTable();
    await user.click(screen.getByRole('button', { name: 'Account' }));
    expect(tableOrder()).toEqual([
      'Auto loan',
      'home equity line 9',
      'Home equity line 10',
      'Savings',
    ]);
  });

  it('sorts dates by calendar date with empty dates last in both directions', async () => {
    const { user } = renderTable();
    await user.click(screen.getByRole('button', { name: 'Due date' }));
    expect(tableOrder()).toEqual([
      'home equity line 9',
      'Auto loan',
      'Home equity line 10',
      'Savings',
    ]);
    await user.click(screen.getByRole('button', { name: 'Due date' }));
    expect(tableOrder()).toEqual([
      'Home equity line 10',
      'Auto loan',
      'home equity line 9',
      'Savings',
    ]);
  });

  it('starts in the initial sort and offers no sort button on an unsortable column', () => {
    renderTable({ initialSort: { columnId: 'balance', direction: 'desc' } });
    expect(header('Balance')).toHaveAttribute('aria-sort', 'descending');
    expect(tableOrder()[0]).toBe('Auto loan');
    expect(within(header('Status')).queryByRole('button')).not.toBeInTheDocument();
    expect(header('Status')).not.toHaveAttribute('aria-sort');
  });

  it('right-aligns number columns and shows cells through their renderer', () => {
    renderTable();
    const autoLoan = screen.getByRole('row', { name: /Auto loan/ });
    expect(within(autoLoan).getByRole('cell', { name: '$12,500.00' })).toHaveClass(
      'MuiTableCell-alignRight',
    );
    expect(within(autoLoan).getByRole('cell', { name: '2026-01-20' })).not.toHaveClass(
      'MuiTableCell-alignRight',
    );
  });

  it('is named by its caption', () => {
    renderTable();
    expect(screen.getByRole('table', { name: 'Open accounts' })).toBeInTheDocument();
  });

  it('shows the empty text in one row spanning every column', () => {
    renderTable({ rows: [] });
    const cell = screen.getByRole('cell', { name: 'No open accounts.' });
    expect(cell).toHaveAttribute('colspan', String(COLUMNS.length));
  });

  it('links each row from its primary cell', () => {
    renderTable({ getRowLink: (row) => `/myaccount/accountDetails/${row.number}` });
    const link = within(screen.getByRole('rowheader', { name: 'Auto loan' })).getByRole('link', {
      name: 'Auto loan',
    });
    expect(link).toHaveAttribute('href', '/myaccount/accountDetails/1004');
  });

  it('opens a row from the keyboard through the button in its primary cell', async () => {
    const onRowClick = vi.fn();
    const { user } = renderTable({ onRowClick, primaryColumnId: 'balance' });
    const button = screen.getByRole('button', { name: '$2,500.00' });
    expect(button.closest('th')).toHaveAttribute('scope', 'row');
    button.focus();
    await user.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenCalledWith(ACCOUNTS[0]);
  });

  it('styles rows by the variant getRowProps gives', () => {
    renderTable();
    const closed = screen.getByRole('row', { name: /Auto loan/ });
    const open = screen.getByRole('row', { name: /Savings/ });
    expect(getComputedStyle(within(closed).getByRole('cell', { name: 'Closed' })).color).not.toBe(
      getComputedStyle(within(open).getByRole('cell', { name: 'Open' })).color,
    );
  });
});

describe('DataTable as cards', () => {
  it('shows each row as a card of label and value pairs', () => {
    renderTable({ layout: 'cards' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(screen.getByRole('list', { name: 'Open accounts' })).getAllByRole(
      'listitem',
    );
    expect(cards).toHaveLength(ACCOUNTS.length);
    const autoLoan = cards[3];
    if (!autoLoan) throw new Error('no fourth card');
    expect(
      within(autoLoan)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Account', 'Balance', 'Due date', 'Status']);
    expect(
      within(autoLoan)
        .getAllByRole('definition')
        .map((value) => value.textContent),
    ).toEqual(['Auto loan', '$12,500.00', '2026-01-20', 'Closed']);
  });

  it('sorts by the chosen column and flips the direction with the direction button', async () => {
    const onSortChange = vi.fn();
    const { user } = renderTable({ layout: 'cards', onSortChange });
    const sortBy = screen.getByRole('combobox', { name: 'Sort by' });
    expect(
      within(sortBy)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Default order', 'Account', 'Balance', 'Due date']);
    // The label sits above the select, never over the option it shows.
    expect(screen.getByText('Sort by', { selector: 'label' })).toHaveAttribute(
      'data-shrink',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Sort direction: ascending' })).toBeDisabled();

    await user.selectOptions(sortBy, 'Balance');
    expect(cardOrder()).toEqual([
      'Home equity line 10',
      'Savings',
      'Auto loan',
      'home equity line 9',
    ]);

    await user.click(screen.getByRole('button', { name: 'Sort direction: ascending' }));
    expect(cardOrder()).toEqual([
      'Auto loan',
      'Savings',
      'Home equity line 10',
      'home equity line 9',
    ]);
    expect(onSortChange).toHaveBeenLastCalledWith({ columnId: 'balance', direction: 'desc' });

    await user.selectOptions(sortBy, 'Account');
    expect(cardOrder()).toEqual([
      'Savings',
      'Home equity line 10',
      'home equity line 9',
      'Auto loan',
    ]);
    await user.click(screen.getByRole('button', { name: 'Sort direction: descending' }));
    expect(screen.getByRole('button', { name: 'Sort direction: ascending' })).toBeEnabled();
    expect(cardOrder()[0]).toBe('Auto loan');
  });

  it("words the cards' sort controls in the institution's settings", async () => {
    const { user } = renderTable({ layout: 'cards' }, 'light', {
      'commonTexts.sortByLabel': 'Order by',
      'commonTexts.defaultSortText': 'As listed',
      'commonTexts.ascendingText': 'Low to high',
      'commonTexts.descendingText': 'High to low',
      'commonTexts.sortAscendingLabel': 'Ordered low to high',
      'commonTexts.sortDescendingLabel': 'Ordered high to low',
    });
    const orderBy = screen.getByRole('combobox', { name: 'Order by' });
    expect(within(orderBy).getAllByRole('option')[0]).toHaveTextContent('As listed');
    await user.selectOptions(orderBy, 'Balance');
    const direction = screen.getByRole('button', { name: 'Ordered low to high' });
    expect(direction).toHaveTextContent('Low to high');
    await user.click(direction);
    expect(screen.getByRole('button', { name: 'Ordered high to low' })).toHaveTextContent(
      'High to low',
    );
  });

  it('shows the empty text without sort controls', () => {
    renderTable({ layout: 'cards', rows: [] });
    expect(screen.getByText('No open accounts.')).toBeVisible();
    expect(screen.queryByRole('combobox', { name: 'Sort by' })).not.toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('keeps the row link in the primary value', () => {
    renderTable({
      layout: 'cards',
      getRowLink: (row) => `/myaccount/accountDetails/${row.number}`,
    });
    expect(screen.getByRole('link', { name: 'Savings' })).toHaveAttribute(
      'href',
      '/myaccount/accountDetails/1001',
    );
  });
});

describe("DataTable as the caller's own cards (the dashboard's accounts on a phone)", () => {
  it("shows each row as the caller's card with every column as its details, sorted by the same controls", async () => {
    const { user } = renderTable({
      layout: 'cards',
      getRowLink: (row) => `/accounts/${row.number}`,
      renderCard: (row, details) => (
        <li aria-label={row.description}>
          <strong>{row.status}</strong>
          {details}
        </li>
      ),
    });
    const list = screen.getByRole('list', { name: 'Open accounts' });
    const auto = within(list).getByRole('listitem', { name: 'Auto loan' });
    expect(within(auto).getByText('Closed', { selector: 'strong' })).toBeVisible();
    // The details are the columns as the table shows them, without the row's stretched link.
    expect(
      within(auto)
        .getAllByRole('definition')
        .map((value) => value.textContent),
    ).toEqual(['Auto loan', '$12,500.00', '2026-01-20', 'Closed']);
    expect(within(auto).queryByRole('link')).toBeNull();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Balance');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((card) => card.getAttribute('aria-label')),
    ).toEqual(['Home equity line 10', 'Savings', 'Auto loan', 'home equity line 9']);
  });
});

describe('DataTable as accordions (the history on a phone)', () => {
  it("shows the summary columns on each row's button and the others when it opens", async () => {
    const { user } = renderTable({
      layout: 'cards',
      accordionSummaryColumnIds: ['description', 'balance'],
    });
    const rows = within(screen.getByRole('list', { name: 'Open accounts' })).getAllByRole(
      'listitem',
    );
    expect(rows).toHaveLength(ACCOUNTS.length);
    // Each summary value is a flex item, so browsers read a space between them (jsdom does not).
    const autoLoan = within(rows[3] as HTMLElement).getByRole('button', {
      name: /^Account:\s*Auto loan\s*Balance:\s*\$12,500\.00$/,
    });
    expect(autoLoan).toHaveAttribute('aria-expanded', 'false');
    await user.click(autoLoan);
    expect(autoLoan).toHaveAttribute('aria-expanded', 'true');
    const panel = within(rows[3] as HTMLElement).getByRole('region');
    expect(
      within(panel)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Due date', 'Status']);
    expect(
      within(panel)
        .getAllByRole('definition')
        .map((value) => value.textContent),
    ).toEqual(['2026-01-20', 'Closed']);
  });

  it.each(['light', 'dark'] as const)(
    'has no axe violations open, in the %s scheme',
    async (scheme) => {
      const { user } = renderTable(
        { layout: 'cards', accordionSummaryColumnIds: ['description', 'balance'] },
        scheme,
      );
      await user.click(screen.getAllByRole('button', { name: /^Account:/ })[0] as HTMLElement);
      await expectNoAxeViolations();
    },
  );
});

describe('DataTable layout', () => {
  it('shows cards on a phone-sized screen and a table on a wider one', () => {
    stubViewportWidth(375);
    renderTable();
    expect(screen.getByRole('list', { name: 'Open accounts' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows a table on a desktop-sized screen', () => {
    stubViewportWidth(1280);
    renderTable();
    expect(screen.getByRole('table', { name: 'Open accounts' })).toBeInTheDocument();
  });
});

describe('DataTable accessibility', () => {
  it.each([
    ['table', 'light'],
    ['table', 'dark'],
    ['cards', 'light'],
    ['cards', 'dark'],
  ] as const)('has no axe violations as %s in the %s scheme', async (layout, scheme) => {
    const { user } = renderTable(
      {
        layout,
        getRowLink: (row) => `/myaccount/accountDetails/${row.number}`,
        getRowProps: (row) => ({ variant: row.status === 'Past due' ? 'warning' : 'default' }),
      },
      scheme,
    );
    expect(document.documentElement).toHaveClass(scheme);
    await expectNoAxeViolations();
    if (layout === 'table') {
      await user.click(screen.getByRole('button', { name: 'Balance' }));
    } else {
      await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Balance');
    }
    await expectNoAxeViolations();
  });

  it("marks a warning row's leading edge once, on its first cell", async () => {
    renderTable({
      layout: 'table',
      getRowProps: (row) => ({ variant: row.status === 'Past due' ? 'warning' : 'default' }),
    });
    const warning = screen
      .getAllByRole('row')
      .find((row) => within(row).queryByText('Past due') !== null);
    expect(warning).toBeDefined();
    const edged = Array.from(warning?.children ?? []).filter((cell) =>
      getComputedStyle(cell).boxShadow.includes('inset'),
    );
    expect(edged).toEqual([warning?.children[0]]);
  });

  it('has no axe violations when empty', async () => {
    renderTable({ rows: [] });
    await expectNoAxeViolations();
  });
});
