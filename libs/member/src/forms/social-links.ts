import { isValidLink, MESSAGES, normalizeLink, SOCIAL_LINK_FIELDS, SOCIAL_LINK_TYPES, type SocialLinkType } from '@huddle/domain';
import type { SocialLinkFields, SocialLinks } from '../api/account-types';

export function emptySocialLinks(): SocialLinks {
  return { tiktok: '', twitter: '', snapchat: '', facebook: '', instagram: '' };
}

/** The five links of an account (its `<type>_link` fields), empty where unset. */
export function socialLinksOf(account: SocialLinkFields | null | undefined): SocialLinks {
  const links = emptySocialLinks();
  for (const type of SOCIAL_LINK_TYPES) links[type] = account?.[SOCIAL_LINK_FIELDS[type]] ?? '';
  return links;
}

/** Spec §5: links are optional, but a typed one must be a link ('Please enter valid link'). */
export function socialLinkErrors(links: SocialLinks): Partial<Record<SocialLinkType, string>> {
  const errors: Partial<Record<SocialLinkType, string>> = {};
  for (const type of SOCIAL_LINK_TYPES) {
    if (links[type].trim() !== '' && !isValidLink(links[type])) errors[type] = MESSAGES.invalidLink;
  }
  return errors;
}

/** The `<type>_link` fields to send: https added where the scheme is missing, null for an empty link. */
export function socialLinkFields(links: SocialLinks): SocialLinkFields {
  const fields: SocialLinkFields = {};
  for (const type of SOCIAL_LINK_TYPES) {
    const value = links[type].trim();
    fields[SOCIAL_LINK_FIELDS[type]] = value === '' ? null : normalizeLink(value);
  }
  return fields;
}

/** The link types to map a server's field errors back onto ('tiktok_link' → 'tiktok'). */
export function linkTypeOfField(field: string): SocialLinkType | null {
  return SOCIAL_LINK_TYPES.find((type) => SOCIAL_LINK_FIELDS[type] === field || type === field) ?? null;
}
