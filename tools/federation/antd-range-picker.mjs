// antd's DatePicker (32 kB gzip: @rc-component/picker, its panels and dayjs glue) is in its own
// async chunk (antd-date-picker.mjs), out of the shared antd every signed-in screen loads: the
// dashboard shows a date-range picker but nobody opens it before the charts are drawn. Until the
// chunk is in, `DatePicker.RangePicker` draws the closed, empty picker itself, with antd's own picker
// styles (5 kB) and markup, so it looks the same; hovering, focusing or pressing it loads the real
// one, which takes its place (and the focus, when it had it). The chunk is also warmed when
// the browser is idle a few seconds after the first screen, like antd-deferred.mjs. A picker given a
// value (a filter from the URL) loads the real one at once: only the empty one is drawn light.
import { createElement, lazy, Suspense, useContext, useEffect, useState } from 'react';
import { ConfigContext } from 'antd/es/config-provider/context.js';
import useDatePickerStyle from 'antd/es/date-picker/style/index.js';
import { chunkLoader, warmLater } from './chunk-loader.mjs';

const chunk = chunkLoader(() => import(/* webpackChunkName: "antd-date-picker" */ './antd-date-picker.mjs'));
const loadDatePicker = chunk.load;

const RealRangePicker = lazy(() => loadDatePicker().then((m) => ({ default: m.DatePicker.RangePicker })));
const RealDatePicker = lazy(() => loadDatePicker().then((m) => ({ default: m.DatePicker })));

// antd's icons, as its RangePicker draws them (the page already has the .anticon styles).
const icon = (name, viewBox, d, hidden) =>
  createElement(
    'span',
    { role: 'img', 'aria-label': name, 'aria-hidden': hidden, className: `anticon anticon-${name}` },
    createElement(
      'svg',
      { viewBox, focusable: 'false', 'data-icon': name, width: '1em', height: '1em', fill: 'currentColor', 'aria-hidden': 'true' },
      createElement('path', { d }),
    ),
  );
const SWAP_RIGHT =
  'M873.1 596.2l-164-208A32 32 0 00684 376h-64.8c-6.7 0-10.4 7.7-6.3 13l144.3 183H152c-4.4 0-8 3.6-8 8v60c0 4.4 3.6 8 8 8h695.9c26.8 0 41.7-30.8 25.2-51.8z';
const CALENDAR =
  'M880 184H712v-64c0-4.4-3.6-8-8-8h-56c-4.4 0-8 3.6-8 8v64H384v-64c0-4.4-3.6-8-8-8h-56c-4.4 0-8 3.6-8 8v64H144c-17.7 0-32 14.3-32 32v664c0 17.7 14.3 32 32 32h736c17.7 0 32-14.3 32-32V216c0-17.7-14.3-32-32-32zm-40 656H184V460h656v380zM184 392V256h128v48c0 4.4 3.6 8 8 8h56c4.4 0 8-3.6 8-8v-48h256v48c0 4.4 3.6 8 8 8h56c4.4 0 8-3.6 8-8v-48h128v136H184z';

/** The closed, empty RangePicker's markup and classes, as antd 6 renders it (outlined, middle size). */
function LightRangePicker({ placeholder, className, style, disabled, onIntent, 'aria-label': ariaLabel }) {
  const { getPrefixCls } = useContext(ConfigContext);
  const prefixCls = getPrefixCls('picker');
  const rootCls = `${prefixCls}-css-var`;
  const [hashId, cssVarCls] = useDatePickerStyle(prefixCls, rootCls);
  const [start, end] = placeholder ?? ['Start date', 'End date'];
  const input = (side, text) =>
    createElement(
      'div',
      { className: `${prefixCls}-input ${prefixCls}-input-${side}` },
      createElement('input', {
        readOnly: true, // typing waits for the real picker (a moment), so no keystroke is lost
        disabled,
        'aria-invalid': 'false',
        autoComplete: 'off',
        'aria-label': ariaLabel,
        size: 12,
        placeholder: text,
        'date-range': side,
        value: '',
        onFocus: () => onIntent(side),
      }),
    );
  const classes = [prefixCls, `${prefixCls}-range`, `${prefixCls}-outlined`, disabled && `${prefixCls}-disabled`, hashId, cssVarCls, rootCls, className];
  return createElement(
    'div',
    { className: classes.filter(Boolean).join(' '), style, onPointerEnter: () => onIntent(null), onPointerDown: () => onIntent(null) },
    input('start', start),
    createElement(
      'div',
      { className: `${prefixCls}-range-separator` },
      createElement('span', { 'aria-hidden': 'true', className: `${prefixCls}-separator` }, icon('swap-right', '0 0 1024 1024', SWAP_RIGHT)),
    ),
    input('end', end),
    createElement('div', { className: `${prefixCls}-active-bar`, style: { position: 'absolute', width: 0 } }),
    createElement('span', { className: `${prefixCls}-suffix` }, icon('calendar', '64 64 896 896', CALENDAR, 'true')),
  );
}

function RangePicker(props) {
  const [real, setReal] = useState(chunk.loaded() !== null || props.value != null || props.defaultValue != null);
  // Whether the light picker had the focus when the real one was asked for: the real one takes it.
  const [focused, setFocused] = useState(false);
  useEffect(() => {
    if (real) return undefined;
    return chunk.subscribe(() => setReal(true));
  }, [real]);
  const onIntent = (side) => {
    if (side) setFocused(true);
    void loadDatePicker().catch(() => undefined);
  };
  const light = createElement(LightRangePicker, { ...props, onIntent });
  if (!real) return light;
  return createElement(Suspense, { fallback: light }, createElement(RealRangePicker, { autoFocus: focused, ...props }));
}

/** The single-date picker: no screen shows one first, so it simply loads on first render. */
function DatePicker(props) {
  return createElement(Suspense, { fallback: null }, createElement(RealDatePicker, props));
}
DatePicker.RangePicker = RangePicker;

export { DatePicker };

warmLater(chunk);
