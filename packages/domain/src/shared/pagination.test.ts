import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { pageMessages } from './messages.ts';
import { pageInfo, pageMax, pageOf, pageQuery, pagesFor, pageTotal, pageWindow, perPageMax, perPageOf, wholeNumber } from './pagination.ts';

const messagesOf = (result: { error?: { issues: Array<{ path: PropertyKey[]; message: string }> } | undefined }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('wholeNumber', () => {
  const schema = wholeNumber('n must be a whole number from 2 to 5', 2, 5);

  it('reads a whole number from query text', () => {
    expect(schema.parse('3')).toBe(3);
    expect(schema.parse(5)).toBe(5);
  });

  it('refuses anything else with its one message', () => {
    for (const value of ['1', '6', '2.5', 'x', '']) {
      expect(
        schema.safeParse(value).error?.issues.map((issue) => issue.message),
        value,
      ).toEqual(['n must be a whole number from 2 to 5']);
    }
  });

  it('has no upper bound unless given one', () => {
    expect(wholeNumber('at least 1', 1).parse('1000000')).toBe(1_000_000);
  });
});

describe('pageQuery', () => {
  it('names the largest page in its messages', () => {
    expect(pageMessages.perPageInvalid).toContain(String(perPageMax));
    expect(pageMessages.limitInvalid).toContain(String(perPageMax));
    expect(pageMessages.pageTooLarge).toContain(pageMax.toLocaleString('en-US'));
  });

  it('defaults to the first page of the list’s default size', () => {
    const schema = z.object(pageQuery({ perPageDefault: 20 }));
    expect(schema.parse({})).toEqual({ page: 1, per_page: 20 });
    expect(schema.parse({ page: '3', per_page: '100' })).toEqual({ page: 3, per_page: 100 });
    expect(schema.parse({ limit: '5' })).toEqual({ page: 1, per_page: 20 });
  });

  it('refuses a page below 1 and a page size out of 1-100', () => {
    const schema = z.object(pageQuery({ perPageDefault: 20 }));
    expect(messagesOf(schema.safeParse({ page: '0' }))).toEqual([['page', pageMessages.pageInvalid]]);
    expect(messagesOf(schema.safeParse({ page: '1e400' }))).toEqual([['page', pageMessages.pageInvalid]]);
    for (const per_page of ['0', '101', '1.5', 'x']) {
      expect(messagesOf(schema.safeParse({ per_page })), per_page).toEqual([['per_page', pageMessages.perPageInvalid]]);
    }
  });

  it('refuses a page past the furthest one, whose offset could overflow', () => {
    const schema = z.object(pageQuery({ perPageDefault: 20 }));
    expect(schema.parse({ page: String(pageMax) }).page).toBe(pageMax);
    for (const page of [String(pageMax + 1), '1e15'])
      expect(messagesOf(schema.safeParse({ page })), page).toEqual([['page', pageMessages.pageTooLarge]]);
  });

  it('with limit, reads both names without a default and refuses each with its own message', () => {
    const schema = z.object(pageQuery({ perPageDefault: 20, limit: true }));
    expect(schema.parse({})).toEqual({ page: 1 });
    expect(schema.parse({ limit: '7', per_page: '9' })).toEqual({ page: 1, limit: 7, per_page: 9 });
    expect(messagesOf(schema.safeParse({ per_page: '101', limit: '0' }))).toEqual([
      ['per_page', pageMessages.perPageInvalid],
      ['limit', pageMessages.limitInvalid],
    ]);
  });
});

describe('perPageOf', () => {
  it('takes limit over per_page, and the default when neither is sent', () => {
    expect(perPageOf({ limit: 7, per_page: 9 }, 50)).toBe(7);
    expect(perPageOf({ per_page: 9 }, 50)).toBe(9);
    expect(perPageOf({}, 50)).toBe(50);
  });
});

describe('pageOf', () => {
  const schema = pageOf('things', z.object({ id: z.string() }));

  it('answers the items, then total, page, per_page and pages, in that order', () => {
    expect(Object.keys(schema.shape)).toEqual(['things', 'total', 'page', 'per_page', 'pages']);
    const answer = { things: [{ id: 'a' }], total: 3, page: 2, per_page: 1, pages: 3 };
    expect(JSON.stringify(schema.parse(answer))).toBe(JSON.stringify(answer));
  });

  it('describes the same JSON schema as the object written out', () => {
    const written = z.object({
      things: z.array(z.object({ id: z.string() })),
      total: z.number().int(),
      page: z.number().int(),
      per_page: z.number().int(),
      pages: z.number().int(),
    });
    expect(z.toJSONSchema(schema)).toEqual(z.toJSONSchema(written));
  });
});

describe('page arithmetic', () => {
  it('counts the pages of a total, none for no rows', () => {
    expect(pagesFor(0, 50)).toBe(0);
    expect(pagesFor(1, 50)).toBe(1);
    expect(pagesFor(100, 50)).toBe(2);
    expect(pagesFor(101, 50)).toBe(3);
  });

  it('turns a page into SQL limit and offset', () => {
    expect(pageWindow(1, 50)).toEqual({ limit: 50, offset: 0 });
    expect(pageWindow(3, 20)).toEqual({ limit: 20, offset: 40 });
  });

  it('gives the paging fields of an answer', () => {
    expect(pageInfo(5, 4, 2)).toEqual({ total: 5, page: 4, per_page: 2, pages: 3 });
    expect(Object.keys(pageInfo(0, 1, 50))).toEqual(['total', 'page', 'per_page', 'pages']);
  });
});

describe('pageTotal', () => {
  it('takes the total the rows carry, without counting again', async () => {
    const countAll = vi.fn(async () => 99);
    expect(await pageTotal([{ total: 12 }], 3, countAll)).toBe(12);
    expect(countAll).not.toHaveBeenCalled();
  });

  it('counts only for an empty page past the first', async () => {
    const countAll = vi.fn(async () => 7);
    expect(await pageTotal([], 1, countAll)).toBe(0);
    expect(countAll).not.toHaveBeenCalled();
    expect(await pageTotal([], 4, countAll)).toBe(7);
    expect(countAll).toHaveBeenCalledTimes(1);
  });
});
