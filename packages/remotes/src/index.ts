// The one list of remotes. Everything that needs to know which remotes exist reads it: the shell
// (its sidebar sections and the runtime config it accepts), `npm start` (which dist folders to serve,
// on which ports), the runtime-config generator, each remote's webpack build (its exposed modules)
// and the admin API's default CORS origins. Adding a remote is one entry here plus its package.

export interface SectionDef {
  /** The sidebar entry's id, which is also its URL path (`/orders`). */
  id: string;
  label: string;
  /** The exposed module that renders it (a key of `exposes` without './'). */
  module: string;
}

export interface RemoteDef {
  /** The federation name, also the key in the runtime config's `remotes`. */
  name: string;
  /** The folder under packages/. */
  package: string;
  /** The default port of `npm start` and of its standalone dev server. */
  port: number;
  /** Environment variables that override the port and the public URL. */
  portEnv: string;
  urlEnv: string;
  /** Exposed module → its source file, as Module Federation's `exposes` takes it. */
  exposes: Record<string, string>;
  sections: readonly SectionDef[];
}

export const REMOTES = [
  {
    name: 'analytics',
    package: 'analytics-mfe',
    port: 3001,
    portEnv: 'ANALYTICS_PORT',
    urlEnv: 'ANALYTICS_URL',
    exposes: { './Section': './src/Section.tsx' },
    sections: [{ id: 'analytics', label: 'Analytics', module: 'Section' }],
  },
  {
    name: 'projects',
    package: 'projects-mfe',
    port: 3002,
    portEnv: 'PROJECTS_PORT',
    urlEnv: 'PROJECTS_URL',
    exposes: { './Section': './src/Section.tsx' },
    sections: [{ id: 'projects', label: 'Projects', module: 'Section' }],
  },
  {
    name: 'people',
    package: 'people-mfe',
    port: 3003,
    portEnv: 'PEOPLE_PORT',
    urlEnv: 'PEOPLE_URL',
    exposes: { './Section': './src/Section.tsx' },
    sections: [{ id: 'users', label: 'Users', module: 'Section' }],
  },
  {
    name: 'orders',
    package: 'orders-mfe',
    port: 3004,
    portEnv: 'ORDERS_PORT',
    urlEnv: 'ORDERS_URL',
    exposes: { './Orders': './src/Orders.tsx', './Payments': './src/Payments.tsx' },
    sections: [
      { id: 'orders', label: 'Orders', module: 'Orders' },
      { id: 'payments', label: 'Payments', module: 'Payments' },
    ],
  },
  {
    name: 'settings',
    package: 'settings-mfe',
    port: 3005,
    portEnv: 'SETTINGS_PORT',
    urlEnv: 'SETTINGS_URL',
    exposes: { './Section': './src/Section.tsx' },
    sections: [{ id: 'settings', label: 'Settings', module: 'Section' }],
  },
] as const satisfies readonly RemoteDef[];

export type RemoteName = (typeof REMOTES)[number]['name'];
export const REMOTE_NAMES = REMOTES.map((r) => r.name) as RemoteName[];

/** The host: not a remote, but served beside them by `npm start`. */
export const SHELL = { package: 'shell', port: 3000, portEnv: 'SHELL_PORT' } as const;

export function remoteByName(name: string): RemoteDef {
  const remote = REMOTES.find((r) => r.name === name);
  if (!remote) throw new Error(`no remote is named "${name}" (known: ${REMOTE_NAMES.join(', ')})`);
  return remote;
}

/** Every default port of the browser-facing pieces (the shell first): the API's default CORS origins. */
export const DEFAULT_PAGE_PORTS: number[] = [SHELL.port, ...REMOTES.map((r) => r.port)];

/**
 * Beside each remote's mf-manifest.json: the shared-client exports its build uses and the version
 * it was built with (written by the build, read by the shell before it loads the remote).
 */
export const SHARED_CLIENT_USAGE_FILE = 'shared-client-usage.json';

/** Every remote build's container entry, beside its mf-manifest.json (the shell loads it with the release's integrity hash). */
export const REMOTE_ENTRY_FILE = 'remoteEntry.js';
