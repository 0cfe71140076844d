/**
 * A draft's creation moment as the Documents link shows it (spec 001 section 2): M/d/yy, h:mm:ss,
 * e.g. '3/7/26, 2:05:09'. The spec's pattern has no AM/PM and it is followed as written.
 *
 * Decision (the spec is silent on the zone): a moment with a zone ('Z' or '+02:00') is shown in
 * the institution's time zone; one without is taken as already in it and shown as written.
 */
export function formatDraftCreationDate(creationDate: string, timeZone: string): string {
  const zoned = /(Z|[+-]\d{2}:\d{2})$/.test(creationDate);
  let parts: {
    year: number;
    month: number;
    day: number;
    hour: number;
    minute: number;
    second: number;
  };
  if (zoned) {
    const instant = new Date(creationDate);
    if (Number.isNaN(instant.getTime())) return creationDate;
    const formatted = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    }).formatToParts(instant);
    const part = (type: Intl.DateTimeFormatPartTypes) =>
      Number(formatted.find((entry) => entry.type === type)?.value ?? '0');
    parts = {
      year: part('year'),
      month: part('month'),
      day: part('day'),
      hour: part('hour'),
      minute: part('minute'),
      second: part('second'),
    };
  } else {
    const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})/.exec(creationDate);
    if (!match) return creationDate;
    const [, year, month, day, hour, minute, second] = match.map(Number);
    parts = {
      year: year ?? 0,
      month: month ?? 0,
      day: day ?? 0,
      hour: hour ?? 0,
      minute: minute ?? 0,
      second: second ?? 0,
    };
  }
  const twoDigits = (n: number) => String(n).padStart(2, '0');
  const hour12 = parts.hour % 12 === 0 ? 12 : parts.hour % 12;
  return `${parts.month}/${parts.day}/${twoDigits(parts.year % 100)}, ${hour12}:${twoDigits(parts.minute)}:${twoDigits(parts.second)}`;
}
