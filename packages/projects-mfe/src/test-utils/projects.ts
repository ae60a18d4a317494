import type { Project } from '@growth-admin/shared-client';

export function makeProject(overrides: Partial<Project> = {}): Project {
  return {
    _id: 'p1',
    projectName: 'Alpha App',
    projectId: 'com.example.alpha',
    team: 'Growth',
    appId: 1001,
    buildNumber: 202611010001,
    checkNumber: 202611010002,
    testing: false,
    online: true,
    enablePush: false,
    enableRate: false,
    blockedRegions: [],
    productIdList: { '10001': 'coins_100', '10002': '', '10003': '', '10004': '', '10005': '', '10006': '' },
    iapCountryLimits: {},
    ...overrides,
  };
}

export const SAMPLE_PROJECTS: Project[] = [
  makeProject(),
  makeProject({
    _id: 'p2',
    projectName: 'Beta Likes',
    projectId: 'com.example.beta',
    team: 'Social',
    online: false,
    testing: true,
    enablePush: true,
    enableRate: true,
    buildNumber: 42,
    checkNumber: 7,
  }),
  makeProject({ _id: 'p3', projectName: 'Gamma Coins', projectId: 'GAMMA-01', team: 'Growth' }),
  makeProject({ _id: 'p4', projectName: 'Delta', projectId: 'delta', team: 'Apps' }),
];
