import { describe, expect, it } from 'vitest';
import { errorList, errorText, httpErrorMessage, serverMessage } from './error-text.ts';

const validation = {
  detail: [
    { type: 'invalid_format', loc: ['body', 'email'], msg: 'Please enter a valid email address', input: 'x', ctx: {} },
    { type: 'too_small', loc: ['body', 'password'], msg: '', input: '' },
    'Phone looks wrong',
  ],
};

describe('errorText (generic error text helper, spec §8)', () => {
  it('returns a string as it is', () => expect(errorText('Plain text')).toBe('Plain text'));

  it('reads response data that is a string', () => expect(errorText({ status: 500, data: 'Upstream exploded' })).toBe('Upstream exploded'));

  it('reads detail, then message', () => {
    expect(errorText({ status: 401, data: { detail: 'Incorrect email or password', message: 'no' } })).toBe('Incorrect email or password');
    expect(errorText({ status: 400, data: { message: 'From message' } })).toBe('From message');
  });

  it("joins a validation list with ', ' and falls back to 'Validation error' per item", () =>
    expect(errorText({ status: 422, data: validation })).toBe('Please enter a valid email address, Validation error, Phone looks wrong'));

  it('gives the server message on 429, else the wait-a-moment text', () => {
    expect(errorText({ status: 429, data: { detail: 'Maximum 100 requests per minute allowed' } })).toBe(
      'Maximum 100 requests per minute allowed',
    );
    expect(errorText({ status: 429, data: null })).toBe('Too many requests. Please wait a moment and try again.');
  });

  it("defaults to 'An error occurred', or the screen's default", () => {
    expect(errorText({ status: 500, data: {} })).toBe('An error occurred');
    expect(errorText(undefined)).toBe('An error occurred');
    expect(errorText({ status: 500, data: {} }, 'Login failed. Please check your credentials.')).toBe(
      'Login failed. Please check your credentials.',
    );
  });

  it('says the server is unreachable when no answer came (never a fake success)', () => {
    expect(errorText({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }, 'Login failed.')).toBe(
      'Network error: Unable to reach the server',
    );
    expect(errorText({ status: 'TIMEOUT_ERROR', error: 'AbortError' })).toBe('Network error: Unable to reach the server');
  });
});

describe('httpErrorMessage (HTTP-level messages, spec §8)', () => {
  it('429 gives the rate-limit text', () =>
    expect(httpErrorMessage({ status: 429, data: { detail: 'whatever' } })).toBe('Maximum 100 requests per minute allowed'));

  it('401 gives the session-expired text', () =>
    expect(httpErrorMessage({ status: 401, data: { detail: 'Not authenticated' } })).toBe('Session expired. Please log in again.'));

  it('other answers give message, else detail, else Server error: {status}', () => {
    expect(httpErrorMessage({ status: 400, data: { message: 'Bad thing', detail: 'ignored' } })).toBe('Bad thing');
    expect(httpErrorMessage({ status: 404, data: { detail: 'Not found' } })).toBe('Not found');
    expect(httpErrorMessage({ status: 422, data: validation })).toBe(
      'Please enter a valid email address, Validation error, Phone looks wrong',
    );
    expect(httpErrorMessage({ status: 503, data: null })).toBe('Server error: 503');
  });

  it('no answer gives the network error text', () =>
    expect(httpErrorMessage({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBe(
      'Network error: Unable to reach the server',
    ));

  it('any other failure gives Request failed: {message}', () => {
    expect(httpErrorMessage({ status: 'PARSING_ERROR', error: 'Unexpected token <' })).toBe('Request failed: Unexpected token <');
    expect(httpErrorMessage(new Error('boom'))).toBe('Request failed: boom');
  });
});

describe('serverMessage and errorList', () => {
  it('finds no message in empty bodies', () => {
    expect(serverMessage('')).toBeNull();
    expect(serverMessage({})).toBeNull();
    expect(serverMessage(null)).toBeNull();
  });

  it('lists validation problems one by one', () => {
    expect(errorList({ status: 422, data: validation })).toEqual([
      'Please enter a valid email address',
      'Validation error',
      'Phone looks wrong',
    ]);
    expect(errorList({ status: 400, data: { detail: 'Current password is incorrect' } })).toBeNull();
  });
});
