import { useState } from 'react';
import { Alert, Button, Card, Input, Table } from 'antd';
import dayjs from 'dayjs';
import { useQuery } from '@tanstack/react-query';
import { type AuditEntry, type AuditFilter, type ToastApi, toApiError } from '@growth-admin/shared-client';
import { ChangeList } from './ChangeList';
import { exportAuditCsv, queries } from '../api';
import { FIELD_LABEL_STYLE, formatDate, Pager, pagingFigures, saveFile, SearchBar } from '@growth-admin/ui-kit';

const PAGE_SIZE = 20;
type Field = 'text' | 'admin' | 'action' | 'target';
const SEARCH_OPTIONS = [
  { value: 'text' as const, label: 'Text', placeholder: 'Search target or summary...' },
  { value: 'admin' as const, label: 'Administrator', placeholder: 'Exact username...' },
  { value: 'action' as const, label: 'Action', placeholder: 'e.g. order.refund...' },
  { value: 'target' as const, label: 'Target', placeholder: 'e.g. order:123, or order: for all orders' },
];

/**
 * The chosen days (YYYY-MM-DD, the browser's time zone) as the API's range: from the first day's
 * start to the start of the day after the last. Either may be left empty.
 */
export function rangeFilter(fromDay: string, toDay: string): Pick<AuditFilter, 'from' | 'to'> {
  return {
    ...(fromDay ? { from: dayjs(fromDay).startOf('day').toISOString() } : {}),
    ...(toDay ? { to: dayjs(toDay).startOf('day').add(1, 'day').toISOString() } : {}),
  };
}

const hasChanges = (e: AuditEntry) => e.before !== null || e.after !== null;

/** The audit log, newest first: who did what to what, when and from where, with before and after. Read only. */
export function AuditTab({ toast }: { toast: ToastApi }) {
  const [search, setSearch] = useState<{ field: Field; text: string }>({ field: 'text', text: '' });
  // Native date fields: keyboard-usable, and no date-picker bytes in the shared antd.
  const [days, setDays] = useState({ from: '', to: '' });
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const filter: AuditFilter = { ...(search.text ? { [search.field]: search.text } : {}), ...rangeFilter(days.from, days.to) };
  const audit = useQuery(queries.audit({ page, pageSize: PAGE_SIZE, ...filter }));
  const figures = pagingFigures(page, PAGE_SIZE, audit.data?.total ?? 0);

  const exportCsv = async () => {
    setExporting(true);
    try {
      saveFile(await exportAuditCsv(filter), `audit-log-${new Date().toISOString().slice(0, 10)}.csv`);
      toast.success('Audit log exported');
    } catch (err) {
      toast.error(`Failed to export the audit log: ${toApiError(err).message}`);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Card>
      <div style={{ marginBottom: 16 }}>
        <SearchBar<Field>
          label="Search the audit log"
          layout="labelled"
          options={SEARCH_OPTIONS}
          initialField="text"
          onSearch={(field, text) => {
            setSearch({ field, text });
            setPage(1);
          }}
        >
          {(['from', 'to'] as const).map((bound) => (
            <div key={bound}>
              <label htmlFor={`ga-audit-${bound}`} style={FIELD_LABEL_STYLE}>
                {bound === 'from' ? 'From day' : 'To day'}
              </label>
              <Input
                id={`ga-audit-${bound}`}
                type="date"
                value={days[bound]}
                max={bound === 'from' && days.to ? days.to : undefined}
                min={bound === 'to' && days.from ? days.from : undefined}
                onChange={(event) => {
                  setDays((d) => ({ ...d, [bound]: event.target.value }));
                  setPage(1);
                }}
                style={{ width: 170 }}
              />
            </div>
          ))}
          <div style={{ alignSelf: 'flex-end' }}>
            <Button onClick={() => void exportCsv()} loading={exporting}>
              Export CSV
            </Button>
          </div>
        </SearchBar>
      </div>
      {audit.isError && <Alert type="error" showIcon title={`Error loading the audit log: ${toApiError(audit.error).message}`} style={{ marginBottom: 16 }} />}
      <Table<AuditEntry>
        aria-label="Audit log"
        rowKey="id"
        loading={audit.isFetching}
        dataSource={audit.data?.entries ?? []}
        pagination={false}
        locale={{ emptyText: audit.isPending ? 'Loading the audit log...' : 'No entries match' }}
        expandable={{ rowExpandable: hasChanges, expandedRowRender: (entry) => <ChangeList entry={entry} /> }}
        columns={[
          { title: 'When', dataIndex: 'at', render: (at: string) => formatDate(at) },
          { title: 'Administrator', dataIndex: 'adminUsername' },
          { title: 'Action', dataIndex: 'action' },
          { title: 'Target', dataIndex: 'target' },
          { title: 'Summary', dataIndex: 'summary' },
          { title: 'IP', dataIndex: 'ip' },
        ]}
      />
      <Pager figures={figures} noun="entries" onPageChange={setPage} disabled={audit.isFetching} style={{ marginTop: 16 }} />
    </Card>
  );
}
