import { describe, expect, it } from 'vitest';
import { ApiError, describeErrorBody, errorMessage } from './errors';

describe('describeErrorBody', () => {
  it('uses the server detail as is', () => {
    expect(describeErrorBody({ detail: 'chapter 5 would leave a gap: the next chapter is 4' }, 409)).toBe(
      'chapter 5 would leave a gap: the next chapter is 4',
    );
  });

  it('turns a validation list into one sentence', () => {
    const body = { detail: [{ loc: ['body', 'title'], msg: 'Field required', type: 'missing' }, { loc: ['query', 'cap'], msg: 'Input should be a valid integer' }] };
    expect(describeErrorBody(body, 422)).toBe('title: Field required; cap: Input should be a valid integer');
  });

  it('says something sensible without a body', () => {
    expect(describeErrorBody(undefined, 404)).toBe('Not found.');
    expect(describeErrorBody('<html>', 502)).toMatch(/server had a problem/);
  });
});

describe('errorMessage', () => {
  it('explains a network failure', () => {
    expect(errorMessage(new TypeError('Failed to fetch'))).toMatch(/Could not reach/);
    expect(errorMessage(new ApiError(400, 'The text is empty.'))).toBe('The text is empty.');
  });
});
