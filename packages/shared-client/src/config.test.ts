import type * as ConfigModule from './config';
import { ApiError, toApiError } from './errors';

/** A fresh copy of the config module, as on a page that has not configured the client yet. */
function freshConfig(): typeof ConfigModule {
  let mod: typeof ConfigModule | undefined;
  jest.isolateModules(() => {
    mod = jest.requireActual<typeof ConfigModule>('./config');
  });
  if (!mod) throw new Error('config module did not load');
  return mod;
}

describe('client configuration', () => {
  it('is unconfigured at first, and says how to fix it', () => {
    const config = freshConfig();
    expect(config.isClientConfigured()).toBe(false);
    expect(() => config.getClientConfig()).toThrow('call configureClient() first');
    expect(() => config.setUnauthorizedHandler(() => undefined)).toThrow(/configureClient\(\) must be called/);
  });

  it('keeps what configureClient() was given, without trailing slashes on the base URL', () => {
    const config = freshConfig();
    config.configureClient({ apiBaseUrl: 'http://localhost:4000///', signingKey: 'k', directImageHosts: ['a.com'] });
    expect(config.isClientConfigured()).toBe(true);
    expect(config.getClientConfig()).toEqual({
      apiBaseUrl: 'http://localhost:4000',
      signingKey: 'k',
      directImageHosts: ['a.com'],
    });
  });

  it('replaces the whole configuration on a second call', () => {
    const config = freshConfig();
    config.configureClient({ apiBaseUrl: 'http://a', signingKey: 'k1', onUnauthorized: () => undefined });
    config.configureClient({ apiBaseUrl: 'http://b', signingKey: 'k2' });
    expect(config.getClientConfig()).toEqual({ apiBaseUrl: 'http://b', signingKey: 'k2' });
  });

  it('sets, replaces and removes the 401 handler without touching the rest', () => {
    const config = freshConfig();
    config.configureClient({ apiBaseUrl: 'http://a', signingKey: 'k' });
    const handler = jest.fn();
    config.setUnauthorizedHandler(handler);
    expect(config.getClientConfig()).toMatchObject({ apiBaseUrl: 'http://a', signingKey: 'k', onUnauthorized: handler });
    config.setUnauthorizedHandler(undefined);
    expect(config.getClientConfig().onUnauthorized).toBeUndefined();
    expect(config.getClientConfig().signingKey).toBe('k');
  });

  it('does not keep a reference to the caller object', () => {
    const config = freshConfig();
    const input = { apiBaseUrl: 'http://a', signingKey: 'k' };
    config.configureClient(input);
    input.signingKey = 'changed';
    expect(config.getClientConfig().signingKey).toBe('k');
  });
});

describe('ApiError and toApiError', () => {
  it('is an Error with a message, a status (500 by default) and an optional code', () => {
    const error = new ApiError('Nope');
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: 'ApiError', message: 'Nope', status: 500, code: undefined });
    expect(new ApiError('Gone', 404, 'NOT_FOUND')).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('keeps an ApiError as it is', () => {
    const error = new ApiError('Nope', 409, 'CONFLICT');
    expect(toApiError(error)).toBe(error);
  });

  it('wraps other errors and thrown values with status 500', () => {
    expect(toApiError(new TypeError('bad'))).toMatchObject({ message: 'bad', status: 500 });
    expect(toApiError(new Error(''))).toMatchObject({ message: 'Request failed', status: 500 });
    expect(toApiError('plain text')).toMatchObject({ message: 'plain text', status: 500 });
    expect(toApiError('')).toMatchObject({ message: 'Request failed', status: 500 });
    expect(toApiError(undefined)).toMatchObject({ message: 'Request failed', status: 500 });
    expect(toApiError({ message: 'not an Error' })).toMatchObject({ message: 'Request failed', status: 500 });
    expect(toApiError(42)).toBeInstanceOf(ApiError);
  });
});
