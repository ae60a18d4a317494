// Every icon a section may name is drawn (the gate lets no other through), this repository's own at once.
import { render, screen } from '@testing-library/react';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the test holds the shell to every icon the contract allows; it ships nothing
import { SECTION_ICONS } from '@growth-admin/api-contract';
import { sectionIcon } from './sectionIcons';

test.each(SECTION_ICONS)('draws %s', async (name) => {
  render(<span data-testid="icon">{sectionIcon(name)}</span>);
  const fallback = 'appstore';
  // The icon named, not the plain one (which only stands in while another loads).
  await screen.findByRole('img', { name: (label) => label !== fallback });
  expect(screen.getByRole('img')).toHaveAttribute('aria-label', expect.not.stringMatching(/^appstore$/));
});

test('an unknown name gets the plain icon', async () => {
  render(<span>{sectionIcon('spaceship')}</span>);
  expect(await screen.findByRole('img', { name: 'appstore' })).toBeInTheDocument();
});
