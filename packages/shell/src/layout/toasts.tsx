// Toasts: sign-in success at the top centre, everything else at the top right (spec 2 and 8).
// antd's static APIs render into their own container, so a toast outlives the layout that fired
// it (the sign-out notice shows over the login screen).
import type { ReactNode } from 'react';
import { ConfigProvider, message, notification } from 'antd';
import type { ToastApi } from '@growth-admin/shared-client';
import { MotionPreference } from './motionPreference';
import { useAdminTheme } from '@growth-admin/ui-kit/core';

export const SUCCESS_SECONDS = 3;
export const ERROR_SECONDS = 5;

/**
 * That container is outside the layout's ConfigProvider: it gets the administrator's theme (dark
 * mode, compact) and motion preference here, live, so a toast on screen changes with the switch too.
 */
function ToastTheme({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider theme={useAdminTheme()}>
      <MotionPreference>{children}</MotionPreference>
    </ConfigProvider>
  );
}
ConfigProvider.config({ holderRender: (children) => <ToastTheme>{children}</ToastTheme> });

message.config({ top: 24, maxCount: 3 });
notification.config({ placement: 'topRight', top: 24, maxCount: 5 });

/** The `toast` prop every section receives. */
export const sectionToast: ToastApi = {
  success: (text, seconds = SUCCESS_SECONDS) => notification.success({ title: text, duration: seconds }),
  error: (text, seconds = ERROR_SECONDS) => notification.error({ title: text, duration: seconds }),
  info: (text, seconds = SUCCESS_SECONDS) => notification.info({ title: text, duration: seconds }),
};

export function toastSignedIn(): void {
  void message.success('Successfully logged in', SUCCESS_SECONDS);
}
