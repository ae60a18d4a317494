import { Button, Flex, Tag } from 'antd';

export interface FilterChip {
  /** What narrows the list, as the admin reads it: 'Type: Like', 'Region: EU'. */
  label: string;
  onRemove(): void;
}

/**
 * The filters a list has beyond its visible controls (a dashboard drill-down's type or region), each
 * a tag with its own remove button, so the admin sees why the list is narrowed and can widen it.
 * Renders nothing when there are none.
 */
export function FilterChips({ chips }: { chips: readonly FilterChip[] }) {
  if (chips.length === 0) return null;
  return (
    <Flex gap={8} wrap="wrap" align="center" role="group" aria-label="Filters">
      {chips.map(({ label, onRemove }) => (
        <Tag key={label} color="blue" style={{ marginInlineEnd: 0, display: 'inline-flex', alignItems: 'center', gap: 4 }}>
          <span>{label}</span>
          <Button type="text" size="small" aria-label={`Remove filter ${label}`} onClick={onRemove} style={{ height: 20, width: 20, padding: 0, minWidth: 0 }}>
            <span aria-hidden>×</span>
          </Button>
        </Tag>
      ))}
    </Flex>
  );
}
