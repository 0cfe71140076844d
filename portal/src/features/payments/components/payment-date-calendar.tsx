import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { DateCalendar } from '@mui/x-date-pickers/DateCalendar';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { formatWeekdayLongDate, type CalendarDate } from '@portal/domain';
import { enUS } from 'date-fns/locale/en-US';

export interface PaymentDateCalendarProps {
  value: CalendarDate | undefined;
  min: CalendarDate;
  max: CalendarDate;
  refusalOf(date: CalendarDate): string | undefined;
  onMonthChange(month: CalendarDate): void;
  onChange(date: CalendarDate): void;
}

function toDate(date: CalendarDate): Date {
  return new Date(
    Number(date.slice(0, 4)),
    Number(date.slice(5, 7)) - 1,
    Number(date.slice(8, 10)),
  );
}

function toCalendarDate(date: Date): CalendarDate {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/**
 * The calendar of a payment date field: MUI X's DateCalendar (grid keyboard navigation, disabled
 * days skipped), each refused day disabled with its reason as its name and title. A module of its
 * own, loaded when a calendar is first opened: the payment page does not carry it otherwise.
 */
export default function PaymentDateCalendar(props: PaymentDateCalendarProps) {
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={enUS}>
      <DateCalendar
        value={props.value ? toDate(props.value) : null}
        referenceDate={toDate(props.value ?? props.min)}
        minDate={toDate(props.min)}
        maxDate={toDate(props.max)}
        shouldDisableDate={(date) => props.refusalOf(toCalendarDate(date)) !== undefined}
        onMonthChange={(date) => props.onMonthChange(toCalendarDate(date))}
        onChange={(date: Date | null) => {
          if (date) props.onChange(toCalendarDate(date));
        }}
        slotProps={{
          day: (ownerState) => {
            const date = toCalendarDate(ownerState.day);
            const reason =
              date >= props.min && date <= props.max ? props.refusalOf(date) : undefined;
            return reason
              ? // The day in words: the button's visible number is a word of its name (what a
                // speech input user says to press it; axe's label-content-name-mismatch).
                { title: reason, 'aria-label': `${formatWeekdayLongDate(date)}: ${reason}` }
              : {};
          },
        }}
      />
    </LocalizationProvider>
  );
}
