// Remote metadata and runtime composition: what a remote's build says it adds to the shell (its sections and its
// contributions to extension slots), as data the registry reads without running the remote's code,
// and what the API answers each administrator (the sidebar, routes and slot contributions of the
// remotes they may load). The shell compiles in no remote: all of it arrives with the runtime config.
import { Type, type Static } from '@sinclair/typebox';
import { ROLES } from './route';

export { REMOTE_FILES, SHELL_CONTRACT_FILE } from './remoteFiles';

/** The icons a section may name; the shell draws each one. A build naming another is refused by the gate. */
export const SECTION_ICONS = [
  'dashboard',
  'projects',
  'users',
  'orders',
  'payments',
  'settings',
  'tickets',
  'promotions',
  'reports',
  'messages',
  'wallet',
  'tools',
] as const;
export type SectionIcon = (typeof SECTION_ICONS)[number];

/**
 * Data a section may ask the shell to start loading at sign-in, beside its code (one round trip
 * sooner): the shell knows how to start each of these; a build naming another is refused by the gate.
 */
export const SECTION_PREFETCHES = ['dashboard'] as const;

const RoleSchema = Type.Union(ROLES.map((r) => Type.Literal(r)));
const RemoteNameSchema = Type.String({ pattern: '^[a-z][a-z0-9-]{0,39}$', description: 'The federation name: lower-case letters, digits and -' });
const ExposedModule = Type.String({ pattern: '^\\./[A-Za-z][A-Za-z0-9_]{0,63}$', description: 'An exposed module of the build, e.g. ./Section' });
const Label = Type.String({ minLength: 1, maxLength: 40 });
const Order = Type.Integer({ minimum: 0, maximum: 10_000, description: 'Lower comes first' });

export const SectionMeta = Type.Object(
  {
    path: Type.String({ pattern: '^[a-z][a-z0-9-]{0,39}$', description: 'The URL path (`/orders`), also the section id: one remote owns it' }),
    label: Label,
    icon: Type.Union(SECTION_ICONS.map((i) => Type.Literal(i))),
    leastRole: RoleSchema,
    order: Order,
    module: ExposedModule,
    prefetch: Type.Optional(Type.Union(SECTION_PREFETCHES.map((p) => Type.Literal(p)))),
    itemLabel: Type.Optional(
      Type.String({ minLength: 1, maxLength: 20, description: 'The section opens one item from its URL (`/<path>/<item>`): what one is called, e.g. Order (the command palette offers "Order 123")' }),
    ),
  },
  { additionalProperties: false },
);

export const ContributionMeta = Type.Object(
  {
    slot: Type.String({ pattern: '^[a-z][a-z0-9]*(\\.[a-z][a-z0-9]*)+$', description: 'The slot id, e.g. dashboard.cards' }),
    contract: Type.String({ minLength: 1, maxLength: 40, description: "A semver range the host's slot contract version must satisfy, e.g. ^1.0.0" }),
    module: ExposedModule,
    leastRole: RoleSchema,
    order: Order,
    label: Type.Optional(Label),
  },
  { additionalProperties: false },
);

/** `remote-meta.json`: what a build declares, written by the build from the remote's `remote.json`. */
export const RemoteMeta = Type.Object(
  {
    schemaVersion: Type.Literal(1),
    name: RemoteNameSchema,
    sections: Type.Array(SectionMeta, { maxItems: 10 }),
    contributions: Type.Array(ContributionMeta, { maxItems: 20 }),
  },
  { additionalProperties: false },
);
export type RemoteMeta = Static<typeof RemoteMeta>;
export type SectionMeta = Static<typeof SectionMeta>;
export type ContributionMeta = Static<typeof ContributionMeta>;

export const ComposedSection = Type.Object({
  path: Type.String(),
  label: Type.String(),
  icon: Type.String(),
  remote: Type.String(),
  module: Type.String(),
  order: Type.Integer(),
  prefetch: Type.Optional(Type.String()),
  itemLabel: Type.Optional(Type.String()),
});

export const ComposedContribution = Type.Object({
  remote: Type.String(),
  module: Type.String(),
  order: Type.Integer(),
  label: Type.Optional(Type.String()),
});

export const Composition = Type.Object({
  sections: Type.Array(ComposedSection, { description: 'The sidebar and routes of this administrator, in order' }),
  slots: Type.Record(Type.String(), Type.Array(ComposedContribution), { description: 'Slot id → its contributions for this administrator, in order' }),
  removedSections: Type.Array(Type.Object({ path: Type.String(), label: Type.String() }), {
    description: 'Sections of decommissioned remotes: a deep link to one says it no longer exists',
  }),
});
export type Composition = Static<typeof Composition>;
export type ComposedSection = Static<typeof ComposedSection>;
export type ComposedContribution = Static<typeof ComposedContribution>;
