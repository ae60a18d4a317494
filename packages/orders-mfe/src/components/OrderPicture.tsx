import { Avatar } from 'antd';
import { avatarProxyUrl } from '@growth-admin/shared-client';

interface OrderPictureProps {
  /** The order's shoppingPic (any URL, possibly empty). */
  url: string | null | undefined;
  /** Shown as the placeholder's letter when there is no picture or it fails to load. */
  name: string;
  size?: number;
}

/** The order's picture through the image proxy; antd swaps in the placeholder when it fails to load. */
export function OrderPicture({ url, name, size = 40 }: OrderPictureProps) {
  const src = avatarProxyUrl(url);
  const initial = name.trim().charAt(0).toUpperCase() || '?';
  return (
    <Avatar shape="square" size={size} src={src} alt={src ? `Picture of ${name || 'the order'}` : undefined}>
      {initial}
    </Avatar>
  );
}
