import { normalizePhone, UserType, type UserTypeCode } from '@huddle/domain';
import type { AccountUpdate, MemberAccount } from '../api/account-types';
import { genderCode } from '../api/gender';
import type { AccountValues } from '../forms/profile-form';

export function accountValuesOf(account: MemberAccount): AccountValues {
  const business = account.business_info;
  return {
    first_name: account.first_name ?? '',
    last_name: account.last_name ?? '',
    gender: account.gender ? String(account.gender) : '',
    description: account.description ?? '',
    email: account.email,
    phone: account.phone ?? '',
    username: account.username ?? '',
    business: {
      name: business?.name ?? '',
      email: business?.email ?? '',
      phone: business?.phone ?? '',
      website: business?.website ?? '',
    },
  };
}

/** PUT /user/accounts from the edit form: trimmed, the phone stored with its leading plus. */
export function accountUpdateOf(values: AccountValues, userType: UserTypeCode): AccountUpdate {
  const update: AccountUpdate = {
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    email: values.email.trim(),
    phone: normalizePhone(values.phone),
    gender: genderCode(values.gender),
    username: values.username.trim() === '' ? null : values.username.trim(),
  };
  if (userType === UserType.Athlete) update.description = values.description.trim();
  if (userType === UserType.Business) {
    update.business_info = {
      name: values.business.name.trim(),
      email: values.business.email.trim(),
      phone: normalizePhone(values.business.phone),
      website: values.business.website.trim(),
    };
  }
  return update;
}
