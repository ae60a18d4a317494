import type { ReactNode } from 'react';
import { Button, Descriptions, Modal, Space, Tabs, Tag, Typography } from 'antd';
import type { Person, SlotHost } from '@growth-admin/shared-client';
import { PersonAvatar } from '../person/PersonAvatar';
import {
  displayName,
  formatCoins,
  formatCount,
  formatLocation,
  privacyLabel,
} from '../person/display';
import { RecentOrders } from './RecentOrders';
import { formatDate, SectionLink } from '@growth-admin/ui-kit';

interface Props {
  /** The freshest copy of the person, so a top-up shows here at once. */
  person: Person;
  onClose: () => void;
  /** Absent for a viewer: no Add Coins is offered. */
  onAddCoins?: (person: Person) => void;
  /** The `user.details.tabs` slot: other teams' tabs beside the details (none: no tab strip). */
  slots?: SlotHost;
}

export function UserDetailsDialog({ person, onClose, onAddCoins, slots }: Props) {
  const tabs = slots?.entries('user.details.tabs') ?? [];
  return (
    <Modal
      open
      title="User Details"
      onCancel={onClose}
      width={720}
      destroyOnHidden
      footer={[
        onAddCoins && (
          <Button key="coins" onClick={() => onAddCoins(person)}>
            Add Coins
          </Button>
        ),
        <Button key="close" type="primary" onClick={onClose}>
          Close
        </Button>,
      ]}
    >
      {tabs.length && slots ? (
        <Tabs
          items={[
            { key: 'details', label: 'Details', children: <PersonDetails person={person} /> },
            ...tabs.map((entry) => ({
              key: entry.key,
              label: entry.label ?? entry.remote,
              children: (
                <slots.Contribution id="user.details.tabs" entry={entry} props={{ person }} />
              ),
            })),
          ]}
        />
      ) : (
        <PersonDetails person={person} />
      )}
    </Modal>
  );
}

/** The person's details, as the spec lists them (the first tab when other teams add theirs). */
function PersonDetails({ person }: { person: Person }): ReactNode {
  const name = displayName(person);
  return (
    <>
      <Space size={16} align="center" style={{ marginBottom: 16 }}>
        <PersonAvatar person={person} size={64} />
        <div>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {name}
          </Typography.Title>
          <Typography.Text type="secondary">ID: {person.customId}</Typography.Text>
          <div style={{ marginTop: 4 }}>
            {person.isVerified && <Tag color="blue">Verified</Tag>}
            {person.isBusiness && <Tag color="purple">Business</Tag>}
            <Tag>Level {person.virtualLevel ?? 0}</Tag>
          </div>
        </div>
      </Space>

      <Descriptions
        size="small"
        bordered
        column={2}
        items={[
          {
            key: 'balance',
            label: 'Balance',
            children: <span data-testid="details-balance">{formatCoins(person.money)} coins</span>,
          },
          { key: 'points', label: 'Points', children: formatCount(person.point) },
          { key: 'platform', label: 'Platform', children: person.platform || '—' },
          { key: 'privacy', label: 'Account Privacy', children: privacyLabel(person) },
          { key: 'location', label: 'Location', children: formatLocation(person) },
          { key: 'updated', label: 'Last Updated', children: formatDate(person.updatedAt) },
          { key: 'followers', label: 'Followers', children: formatCount(person.watcherCount) },
          { key: 'following', label: 'Following', children: formatCount(person.watchingCount) },
          { key: 'adViews', label: 'Ad Views', children: formatCount(person.rewardCount) },
          { key: 'lastAdView', label: 'Last Ad View', children: formatDate(person.rewardLastDate) },
        ]}
      />

      <section aria-label="Used Apps">
        <Typography.Title level={5} style={{ marginTop: 16 }}>
          Used Apps
        </Typography.Title>
        {person.projectStartList?.length ? (
          <Space size={[4, 4]} wrap>
            {person.projectStartList.map((app) => (
              <Tag key={app}>{app}</Tag>
            ))}
          </Space>
        ) : (
          <Typography.Text type="secondary">None</Typography.Text>
        )}
      </section>

      <RecentOrders personId={person._id} />
      <nav aria-label="This user's orders and payments" style={{ marginTop: 12 }}>
        <Space size={24}>
          <SectionLink from="users" to="orders" query={{ by: 'personId', q: person.customId }}>
            All orders of this user
          </SectionLink>
          <SectionLink from="users" to="payments" query={{ by: 'personId', q: person.customId }}>
            All payments of this user
          </SectionLink>
        </Space>
      </nav>
    </>
  );
}
