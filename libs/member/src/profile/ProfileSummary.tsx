import { useState } from 'react';
import { fullName } from '@huddle/domain/format';
import { mediaUrl } from '@huddle/api-client';
import { Icon } from '@huddle/ui';
import type { MemberAccount } from '../api/account-types';
import { useMemberApi } from '../api/hooks';
import '../member.css';

/** The own profile's header: photo, name, @username and a role line. */
export function ProfileSummary({ account, caption }: { account: MemberAccount; caption?: string }) {
  const api = useMemberApi();
  const [broken, setBroken] = useState(false);
  const photo = mediaUrl(api.apiBase, account.profile_photo);
  const name = fullName(account) || account.email;
  return (
    <div className="mb-summary">
      <div className="mb-summary__photo">
        {photo && !broken ? <img src={photo} alt="" onError={() => setBroken(true)} /> : <Icon name="user" size={36} />}
      </div>
      <div className="mb-summary__text">
        <h2 className="mb-summary__name">{name}</h2>
        {account.username && <p className="mb-summary__username">@{account.username}</p>}
        {caption && <p className="hd-muted">{caption}</p>}
      </div>
    </div>
  );
}
