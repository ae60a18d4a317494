// The current section lives in the URL (`/orders`), so reload, back/forward and shared links
// land on the same section; the root shows Analytics.
import { useCallback, useEffect, useState } from 'react';
import { DEFAULT_SECTION, pathForSection, sectionFromPath, type SectionId } from '../sections/sections';

export function useSectionRoute(basePath: string): [SectionId, (id: SectionId) => void] {
  const read = useCallback(() => sectionFromPath(window.location.pathname, basePath) ?? DEFAULT_SECTION, [basePath]);
  const [section, setSection] = useState<SectionId>(read);

  useEffect(() => {
    // An unknown path shows Analytics at the root rather than a page that does not exist.
    if (sectionFromPath(window.location.pathname, basePath) === null && window.location.pathname !== basePath) {
      window.history.replaceState(null, '', basePath);
    }
    const onPop = () => setSection(read());
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [basePath, read]);

  const navigate = useCallback(
    (id: SectionId) => {
      const path = pathForSection(id, basePath);
      if (window.location.pathname !== path) window.history.pushState(null, '', path);
      setSection(id);
    },
    [basePath],
  );
  return [section, navigate];
}
