// The password throttle's live countdown, for the login screen (its own entry,
// `@growth-admin/ui-kit/throttle-countdown`, bundled into the shell's login screen rather than
// loading the kit) and the step-up dialog.
import { useEffect, useRef, useState } from 'react';
import { throttleMessage, type ThrottleRefusal } from '@growth-admin/shared-client';

/**
 * Counts a refusal down, once a second, from when it is set: answers the sentence with the seconds
 * left (null when there is none, or once it is over) and sets a new one.
 */
export function useThrottleCountdown(): { message: string | null; active: boolean; start: (refusal: ThrottleRefusal | null) => void } {
  const [refusal, setRefusal] = useState<(ThrottleRefusal & { until: number }) | null>(null);
  const [now, setNow] = useState(() => Date.now());
  // Set when the refusal arrives (not in an effect): the count starts that very second.
  const timer = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  useEffect(() => () => clearInterval(timer.current), []);
  const secondsLeft = refusal ? Math.ceil((refusal.until - now) / 1000) : 0;
  const active = refusal !== null && secondsLeft > 0;
  return {
    message: active ? throttleMessage(refusal.code, secondsLeft) : null,
    active,
    start: (next) => {
      clearInterval(timer.current);
      const t = Date.now();
      const until = next ? t + next.seconds * 1000 : 0;
      setNow(t);
      setRefusal(next && { ...next, until });
      if (!next) return;
      timer.current = setInterval(() => {
        const at = Date.now();
        setNow(at);
        if (at >= until) {
          clearInterval(timer.current);
          setRefusal(null);
        }
      }, 1000);
    },
  };
}
