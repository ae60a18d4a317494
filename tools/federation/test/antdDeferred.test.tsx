// The shared antd's deferred components (tools/federation/antd-shared.mjs): Form and its hooks come
// from the antd-deferred chunk. A component calling Form.useForm waits (its Suspense boundary shows)
// until the chunk is in, then renders a working form; a failed load reaches the error boundary and
// the next render loads again; once in, every deferred component renders in its first pass
// (React.lazy, used before, suspended once even then: a fallback committed, revealed up to 300 ms later).
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { deferredFormScreen } from './deferredFormScreen';

jest.setTimeout(30_000);

// The chunk (antd itself here): its first load fails, as over a dropped connection. (The chunk, once
// in, stays in the file's module registry: what a page does after it is in is antdDeferredLoaded.test.tsx.)
let mockFail = true;
let mockLoads = 0;
jest.mock('../antd-deferred.mjs', () => {
  mockLoads++;
  if (mockFail) throw new Error('Loading chunk antd-deferred failed.');
  return jest.requireActual('antd');
});

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { Form, Input, Button } = require('../antd-shared.mjs') as typeof import('antd');

const { screenWithForm } = deferredFormScreen({ Form, Input, Button });

test('a form waits for the chunk; a failed load reaches the error boundary and the next render loads again; then the form works', async () => {
  const onAmount = jest.fn();
  // (awaited: React's act holds a suspended render until its data is in)
  await act(async () => render(screenWithForm(onAmount)));
  const retry = screen.getByRole('button', { name: 'Retry' });
  const failedLoads = mockLoads; // (React renders again once before giving up: each render asks)
  expect(failedLoads).toBeGreaterThan(0);

  mockFail = false;
  await act(async () => fireEvent.click(retry));
  const amount = screen.getByLabelText('Amount');
  expect(mockLoads).toBe(failedLoads + 1);
  fireEvent.click(screen.getByRole('button', { name: 'Add' }));
  expect(await screen.findByText('Please enter an amount')).toBeInTheDocument();
  fireEvent.change(amount, { target: { value: '25' } });
  await waitFor(() => expect(screen.getByTestId('watched')).toHaveTextContent('25'));
  fireEvent.click(screen.getByRole('button', { name: 'Add' }));
  await waitFor(() => expect(onAmount).toHaveBeenCalledWith('25'));
});
