import { Card, Checkbox } from 'antd';
import { type ColumnId, type ColumnVisibility, USER_COLUMNS } from './columns';

interface Props {
  visibility: ColumnVisibility;
  onToggle: (id: ColumnId, visible: boolean) => void;
}

/** One checkbox per column; the user column is always on. */
export function ColumnCustomizer({ visibility, onToggle }: Props) {
  return (
    <Card size="small" id="user-column-options" style={{ marginBottom: 16 }}>
      <fieldset style={{ border: 0, margin: 0, padding: 0 }}>
        <legend style={{ fontWeight: 600, marginBottom: 8, fontSize: 14 }}>Visible columns</legend>
        <div
          style={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))',
            gap: 8,
          }}
        >
          {USER_COLUMNS.map((column) => (
            <Checkbox
              key={column.id}
              checked={!column.hideable || visibility[column.id]}
              disabled={!column.hideable}
              onChange={(event) => onToggle(column.id, event.target.checked)}
            >
              {column.title}
            </Checkbox>
          ))}
        </div>
      </fieldset>
    </Card>
  );
}
