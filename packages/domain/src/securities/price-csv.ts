import { securityLimits, securityMessages, type PriceImportRejection } from './contracts.ts';
import { isIsoDate, isTradingDay } from '../shared/trading-calendar.ts';

/**
 * Reading a price file (`symbol,date,close` with a header; RFC 4180 quoting; any line ending; extra
 * columns ignored). Rows are checked on their own here; whether a symbol exists is the server's part.
 */

export type PriceCsvRow = { line: number; symbol: string; date: string; close: number };

export type PriceCsvResult =
  | { ok: true; rows: PriceCsvRow[]; rejected: PriceImportRejection[] }
  | { ok: false; problem: 'empty' | 'header' | 'no-rows' | 'too-many-rows'; message: string };

type CsvRecord = { line: number; fields: string[] };

/** Splits CSV text into records, each with the line it starts on (a quoted field may span lines). */
export function csvRecords(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let index = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endRecord = () => {
    fields.push(field);
    records.push({ line: recordLine, fields });
    fields = [];
    field = '';
  };
  for (; index < text.length; index += 1) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"') {
        if (text[index + 1] === '"') {
          field += '"';
          index += 1;
        } else quoted = false;
      } else {
        if (char === '\n' || (char === '\r' && text[index + 1] !== '\n')) line += 1;
        field += char;
      }
    } else if (char === '"' && field.trim() === '') {
      field = '';
      quoted = true;
    } else if (char === ',') {
      fields.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      endRecord();
      line += 1;
      recordLine = line;
    } else field += char;
  }
  if (field !== '' || fields.length > 0) endRecord();
  return records;
}

const requiredColumns = ['symbol', 'date', 'close'] as const;
type Column = (typeof requiredColumns)[number];

const decimalPattern = /^(\d+(\.\d*)?|\.\d+)$/;
/** prices.close is numeric(18, 4): at most 14 digits before the point, and 0.0001 the smallest step. */
const maxClose = 1e13;
const minClose = 0.0001;

const shown = (value: string) => (value.length > 40 ? `${value.slice(0, 40)}…` : value);
const isBlank = (record: CsvRecord) => record.fields.every((value) => value.trim() === '');

/**
 * Parses and checks a price CSV. `today` (the market's date, YYYY-MM-DD) bounds the dates. A problem
 * with the file as a whole (empty, no header, too many rows) fails it; a bad row is only rejected.
 * Of two rows for the same symbol and day the first valid one is kept.
 */
export function parsePriceCsv(text: string, options: { today: string; maxRows?: number }): PriceCsvResult {
  const maxRows = options.maxRows ?? securityLimits.importMaxRows;
  const records = csvRecords(text).filter((record) => !isBlank(record));
  const header = records.shift();
  if (!header) return { ok: false, problem: 'empty', message: securityMessages.csvEmpty };
  const names = header.fields.map((name) => name.trim().toLowerCase());
  const position = {} as Record<Column, number>;
  const missing: string[] = [];
  for (const column of requiredColumns) {
    position[column] = names.indexOf(column);
    if (position[column] < 0) missing.push(column);
  }
  if (missing.length > 0) return { ok: false, problem: 'header', message: securityMessages.csvHeaderMissing(missing) };
  if (records.length === 0) return { ok: false, problem: 'no-rows', message: securityMessages.csvNoRows };
  if (records.length > maxRows) return { ok: false, problem: 'too-many-rows', message: securityMessages.csvTooManyRows };

  const rows: PriceCsvRow[] = [];
  const rejected: PriceImportRejection[] = [];
  const firstLineOf = new Map<string, number>();
  for (const { line, fields } of records) {
    const value = (column: Column) => (fields[position[column]] ?? '').trim();
    const absent = requiredColumns.filter((column) => value(column) === '');
    if (absent.length > 0) {
      rejected.push({ line, reason: `Missing column${absent.length > 1 ? 's' : ''}: ${absent.join(', ')}` });
      continue;
    }
    const symbol = value('symbol').toUpperCase();
    const date = value('date');
    const rawClose = value('close');
    let reason: string | null = null;
    if (!isIsoDate(date)) reason = `Invalid date '${shown(date)}': write it YYYY-MM-DD`;
    else if (date > options.today) reason = `Date ${date} is in the future`;
    else if (!isTradingDay(date)) reason = `${date} is not a trading day (weekend or market holiday)`;
    else if (!decimalPattern.test(rawClose) || !(Number(rawClose) > 0)) {
      reason = `Close must be a positive number in digits, like 123.45 (got '${shown(rawClose)}')`;
    } else if (Number(rawClose) >= maxClose)
      reason = `Close ${shown(rawClose)} is too large: a close must be below ${maxClose.toLocaleString('en-US')}`;
    else if (Number(rawClose) < minClose) reason = `Close ${rawClose} is below ${minClose}, the smallest price kept`;
    if (reason) {
      rejected.push({ line, reason });
      continue;
    }
    const key = `${symbol}|${date}`;
    const first = firstLineOf.get(key);
    if (first !== undefined) {
      rejected.push({ line, reason: `Duplicate of line ${first} (${symbol} ${date})` });
      continue;
    }
    firstLineOf.set(key, line);
    rows.push({ line, symbol, date, close: Number(rawClose) });
  }
  return { ok: true, rows, rejected };
}
