import { useState } from 'react';
import { Alert, Card, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { type AuditEntry, formatDate, Pager, pagingFigures, queries, SearchBar, toApiError } from '@growth-admin/shared-client';

const PAGE_SIZE = 20;
type Field = 'text' | 'admin' | 'action';
const SEARCH_OPTIONS = [
  { value: 'text' as const, label: 'Text', placeholder: 'Search target or summary...' },
  { value: 'admin' as const, label: 'Administrator', placeholder: 'Exact username...' },
  { value: 'action' as const, label: 'Action', placeholder: 'e.g. order.refund...' },
];

/** The audit log, newest first: who did what to what, when and from where. Read only. */
export function AuditTab() {
  const [search, setSearch] = useState<{ field: Field; text: string }>({ field: 'text', text: '' });
  const [page, setPage] = useState(1);
  const query = { page, pageSize: PAGE_SIZE, ...(search.text ? { [search.field]: search.text } : {}) };
  const audit = useQuery(queries.audit(query));
  const figures = pagingFigures(page, PAGE_SIZE, audit.data?.total ?? 0);

  return (
    <Card>
      <div style={{ marginBottom: 16 }}>
        <SearchBar<Field>
          label="Search the audit log"
          options={SEARCH_OPTIONS}
          initialField="text"
          onSearch={(field, text) => {
            setSearch({ field, text });
            setPage(1);
          }}
        />
      </div>
      {audit.isError && <Alert type="error" showIcon title={`Error loading the audit log: ${toApiError(audit.error).message}`} style={{ marginBottom: 16 }} />}
      <Table<AuditEntry>
        rowKey="id"
        loading={audit.isFetching}
        dataSource={audit.data?.entries ?? []}
        pagination={false}
        locale={{ emptyText: audit.isPending ? 'Loading the audit log...' : 'No entries match' }}
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
