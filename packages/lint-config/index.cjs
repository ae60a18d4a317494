// The workspace's own lint rules, one exported config per concern; the root eslint.config.mjs uses
// them and test/ proves each one refuses what it should.

/** Browser code of every package that runs in the admin's page. */
const BROWSER_SOURCES = ['packages/{shell,shared-client,ui-kit,*-mfe}/src/**/*.{ts,tsx}'];

const MARKUP = 'Data is never markup (docs/architecture.md, "What the browser may run")';

/**
 * No data as markup: no HTML sinks, no HTML parsing, no string-to-code, and every chart formatter
 * comes from the one helper that builds tooltips as DOM text (analytics-mfe charts/tooltip.ts).
 */
const MARKUP_SELECTORS = [
      {
        selector: 'AssignmentExpression[left.property.name=/^(innerHTML|outerHTML)$/]',
        message: `${MARKUP}: set textContent, or build elements with document.createElement.`,
      },
      {
        selector: 'CallExpression[callee.property.name=/^(insertAdjacentHTML|createContextualFragment|parseFromString)$/]',
        message: `${MARKUP}: do not parse HTML; build elements with document.createElement and textContent.`,
      },
      {
        selector: "CallExpression[callee.object.name='document'][callee.property.name=/^(write|writeln)$/]",
        message: `${MARKUP}: document.write parses HTML.`,
      },
      {
        selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
        message: `${MARKUP}: render text as React children; React escapes it.`,
      },
      {
        selector: ":matches(Property[key.name='formatter'], Property[key.value='formatter'], AssignmentExpression[left.property.name='formatter'])",
        message: `${MARKUP}: chart formatters come from charts/tooltip.ts (itemTooltip, axisTooltip), which builds DOM text, never an HTML string.`,
      },
];

const noMarkupFromData = {
  files: BROWSER_SOURCES,
  ignores: ['**/*.test.{ts,tsx}'],
  rules: {
    'no-eval': 'error',
    'no-implied-eval': 'error',
    'no-new-func': 'error',
    'no-script-url': 'error',
    'no-restricted-syntax': ['error', ...MARKUP_SELECTORS],
  },
};

/** The names of this repository's remotes (each packages/<pkg>/remote.json), for the rule below. */
function localRemoteNames() {
  const { existsSync, readdirSync, readFileSync } = require('node:fs');
  const { join } = require('node:path');
  const packages = join(__dirname, '..');
  return readdirSync(packages)
    .filter((pkg) => existsSync(join(packages, pkg, 'remote.json')))
    .map((pkg) => JSON.parse(readFileSync(join(packages, pkg, 'remote.json'), 'utf8')).name);
}

const COMPOSED = 'The shell compiles in no remote (docs/composition.md)';
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/**
 * The shell, shared-client and the UI kit name no remote: no federation key (`orders/Orders`), no
 * remote's URL or default port, and (the shell) no remote's name at all. Sections, routes and slot
 * contributions arrive from the registry at run time. (shared-client's and the kit's own words,
 * 'orders' as an API resource, are not a remote's federation key.)
 */
function remoteNamesSelectors({ bareNames }) {
  const names = localRemoteNames().map(escape).join('|');
  const literal = (pattern) => [`Literal[value=/${pattern}/]`, `TemplateElement[value.raw=/${pattern}/]`];
  const forbidden = [
    [`^(${names})\\/[A-Za-z]`, 'a federation key names a remote: load what the composition lists'],
    ['localhost:30(0[1-9]|[1-9][0-9])', "a remote's local URL: remotes come from the runtime config"],
    ...(bareNames ? [[`^(${names})$`, "a remote's name: sections come from the composition"]] : []),
  ];
  return forbidden.flatMap(([pattern, why]) => literal(pattern).map((selector) => ({ selector, message: `${COMPOSED}: ${why}.` })));
}

const hostNamesNoRemote = [
  {
    files: ['packages/shell/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'packages/shell/src/testing/**'],
    rules: { 'no-restricted-syntax': ['error', ...MARKUP_SELECTORS, ...remoteNamesSelectors({ bareNames: true })] },
  },
  {
    files: ['packages/{shared-client,ui-kit}/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ...MARKUP_SELECTORS, ...remoteNamesSelectors({ bareNames: false })] },
  },
];

/** The helper itself defines the formatters. */
const tooltipHelper = {
  files: ['packages/analytics-mfe/src/charts/tooltip.ts'],
  rules: { 'no-restricted-syntax': 'off' },
};

const ONE_WAY = 'Arrows go one way (docs/architecture.md, "One-way rules")';
const REMOTES = '@growth-admin/*-mfe';
/** A relative path that climbs out of its package into another one. */
const INTO_ANOTHER_PACKAGE = '^(\\.\\./)+(shell|shared-client|ui-kit|admin-api|api-contract|web-security|[a-z]+-mfe)(/|$)';

/** `no-restricted-imports` for one group of packages: these names are refused, api-contract only as types. */
function importZone(files, refused, why) {
  return {
    files,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@growth-admin/api-contract',
              allowTypeImports: true,
              message: `${ONE_WAY}: browser code takes only types from api-contract (import type), so no TypeBox ships to the page.`,
            },
          ],
          patterns: [
            { group: refused, message: `${ONE_WAY}: ${why}` },
            { regex: INTO_ANOTHER_PACKAGE, message: `${ONE_WAY}: import another package by its name, never by a relative path into it.` },
          ],
        },
      ],
    },
  };
}

