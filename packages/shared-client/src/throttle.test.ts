import { ApiError } from './errors';
import { throttleMessage, throttleRefusalOf, waitInWords } from './throttle';

test('a refusal of the password throttle is known by its code and status; its wait is Retry-After', () => {
  expect(throttleRefusalOf(new ApiError('x', 429, 'THROTTLED_SESSION', 42))).toEqual({ code: 'THROTTLED_SESSION', seconds: 42 });
  expect(throttleRefusalOf(new ApiError('x', 429, 'THROTTLED_ADDRESS'))).toEqual({ code: 'THROTTLED_ADDRESS', seconds: 1 });
  expect(throttleRefusalOf(new ApiError('x', 429, 'RATE_LIMITED', 5))).toBeNull(); // another 429
  expect(throttleRefusalOf(new ApiError('x', 403, 'WRONG_PASSWORD'))).toBeNull();
  expect(throttleRefusalOf(new Error('network'))).toBeNull();
});

test('the sentences name the limit and the wait, as the API says them', () => {
  expect(throttleMessage('THROTTLED_ACCOUNT_ADDRESS', 42)).toBe('Too many wrong passwords for this account from your network. Try again in 42 s.');
  expect(throttleMessage('THROTTLED_ADDRESS', 845)).toBe('Too many wrong passwords from your network. Try again in 14 min 5 s.');
  expect(throttleMessage('THROTTLED_SESSION', 0)).toBe('Too many wrong passwords in this session. Try again in 1 s.');
  expect([1, 89, 90, 600].map(waitInWords)).toEqual(['1 s', '89 s', '1 min 30 s', '10 min']);
});
