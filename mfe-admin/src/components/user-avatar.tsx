import { Avatar } from 'antd';
import type { User } from '@pnss/libs/api';
import { useGetUserQuery } from '../api/accounts.api.js';
import { initials } from '../format/user-display.js';

interface UserAvatarProps {
  user: Pick<User, '_id' | 'firstname' | 'lastname' | 'username' | 'hasPhoto'> & { photo?: string | null };
  /** Whether the viewer may read one user (get_user_by_id), where the photo comes from. */
  canFetchPhoto: boolean;
  size?: number;
}

/**
 * The user's photo, or their initials. Lists carry no photos (up to 200 KB each), so a row whose
 * user has one fetches it; the answer is cached and shared with the edit form. Decorative: the
 * name is always written beside it.
 */
export function UserAvatar({ user, canFetchPhoto, size = 32 }: UserAvatarProps) {
  const needsPhoto = user.photo === undefined && user.hasPhoto && canFetchPhoto;
  const { data } = useGetUserQuery(user._id, { skip: !needsPhoto });
  const photo = user.photo ?? (needsPhoto ? data?.photo : null) ?? null;
  return (
    <Avatar
      size={size}
      src={photo || undefined}
      alt=""
      aria-hidden
      style={{ backgroundColor: photo ? undefined : '#f3dde3', color: '#8a1538', flex: 'none', fontWeight: 600 }}
    >
      {initials(user)}
    </Avatar>
  );
}