const CONTROL_PLANE_ENTRY = 'the back-office imports the release control plane through its public entry (src/controlPlane, its index.ts), never one of its files.';

/**
 * `no-restricted-imports` for admin-api: no browser package, no relative path into another package,
 * plus a zone's own refusals (ESLint does not merge one rule's options across config objects).
 */
function apiZone(files, { ignores = [], paths = [], patterns = [] } = {}) {
  return {
    files,
    ignores,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths,
          patterns: [
            {
              group: ['@growth-admin/shell', '@growth-admin/shell/*', '@growth-admin/shared-client', '@growth-admin/shared-client/*', '@growth-admin/ui-kit', '@growth-admin/ui-kit/*', REMOTES, `${REMOTES}/*`],
              message: `${ONE_WAY}: the API imports no browser package; what both sides share is api-contract.`,
            },
            { regex: INTO_ANOTHER_PACKAGE, message: `${ONE_WAY}: import another package by its name, never by a relative path into it.` },
            ...patterns,
          ],
        },
      ],
    },
  };
}

/**
 * The one-way import rules: a remote never imports the shell or another remote; the shell imports
 * no remote (it loads them at run time); the UI kit imports neither (only shared-client);
 * shared-client imports none of them, the UI kit included; no browser code imports admin-api, and
 * api-contract only as types. admin-api imports no browser package; inside it, the back-office
 * imports the release control plane through its public entry only, and the control plane no
 * back-office module (docs/architecture.md, "Admin API").
 */
const importZones = [
  importZone(
    ['packages/*-mfe/{src,test}/**/*.{ts,tsx}'],
    ['@growth-admin/shell', '@growth-admin/shell/*', REMOTES, `${REMOTES}/*`, '@growth-admin/admin-api', '@growth-admin/admin-api/*'],
    'a remote imports neither the shell nor another remote (the shell loads remotes at run time; share through shared-client and the UI kit).',
  ),
  importZone(
    ['packages/shell/{src,test}/**/*.{ts,tsx}'],
    [REMOTES, `${REMOTES}/*`, '@growth-admin/admin-api', '@growth-admin/admin-api/*'],
    'the shell loads remotes at run time through Module Federation, never by import.',
  ),
  importZone(
    ['packages/ui-kit/{src,test}/**/*.{ts,tsx}'],
    ['@growth-admin/shell', '@growth-admin/shell/*', REMOTES, `${REMOTES}/*`, '@growth-admin/admin-api', '@growth-admin/admin-api/*'],
    'the UI kit is below the shell and every remote: it imports neither (only shared-client).',
  ),
  importZone(
    ['packages/shared-client/{src,test}/**/*.{ts,tsx}'],
    ['@growth-admin/shell', '@growth-admin/shell/*', '@growth-admin/ui-kit', '@growth-admin/ui-kit/*', REMOTES, `${REMOTES}/*`, '@growth-admin/admin-api', '@growth-admin/admin-api/*'],
    'shared-client is the core below the UI kit, the shell and every remote: it imports none of them.',
  ),
  apiZone(['packages/admin-api/{src,test}/**/*.ts']),
  // The back-office reaches the release control plane through its public entry only.
  apiZone(['packages/admin-api/src/**/*.ts'], {
    ignores: ['packages/admin-api/src/controlPlane/**'],
    patterns: [{ regex: '(^|/)controlPlane/.', message: `${ONE_WAY}: ${CONTROL_PLANE_ENTRY}` }],
  }),
  // The control plane takes what it needs of the API as its plugin's options and the shared code
  // (db, http, config, metrics, security), never a back-office module; of the contract, its own modules.
  apiZone(['packages/admin-api/src/controlPlane/**/*.ts'], {
    paths: [
      {
        name: '@growth-admin/api-contract',
        message: `${ONE_WAY}: the control plane imports its own contract modules, @growth-admin/api-contract/releases and /remotes (and /route, /remote-meta and /compatibility they build on).`,
      },
    ],
    patterns: [
      {
        regex: '^(\\.\\./)+(modules|app|server|cli|main|seed|warmUp|migrations|index)(/|$)',
        message: `${ONE_WAY}: the control plane imports no back-office module nor the app that registers it: what it needs is its plugin's options (src/controlPlane/deps.ts) or the shared code.`,
      },
    ],
  }),
];

module.exports = { BROWSER_SOURCES, noMarkupFromData, tooltipHelper, importZones, hostNamesNoRemote };
