import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date, Date>;

/**
 * The Core Web Vitals a sample of the portal's page loads report (modules/web-vitals): one row
 * per page load and metric, with the route's pattern and nothing about the user.
 */
export interface WebVitalsTable {
  id: Generated<number>;
  institution_id: number;
  /** The `web-vitals` metric id, random per page load and metric. */
  measurement_id: string;
  /** The route's pattern ('/myaccount/loanDetails/:accountNumber'), never an address. */
  route: string;
  /** 'LCP' | 'INP' | 'CLS' | 'TTFB'. */
  metric: string;
  /** Milliseconds, or the layout shift score for CLS. */
  value: number;
  /** How the page was loaded ('navigate', 'reload', 'back-forward-cache', ...), when told. */
  navigation_type: string | null;
  recorded_at: Timestamp;
}

export interface WebVitalTables {
  web_vitals: WebVitalsTable;
}
