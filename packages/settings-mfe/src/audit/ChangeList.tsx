import type { AuditEntry } from '@growth-admin/shared-client';

const show = (v: unknown) => (v === undefined ? '—' : JSON.stringify(v));

/** A change's fields, each as it was and as it became ('—': did not exist). Text only. */
export function ChangeList({ entry }: { entry: Pick<AuditEntry, 'before' | 'after'> }) {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return (
    <table aria-label="Before and after" style={{ width: 'auto', textAlign: 'left' }}>
      <thead>
        <tr>
          {['Field', 'Before', 'After'].map((title) => (
            <th key={title} scope="col" style={{ textAlign: 'left', paddingRight: 24 }}>
              {title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {fields.map((field) => (
          <tr key={field}>
            <th scope="row" style={{ textAlign: 'left', paddingRight: 16, fontWeight: 500 }}>
              {field}
            </th>
            <td style={{ paddingRight: 16, wordBreak: 'break-word' }}>{entry.before ? show(before[field]) : '—'}</td>
            <td style={{ wordBreak: 'break-word' }}>{entry.after ? show(after[field]) : '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
