// Exposed as `settings/Section`: my account, my sessions (owners: everyone's), the administrators
// (owners), the audit log and the remotes' releases.
import { Tabs } from 'antd';
import { hasRole, type SectionProps } from '@growth-admin/shared-client';
import { AccountTab } from './account/AccountTab';
import { AdministratorsTab } from './administrators/AdministratorsTab';
import { AuditTab } from './audit/AuditTab';
import { RemotesTab } from './remotes/RemotesTab';
import { SessionsTab } from './sessions/SessionsTab';
import { PageHeader } from '@growth-admin/ui-kit';

export default function SettingsSection({ user, toast, slots }: SectionProps) {
  const items = [
    { key: 'account', label: 'Account', children: <AccountTab user={user} toast={toast} /> },
    { key: 'sessions', label: 'Sessions', children: <SessionsTab user={user} toast={toast} /> },
    // Owners only: the API refuses the others (403), so they are not offered the tab.
    ...(hasRole(user.role, 'owner') ? [{ key: 'administrators', label: 'Administrators', children: <AdministratorsTab user={user} toast={toast} /> }] : []),
    { key: 'audit', label: 'Audit log', children: <AuditTab toast={toast} /> },
    // Everyone reads; owners promote and roll back (the API enforces it).
    { key: 'remotes', label: 'Remotes', children: <RemotesTab user={user} toast={toast} slots={slots} /> },
  ];
  return (
    <div>
      <PageHeader title="Settings" subtitle="Your account and sessions, administrators, the audit log and the remotes' releases" />
      <Tabs items={items} destroyOnHidden />
    </div>
  );
}
