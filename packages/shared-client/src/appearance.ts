// The appearance choice as a React hook; the store itself is appearanceStore.ts (React-free, in core).
import { useSyncExternalStore } from 'react';
import { DEFAULT_APPEARANCE, getAppearance, subscribeAppearance, type Appearance } from './appearanceStore';

export * from './appearanceStore';

/** The current appearance, re-rendering on every change (this tab or another). */
export function useAppearance(): Appearance {
  return useSyncExternalStore(subscribeAppearance, getAppearance, () => DEFAULT_APPEARANCE);
}
