import { makeProject } from '../test-utils/projects';
import {
  buildProjectPayload,
  defaultBuildNumber,
  fieldOfServerError,
  hasErrors,
  newProjectValues,
  numberFallbackHint,
  toInteger,
  validateProjectForm,
  valuesFromProject,
  type ProjectFormValues,
} from './projectForm';

const TODAY = new Date(2026, 10, 21, 15, 30); // 21 Nov 2026, local time

function filled(overrides: Partial<ProjectFormValues> = {}): ProjectFormValues {
  return {
    ...newProjectValues(TODAY),
    projectName: 'Alpha',
    projectId: 'alpha',
    team: 'Growth',
    appId: '123',
    ...overrides,
  };
}

describe('new-project defaults (spec 3)', () => {
  it("uses today's YYYYMMDD followed by 0000 for build and check", () => {
    expect(defaultBuildNumber(TODAY)).toBe('202611210000');
    const values = newProjectValues(TODAY);
    expect(values.buildNumber).toBe('202611210000');
    expect(values.checkNumber).toBe('202611210000');
  });

  it('starts with empty text, all toggles off, no regions, empty products and no limits', () => {
    const values = newProjectValues(TODAY);
    expect(values).toMatchObject({
      projectName: '',
      projectId: '',
      team: '',
      appId: '',
      online: false,
      testing: false,
      enablePush: false,
      enableRate: false,
      blockedRegions: [],
      iapRows: [],
    });
    expect(values.productIdList).toEqual({ '10001': '', '10002': '', '10003': '', '10004': '', '10005': '', '10006': '' });
  });

  it('sends the defaults as numbers', () => {
    const payload = buildProjectPayload(filled());
    expect(payload.buildNumber).toBe(202611210000);
    expect(payload.checkNumber).toBe(202611210000);
  });
});

describe('validateProjectForm (spec 5)', () => {
  it('passes a filled form', () => {
    expect(hasErrors(validateProjectForm(filled()))).toBe(false);
  });

  it('requires every field, whitespace counting as empty', () => {
    const errors = validateProjectForm(
      filled({ projectName: ' ', projectId: '', team: '', appId: '', buildNumber: '', checkNumber: '  ' }),
    );
    expect(errors.fields).toEqual({
      projectName: 'Project Name is required',
      projectId: 'Project ID is required',
      team: 'Team is required',
      appId: 'App ID is required',
      buildNumber: 'Build Number is required',
      checkNumber: 'Check Number is required',
    });
  });

  it('allows digits only in App ID', () => {
    expect(validateProjectForm(filled({ appId: '12a' })).fields.appId).toBe('App ID must contain digits only');
    expect(validateProjectForm(filled({ appId: '-5' })).fields.appId).toBe('App ID must contain digits only');
    expect(validateProjectForm(filled({ appId: '1.5' })).fields.appId).toBe('App ID must contain digits only');
    expect(validateProjectForm(filled({ appId: '99999999999999999999' })).fields.appId).toBe('App ID is too large');
    expect(validateProjectForm(filled({ appId: ' 42 ' })).fields.appId).toBeUndefined();
  });

  it('includes the IAP rows', () => {
    const errors = validateProjectForm(
      filled({
        iapRows: [
          { key: 'a', code: 'US', amount: '1' },
          { key: 'b', code: 'US', amount: '2' },
        ],
      }),
    );
    expect(errors.iap).toEqual({ b: { code: 'US is already listed' } });
    expect(hasErrors(errors)).toBe(true);
  });
});

describe('number fields', () => {
  it('fall back to 0 when not numeric and are sent as integers', () => {
    expect(toInteger('abc')).toBe(0);
    expect(toInteger('')).toBe(0);
    expect(toInteger(' 12 ')).toBe(12);
    expect(toInteger('12.9')).toBe(12);
    const payload = buildProjectPayload(filled({ buildNumber: 'soon', checkNumber: '7' }));
    expect(payload.buildNumber).toBe(0);
    expect(payload.checkNumber).toBe(7);
  });

  it('explain what a non-whole number will be saved as', () => {
    expect(numberFallbackHint('123')).toBeUndefined();
    expect(numberFallbackHint('')).toBeUndefined();
    expect(numberFallbackHint('abc')).toBe('Not a whole number: it will be saved as 0');
    expect(numberFallbackHint('4.7')).toBe('Not a whole number: it will be saved as 4');
  });
});

describe('buildProjectPayload (spec 7 body)', () => {
  it('has exactly the thirteen fields, trimmed and typed', () => {
    const payload = buildProjectPayload(
      filled({
        projectName: ' Alpha ',
        projectId: ' alpha ',
        team: ' Growth ',
        appId: ' 0042 ',
        buildNumber: '202611210001',
        checkNumber: '202611210002',
        online: true,
        enableRate: true,
        blockedRegions: ['EU', 'AP'],
        productIdList: { '10001': ' coins ', '10002': '', '10003': '', '10004': '', '10005': '', '10006': 'x' },
        iapRows: [
          { key: 'a', code: 'US', amount: '10.5' },
          { key: 'b', code: 'CN', amount: '0' },
          { key: 'c', code: 'FR', amount: '' },
        ],
      }),
    );
    expect(payload).toEqual({
      projectName: 'Alpha',
      projectId: 'alpha',
      team: 'Growth',
      appId: 42,
      buildNumber: 202611210001,
      checkNumber: 202611210002,
      testing: false,
      online: true,
      enablePush: false,
      enableRate: true,
      blockedRegions: ['EU', 'AP'],
      productIdList: { '10001': 'coins', '10002': '', '10003': '', '10004': '', '10005': '', '10006': 'x' },
      iapCountryLimits: { US: 10.5, CN: 0 },
    });
    expect(Object.keys(payload)).toHaveLength(13);
  });

  it('round-trips a saved project unchanged', () => {
    const { _id, ...input } = makeProject({
      blockedRegions: ['NA'],
      iapCountryLimits: { US: 100, BR: 0 },
      testing: true,
    });
    expect(_id).toBe('p1');
    expect(buildProjectPayload(valuesFromProject({ _id, ...input }))).toEqual(input);
  });

  it('fills missing product slots with empty text', () => {
    const project = makeProject({ productIdList: { '10003': 'p3' } });
    expect(buildProjectPayload(valuesFromProject(project)).productIdList).toEqual({
      '10001': '',
      '10002': '',
      '10003': 'p3',
      '10004': '',
      '10005': '',
      '10006': '',
    });
  });
});

describe('fieldOfServerError', () => {
  it('points a 409 at Project ID and a 400 at the field it names', () => {
    expect(fieldOfServerError({ message: 'Project exists', status: 409 })).toBe('projectId');
    expect(fieldOfServerError({ message: 'body/appId must be integer', status: 400 })).toBe('appId');
    expect(fieldOfServerError({ message: 'Something broke', status: 500 })).toBeUndefined();
  });
});
