import { describe, expect, it } from 'vitest';
import { idMaxLength, idSchema, pathId } from './ids.ts';
import { messages } from './messages.ts';

const id = '0b7f8a52-7c61-4a8e-9d8f-0a0a0a0a0a0a';

describe('idSchema', () => {
  const schema = idSchema('client_id must be a valid id');

  it('reads a UUID, trimmed', () => {
    expect(schema.parse(` ${id} `)).toBe(id);
  });

  it('refuses anything else, however long, with its one message', () => {
    for (const value of ['abc', 'x'.repeat(idMaxLength + 1), 'x'.repeat(100_000)]) {
      expect(
        schema.safeParse(value).error?.issues.map((issue) => issue.message),
        value.slice(0, 10),
      ).toEqual(['client_id must be a valid id']);
    }
  });
});

describe('pathId', () => {
  it('leaves the format to the lookup and refuses only an over-long id', () => {
    const schema = pathId('The client id');
    expect(schema.parse('AAPL')).toBe('AAPL');
    expect(schema.safeParse('x'.repeat(idMaxLength + 1)).error?.issues.map((issue) => issue.message)).toEqual([messages.idInvalid]);
  });
});
