import { render, screen } from '@testing-library/react';
import { contrastRatio, StatusTag, statusTagColors, TEXT_CONTRAST_AA } from './StatusTag';

// The API's four order states (Completed, Pending, Error, Refunded) and a project's Online.
const COLOURS = ['#10B981', '#F59E0B', '#EF4444', '#6B7280', '#52c41a', '#4F46E5', '#ffffff', '#000000', '#ff0'];

test('the WCAG contrast ratio: black on white is 21, a colour on itself 1', () => {
  expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
  expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
  expect(contrastRatio('#10B981', '#10B981')).toBe(1);
  expect(contrastRatio('#ffffff', '#10B981')).toBeLessThan(TEXT_CONTRAST_AA); // antd's solid custom tag
});

test.each(COLOURS)('%s: text reaches AA on its tinted background, the border keeps the colour itself', (colour) => {
  const colours = statusTagColors(colour)!;
  expect(contrastRatio(colours.color, colours.background)).toBeGreaterThanOrEqual(TEXT_CONTRAST_AA);
  expect(colours.borderColor).toBe(colour.length === 4 ? '#ffff00' : colour.toLowerCase());
  expect(contrastRatio(colours.background, '#ffffff')).toBeLessThan(1.35); // a light tint, not a solid block
});

test('a colour already readable on its tint keeps its hue unshaded', () => {
  expect(statusTagColors('#000000')!.color).toBe('#000000');
});

test.each(['', 'red', 'url(x)', '#12345', 'rgb(0,0,0)', '#10B981; background: url(https://evil.example)'])('%j is not a hex colour: a plain tag', (colour) => {
  expect(statusTagColors(colour)).toBeNull();
  render(<StatusTag colour={colour}>Completed</StatusTag>);
  expect(screen.getByText('Completed').getAttribute('style') ?? '').not.toMatch(/evil|url/);
});

test('renders the label with the computed colours', () => {
  render(<StatusTag colour="#10B981">Completed</StatusTag>);
  const tag = screen.getByText('Completed');
  const { color, background } = statusTagColors('#10B981')!;
  expect(tag).toHaveStyle({ color, background, borderColor: '#10b981' });
});
