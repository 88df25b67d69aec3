import { describe, expect, it } from 'vitest';
import {
  addMonths,
  isIsoDate,
  isTradingDay,
  lastTradingDayOnOrBefore,
  marketDate,
  marketHolidays,
  tradingDaysBetween,
} from './trading-calendar.ts';

const tradingDaysIn = (year: number) => tradingDaysBetween(`${year}-01-01`, `${year}-12-31`).length;

describe('trading calendar', () => {
  it('counts the NYSE trading days of recent years exactly', () => {
    expect(tradingDaysIn(2021)).toBe(252);
    expect(tradingDaysIn(2022)).toBe(251);
    expect(tradingDaysIn(2023)).toBe(250);
    expect(tradingDaysIn(2024)).toBe(252);
  });

  it('knows the holidays of 2022, with weekend observance', () => {
    expect(marketHolidays(2022).map((holiday) => holiday.date)).toEqual([
      // New Year's Day fell on a Saturday: not observed on Friday 2021-12-31.
      '2022-01-17',
      '2022-02-21',
      '2022-04-15',
      '2022-05-30',
      '2022-06-20',
      '2022-07-04',
      '2022-09-05',
      '2022-11-24',
      '2022-12-26',
    ]);
    expect(isTradingDay('2021-12-31')).toBe(true);
    expect(isTradingDay('2021-12-24')).toBe(false); // Christmas on a Saturday, observed Friday
    expect(isTradingDay('2023-01-02')).toBe(false); // New Year on a Sunday, observed Monday
  });

  it('observes Juneteenth from 2022 only, and Good Friday from Easter', () => {
    expect(isTradingDay('2021-06-18')).toBe(true);
    expect(isTradingDay('2027-06-18')).toBe(false); // Saturday the 19th, observed Friday
    expect(isTradingDay('2026-04-03')).toBe(false); // Good Friday 2026
    expect(isTradingDay('2025-04-18')).toBe(false); // Good Friday 2025
    expect(isTradingDay('2024-11-28')).toBe(false); // Thanksgiving
    expect(isTradingDay('2024-11-29')).toBe(true);
  });

  it('never lists a weekend or a holiday', () => {
    const days = tradingDaysBetween('2019-01-01', '2026-12-31');
    for (const day of days) {
      const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
      expect(weekday, day).not.toBe(0);
      expect(weekday, day).not.toBe(6);
      const holidays = marketHolidays(Number(day.slice(0, 4))).map((holiday) => holiday.date);
      expect(holidays, day).not.toContain(day);
    }
    expect(days.length / 8).toBeGreaterThan(249);
    expect(days.length / 8).toBeLessThan(254);
  });

  it('finds the last trading day on or before a date', () => {
    expect(lastTradingDayOnOrBefore('2024-07-05')).toBe('2024-07-05');
    expect(lastTradingDayOnOrBefore('2024-07-07')).toBe('2024-07-05'); // Sunday
    expect(lastTradingDayOnOrBefore('2024-07-04')).toBe('2024-07-03'); // holiday
    expect(lastTradingDayOnOrBefore('2024-01-01')).toBe('2023-12-29');
  });

  it('validates dates and steps months with the month end clamped', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2024-1-02')).toBe(false);
    expect(isIsoDate('yesterday')).toBe(false);
    expect(addMonths('2024-03-31', -1)).toBe('2024-02-29');
    expect(addMonths('2024-01-15', -12)).toBe('2023-01-15');
    expect(addMonths('2024-11-30', 3)).toBe('2025-02-28');
  });

  it('takes "today" in New York', () => {
    expect(marketDate(new Date('2024-07-05T03:00:00Z'))).toBe('2024-07-04'); // 11 pm on the 4th in New York
    expect(marketDate(new Date('2024-07-05T15:00:00Z'))).toBe('2024-07-05');
  });
});
