/**
 * This UI kit's version (package.json's, checked by surface.test.ts). It follows semver of the
 * exported surface (surface.json): an export removed or changed is a major, one added a minor.
 */
export const UI_KIT_VERSION = '1.2.0';
