// The charts' non-data colours (text, axes, grid lines, tooltip, slice borders) taken from the
// one antd theme, so the charts follow dark mode like every other screen. The data colours stay
// the spec's 4-colour palette in both modes.
import { useMemo } from 'react';
import { theme } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';

export interface ChartSkin {
  /** Labels, legend and tooltip text. */
  text: string;
  /** Axis labels. */
  mutedText: string;
  /** Axis lines and the tooltip's border. */
  line: string;
  /** Grid lines. */
  split: string;
  /** The card behind the chart: tooltip background, pie slice borders. */
  surface: string;
}

/** The light theme's skin (the colours the charts had before dark mode). */
export const LIGHT_SKIN: ChartSkin = { text: '#262626', mutedText: 'rgba(0, 0, 0, 0.65)', line: '#d9d9d9', split: '#f0f0f0', surface: '#ffffff' };

/** The skin of the antd theme in context (the shell's ConfigProvider). */
export function useChartSkin(): ChartSkin {
  const { token } = theme.useToken();
  return useMemo(
    () => ({ text: token.colorText, mutedText: token.colorTextSecondary, line: token.colorBorder, split: token.colorSplit, surface: token.colorBgElevated }),
    [token],
  );
}

/** Whether a `#rrggbb` colour is dark (relative luminance under a half). */
export function isDarkColor(hex: string): boolean {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) return false;
  const [r, g, b] = match.slice(1).map((h) => parseInt(h, 16) / 255);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.5;
}

/** Whether the antd theme in context is a dark one (its cards are dark). */
export function useIsDarkTheme(): boolean {
  return isDarkColor(theme.useToken().token.colorBgContainer);
}

type Obj = Record<string, unknown>;
/** `f` over an option part that may be one object or a list of them, keeping its shape. */
const mapPart = (value: unknown, f: (o: Obj) => Obj): Obj | Obj[] => (Array.isArray(value) ? (value as Obj[]).map(f) : f(value as Obj));
const objectAt = (o: Obj, key: string): Obj => (o[key] && typeof o[key] === 'object' ? (o[key] as Obj) : {});

/** `option` painted with `skin`'s colours: a transparent background over the card, every text and line in the theme. */
export function withSkin(option: EChartsCoreOption, skin: ChartSkin): EChartsCoreOption {
  const axis = (a: Obj) => ({
    ...a,
    axisLabel: { ...objectAt(a, 'axisLabel'), color: skin.mutedText },
    axisLine: { ...objectAt(a, 'axisLine'), lineStyle: { color: skin.line } },
    splitLine: { ...objectAt(a, 'splitLine'), lineStyle: { color: skin.split } },
  });
  const skinned: Obj = {
    ...option,
    backgroundColor: 'transparent',
    textStyle: { color: skin.text },
  };
  if (option.legend) skinned.legend = { ...(option.legend as Obj), textStyle: { color: skin.text } };
  if (option.tooltip) skinned.tooltip = { ...(option.tooltip as Obj), backgroundColor: skin.surface, borderColor: skin.line, textStyle: { color: skin.text } };
  if (option.xAxis) skinned.xAxis = mapPart(option.xAxis, axis);
  if (option.yAxis) skinned.yAxis = mapPart(option.yAxis, axis);
  if (option.series) {
    skinned.series = mapPart(option.series, (s) =>
      s.type === 'pie' ? { ...s, itemStyle: { ...objectAt(s, 'itemStyle'), borderColor: skin.surface }, label: { ...objectAt(s, 'label'), color: skin.text } } : s,
    );
  }
  return skinned as EChartsCoreOption;
}
