import { SAMPLE_PROJECTS, makeProject } from '../test-utils/projects';
import { FIRST_PROJECTS_VIEW, PROJECTS_URL, sortProjects } from './projectsUrl';

const parse = (search: string) => PROJECTS_URL.parse(new URLSearchParams(search));
const names = (list: { projectName: string }[]) => list.map((p) => p.projectName);

describe('PROJECTS_URL', () => {
  it('reads the search, the team and the sort', () => {
    expect(parse('q=gamma&team=Growth&sort=team.desc')).toEqual({ search: 'gamma', team: 'Growth', sort: { field: 'team', order: 'desc' } });
  });

  it('reads missing or invalid values as the defaults', () => {
    expect(parse('')).toEqual(FIRST_PROJECTS_VIEW);
    expect(parse('sort=buildNumber.asc')).toEqual(FIRST_PROJECTS_VIEW);
    expect(parse('sort=team')).toEqual(FIRST_PROJECTS_VIEW);
    expect(parse('team=%20%20')).toEqual(FIRST_PROJECTS_VIEW);
  });

  it('caps a pasted search at 100 characters', () => expect(parse(`q=${'x'.repeat(300)}`).search).toHaveLength(100));

  it('leaves the defaults out of the URL and writes the rest back as it reads it', () => {
    expect(PROJECTS_URL.format(FIRST_PROJECTS_VIEW).toString()).toBe('');
    const query = PROJECTS_URL.format({ search: 'a b', team: 'Growth', sort: { field: 'projectName', order: 'asc' } });
    expect(query.toString()).toBe('q=a+b&team=Growth&sort=projectName.asc');
    expect(PROJECTS_URL.parse(query)).toEqual({ search: 'a b', team: 'Growth', sort: { field: 'projectName', order: 'asc' } });
  });
});

describe('sortProjects', () => {
  it('keeps the server order without a sort', () => expect(names(sortProjects(SAMPLE_PROJECTS, null))).toEqual(names(SAMPLE_PROJECTS)));

  it('sorts by name either way, case-insensitively', () => {
    const list = [...SAMPLE_PROJECTS, makeProject({ _id: 'p5', projectName: 'alpine' })];
    expect(names(sortProjects(list, { field: 'projectName', order: 'asc' }))).toEqual(['Alpha App', 'alpine', 'Beta Likes', 'Delta', 'Gamma Coins']);
    expect(names(sortProjects(list, { field: 'projectName', order: 'desc' }))).toEqual(['Gamma Coins', 'Delta', 'Beta Likes', 'alpine', 'Alpha App']);
  });

  it('sorts by team, then by name within a team', () => {
    expect(names(sortProjects(SAMPLE_PROJECTS, { field: 'team', order: 'asc' }))).toEqual(['Delta', 'Alpha App', 'Gamma Coins', 'Beta Likes']);
    expect(names(sortProjects(SAMPLE_PROJECTS, { field: 'team', order: 'desc' }))).toEqual(['Beta Likes', 'Gamma Coins', 'Alpha App', 'Delta']);
  });

  it('does not reorder its input', () => {
    const input = [...SAMPLE_PROJECTS];
    sortProjects(input, { field: 'projectName', order: 'desc' });
    expect(input).toEqual(SAMPLE_PROJECTS);
  });
});
