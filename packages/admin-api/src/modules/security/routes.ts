// POST /api/csp-report: where browsers report what the pages' Content-Security-Policy blocked
// (public, bounded and rate-limited); GET /api/admin/security/csp-reports: the newest reports, for
// operators. Accepted reports are also printed to the server log.
import { security } from '@growth-admin/api-contract';
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../../http/deps';
import { ApiError, badRequest } from '../../http/errors';
import { serve } from '../../http/serve';
import { ReportRateLimiter } from '../../http/rateLimit';
import { listCspReports, parseCspReports, storeCspReports } from './cspReports';

/** The content types browsers send reports with, besides plain JSON. */
export const REPORT_CONTENT_TYPES = ['application/csp-report', 'application/reports+json'];

export function securityRoutes(app: FastifyInstance, { config, db }: RouteDeps): void {
  const limiter = new ReportRateLimiter(config.cspReportsPerMinutePerIp, config.cspReportsPerMinute);

  serve(app, security.reportCspViolations, async (req, reply) => {
    const reports = parseCspReports(req.body);
    if (reports === null) throw badRequest('The body must be a CSP report or a list of reports', 'REPORT_INVALID');
    if (!limiter.take(req.ip)) throw new ApiError(429, 'RATE_LIMITED', 'Too many CSP reports from this address: try again in a minute', 60);
    if (reports.length) {
      await storeCspReports(db, reports, req.ip, String(req.headers['user-agent'] ?? ''));
      for (const r of reports) config.log(`[admin-api] CSP violation: ${r.directive} blocked ${r.blockedUrl || '(inline)'} on ${r.documentUrl}`);
    }
    return reply.code(204).send();
  });

  serve(app, security.listCspReports, async (req) => ({ data: await listCspReports(db, req.query.limit) }));
}
