// The names of the files the shell, the gate and the registry read beside a build's manifest. No
// TypeBox: the gate's rules (compatibility.ts), which the shell also runs in the page, name them.

/** The files of a remote's build the shell, the gate and the registry read, beside its manifest. */
export const REMOTE_FILES = {
  /** Module Federation's manifest: the URL a release is registered with. */
  manifest: 'mf-manifest.json',
  /** The container entry (its SRI hash carries every chunk's). */
  entry: 'remoteEntry.js',
  /** The shared-client and antd exports the build uses, and the versions it was built with. */
  usage: 'shared-client-usage.json',
  /** The build's sections and slot contributions (`RemoteMeta`). */
  meta: 'remote-meta.json',
} as const;

/** The file a shell build writes beside its manifest: the shared-client, antd and slot contracts it provides. */
export const SHELL_CONTRACT_FILE = 'shell-contract.json';
