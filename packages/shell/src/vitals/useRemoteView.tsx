// A view of a remote (a section shown, a slot contribution drawn) for the real-user measurements:
// counted while `shown`, its content wrapped and the wrapper marked with the view's id, so the vitals
// of its elements are attributed to it.
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { VIEW_ATTRIBUTE } from './collector';
import { pageVitals } from './page';

const CONTENTS = { display: 'contents' } as const;

export function useRemoteView(remote: string, kind: 'section' | 'slot', target: string, shown: boolean): RefObject<HTMLDivElement | null> {
  const wrapper = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!shown) return;
    const vitals = pageVitals();
    const view = vitals.startView(remote, kind, target);
    const el = wrapper.current;
    if (view !== null) el?.setAttribute(VIEW_ATTRIBUTE, String(view));
    return () => {
      vitals.endView(view);
      el?.removeAttribute(VIEW_ATTRIBUTE);
    };
  }, [remote, kind, target, shown]);
  return wrapper;
}

/** The wrapper of a view's content (no box of its own: the layout is the content's). */
export function RemoteView({ wrapper, children }: { wrapper: RefObject<HTMLDivElement | null>; children: ReactNode }) {
  return (
    <div ref={wrapper} style={CONTENTS}>
      {children}
    </div>
  );
}
