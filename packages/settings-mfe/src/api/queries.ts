// Settings' React Query keys and options: each key with its fetcher, so no screen pairs them by hand.
// The keys keep the values they had in shared-client (under its `queryKeys.all` root); nothing
// outside Settings reads or invalidates them.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { queryKeys, type AuditQuery } from '@growth-admin/shared-client';
import { getAllSessions, getMySessions } from './account';
import { getAdministrators } from './administrators';
import { getAudit } from './audit';
import { getMyOverrides } from './overrides';
import { getPreviews } from './previews';
import { getCanaryJudgement, getReleaseHistory, getReleases } from './releases';
import { getDeployTokens, getRemotes } from './remotes';

const root = queryKeys.all;

export const keys = {
  administrators: () => [...root, 'administrators'] as const,
  /** My sessions, and (owners) everyone's. */
  sessions: (scope: 'mine' | 'all') => [...root, 'sessions', scope] as const,
  audit: (query: object) => [...root, 'audit', query] as const,
  releases: () => [...root, 'releases'] as const,
  releaseHistory: (remote: string) => [...root, 'releases', remote] as const,
  /** The canary judge's verdict on a remote's canary (under releases(): a promote or rollback refreshes it). */
  canaryJudgement: (remote: string) => [...root, 'releases', remote, 'judgement'] as const,
  /** A remote's preview releases (under releases(): the registry's refresh refreshes them). */
  previews: (remote: string) => [...root, 'releases', remote, 'previews'] as const,
  /** The signed-in administrator's development overrides, in all their sessions. */
  myOverrides: () => [...root, 'overrides', 'mine'] as const,
  /** The registry's remotes (owners). */
  remotes: () => [...root, 'remotes'] as const,
  /** Every deploy token (owners). */
  deployTokens: () => [...root, 'deploy-tokens'] as const,
};

export const queries = {
  sessions: (scope: 'mine' | 'all') => queryOptions({ queryKey: keys.sessions(scope), queryFn: scope === 'mine' ? getMySessions : getAllSessions }),
  administrators: () => queryOptions({ queryKey: keys.administrators(), queryFn: getAdministrators }),
  releases: () => queryOptions({ queryKey: keys.releases(), queryFn: getReleases }),
  releaseHistory: (remote: string) => queryOptions({ queryKey: keys.releaseHistory(remote), queryFn: () => getReleaseHistory(remote) }),
  /** Refreshed every 30 s: the judge runs at most that often. */
  canaryJudgement: (remote: string) => queryOptions({ queryKey: keys.canaryJudgement(remote), queryFn: () => getCanaryJudgement(remote), refetchInterval: 30_000 }),
  previews: (remote: string) => queryOptions({ queryKey: keys.previews(remote), queryFn: () => getPreviews(remote) }),
  myOverrides: () => queryOptions({ queryKey: keys.myOverrides(), queryFn: getMyOverrides }),
  remotes: () => queryOptions({ queryKey: keys.remotes(), queryFn: getRemotes }),
  deployTokens: () => queryOptions({ queryKey: keys.deployTokens(), queryFn: getDeployTokens }),
  /** A page of the audit log; the current rows stay on screen while the next page loads. */
  audit: (query: Partial<AuditQuery>) => queryOptions({ queryKey: keys.audit(query), queryFn: () => getAudit(query), placeholderData: keepPreviousData }),
};
