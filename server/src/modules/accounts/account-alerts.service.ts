import { type AccountAlerts, DEFAULT_ALERTS } from '@portal/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { listAccountAlerts } from './account-alerts.repository';

/** The e-mail alerts' own fields only (a stored copy may carry fields of an older shape). */
function pickEmailAlerts(alerts: AccountAlerts['EmailAlerts']): AccountAlerts['EmailAlerts'] {
  const keys = Object.keys(DEFAULT_ALERTS.EmailAlerts) as (keyof AccountAlerts['EmailAlerts'])[];
  return Object.fromEntries(keys.map((key) => [key, alerts[key]])) as AccountAlerts['EmailAlerts'];
}

/** A saved copy of a loan's alerts with the defaults under it (saved before a field existed). */
export function withDefaultAlerts(stored: AccountAlerts | undefined): AccountAlerts {
  if (!stored) return DEFAULT_ALERTS;
  return {
    TextAlerts: { ...DEFAULT_ALERTS.TextAlerts, ...stored.TextAlerts },
    EmailAlerts: pickEmailAlerts({ ...DEFAULT_ALERTS.EmailAlerts, ...stored.EmailAlerts }),
  };
}

export interface ChosenAccountAlerts {
  userId: string;
  accountNumber: string;
  alerts: AccountAlerts;
}

function anyAlertOn(alerts: AccountAlerts): boolean {
  return [...Object.values(alerts.TextAlerts), ...Object.values(alerts.EmailAlerts)].some(
    (value) => value === true,
  );
}

/**
 * The loans' alerts as their users saved them on the loan page (`POST /api/AccountAlerts`), for
 * the notifications that send them: every (user, loan) of an institution with an alert on.
 * Whether the loan is still the user's is the core's answer, asked by the caller.
 */
export function createAccountAlertsReader(options: { db: Kysely<Database> }) {
  return {
    async chosen(institutionId: number): Promise<ChosenAccountAlerts[]> {
      const rows = await listAccountAlerts(options.db, institutionId);
      return rows
        .map((row) => ({ ...row, alerts: withDefaultAlerts(row.alerts) }))
        .filter((row) => anyAlertOn(row.alerts));
    },
  };
}

export type AccountAlertsReader = ReturnType<typeof createAccountAlertsReader>;
