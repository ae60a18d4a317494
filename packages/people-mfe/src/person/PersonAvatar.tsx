import { Avatar } from 'antd';
import { useState } from 'react';
import { avatarProxyUrl, type Person } from '@growth-admin/shared-client';
import { displayName } from './display';

interface Props {
  person: Pick<Person, 'avatar' | 'customName' | 'customId'>;
  size?: number;
}

/** The avatar through the image proxy; the name's initial when there is none or it fails to load. */
export function PersonAvatar({ person, size = 40 }: Props) {
  const src = avatarProxyUrl(person.avatar);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const name = displayName(person);
  if (!src || failedSrc === src) {
    return (
      <span role="img" aria-label={`${name} (no avatar)`} data-testid="avatar-placeholder">
        <Avatar size={size} aria-hidden>
          {name.charAt(0).toUpperCase()}
        </Avatar>
      </span>
    );
  }
  return (
    <Avatar
      size={size}
      src={src}
      alt={name}
      onError={() => {
        setFailedSrc(src);
        return false;
      }}
    />
  );
}
