// The two appearance switches (Dark mode, Compact), each a labelled `role="switch"` button, in the
// shell's sidebar and in a remote's standalone harness. The choice is stored per browser.
import { useId } from 'react';
import { Flex, Switch } from 'antd';
import { setAppearance, type Appearance } from '@growth-admin/shared-client';
import { useAppearance } from './appearance';

const SWITCHES: ReadonlyArray<{ key: keyof Appearance; label: string }> = [
  { key: 'dark', label: 'Dark mode' },
  { key: 'compact', label: 'Compact' },
];

/** `inline`: side by side (a header); otherwise one under the other (the sidebar). */
export function AppearanceSwitches({ inline = false }: { inline?: boolean }) {
  const id = useId();
  const appearance = useAppearance();
  return (
    <Flex vertical={!inline} gap={inline ? 16 : 6} role="group" aria-label="Appearance">
      {SWITCHES.map(({ key, label }) => (
        <Flex key={key} justify="space-between" align="center" gap={8}>
          <label htmlFor={`${id}-${key}`}>{label}</label>
          <Switch id={`${id}-${key}`} size="small" checked={appearance[key]} onChange={(on) => setAppearance({ [key]: on })} />
        </Flex>
      ))}
    </Flex>
  );
}
