// What this shell's share scope provides to every remote, as its build recorded it (the same figures
// as its shell-contract.json): the shared-client's version and exports, and antd's. The check of a
// remote reads them here instead of loading those singletons to look at them, which waited for the
// signed-in UI's chunks and held every remote's files back until they had arrived (most of a second
// on a mobile network, before the dashboard's remote could start).
type Exports = Record<string, unknown>;

interface ShellProvides {
  sharedClient: { version: string; exports: string[] };
  antd: { exports: string[] };
}

const asExports = (names: string[]): Exports => Object.fromEntries(names.map((name) => [name, true]));

function recordedByTheBuild(): { sharedClient: Exports; antd: Exports } | null {
  if (!process.env.SHELL_PROVIDES) return null; // a build that records none: nothing to check against
  const provides = JSON.parse(process.env.SHELL_PROVIDES) as ShellProvides;
  return {
    sharedClient: { ...asExports(provides.sharedClient.exports), SHARED_CLIENT_VERSION: provides.sharedClient.version },
    antd: asExports(provides.antd.exports),
  };
}

export const SHELL_PROVIDES = recordedByTheBuild();
