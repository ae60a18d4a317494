// `@growth-admin/shared-client`: the singleton core, what must be one instance in the page (the
// shell's copy serves every remote). Its exported surface is recorded in surface.json and listed in
// the README; the UI every screen draws with is `@growth-admin/ui-kit`, which is not a singleton.
// Nothing here imports React, antd or React Query: the shell's login screen loads this entry alone.

// The entity and answer types (the API contract's, as types), SectionProps and the toasts' API.
export * from './types';
// The shell/remote contract: the extension slots' versions and props.
export * from './slots';
export { SHARED_CLIENT_VERSION } from './version';

// Configuration, set at run time by the shell (or a standalone harness).
export { configureClient, getClientConfig, type ClientConfig } from './config';
// The token store and its session events (this tab and the others).
export { clearSession, getSession, getToken, SESSION_STORAGE_KEY, setSession, subscribeSession, type StoredSession } from './tokenStore';
// The signed client: one typed call over the API contract's routes, the untyped request under it,
// its errors, the Idempotency-Key of a user action, and the step-up prompt it asks.
export { call, type ApiPath, type DataOf, type MethodOf } from './typedCall';
export { request, type QueryValue, type RequestOptions } from './http';
export { ApiError, toApiError } from './errors';
export { createActionKeys, type ActionKeys } from './idempotency';
export { confirmStepUp, setStepUpPrompt, STEP_UP_CANCELLED_MESSAGE, type StepUpPrompt } from './stepUp';
export { throttleMessage, throttleRefusalOf, type ThrottleRefusal } from './throttle';
// The calls the shell itself makes, and the dashboard's loads it shares with the analytics remote.
export { browserTimeZone, getMe, login, logout, reauthenticate, reportReleaseFailure, type TrendRange } from './api';
export { DASHBOARD_DEFAULT_PERIOD, dashboardLoads } from './dashboardLoads';
// The React Query keys several packages must agree on.
export { queryKeys } from './queryKeys';
// The appearance choice: one store, which the shell switches and every screen follows.
export { APPEARANCE_STORAGE_KEY, DEFAULT_APPEARANCE, getAppearance, setAppearance, subscribeAppearance, type Appearance } from './appearanceStore';
// What each role is offered (SectionProps.user.role).
export { canChange, hasRole } from './roles';
// Avatar URLs through the API's image proxy, except the configured direct hosts.
export { avatarProxyUrl } from './avatar';
