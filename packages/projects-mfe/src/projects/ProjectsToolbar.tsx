import { Button, Flex, Input, Select } from 'antd';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import SearchOutlined from '@ant-design/icons/SearchOutlined';
import { LIST_SEARCH_MARK } from '@growth-admin/ui-kit';
import { ALL_TEAMS, type ProjectFilters } from './filterProjects';

interface Props {
  filters: ProjectFilters;
  teams: string[];
  onChange(filters: ProjectFilters): void;
}

export function ProjectsToolbar({ filters, teams, onChange }: Props) {
  const teamOptions = [{ value: ALL_TEAMS, label: 'All Teams' }, ...teams.map((team) => ({ value: team, label: team }))];
  return (
    <Flex gap={12} wrap="wrap">
      <Input
        aria-label="Search projects"
        placeholder="Search projects..."
        {...LIST_SEARCH_MARK}
        prefix={<SearchOutlined aria-hidden />}
        allowClear
        value={filters.search}
        onChange={(e) => onChange({ ...filters, search: e.target.value })}
        style={{ maxWidth: 360, flex: '1 1 240px' }}
      />
      <Select
        aria-label="Team"
        value={filters.team}
        options={teamOptions}
        onChange={(team: string) => onChange({ ...filters, team })}
        style={{ minWidth: 180 }}
      />
    </Flex>
  );
}

export function AddProjectButton({ onClick }: { onClick(): void }) {
  return (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={onClick}>
      Add Project
    </Button>
  );
}
