import { projects } from '@growth-admin/api-contract';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../http/actor';
import type { RouteDeps } from '../../http/deps';
import { serve } from '../../http/serve';
import { createProject, deleteProject, getProject, listProjects, updateProject } from './repository';

export function projectRoutes(app: FastifyInstance, { db }: RouteDeps): void {
  serve(app, projects.listProjects, async () => ({ data: await listProjects(db) }));
  serve(app, projects.getProject, async (req) => ({ data: await getProject(db, req.params.id) }));
  serve(app, projects.createProject, async (req) => ({ data: await createProject(db, actorOf(req), req.body) }));
  serve(app, projects.updateProject, async (req) => ({ data: await updateProject(db, actorOf(req), req.params.id, req.body) }));
  serve(app, projects.deleteProject, async (req) => {
    await deleteProject(db, actorOf(req), req.params.id);
    return { data: { _id: req.params.id, deleted: true } };
  });
}
