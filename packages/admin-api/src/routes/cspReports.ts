// POST /api/csp-report: where browsers report what the pages' Content-Security-Policy blocked
// (public, bounded and rate-limited); GET /api/admin/security/csp-reports: the newest reports, for
// operators. Accepted reports are also printed to the server log.
import { Type } from '@sinclair/typebox';
import { CSP_REPORT_PATH } from '@growth-admin/web-security';
import { ApiError, badRequest } from '../http/errors';
import { Envelope } from '../http/schemas';
import { listCspReports, parseCspReports, ReportRateLimiter, storeCspReports } from '../services/cspReports';
import { ERRORS, SECURED, typed, type App, type RouteDeps } from './common';

/** The content types browsers send reports with, besides plain JSON. */
export const REPORT_CONTENT_TYPES = ['application/csp-report', 'application/reports+json'];

const CspReport = Type.Object({
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

export const cspReportRoutes = ({ config, db }: RouteDeps) =>
  async function (app: App) {
    const r = typed(app);
    const limiter = new ReportRateLimiter(config.cspReportsPerMinutePerIp, config.cspReportsPerMinute);

    r.post(
      CSP_REPORT_PATH,
      {
        config: { access: 'public' },
        bodyLimit: 64 * 1024,
        schema: {
          tags: ['security'],
          summary:
            "Receives a browser's CSP violation reports (report-uri or Reporting API format). Public: browsers send them without our headers. At most 64 KB and 10 reports a request; requests are rate-limited per address and overall (429); answers 204",
        },
      },
      async (req, reply) => {
        const reports = parseCspReports(req.body);
        if (reports === null) throw badRequest('The body must be a CSP report or a list of reports', 'REPORT_INVALID');
        if (!limiter.take(req.ip)) throw new ApiError(429, 'RATE_LIMITED', 'Too many CSP reports from this address: try again in a minute');
        if (reports.length) {
          await storeCspReports(db, reports, req.ip, String(req.headers['user-agent'] ?? ''));
          for (const k of reports) config.log(`[admin-api] CSP violation: ${k.directive} blocked ${k.blockedUrl || '(inline)'} on ${k.documentUrl}`);
        }
        return reply.code(204).send();
      },
    );

    r.get(
      '/api/admin/security/csp-reports',
      {
        schema: {
          tags: ['security'],
          ...SECURED,
          summary: 'The newest CSP violation reports (the table keeps the newest 2000), newest first',
          querystring: Type.Object({ limit: Type.Integer({ minimum: 1, maximum: 500, default: 100 }) }, { additionalProperties: false }),
          response: { 200: Envelope(Type.Object({ total: Type.Integer(), reports: Type.Array(CspReport) })), ...ERRORS },
        },
      },
      async (req) => ({ data: await listCspReports(db, req.query.limit) }),
    );
  };
