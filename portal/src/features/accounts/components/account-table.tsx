import {
  AVAILABLE_COLUMN_TEXT_KEYS,
  type AccountCategory,
  type AccountListItem,
  displayedComment,
  formatRate,
  formatUsDate,
  hostDateOf,
  onlinePaymentsOn,
} from '@portal/domain';
import type { ReactNode } from 'react';
import { centsColumn, dateColumn } from '../../../components/data-table/columns';
import { DataTable } from '../../../components/data-table/data-table';
import type { DataTableColumn } from '../../../components/data-table/data-table-column';
import { useSettings } from '../../../lib/settings/settings-context';
import { accountRowVariant, shownDueDate } from '../utils/account-lists';
import { AccountCard, ProcessingChip } from './account-cards';
import type { ProcessingByLoan } from './payments-summary';

type Column = DataTableColumn<AccountListItem>;

/**
 * One of the dashboard's lists as a sortable table, or on a phone as cards that lead with each
 * account's key figure (DataTable's cards, each an AccountCard with the same columns behind
 * Details). The column headers are
 * the specs' field names in plain words, each a setting (dashboardTexts.*ColumnText); the
 * AvailableBalance column has each list's own words (AVAILABLE_COLUMN_TEXT_KEYS).
 */
export function AccountTable(props: {
  category: AccountCategory;
  caption: string;
  rows: readonly AccountListItem[];
  /** The loans with payments processing (a marker beside their amount due). */
  processing?: ProcessingByLoan;
}) {
  const settings = useSettings();
  const defaultStatus = settings.get('dashboardTexts.defaultStatusText');
  const payEnabled = onlinePaymentsOn(settings);
  const isLoan = props.category === 'loan' || props.category === 'lineOfCredit';

  const description: Column = {
    id: 'description',
    header: settings.get('dashboardTexts.descriptionColumnText'),
    type: 'string',
    getValue: (row) => row.Description,
    renderCell: (row) => {
      const comment = displayedComment(row.Comment);
      return comment ? `${row.Description} (${comment})` : row.Description;
    },
  };
  const number: Column = {
    id: 'number',
    header: settings.get('dashboardTexts.accountNumberColumnText'),
    type: 'string',
    getValue: (row) => row.Number,
  };
  const balance: Column = centsColumn(
    'balance',
    settings.get('dashboardTexts.balanceColumnText'),
    (row) => row.Balance,
  );
  // The AvailableBalance field in each list's own words (a line's available credit is not owed).
  const payable: Column = centsColumn(
    'available',
    settings.get(
      AVAILABLE_COLUMN_TEXT_KEYS[props.category === 'loan' ? 'deposit' : props.category],
    ),
    (row) => row.AvailableBalance,
  );
  const rate: Column = {
    id: 'rate',
    header: settings.get('dashboardTexts.rateColumnText'),
    type: 'number',
    getValue: (row) => row.Rate,
    renderCell: (row) => formatRate(row.Rate),
  };
  // A certificate's or investment's maturity (MaturityDate); blank for an account without one.
  const maturity: Column = dateColumn(
    'maturity',
    settings.get('dashboardTexts.maturityColumnText'),
    (row) => hostDateOf(row.MaturityDate),
  );
  const status: Column = {
    id: 'status',
    header: settings.get('dashboardTexts.statusColumnText'),
    type: 'string',
    getValue: (row) => row.Status || defaultStatus,
  };
  const dueDate: Column = dateColumn(
    'dueDate',
    settings.get('dashboardTexts.dueDateColumnText'),
    (row) => shownDueDate(row),
  );
  const processingCents = (row: AccountListItem) =>
    props.processing?.get(row.Number)?.processingCents;
  const amountDueCents: Column = centsColumn(
    'amountDue',
    settings.get('dashboardTexts.amountDueColumnText'),
    (row) => row.LoanAmountDue,
  );
  // A payment made and not credited yet: said in short beside the amount due it does not count.
  const amountDue: Column = {
    ...amountDueCents,
    renderCell: (row) => {
      const paying = processingCents(row);
      return paying === undefined ? (
        amountDueCents.renderCell?.(row)
      ) : (
        <>
          {amountDueCents.renderCell?.(row)}
          <ProcessingChip cents={paying} />
        </>
      );
    },
  };
  const installment: Column = centsColumn(
    'installment',
    settings.get('dashboardTexts.installmentColumnText'),
    (row) => row.MonthlyInstallment,
  );
  const fees: Column = centsColumn(
    'fees',
    settings.get('dashboardTexts.feesDueColumnText'),
    (row) => row.FeesDue,
  );
  const statements: Column = {
    id: 'statements',
    header: settings.get('dashboardTexts.statementsColumnText'),
    type: 'string',
    getValue: (row) =>
      settings.get(
        row.StatementPreference === 'PaperOnly'
          ? 'dashboardTexts.paperStatementsText'
          : 'dashboardTexts.electronicStatementsText',
      ),
  };
  const owner: Column = {
    id: 'owner',
    header: settings.get('dashboardTexts.nameOnAccountColumnText'),
    type: 'string',
    getValue: (row) => row.NameOnAcct,
  };

  // Spec 002 lists the values the tables show, not which list shows which: each list shows those
  // that mean something for its type (a loan has no payable balance, a deposit no due date).
  const columns: Column[] =
    props.category === 'loan'
      ? [
          description,
          number,
          balance,
          rate,
          dueDate,
          amountDue,
          installment,
          fees,
          status,
          statements,
        ]
      : props.category === 'lineOfCredit'
        ? [description, number, balance, payable, rate, dueDate, amountDue, status, statements]
        : [description, number, balance, payable, rate, maturity, status, statements, owner];

  const detailsPath = (row: AccountListItem) =>
    isLoan
      ? `/myaccount/loanDetails/${encodeURIComponent(row.Number)}`
      : `/myaccount/deposits/depositDetails/${encodeURIComponent(row.Number)}`;
  const linked = !isLoan || payEnabled;

  const amountDueHeader = settings.get('dashboardTexts.amountDueColumnText');
  // A deposit's or investment's card names its rate and maturity beside its figure: what a
  // depositor compares between accounts without opening Details.
  const cardFacts = (row: AccountListItem) => {
    if (isLoan) return [];
    const matures = hostDateOf(row.MaturityDate);
    return [
      { label: rate.header, value: formatRate(row.Rate) },
      ...(matures ? [{ label: maturity.header, value: formatUsDate(matures) }] : []),
    ];
  };
  const common = {
    caption: props.caption,
    columns,
    rows: props.rows,
    getRowKey: (row: AccountListItem) => row.Number,
    emptyText: settings.get('dashboardTexts.noOpenAccountsText'),
    getRowProps: (row: AccountListItem) => ({ variant: accountRowVariant(row) }),
    // A phone shows each account as a card that leads with its key figure.
    renderCard: (row: AccountListItem, details: ReactNode) => (
      <AccountCard
        row={row}
        details={details}
        facts={cardFacts(row)}
        status={row.Status || defaultStatus}
        processingCents={processingCents(row)}
        variant={accountRowVariant(row)}
        detailsPath={linked ? detailsPath(row) : undefined}
        figureLabel={(figure) =>
          figure.kind === 'amountDue'
            ? amountDueHeader
            : figure.kind === 'balance'
              ? balance.header
              : payable.header
        }
      />
    ),
  };
  // With payments disabled (disableEZPayOption) loan rows lead nowhere.
  return linked ? <DataTable {...common} getRowLink={detailsPath} /> : <DataTable {...common} />;
}
