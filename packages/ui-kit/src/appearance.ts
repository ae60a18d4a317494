// The appearance choice as a React hook; the store itself is shared-client's (appearanceStore.ts:
// one store in the singleton core, so the shell that switches it and every remote that reads it agree).
import { useSyncExternalStore } from 'react';
import { DEFAULT_APPEARANCE, getAppearance, subscribeAppearance, type Appearance } from '@growth-admin/shared-client';

/** The current appearance, re-rendering on every change (this tab or another). */
export function useAppearance(): Appearance {
  return useSyncExternalStore(subscribeAppearance, getAppearance, () => DEFAULT_APPEARANCE);
}
