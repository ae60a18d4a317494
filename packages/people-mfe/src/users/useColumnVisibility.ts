import { useCallback, useState } from 'react';
import { type ColumnId, type ColumnVisibility, setColumnVisible } from './columns';
import { loadColumnVisibility, saveColumnVisibility } from './columnStorage';

/** The column choice, read once from storage and saved on every change. */
export function useColumnVisibility(): [
  ColumnVisibility,
  (id: ColumnId, visible: boolean) => void,
] {
  const [visibility, setVisibility] = useState<ColumnVisibility>(loadColumnVisibility);
  const toggle = useCallback((id: ColumnId, visible: boolean) => {
    setVisibility((current) => {
      const next = setColumnVisible(current, id, visible);
      saveColumnVisibility(next);
      return next;
    });
  }, []);
  return [visibility, toggle];
}
