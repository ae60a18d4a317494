import type { ReactElement } from 'react';
import { Button, Space, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import BellOutlined from '@ant-design/icons/BellOutlined';
import ExperimentOutlined from '@ant-design/icons/ExperimentOutlined';
import SettingOutlined from '@ant-design/icons/SettingOutlined';
import StarOutlined from '@ant-design/icons/StarOutlined';
import type { Project } from '@growth-admin/shared-client';
import { PROJECT_SORT_FIELDS, type ProjectSortField } from './projectsUrl';
import { columnSortOrder, padNumber12, sortFromTable, StatusTag, type ListSort } from '@growth-admin/ui-kit';

export const EMPTY_TEXT = 'No projects found matching your criteria';

/** The badge colours: the palette's green as orders' Completed, grey as Refunded (readable through StatusTag). */
const ONLINE_COLOUR = '#10B981';
const OFFLINE_COLOUR = '#6B7280';

const numberStyle = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' } as const;

/** An icon with a tooltip whose text is also its accessible name. */
function FlagIcon({ title, icon }: { title: string; icon: ReactElement }) {
  return (
    <Tooltip title={title}>
      <span role="img" aria-label={title} tabIndex={0} style={{ color: '#4F46E5', cursor: 'help' }}>
        {icon}
      </span>
    </Tooltip>
  );
}

interface Props {
  projects: Project[];
  /** The order the projects come in (sorted by the caller), shown on its column header. */
  sort: ListSort<ProjectSortField> | null;
  onSort(sort: ListSort<ProjectSortField> | null): void;
  /** Absent for a viewer: no Configure is offered (nor its column). */
  onConfigure?(project: Project): void;
}

export function ProjectsTable({ projects, sort, onSort, onConfigure }: Props) {
  const columns: ColumnsType<Project> = [
    {
      title: 'Project',
      key: 'projectName',
      // Controlled: the rows arrive sorted, the header only shows and changes the order.
      sorter: true,
      sortOrder: columnSortOrder(sort, 'projectName'),
      render: (_, p) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{p.projectName}</Typography.Text>
          <Typography.Text type="secondary">ID: {p.projectId}</Typography.Text>
        </Space>
      ),
    },
    { title: 'Team', dataIndex: 'team', key: 'team', sorter: true, sortOrder: columnSortOrder(sort, 'team') },
    {
      title: 'Build',
      key: 'build',
      render: (_, p) => (
        <Space size={8}>
          <span style={numberStyle}>{padNumber12(p.buildNumber)}</span>
          {p.testing && <FlagIcon title="Testing mode" icon={<ExperimentOutlined aria-hidden />} />}
        </Space>
      ),
    },
    {
      title: 'Check',
      key: 'check',
      render: (_, p) => (
        <Space size={8}>
          <span style={numberStyle}>{padNumber12(p.checkNumber)}</span>
          {p.enablePush && <FlagIcon title="Push notifications enabled" icon={<BellOutlined aria-hidden />} />}
          {p.enableRate && <FlagIcon title="Rate app enabled" icon={<StarOutlined aria-hidden />} />}
        </Space>
      ),
    },
    {
      title: 'Status',
      key: 'status',
      render: (_, p) => <StatusTag colour={p.online ? ONLINE_COLOUR : OFFLINE_COLOUR}>{p.online ? 'Online' : 'Offline'}</StatusTag>,
    },
  ];
  if (onConfigure) {
    columns.push({
      title: <span style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>Actions</span>,
      key: 'actions',
      align: 'right',
      render: (_, p) => (
        <Button icon={<SettingOutlined aria-hidden />} onClick={() => onConfigure(p)}>
          Configure
        </Button>
      ),
    });
  }
  return (
    <Table<Project>
      rowKey="_id"
      columns={columns}
      dataSource={projects}
      locale={{ emptyText: EMPTY_TEXT }}
      onChange={(_pagination, _filters, sorter, extra) => {
        if (extra.action === 'sort') onSort(sortFromTable(sorter, PROJECT_SORT_FIELDS));
      }}
      pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
    />
  );
}
