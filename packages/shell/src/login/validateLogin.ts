// Spec 5: both fields are required; nothing is sent otherwise.
export const MISSING_FIELDS_MESSAGE = 'Please enter both username and password';
export const LOGIN_FAILED_MESSAGE = 'Invalid username or password';

export function validateLogin(username: string, password: string): string | null {
  return username.trim() && password ? null : MISSING_FIELDS_MESSAGE;
}
