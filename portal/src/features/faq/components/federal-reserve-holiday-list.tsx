import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  calendarDateIn,
  federalReserveHolidays,
  fillPlaceholders,
  formatUsDate,
} from '@portal/domain';
import { useId } from 'react';
import { useSettings } from '../../../lib/settings/settings-context';

/**
 * This year's Federal Reserve holidays, the days no payment is processed: the business-day
 * calendar the payment dates follow (domain's `federalReserveHolidays`), in the institution's
 * year. The institution's own extra non-payment days (an admin-only payment scheduling setting)
 * stay on the server, so they are not listed here. An empty heading leaves the list out, for an
 * institution whose holidays text lists the days itself.
 */
export function FederalReserveHolidayList() {
  const settings = useSettings();
  const headingId = useId();
  const heading = settings.get('faqTexts.holidayListHeadingText');
  if (heading.trim() === '') return null;
  const today = calendarDateIn(settings.get('localeOptions.institutionTimeZone'), new Date());
  const year = Number(today.slice(0, 4));
  return (
    <Box sx={{ mt: 3 }}>
      <Typography variant="h6" component="h3" id={headingId} gutterBottom>
        {fillPlaceholders(heading, { year })}
      </Typography>
      <Box
        component="ul"
        aria-labelledby={headingId}
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', rowGap: 0.75 }}
      >
        {federalReserveHolidays(year).map((holiday) => (
          <Box
            component="li"
            key={holiday.date}
            sx={{ display: 'grid', gridTemplateColumns: '7em minmax(0, 1fr)', columnGap: 2 }}
          >
            <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatUsDate(holiday.date)}
            </Box>
            <span>{holiday.name}</span>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
