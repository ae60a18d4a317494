import type { ReactNode } from 'react';
import { useMemo, useState } from 'react';
import { Card, Flex, Spin } from 'antd';
import { canChange, toApiError, type Project, type SectionProps } from '@growth-admin/shared-client';
import { ProjectFormDialog } from '../form/ProjectFormDialog';
import { availableTeam, distinctTeams, filterProjects } from './filterProjects';
import { PROJECTS_URL, sortProjects } from './projectsUrl';
import { AddProjectButton, ProjectsToolbar } from './ProjectsToolbar';
import { ProjectsTable } from './ProjectsTable';
import { useProjectsList } from './useProjectsList';
import { LoadError, PageHeader, useFocusReturn, useListUrl } from '@growth-admin/ui-kit';

type DialogState = { mode: 'add' } | { mode: 'configure'; project: Project } | null;

export function ProjectsSection({ toast, user }: SectionProps) {
  // A viewer is offered no Add Project and no Configure (the API refuses them too).
  const mayChange = canChange(user);
  const { data, isPending, error, refetch, isFetching } = useProjectsList(toast);
  // The search, team and sort live in the URL's query (`?q=gamma&team=Growth&sort=team.asc`).
  const { state: view, setState: setView } = useListUrl('projects', PROJECTS_URL);
  const [dialog, setDialog] = useState<DialogState>(null);
  // A fresh key per opening, so each dialog starts from the project (or the defaults) as it is now.
  const [dialogKey, setDialogKey] = useState(0);

  const projects = useMemo(() => data ?? [], [data]);
  const teams = useMemo(() => distinctTeams(projects), [projects]);
  // Until the list has loaded there are no teams to check the choice against.
  const effectiveView = useMemo(() => (data ? { ...view, team: availableTeam(view.team, teams) } : view), [data, view, teams]);
  // A team that no longer exists (or never did, in a pasted link) reads as All Teams: the address bar says so too.
  if (effectiveView.team !== view.team) setView(effectiveView, 'replace');
  const visible = useMemo(() => sortProjects(filterProjects(projects, effectiveView), effectiveView.sort), [projects, effectiveView]);

  // The dialog unmounts on close: the focus goes back to Add Project or the row's Configure.
  const focusReturn = useFocusReturn();
  const open = (next: NonNullable<DialogState>) => {
    focusReturn.remember();
    setDialogKey((k) => k + 1);
    setDialog(next);
  };

  let body: ReactNode;
  if (isPending) {
    body = (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin size="large" aria-label="Loading projects" />
      </Flex>
    );
  } else if (error) {
    body = (
      <LoadError title={`Error loading projects: ${toApiError(error).message}`} onRetry={() => void refetch()} retrying={isFetching} />
    );
  } else {
    body = (
      <ProjectsTable
        projects={visible}
        sort={effectiveView.sort}
        onSort={(sort) => setView((current) => ({ ...current, sort }))}
        onConfigure={mayChange ? (project) => open({ mode: 'configure', project }) : undefined}
      />
    );
  }

  return (
    <div>
      <PageHeader
        title="Projects"
        subtitle="Manage your projects and their configurations"
        actions={mayChange ? <AddProjectButton onClick={() => open({ mode: 'add' })} /> : undefined}
      />
      <Card>
        <Flex vertical gap={16}>
          <ProjectsToolbar
            filters={effectiveView}
            teams={teams}
            // Typing corrects the current history entry; a team choice is a new one.
            onChange={(filters) => setView((current) => ({ ...current, ...filters }), filters.search !== effectiveView.search ? 'replace' : 'push')}
          />
          {body}
        </Flex>
      </Card>
      {dialog && (
        <ProjectFormDialog
          key={dialogKey}
          mode={dialog.mode}
          project={dialog.mode === 'configure' ? dialog.project : undefined}
          toast={toast}
          onClose={() => {
            setDialog(null);
            focusReturn.restore();
          }}
        />
      )}
    </div>
  );
}
