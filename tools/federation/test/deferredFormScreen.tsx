// The form and the screen the antd-deferred tests draw (antdDeferred.test.tsx, antdDeferredLoaded.test.tsx): a
// form with a watched amount inside a Suspense boundary, inside an error boundary with Retry. Built
// from the antd the test required (the shared facade, after its mocks), never from antd directly.
import { Component, Suspense, type ReactNode } from 'react';
import type * as Antd from 'antd';

export function deferredFormScreen({ Form, Input, Button }: Pick<typeof Antd, 'Form' | 'Input' | 'Button'>) {
  class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
    override state = { error: null as Error | null };
    static getDerivedStateFromError(error: Error) {
      return { error };
    }
    override render() {
      return this.state.error ? <Button onClick={() => this.setState({ error: null })}>Retry</Button> : this.props.children;
    }
  }

  function AmountForm({ onAmount }: { onAmount: (amount: string) => void }) {
    const [form] = Form.useForm<{ amount: string }>();
    const amount = Form.useWatch('amount', form);
    return (
      <Form form={form} onFinish={(values) => onAmount(values.amount)}>
        <Form.Item label="Amount" name="amount" rules={[{ required: true, message: 'Please enter an amount' }]}>
          <Input />
        </Form.Item>
        <span data-testid="watched">{amount ?? ''}</span>
        <Button htmlType="submit">Add</Button>
      </Form>
    );
  }

  const screenWithForm = (onAmount: (amount: string) => void) => (
    <Boundary>
      <Suspense fallback={<p>Loading the section</p>}>
        <AmountForm onAmount={onAmount} />
      </Suspense>
    </Boundary>
  );
  return { AmountForm, screenWithForm };
}
