/**
 * The US equity market calendar (NYSE): weekdays minus the exchange's regular holidays.
 * Dates are ISO strings (YYYY-MM-DD) on the calendar, with no time zone; internally a date is
 * its day number (days since 1970-01-01), which makes stepping and comparing exact.
 *
 * Regular holidays only: the one-off closures (national days of mourning, Hurricane Sandy) are not
 * known in advance and are not included.
 */

const msPerDay = 86_400_000;
const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Characters of an ISO date: a longer text is refused before it is parsed. */
export const isoDateLength = 'YYYY-MM-DD'.length;

/** True for a real calendar date written YYYY-MM-DD (2024-02-30 is not one). */
export function isIsoDate(value: string): boolean {
  const match = isoDatePattern.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Days since 1970-01-01 of an ISO date. Throws on anything that is not a real date. */
export function dayNumber(date: string): number {
  if (!isIsoDate(date)) throw new RangeError(`Not a date (YYYY-MM-DD): ${date}`);
  return Math.round(Date.parse(`${date}T00:00:00Z`) / msPerDay);
}

/** The ISO date of a day number. */
function fromDayNumber(day: number): string {
  return new Date(day * msPerDay).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday (1970-01-01 was a Thursday). */
const weekdayOf = (day: number) => (((day + 4) % 7) + 7) % 7;

const utcDay = (year: number, monthIndex: number, date: number) => Math.round(Date.UTC(year, monthIndex, date) / msPerDay);

/** The n-th (1-based) given weekday of a month; n = -1 for the last one. */
function nthWeekday(year: number, monthIndex: number, weekday: number, n: number): number {
  if (n > 0) {
    const first = utcDay(year, monthIndex, 1);
    return first + ((weekday - weekdayOf(first) + 7) % 7) + (n - 1) * 7;
  }
  const last = utcDay(year, monthIndex + 1, 0);
  return last - ((weekdayOf(last) - weekday + 7) % 7);
}

/** Easter Sunday (Gregorian; anonymous algorithm, a.k.a. Meeus/Jones/Butcher). */
function easterSunday(year: number): number {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return utcDay(year, month - 1, day);
}

/** A fixed-date holiday moved off the weekend: Saturday to Friday, Sunday to Monday. */
function observed(day: number): number {
  const weekday = weekdayOf(day);
  if (weekday === 6) return day - 1;
  if (weekday === 0) return day + 1;
  return day;
}

export type MarketHoliday = { date: string; name: string };

const holidayCache = new Map<number, MarketHoliday[]>();

/**
 * The NYSE's regular full-day holidays of a year, as observed. New Year's Day on a Saturday is not
 * observed on the Friday before (the exchange's rule: that Friday ends the previous year's books).
 */
export function marketHolidays(year: number): MarketHoliday[] {
  const cached = holidayCache.get(year);
  if (cached) return cached;
  const days: Array<[number | null, string]> = [];
  const newYear = utcDay(year, 0, 1);
  days.push([weekdayOf(newYear) === 6 ? null : observed(newYear), "New Year's Day"]);
  if (year >= 1998) days.push([nthWeekday(year, 0, 1, 3), 'Martin Luther King Jr. Day']);
  days.push([nthWeekday(year, 1, 1, 3), "Washington's Birthday (Presidents' Day)"]);
  days.push([easterSunday(year) - 2, 'Good Friday']);
  days.push([nthWeekday(year, 4, 1, -1), 'Memorial Day']);
  if (year >= 2022) days.push([observed(utcDay(year, 5, 19)), 'Juneteenth National Independence Day']);
  days.push([observed(utcDay(year, 6, 4)), 'Independence Day']);
  days.push([nthWeekday(year, 8, 1, 1), 'Labor Day']);
  days.push([nthWeekday(year, 10, 4, 4), 'Thanksgiving Day']);
  days.push([observed(utcDay(year, 11, 25)), 'Christmas Day']);
  const holidays = days
    .filter((entry): entry is [number, string] => entry[0] !== null)
    .map(([day, name]) => ({ date: fromDayNumber(day), name }));
  holidayCache.set(year, holidays);
  return holidays;
}

const holidaySetCache = new Map<number, Set<number>>();

function holidayDays(year: number): Set<number> {
  let set = holidaySetCache.get(year);
  if (!set) {
    set = new Set(marketHolidays(year).map((holiday) => dayNumber(holiday.date)));
    holidaySetCache.set(year, set);
  }
  return set;
}

function isTradingDayNumber(day: number): boolean {
  const weekday = weekdayOf(day);
  if (weekday === 0 || weekday === 6) return false;
  return !holidayDays(new Date(day * msPerDay).getUTCFullYear()).has(day);
}

/** True when the exchange is open on this date (a weekday that is not a market holiday). */
export function isTradingDay(date: string): boolean {
  return isTradingDayNumber(dayNumber(date));
}

/** Every trading day from `from` to `to`, both included, in order. */
export function tradingDaysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = dayNumber(from), last = dayNumber(to); day <= last; day += 1) {
    if (isTradingDayNumber(day)) days.push(fromDayNumber(day));
  }
  return days;
}

/** The latest trading day on or before a date. */
export function lastTradingDayOnOrBefore(date: string): string {
  let day = dayNumber(date);
  while (!isTradingDayNumber(day)) day -= 1;
  return fromDayNumber(day);
}

/** The date `days` calendar days after (negative: before) a date. */
export function addDays(date: string, days: number): string {
  return fromDayNumber(dayNumber(date) + days);
}

/** The same day `months` months later (negative: earlier), clamped to the month's end (03-31 − 1m = 02-28/29). */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

/** The exchange's time zone: "today" for market data is the date in New York. */
const marketTimeZone = 'America/New_York';

const newYorkDateFormat = new Intl.DateTimeFormat('en-CA', { timeZone: marketTimeZone, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar date in New York at an instant (en-CA formats as YYYY-MM-DD). */
export function marketDate(now: Date): string {
  return newYorkDateFormat.format(now);
}
