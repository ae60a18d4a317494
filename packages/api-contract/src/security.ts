// What the pages' Content-Security-Policy blocked in administrators' browsers.
import { Type } from '@sinclair/typebox';
import { route } from './route';

export const CspReport = Type.Object({
  id: Type.String(),
  receivedAt: Type.String(),
  documentUrl: Type.String(),
  directive: Type.String({ description: 'The CSP directive that blocked something, e.g. script-src-elem' }),
  blockedUrl: Type.String({ description: "What was blocked: a URL, or 'inline', 'eval', 'trusted-types-sink'" }),
  sourceFile: Type.String(),
  line: Type.Union([Type.Integer(), Type.Null()]),
  column: Type.Union([Type.Integer(), Type.Null()]),
  sample: Type.String({ description: 'The first characters of the blocked code, when the browser sends them' }),
  disposition: Type.String({ description: 'enforce or report' }),
  ip: Type.String(),
  userAgent: Type.String(),
});

export const reportCspViolations = route({
  method: 'POST',
  path: '/api/csp-report',
  operationId: 'reportCspViolations',
  tag: 'security',
  summary: 'Receive CSP violation reports',
  description:
    "Where browsers send the pages' CSP violation reports (`application/csp-report` from report-uri, or `application/reports+json` batches). Public: browsers send them without our headers. At most 64 KB and 10 reports a request; rate-limited per address and overall.",
  access: 'public',
  body: Type.Unknown({ description: 'A report (`{ "csp-report": {...} }`) or a list of Reporting API entries' }),
  bodyLimit: 64 * 1024,
  bodyContentTypes: ['application/csp-report', 'application/reports+json', 'application/json'],
  data: null,
  raw: { status: 204, description: 'Accepted' },
  errors: [
    { status: 400, code: 'REPORT_INVALID', when: 'the body is not a report or a list of reports' },
    { status: 429, code: 'RATE_LIMITED', when: 'too many reports from this address, or from everyone, this minute' },
  ],
});

export const listCspReports = route({
  method: 'GET',
  path: '/api/admin/security/csp-reports',
  operationId: 'listCspReports',
  tag: 'security',
  summary: 'List CSP violation reports',
  description: 'The newest reports first (the newest 2000 are kept).',
  access: 'admin',
  querystring: Type.Object({ limit: Type.Integer({ minimum: 1, maximum: 500, default: 100 }) }, { additionalProperties: false }),
  data: Type.Object({ total: Type.Integer(), reports: Type.Array(CspReport) }),
});
