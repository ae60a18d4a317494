import { FastColor } from '@ant-design/fast-color';
import { Tag } from 'antd';
import type { ReactNode } from 'react';

/** WCAG AA for normal-size text. */
export const TEXT_CONTRAST_AA = 4.5;

/** The WCAG contrast ratio of two opaque colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [new FastColor(a).getLuminance(), new FastColor(b).getLuminance()].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/**
 * A status in its colour, readable: the colour as the border, a light tint of it behind, and the
 * text in the colour shaded until it reaches AA contrast on that tint. (White text on a solid
 * spec colour, antd's default for a custom colour, is 2.5:1 on green.) Null for what is not a
 * hex colour: the tag is then drawn plain.
 */
export function statusTagColors(colour: string): { color: string; background: string; borderColor: string } | null {
  if (!HEX_COLOUR.test(colour)) return null;
  const base = new FastColor(colour);
  const background = base.tint(88).toHexString();
  let text = base.toHexString();
  for (let shade = 5; contrastRatio(text, background) < TEXT_CONTRAST_AA && shade <= 100; shade += 5) text = base.shade(shade).toHexString();
  return { color: text, background, borderColor: base.toHexString() };
}

/** A status label in a given colour (an order's stateStr in its stateColor, a project's Online). */
export function StatusTag({ colour, children }: { colour: string | null | undefined; children: ReactNode }) {
  const colours = statusTagColors(colour ?? '');
  return (
    <Tag style={{ marginInlineEnd: 0, ...colours }}>
      {children}
    </Tag>
  );
}
