// The link `--in-panel` prints (build.mjs): the one the shell at the panel's URL takes for a
// developer's override (packages/shell/src/override/link.ts), `<panel>/?override=<remote>@<manifest URL>`.

/** The override link of `remote`'s build at `manifestUrl` for the panel at `panelUrl` (its path kept, its query and hash dropped). */
export function overrideLink(panelUrl, remote, manifestUrl) {
  const panel = new URL(panelUrl);
  panel.search = '';
  panel.hash = '';
  return `${panel.href.replace(/\/+$/, '')}/?override=${remote}@${encodeURIComponent(manifestUrl)}`;
}
