import { SAMPLE_PROJECTS, makeProject } from '../test-utils/projects';
import { ALL_TEAMS, availableTeam, distinctTeams, filterProjects } from './filterProjects';

const names = (list: { projectName: string }[]) => list.map((p) => p.projectName);

describe('filterProjects', () => {
  it('returns everything with no search and All Teams', () => {
    expect(filterProjects(SAMPLE_PROJECTS, { search: '', team: ALL_TEAMS })).toHaveLength(4);
  });

  it('matches projectName case-insensitively', () => {
    expect(names(filterProjects(SAMPLE_PROJECTS, { search: 'BETA', team: ALL_TEAMS }))).toEqual(['Beta Likes']);
  });

  it('matches projectId case-insensitively and ignores surrounding spaces', () => {
    expect(names(filterProjects(SAMPLE_PROJECTS, { search: '  gamma-0 ', team: ALL_TEAMS }))).toEqual(['Gamma Coins']);
    expect(names(filterProjects(SAMPLE_PROJECTS, { search: 'com.example', team: ALL_TEAMS }))).toEqual([
      'Alpha App',
      'Beta Likes',
    ]);
  });

  it('filters by exact team and combines with the search', () => {
    expect(names(filterProjects(SAMPLE_PROJECTS, { search: '', team: 'Growth' }))).toEqual(['Alpha App', 'Gamma Coins']);
    expect(names(filterProjects(SAMPLE_PROJECTS, { search: 'alpha', team: 'Social' }))).toEqual([]);
  });

  it('does not match other fields such as the team', () => {
    expect(filterProjects(SAMPLE_PROJECTS, { search: 'social', team: ALL_TEAMS })).toEqual([]);
  });
});

describe('distinctTeams', () => {
  it('lists each team once, sorted, skipping empty teams', () => {
    const projects = [...SAMPLE_PROJECTS, makeProject({ _id: 'x', team: '' }), makeProject({ _id: 'y', team: 'Apps' })];
    expect(distinctTeams(projects)).toEqual(['Apps', 'Growth', 'Social']);
  });
});

describe('availableTeam', () => {
  it('keeps All Teams and existing teams, and falls back to All Teams for a vanished one', () => {
    expect(availableTeam(ALL_TEAMS, ['Apps'])).toBe(ALL_TEAMS);
    expect(availableTeam('Apps', ['Apps', 'Growth'])).toBe('Apps');
    expect(availableTeam('Gone', ['Apps'])).toBe(ALL_TEAMS);
  });
});
