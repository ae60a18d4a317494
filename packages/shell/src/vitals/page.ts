// The page's collector of real-user measurements (collector.ts), over the page's composition.
import { shellRuntime } from '../sections/shellRuntime';
import { VitalsCollector } from './collector';

let collector: VitalsCollector | null = null;

export function pageVitals(): VitalsCollector {
  collector ??= new VitalsCollector({ releaseOf: (remote) => shellRuntime()?.releaseOf(remote), now: () => Date.now() });
  return collector;
}

/** Tests: forget the page's collector. */
export function resetPageVitals(): void {
  collector = null;
}
