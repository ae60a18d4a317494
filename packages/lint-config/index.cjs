// The workspace's own lint rules, one exported config per concern; the root eslint.config.mjs uses
// them and test/ proves each one refuses what it should.

/** Browser code of every package that runs in the admin's page. */
const BROWSER_SOURCES = ['packages/{shell,shared-client,*-mfe}/src/**/*.{ts,tsx}'];

const MARKUP = 'Data is never markup (docs/architecture.md, "What the browser may run")';

/**
 * No data as markup: no HTML sinks, no HTML parsing, no string-to-code, and every chart formatter
 * comes from the one helper that builds tooltips as DOM text (analytics-mfe charts/tooltip.ts).
 */
const noMarkupFromData = {
  files: BROWSER_SOURCES,
  ignores: ['**/*.test.{ts,tsx}'],
  rules: {
    'no-eval': 'error',
    'no-implied-eval': 'error',
    'no-new-func': 'error',
    'no-script-url': 'error',
    'no-restricted-syntax': [
      'error',
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
    ],
  },
};

/** The helper itself defines the formatters. */
const tooltipHelper = {
  files: ['packages/analytics-mfe/src/charts/tooltip.ts'],
  rules: { 'no-restricted-syntax': 'off' },
};

const ONE_WAY = 'Arrows go one way (docs/architecture.md, "One-way rules")';
const REMOTES = '@growth-admin/*-mfe';
/** A relative path that climbs out of its package into another one. */
const INTO_ANOTHER_PACKAGE = '^(\\.\\./)+(shell|shared-client|admin-api|api-contract|web-security|[a-z]+-mfe)(/|$)';

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

/**
 * The one-way import rules: a remote never imports the shell or another remote; the shell imports
 * no remote (it loads them at run time); shared-client imports neither; no browser code imports
 * admin-api, and api-contract only as types. admin-api imports no browser package.
 */
const importZones = [
  importZone(
    ['packages/*-mfe/{src,test}/**/*.{ts,tsx}'],
    ['@growth-admin/shell', '@growth-admin/shell/*', REMOTES, `${REMOTES}/*`, '@growth-admin/admin-api', '@growth-admin/admin-api/*'],
    'a remote imports neither the shell nor another remote (the shell loads remotes at run time; share through shared-client).',
  ),
  importZone(
    ['packages/shell/{src,test}/**/*.{ts,tsx}'],
    [REMOTES, `${REMOTES}/*`, '@growth-admin/admin-api', '@growth-admin/admin-api/*'],
    'the shell loads remotes at run time through Module Federation, never by import.',
  ),
  importZone(
    ['packages/shared-client/{src,test}/**/*.{ts,tsx}'],
    ['@growth-admin/shell', '@growth-admin/shell/*', REMOTES, `${REMOTES}/*`, '@growth-admin/admin-api', '@growth-admin/admin-api/*'],
    'shared-client is below the shell and every remote: it imports neither.',
  ),
  {
    files: ['packages/admin-api/{src,test}/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@growth-admin/shell', '@growth-admin/shell/*', '@growth-admin/shared-client', '@growth-admin/shared-client/*', REMOTES, `${REMOTES}/*`],
              message: `${ONE_WAY}: the API imports no browser package; what both sides share is api-contract.`,
            },
            { regex: INTO_ANOTHER_PACKAGE, message: `${ONE_WAY}: import another package by its name, never by a relative path into it.` },
          ],
        },
      ],
    },
  },
];

module.exports = { BROWSER_SOURCES, noMarkupFromData, tooltipHelper, importZones };
