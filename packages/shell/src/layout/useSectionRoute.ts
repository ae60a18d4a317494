// The current section lives in the URL (`/orders`), so reload, back/forward and shared links land on
// the same section; the root (and a path the composition does not know) shows the first section.
import { useCallback, useEffect, useState } from 'react';
import type { Composition } from '@growth-admin/shared-client';
import { isKnownPath, pathForSection, routeFor, type Route } from '../sections/routes';

export function useSectionRoute(composition: Composition, basePath: string): [Route | null, (path: string) => void] {
  const read = useCallback(() => routeFor(composition, window.location.pathname, basePath), [composition, basePath]);
  const [route, setRoute] = useState<Route | null>(read);

  useEffect(() => {
    // An unknown path shows the first section at the root rather than a page that does not exist.
    if (!isKnownPath(composition, window.location.pathname, basePath)) window.history.replaceState(null, '', basePath);
    const onPop = () => setRoute(read());
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [composition, basePath, read]);

  const navigate = useCallback(
    (path: string) => {
      const target = pathForSection(path, basePath);
      if (window.location.pathname !== target) window.history.pushState(null, '', target);
      setRoute(read());
    },
    [basePath, read],
  );
  return [route, navigate];
}
