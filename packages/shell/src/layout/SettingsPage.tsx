// Settings: the spec leaves its content open; for now it shows where this shell is connected.
import { Card, Descriptions } from 'antd';
import { PageHeader } from '@growth-admin/shared-client';
import type { RuntimeConfig } from '../boot/runtimeConfig';

export function SettingsPage({ config, username }: { config: RuntimeConfig; username: string }) {
  return (
    <div>
      <PageHeader title="Settings" subtitle="Where this admin panel is connected." />
      <Card>
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label="Signed in as">{username}</Descriptions.Item>
          <Descriptions.Item label="Admin API">{config.apiBaseUrl}</Descriptions.Item>
          {Object.entries(config.remotes).map(([name, url]) => (
            <Descriptions.Item key={name} label={`Remote ${name}`}>
              {url}
            </Descriptions.Item>
          ))}
        </Descriptions>
      </Card>
    </div>
  );
}
