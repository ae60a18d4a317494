import { fireEvent, render, screen } from '@testing-library/react';
import { LoginScreen } from './LoginScreen';

it('starts fetching the signed-in UI on the first keystroke, not on the autofocus', () => {
  const onFirstInteraction = jest.fn();
  render(<LoginScreen onSignedIn={jest.fn()} onFirstInteraction={onFirstInteraction} />);
  expect(screen.getByLabelText('Username')).toHaveFocus();
  expect(onFirstInteraction).not.toHaveBeenCalled();
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'a' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'b' } });
  expect(onFirstInteraction).toHaveBeenCalledTimes(1);
});
