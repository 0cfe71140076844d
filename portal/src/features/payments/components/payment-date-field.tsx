import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { addDays, formatUsDate, isCalendarDate, type CalendarDate } from '@portal/domain';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { InputField } from '../../../components/masked-input/input-field';

const loadCalendar = () => import('./payment-date-calendar');
const PaymentDateCalendar = lazy(loadCalendar);

interface PaymentDateFieldProps {
  label: string;
  /** 'YYYY-MM-DD', or '' when none is chosen. */
  value: string;
  onChange(date: string): void;
  /** The earliest and latest dates the calendar shows as choosable (others are disabled). */
  min: CalendarDate;
  max: CalendarDate;
  disabled?: boolean;
  errorMessage?: string | undefined;
  /** A date taken but worth a word (after the due date: the payment would be late). */
  warningMessage?: string | undefined;
  /**
   * Why the rules refuse a date between min and max (the settings text of its issue), or
   * undefined when it may be chosen: the calendar disables it and says why.
   */
  refusalOf(date: CalendarDate): string | undefined;
  calendarButtonLabel: string;
  unavailableHeading: string;
  /** The spinner's name while the calendar loads. */
  loadingLabel: string;
}

/** The refused dates of one month within min and max, grouped by their reason. */
function refusalsOfMonth(
  month: CalendarDate,
  props: Pick<PaymentDateFieldProps, 'min' | 'max' | 'refusalOf'>,
): { reason: string; dates: CalendarDate[] }[] {
  const groups = new Map<string, CalendarDate[]>();
  for (let date = `${month.slice(0, 7)}-01`; date.slice(0, 7) === month.slice(0, 7);) {
    if (date >= props.min && date <= props.max) {
      const reason = props.refusalOf(date);
      if (reason) groups.set(reason, [...(groups.get(reason) ?? []), date]);
    }
    date = addDays(date, 1);
  }
  return [...groups].map(([reason, dates]) => ({ reason, dates }));
}

/**
 * A payment date: typed in the field (the browser's date input, which keeps the keyboard entry
 * and the phone's own wheel), or picked from the calendar beside it, where every date the rules
 * refuse (a weekend the institution refuses, a holiday, today after the ACH cut-off, the
 * small-dollar window...) is disabled and says why: on the day itself (its name and title) and in
 * the list of the month's unavailable dates under the calendar (issue 20, item 2: dates were
 * accepted and then refused). A refused date typed anyway shows its reason under the field.
 * The browser's own picker button is hidden: it cannot disable single dates.
 *
 * The calendar (payment-date-calendar.tsx) loads when the button is first pointed at, focused or
 * pressed.
 */
export function PaymentDateField(props: PaymentDateFieldProps) {
  const button = useRef<HTMLButtonElement>(null);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = anchor !== null;
  const close = () => setAnchor(null);
  const chosen = isCalendarDate(props.value) ? props.value : undefined;
  const [month, setMonth] = useState<CalendarDate>(chosen ?? props.min);
  const headingId = useId();
  const refusals = open ? refusalsOfMonth(month, props) : [];

  return (
    <>
      <InputField
        label={props.label}
        type="date"
        value={props.value}
        disabled={props.disabled}
        onChange={(event) => props.onChange(event.target.value)}
        inputProps={{ min: props.min, max: props.max }}
        sx={{ '& input::-webkit-calendar-picker-indicator': { display: 'none' } }}
        endAdornment={
          <InputAdornment position="end">
            <IconButton
              ref={button}
              edge="end"
              aria-label={props.calendarButtonLabel}
              aria-haspopup="dialog"
              aria-expanded={open}
              disabled={props.disabled}
              onPointerEnter={() => void loadCalendar()}
              onFocus={() => void loadCalendar()}
              onClick={(event) => {
                setMonth(chosen ?? props.min);
                setAnchor(event.currentTarget);
              }}
            >
              <CalendarMonthOutlined />
            </IconButton>
          </InputAdornment>
        }
        errorMessage={props.errorMessage}
        warningMessage={props.errorMessage ? undefined : props.warningMessage}
      />
      <Popover
        open={open}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: { role: 'dialog', 'aria-label': props.label, sx: { maxWidth: 340 } },
        }}
      >
        <Suspense fallback={<CircularProgress aria-label={props.loadingLabel} sx={{ m: 2 }} />}>
          <PaymentDateCalendar
            value={chosen}
            min={props.min}
            max={props.max}
            refusalOf={props.refusalOf}
            onMonthChange={setMonth}
            onChange={(date) => {
              props.onChange(date);
              close();
              button.current?.focus();
            }}
          />
        </Suspense>
        {refusals.length > 0 ? (
          <Stack
            component="section"
            aria-labelledby={headingId}
            spacing={0.5}
            sx={{ px: 2, pb: 2 }}
          >
            <Typography id={headingId} variant="subtitle2" component="h3">
              {props.unavailableHeading}
            </Typography>
            <Stack component="ul" spacing={0.5} sx={{ m: 0, pl: 2 }}>
              {refusals.map((group) => (
                <Typography component="li" variant="body2" key={group.reason}>
                  {group.dates.map((date) => formatUsDate(date).slice(0, 5)).join(', ')}:{' '}
                  {group.reason}
                </Typography>
              ))}
            </Stack>
          </Stack>
        ) : null}
      </Popover>
    </>
  );
}
