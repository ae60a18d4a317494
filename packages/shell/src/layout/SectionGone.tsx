// What a deep link to a section of a decommissioned remote shows, and the page of an administrator
// whose composition has no section at all.
import { useEffect } from 'react';
import { Result } from 'antd';

export function SectionGone({ label, onSettled }: { label?: string; onSettled?: () => void }) {
  useEffect(() => onSettled?.(), [onSettled]);
  return label ? (
    <Result status="404" title={`${label} no longer exists`} subTitle="This section was removed. Choose another section in the sidebar." />
  ) : (
    <Result status="info" title="No sections" subTitle="No section is available to you. Ask an owner for access." />
  );
}
