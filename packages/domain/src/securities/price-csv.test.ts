import { describe, expect, it } from 'vitest';
import { csvRecords, parsePriceCsv } from './price-csv.ts';
import { securityMessages } from './contracts.ts';

const today = '2026-03-13';

describe('price CSV', () => {
  it('reads quoted fields, CRLF line ends, a BOM and blank lines, keeping line numbers', () => {
    const text = '\ufeffsymbol,date,close\r\n"AAPL","2024-01-02","185.64"\r\n\r\n"BRK.B",2024-01-02,"3""60"\nMSFT,2024-01-02,"37\n5.0"\n';
    expect(csvRecords(text)).toEqual([
      { line: 1, fields: ['symbol', 'date', 'close'] },
      { line: 2, fields: ['AAPL', '2024-01-02', '185.64'] },
      { line: 3, fields: [''] },
      { line: 4, fields: ['BRK.B', '2024-01-02', '3"60'] },
      { line: 5, fields: ['MSFT', '2024-01-02', '37\n5.0'] },
    ]);
  });

  it('accepts columns in any order and case, ignores extra ones, upper-cases symbols', () => {
    const result = parsePriceCsv('Date,Close,Volume,Symbol\n2024-01-02,185.64,1000,aapl\n2024-01-03, 184.25 ,900, AAPL \n', { today });
    expect(result).toEqual({
      ok: true,
      rows: [
        { line: 2, symbol: 'AAPL', date: '2024-01-02', close: 185.64 },
        { line: 3, symbol: 'AAPL', date: '2024-01-03', close: 184.25 },
      ],
      rejected: [],
    });
  });

  it('rejects bad rows with a reason each and keeps the good ones', () => {
    const text = [
      'symbol,date,close',
      'AAPL,2024-01-02,185.64', // 2 good
      'AAPL,2024-13-01,185', // 3 bad date
      'AAPL,01/02/2024,185', // 4 bad date
      'AAPL,2026-03-16,185', // 5 future
      'AAPL,2024-01-06,185', // 6 Saturday
      'AAPL,2024-12-25,185', // 7 holiday
      'AAPL,2024-01-03,0', // 8 zero
      'AAPL,2024-01-03,-4', // 9 negative
      'AAPL,2024-01-03,abc', // 10 text
      'AAPL,2024-01-03,1e3', // 11 exponent
      'AAPL,2024-01-03,0.00004', // 12 below the smallest step
      'AAPL,2024-01-03', // 13 missing close
      ',2024-01-03,', // 14 missing symbol and close
      'aapl,2024-01-02,186', // 15 duplicate of 2
      'AAPL,2024-01-03,184.25', // 16 good
      'AAPL,2024-01-04,99999999999999', // 17 too large for numeric(18,4)
    ].join('\n');
    const result = parsePriceCsv(text, { today });
    if (!result.ok) throw new Error(result.message);
    expect(result.rows.map((row) => row.line)).toEqual([2, 16]);
    expect(result.rejected).toEqual([
      { line: 3, reason: "Invalid date '2024-13-01': write it YYYY-MM-DD" },
      { line: 4, reason: "Invalid date '01/02/2024': write it YYYY-MM-DD" },
      { line: 5, reason: 'Date 2026-03-16 is in the future' },
      { line: 6, reason: '2024-01-06 is not a trading day (weekend or market holiday)' },
      { line: 7, reason: '2024-12-25 is not a trading day (weekend or market holiday)' },
      { line: 8, reason: "Close must be a positive number in digits, like 123.45 (got '0')" },
      { line: 9, reason: "Close must be a positive number in digits, like 123.45 (got '-4')" },
      { line: 10, reason: "Close must be a positive number in digits, like 123.45 (got 'abc')" },
      { line: 11, reason: "Close must be a positive number in digits, like 123.45 (got '1e3')" },
      { line: 12, reason: 'Close 0.00004 is below 0.0001, the smallest price kept' },
      { line: 13, reason: 'Missing column: close' },
      { line: 14, reason: 'Missing columns: symbol, close' },
      { line: 15, reason: 'Duplicate of line 2 (AAPL 2024-01-02)' },
      { line: 17, reason: 'Close 99999999999999 is too large: a close must be below 10,000,000,000,000' },
    ]);
  });

  it('accepts today but not tomorrow', () => {
    const result = parsePriceCsv('symbol,date,close\nAAPL,2026-03-13,1\nAAPL,2026-03-14,1', { today });
    expect(result.ok && result.rows.map((row) => row.date)).toEqual(['2026-03-13']);
  });

  it('fails a file without the needed header, without rows, or with too many rows', () => {
    expect(parsePriceCsv('', { today })).toEqual({ ok: false, problem: 'empty', message: securityMessages.csvEmpty });
    expect(parsePriceCsv('\n \n', { today })).toMatchObject({ ok: false, problem: 'empty' });
    expect(parsePriceCsv('AAPL,2024-01-02,185.64\n', { today })).toEqual({
      ok: false,
      problem: 'header',
      message: 'The CSV header must name the columns symbol, date and close (missing: symbol, date, close)',
    });
    expect(parsePriceCsv('symbol,date,price\nAAPL,2024-01-02,1', { today })).toMatchObject({
      ok: false,
      message: securityMessages.csvHeaderMissing(['close']),
    });
    expect(parsePriceCsv('symbol,date,close\n', { today })).toMatchObject({ ok: false, problem: 'no-rows' });
    const rows = Array.from({ length: 11 }, () => 'AAPL,2024-01-02,1').join('\n');
    expect(parsePriceCsv(`symbol,date,close\n${rows}`, { today, maxRows: 10 })).toMatchObject({ ok: false, problem: 'too-many-rows' });
    expect(parsePriceCsv(`symbol,date,close\n${rows}`, { today, maxRows: 11 })).toMatchObject({ ok: true });
  });
});
