// The keyboard's way into a chart: a "View data" toggle, out of sight until it has the focus (the
// dashboard keeps its look), that opens a table of what the chart draws; each figure is a link to
// the list a click on that bar, point or slice opens.
import { useId, useState, type CSSProperties, type MouseEvent } from 'react';
import { Button, Table, Typography } from 'antd';
import { isPlainClick, navigateTo, sectionHref } from '@growth-admin/ui-kit/core';
import type { DataCell, DataTable } from './chartData';

/** Out of sight but focusable and read (the usual "visually hidden" rules). */
const HIDDEN: CSSProperties = { position: 'absolute', width: 1, height: 1, padding: 0, margin: -1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', border: 0 };

/** The toggle, for the card's header: shown while it has the focus or the table is open. */
export function useChartDataToggle(title: string) {
  const [open, setOpen] = useState(false);
  const [focused, setFocused] = useState(false);
  const tableId = useId();
  const toggle = (
    <Button
      type="link"
      size="small"
      aria-expanded={open}
      aria-controls={open ? tableId : undefined}
      aria-label={`${open ? 'Hide' : 'View'} data: ${title}`}
      style={open || focused ? undefined : HIDDEN}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      onClick={() => setOpen((o) => !o)}
    >
      {open ? 'Hide data' : 'View data'}
    </Button>
  );
  return { open, tableId, toggle };
}

function DrillLink({ cell }: { cell: DataCell }) {
  if (!cell.target) return <>{cell.text}</>;
  const href = sectionHref('analytics', cell.target.section, cell.target.query);
  const onClick = (event: MouseEvent<HTMLElement>) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    navigateTo(href);
  };
  return (
    <Typography.Link href={href} onClick={onClick} aria-label={cell.name}>
      {cell.text}
    </Typography.Link>
  );
}

export function ChartDataTable({ id, title, data }: { id: string; title: string; data: DataTable }) {
  const [first, ...figures] = data.columns;
  return (
    <Table
      id={id}
      aria-label={`${title} data`}
      size="small"
      style={{ marginTop: 12 }}
      rowKey="key"
      dataSource={data.rows}
      pagination={data.rows.length > 10 ? { pageSize: 10, showSizeChanger: false, size: 'small' } : false}
      columns={[
        { key: 'label', title: first, dataIndex: 'label' },
        ...figures.map((column, i) => ({
          key: column,
          title: column,
          align: 'right' as const,
          render: (_: unknown, row: DataTable['rows'][number]) => <DrillLink cell={row.cells[i]} />,
        })),
      ]}
    />
  );
}
