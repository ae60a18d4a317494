// Starts the real-user measurements' observers once per page, when the browser is idle after the
// first screen has drawn: web-vitals and the observers are a chunk of their own, which nothing of
// the first screen waits for.
import { getToken } from '@growth-admin/shared-client';
import { whenIdle } from '../sections/whenIdle';
import { pageVitals } from './page';

let started = false;

export function startVitalsWhenIdle(
  config: { remotes: Record<string, string>; apiBaseUrl: string; filesOf?: (remote: string) => string | undefined },
  load = () => import(/* webpackChunkName: "vitals" */ './observe'),
): void {
  if (started) return;
  started = true;
  whenIdle(() => {
    load()
      .then(({ observeVitals }) => observeVitals({ collector: pageVitals(), remotes: config.remotes, filesOf: config.filesOf, apiBaseUrl: config.apiBaseUrl, token: getToken }))
      .catch(() => undefined); // no measurements on this page; nothing else depends on them
  }, 5000);
}

/** Tests: start again. */
export function resetVitalsStart(): void {
  started = false;
}
