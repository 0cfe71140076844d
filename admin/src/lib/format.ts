import { formatUsDateTime } from '@portal/domain';

/**
 * An ISO timestamp as staff read it: the domain's date-and-time format in the institution's time
 * zone (InstitutionSummary.timeZone), which it names ('EST'). Staff of a bank in New York read
 * its publications in New York time whatever their own device's zone (the newcomer's pass saw a
 * laptop set to UTC show the history in UTC).
 */
export function formatDateTime(iso: string, timeZone: string): string {
  return formatUsDateTime(iso, timeZone) || iso;
}
