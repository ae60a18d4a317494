// Extension slots: named places in one team's screen where other teams' remotes add a piece (a card,
// a tab, an action). Each slot is owned by the screen that hosts it and has one versioned props
// contract, here. A remote's build declares its contributions (slot id, a semver range of the
// contract, the module); the release gate refuses one whose range this shell's contract does not
// satisfy. Raise a slot's version as semver: a new optional prop is a minor, anything else a major.
// This file has no runtime imports: the shell's build reads SLOT_CONTRACTS with Node's type stripping.
import type { ComponentType, ReactNode } from 'react';
import type { TrendRange } from './api';
import type { CanaryJudgement, Order, Person, Release, SectionProps, TrendPeriod } from './types';

export const SLOT_CONTRACTS = {
  /** Analytics: a card beside the stat cards, given the dashboard's period and range. */
  'dashboard.cards': '1.0.0',
  /** Users → User Details: a tab, given the person shown. The tab's label comes from the contribution's metadata. */
  'user.details.tabs': '1.0.0',
  /** Orders → Order Details: an action, given the order; it may refresh the order after a change. */
  'order.details.actions': '1.0.0',
  /**
   * Settings → Remotes: under a canary's figures, given the remote and the canary judge's judgement
   * (its series over time); from 1.1.0 also under a past release's, given that release.
   */
  'settings.remotes.canary': '1.1.0',
} as const;

export type SlotId = keyof typeof SLOT_CONTRACTS;

export interface DashboardCardsProps {
  period: TrendPeriod;
  /** null: the default window (the last 30 days). */
  range: TrendRange | null;
}

export interface UserDetailsTabsProps {
  person: Person;
}

export interface OrderDetailsActionsProps {
  order: Order;
  /** Loads the order again (after the action changed it); the host's list follows. */
  refresh(): void;
}

export interface SettingsRemotesCanaryProps {
  remote: string;
  /** As GET /api/admin/releases/:remote/judgement answers it, refreshed by the host. */
  judgement: CanaryJudgement;
  /**
   * Since 1.1.0: the release of the history the figures are of (`?release=<id>`: a past canary's
   * window, or a release released to everyone at once with its own views); absent: the live canary.
   */
  release?: Pick<Release, 'id' | 'version'>;
}

/** Each slot's props: what the host screen gives every contribution. */
export interface SlotPropsMap {
  'dashboard.cards': DashboardCardsProps;
  'user.details.tabs': UserDetailsTabsProps;
  'order.details.actions': OrderDetailsActionsProps;
  'settings.remotes.canary': SettingsRemotesCanaryProps;
}

/** What a contribution module default-exports: the slot's props plus the signed-in administrator and the toasts. */
export type SlotContributionProps<S extends SlotId> = SlotPropsMap[S] & Pick<SectionProps, 'user' | 'toast'>;
export type SlotContribution<S extends SlotId> = ComponentType<SlotContributionProps<S>>;

/** One contribution as the host sees it before its code loads (from the registry's composition). */
export interface SlotEntry {
  /** `<remote>/<module>`: stable, a React key. */
  key: string;
  remote: string;
  label?: string;
}

/**
 * The shell's slot renderer, given to every section (`SectionProps.slots`). `Slot` renders each
 * contribution in its own error boundary, after the host's content, with a small fallback when it
 * fails (reported against the contributing remote's release). `entries` lists a slot's
 * contributions without loading them (a tab strip needs the labels first); `Contribution` renders one.
 */
export interface SlotHost {
  Slot<S extends SlotId>(props: { id: S; props: SlotPropsMap[S]; wrap?: (child: ReactNode, entry: SlotEntry) => ReactNode }): ReactNode;
  entries(id: SlotId): SlotEntry[];
  Contribution<S extends SlotId>(props: { id: S; entry: SlotEntry; props: SlotPropsMap[S] }): ReactNode;
}
