// The Configure / Add project form as plain data: initial values, validation and the
// request body (spec 3, 5 and 7). The dialog only renders this.
import dayjs from 'dayjs';
import type { BlockedRegion, Project, ProductSlot, ProjectInput } from '@growth-admin/shared-client';
import { type IapRow, limitsFromRows, rowsFromLimits, validateIapRows, type IapRowErrors } from './iapLimits';
import { PRODUCT_SLOTS } from './options';

export type ProjectFormMode = 'add' | 'configure';

/** Text inputs hold what was typed; numbers are parsed only when the body is built. */
export interface ProjectFormValues {
  projectName: string;
  projectId: string;
  team: string;
  appId: string;
  buildNumber: string;
  checkNumber: string;
  online: boolean;
  testing: boolean;
  enablePush: boolean;
  enableRate: boolean;
  blockedRegions: BlockedRegion[];
  productIdList: Record<ProductSlot, string>;
  iapRows: IapRow[];
}

export type TextField = 'projectName' | 'projectId' | 'team' | 'appId' | 'buildNumber' | 'checkNumber';

export const FIELD_LABELS: Record<TextField, string> = {
  projectName: 'Project Name',
  projectId: 'Project ID',
  team: 'Team',
  appId: 'App ID',
  buildNumber: 'Build Number',
  checkNumber: 'Check Number',
};

export const TEXT_FIELDS = Object.keys(FIELD_LABELS) as TextField[];

function emptyProductIdList(): Record<ProductSlot, string> {
  return Object.fromEntries(PRODUCT_SLOTS.map((slot) => [slot, ''])) as Record<ProductSlot, string>;
}

/** Today's date as YYYYMMDD followed by 0000, e.g. 202611210000 (spec 3). */
export function defaultBuildNumber(today: Date = new Date()): string {
  return `${dayjs(today).format('YYYYMMDD')}0000`;
}

/** Spec 3's new-project defaults. */
export function newProjectValues(today: Date = new Date()): ProjectFormValues {
  const build = defaultBuildNumber(today);
  return {
    projectName: '',
    projectId: '',
    team: '',
    appId: '',
    buildNumber: build,
    checkNumber: build,
    online: false,
    testing: false,
    enablePush: false,
    enableRate: false,
    blockedRegions: [],
    productIdList: emptyProductIdList(),
    iapRows: [],
  };
}

const numberText = (value: number | null | undefined): string =>
  typeof value === 'number' && Number.isFinite(value) ? String(value) : '';

export function valuesFromProject(project: Project): ProjectFormValues {
  return {
    projectName: project.projectName ?? '',
    projectId: project.projectId ?? '',
    team: project.team ?? '',
    appId: numberText(project.appId),
    buildNumber: numberText(project.buildNumber),
    checkNumber: numberText(project.checkNumber),
    online: Boolean(project.online),
    testing: Boolean(project.testing),
    enablePush: Boolean(project.enablePush),
    enableRate: Boolean(project.enableRate),
    blockedRegions: [...(project.blockedRegions ?? [])],
    productIdList: { ...emptyProductIdList(), ...(project.productIdList ?? {}) },
    iapRows: rowsFromLimits(project.iapCountryLimits),
  };
}

export interface ProjectFormErrors {
  fields: Partial<Record<TextField, string>>;
  iap: Record<string, IapRowErrors>;
}

const DIGITS = /^\d+$/;

export function validateProjectForm(values: ProjectFormValues): ProjectFormErrors {
  const fields: Partial<Record<TextField, string>> = {};
  for (const field of TEXT_FIELDS) {
    if (!values[field].trim()) fields[field] = `${FIELD_LABELS[field]} is required`;
  }
  const appId = values.appId.trim();
  if (appId && !DIGITS.test(appId)) fields.appId = 'App ID must contain digits only';
  else if (appId && !Number.isSafeInteger(Number(appId))) fields.appId = 'App ID is too large';
  return { fields, iap: validateIapRows(values.iapRows) };
}

export function hasErrors(errors: ProjectFormErrors): boolean {
  return Object.keys(errors.fields).length > 0 || Object.keys(errors.iap).length > 0;
}

/** Spec 5: number fields fall back to 0 when the input is not numeric; integers are sent. */
export function toInteger(text: string): number {
  const trimmed = text.trim();
  const value = Number(trimmed);
  return trimmed && Number.isFinite(value) ? Math.trunc(value) : 0;
}

/**
 * A hint for Build/Check Number input that is not a plain whole number: it is saved anyway
 * (spec 5's fallback), so the administrator is told what will be stored instead of blocked.
 */
export function numberFallbackHint(text: string): string | undefined {
  const trimmed = text.trim();
  if (!trimmed || DIGITS.test(trimmed)) return undefined;
  return `Not a whole number: it will be saved as ${toInteger(trimmed)}`;
}

/** The body of POST /projects and PUT /projects/{id}, in spec 7's field order. */
export function buildProjectPayload(values: ProjectFormValues): ProjectInput {
  return {
    projectName: values.projectName.trim(),
    projectId: values.projectId.trim(),
    team: values.team.trim(),
    appId: toInteger(values.appId),
    buildNumber: toInteger(values.buildNumber),
    checkNumber: toInteger(values.checkNumber),
    testing: values.testing,
    online: values.online,
    enablePush: values.enablePush,
    enableRate: values.enableRate,
    blockedRegions: [...values.blockedRegions],
    productIdList: Object.fromEntries(
      PRODUCT_SLOTS.map((slot) => [slot, (values.productIdList[slot] ?? '').trim()]),
    ) as Record<ProductSlot, string>,
    iapCountryLimits: limitsFromRows(values.iapRows),
  };
}

/**
 * The form field a server validation message is about, when it names one
 * (the API's 400s name the field; a duplicate projectId is a 409).
 */
export function fieldOfServerError(error: { message: string; status?: number }): TextField | undefined {
  if (error.status === 409) return 'projectId';
  const named = TEXT_FIELDS.find((field) => new RegExp(`\\b${field}\\b`).test(error.message));
  return named;
}
