// The workspace's own lint rules, one exported config per concern; the root eslint.config.mjs uses
// them and test/ proves each one refuses what it should.

/** Browser code of every package that runs in the admin's page. */
const BROWSER_SOURCES = ['packages/{shell,shared-client,*-mfe}/src/**/*.{ts,tsx}'];

const MARKUP = 'Data is never markup (ARCHITECTURE.md, "What the browser may run")';

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

module.exports = { BROWSER_SOURCES, noMarkupFromData, tooltipHelper };
