import { describe, expect, it } from 'vitest';
import { serverFieldErrors } from './field-errors.ts';

describe('serverFieldErrors', () => {
  it('maps a 422 body location to its field', () => {
    const error = { status: 422, data: { detail: [{ type: 'custom', loc: ['body', 'quantity'], msg: 'Only 10 shares held', input: 20 }] } };
    expect(serverFieldErrors(error)).toEqual({ quantity: 'Only 10 shares held' });
  });
  it('is null for other answers', () => {
    expect(serverFieldErrors({ status: 409, data: { detail: 'changed' } })).toBeNull();
    expect(serverFieldErrors({ status: 422, data: { detail: 'text' } })).toBeNull();
    expect(serverFieldErrors(new Error('x'))).toBeNull();
  });
});
