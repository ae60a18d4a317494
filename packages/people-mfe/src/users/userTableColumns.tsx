// Renders each column of the Users table (spec 2 "Row content").
import { Button, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Person } from '@growth-admin/shared-client';
import type { ColumnId, ColumnSpec } from './columns';
import { USER_SORT_FIELDS, type UserSortField } from './search';
import { PersonAvatar } from '../person/PersonAvatar';
import {
  businessLabel,
  displayName,
  formatCoins,
  formatCount,
  formatLocation,
  privacyLabel,
  usedAppsPreview,
  verificationLabel,
} from '../person/display';
import { columnSortOrder, formatDate, type ListSort, sortFromTable, StatusTag } from '@growth-admin/ui-kit';

export interface RowActions {
  onOpenDetails: (person: Person) => void;
  onAddCoins: (person: Person) => void;
}

const { Text } = Typography;

/** The widest the user column's text may be (px). */
const USER_TEXT_MAX_WIDTH = 200;

function UserCell({ person, onOpen }: { person: Person; onOpen: (p: Person) => void }) {
  return (
    <Space size={12}>
      <PersonAvatar person={person} />
      {/* Capped: the column stays in view while the table scrolls, so a long name must not cover the rest. */}
      <div style={{ maxWidth: USER_TEXT_MAX_WIDTH }}>
        <Button
          type="link"
          title={displayName(person)}
          style={{ padding: 0, height: 'auto', fontWeight: 600, maxWidth: '100%' }}
          onClick={() => onOpen(person)}
        >
          <span style={{ display: 'inline-block', maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', verticalAlign: 'bottom' }}>
            {displayName(person)}
          </span>
        </Button>
        <div>
          <Text type="secondary" ellipsis={{ tooltip: person.customId }}>
            ID: {person.customId}
          </Text>
        </div>
      </div>
    </Space>
  );
}

function UsedAppsCell({ apps }: { apps: string[] }) {
  const preview = usedAppsPreview(apps);
  if (preview.apps.length === 0) return <Text type="secondary">None</Text>;
  return (
    <Space size={4} wrap>
      {preview.apps.map((app) => (
        <Tag key={app}>{app}</Tag>
      ))}
      {preview.more > 0 && <Text type="secondary">+{preview.more}</Text>}
    </Space>
  );
}

/** A flag's label, in its colour when set (readable: StatusTag), plain when not. */
const flagTag = (on: boolean, label: string, colour: string) => <StatusTag colour={on ? colour : null}>{label}</StatusTag>;

type CellRenderer = (person: Person, actions: RowActions) => React.ReactNode;

const CELLS: Record<ColumnId, CellRenderer> = {
  user: (p, a) => <UserCell person={p} onOpen={a.onOpenDetails} />,
  coins: (p) => (
    <div>
      <div>{formatCoins(p.money)} coins</div>
      <Text type="secondary">Points: {formatCount(p.point)}</Text>
    </div>
  ),
  platform: (p) => p.platform || '—',
  followers: (p) => formatCount(p.watcherCount),
  following: (p) => formatCount(p.watchingCount),
  adViews: (p) => formatCount(p.rewardCount),
  lastAdView: (p) => formatDate(p.rewardLastDate),
  privacy: (p) => flagTag(p.isPrivate, privacyLabel(p), '#F59E0B'),
  verification: (p) => flagTag(p.isVerified, verificationLabel(p), '#4F46E5'),
  business: (p) => flagTag(p.isBusiness, businessLabel(p), '#7C3AED'),
  location: (p) => formatLocation(p),
  usedApps: (p) => <UsedAppsCell apps={p.projectStartList} />,
  lastUpdated: (p) => formatDate(p.updatedAt),
  actions: (p, a) => (
    <Button
      size="small"
      onClick={() => a.onAddCoins(p)}
      aria-label={`Add Coins to ${displayName(p)}`}
    >
      Add Coins
    </Button>
  ),
};

/** The columns the server sorts by (the list is paged), and the field each sorts. */
export const SORT_FIELD_OF: Partial<Record<ColumnId, UserSortField>> = { coins: 'money', lastUpdated: 'updatedAt' };

/** The sort antd reports for a column, as the URL and the API name it. */
export function sortOfColumn(sorter: { columnKey?: unknown; order?: 'ascend' | 'descend' | null }): ListSort<UserSortField> | null {
  return sortFromTable({ columnKey: SORT_FIELD_OF[sorter.columnKey as ColumnId], order: sorter.order }, USER_SORT_FIELDS);
}

export function buildTableColumns(columns: ColumnSpec[], actions: RowActions, sort: ListSort<UserSortField> | null = null): ColumnsType<Person> {
  return columns.map((column) => {
    const field = SORT_FIELD_OF[column.id];
    return {
      key: column.id,
      title: column.title,
      // The user stays in view while a wide table scrolls sideways.
      ...(column.id === 'user' ? { fixed: 'left' as const } : {}),
      // Highest / latest first on the first click, then ascending, then the default (newest users first).
      ...(field ? { sorter: true, sortDirections: ['descend' as const, 'ascend' as const], sortOrder: columnSortOrder(sort, field) } : {}),
      render: (_: unknown, person: Person) => CELLS[column.id](person, actions),
    };
  });
}
