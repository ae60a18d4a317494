// The shared antd's deferred components (tools/federation/antd-shared.mjs), once the antd-deferred
// chunk is in: every deferred component renders in its first pass (React.lazy, used before,
// suspended once even then: a fallback committed, revealed up to 300 ms later). Before it is in, and
// when its load fails: antdDeferred.test.tsx.
import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { deferredFormScreen } from './deferredFormScreen';

jest.setTimeout(30_000);

// The chunk (antd itself here), loaded by the test's first form.
let mockLoads = 0;
jest.mock('../antd-deferred.mjs', () => {
  mockLoads++;
  return jest.requireActual('antd');
});

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { Form, Input, Table, Button } = require('../antd-shared.mjs') as typeof import('antd');

const { AmountForm, screenWithForm } = deferredFormScreen({ Form, Input, Button });

test('once the chunk is in, a form and a table render in their first pass (no fallback)', async () => {
  // The chunk comes in for a first form, which waits for it; then a new screen is drawn.
  const first = await act(async () => render(screenWithForm(() => undefined)));
  expect(first.getByLabelText('Amount')).toBeInTheDocument();
  expect(mockLoads).toBe(1);
  first.unmount();

  render(
    <Suspense fallback={<p>Loading the section</p>}>
      <AmountForm onAmount={() => undefined} />
      <Table rowKey="id" columns={[{ title: 'Name', dataIndex: 'name' }]} dataSource={[{ id: 1, name: 'mia' }]} />
    </Suspense>,
  );
  expect(screen.queryByText('Loading the section')).not.toBeInTheDocument();
  expect(screen.getByLabelText('Amount')).toBeInTheDocument();
  expect(screen.getByRole('cell', { name: 'mia' })).toBeInTheDocument();
});
