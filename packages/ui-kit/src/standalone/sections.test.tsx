// The standalone page's sections come from the remote's remote.json alone: its labels, its order,
// and each section's code by the module name remote.json gives it.
import { Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import type { SectionProps } from '@growth-admin/shared-client';
import { standaloneSections, type RemoteDeclaration } from './sections';

const remote: RemoteDeclaration = {
  name: 'orders',
  sections: [
    { path: 'payments', label: 'Payments', module: './Payments', order: 50 },
    { path: 'orders', label: 'Orders', module: './Orders', order: 40 },
  ],
};
const moduleSaying = (text: string) => () => Promise.resolve({ default: ({ user }: SectionProps) => <p>{`${text} for ${user.username}`}</p> });
const modules = { './Orders': moduleSaying('the orders'), './Payments': moduleSaying('the payments') };

test("each declared section, in remote.json's order, with its label", () => {
  expect(standaloneSections(remote, modules).map(({ key, label }) => ({ key, label }))).toEqual([
    { key: 'orders', label: 'Orders' },
    { key: 'payments', label: 'Payments' },
  ]);
});

test('a section draws the module remote.json names for it', async () => {
  const [, payments] = standaloneSections(remote, modules);
  render(
    <Suspense fallback={null}>
      <payments.Component user={{ username: 'mia' }} toast={{ success() {}, error() {}, info() {} }} />
    </Suspense>,
  );
  expect(await screen.findByText('the payments for mia')).toBeInTheDocument();
});

test('a section whose module the build does not expose, or no section at all, is named', () => {
  expect(() => standaloneSections(remote, { './Orders': modules['./Orders'] })).toThrow(
    'remote.json of orders: the section payments names the module ./Payments, which this build does not expose',
  );
  expect(() => standaloneSections({ name: 'empty', sections: [] }, modules)).toThrow('remote.json of empty declares no section');
});
