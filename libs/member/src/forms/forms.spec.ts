import { ApiError } from '@huddle/api-client';
import { MESSAGES } from '@huddle/domain';
import { accountEditErrors, placeServerError, profileStepErrors, type AccountValues, type ProfileValues } from './profile-form';
import { linkTypeOfField, socialLinkErrors, socialLinkFields, socialLinksOf, emptySocialLinks } from './social-links';

const profile: ProfileValues = {
  first_name: 'Jordan',
  last_name: 'Miles',
  gender: '1',
  description: '',
  business: { name: '', email: '', phone: '', website: '' },
};

describe('profile step (spec §5)', () => {
  it('needs names and a photo from everyone', () => {
    expect(profileStepErrors(profile, 1, true)).toEqual({});
    expect(profileStepErrors({ ...profile, first_name: ' ', last_name: '' }, 1, false)).toEqual({
      first_name: 'This field is required',
      last_name: 'This field is required',
      photo: 'Please, choose photo',
    });
  });

  it('needs a gender from athletes and keeps the description to 230 characters', () => {
    expect(profileStepErrors({ ...profile, gender: '' }, 2, true)).toEqual({ gender: MESSAGES.required });
    expect(profileStepErrors({ ...profile, gender: '' }, 1, true)).toEqual({});
    expect(profileStepErrors({ ...profile, description: 'x'.repeat(231) }, 2, true).description).toBe(MESSAGES.descriptionTooLong);
  });

  it('needs the company name, email, phone and website from businesses', () => {
    expect(profileStepErrors(profile, 3, true)).toEqual({
      'business.name': MESSAGES.required,
      'business.email': MESSAGES.required,
      'business.phone': MESSAGES.required,
      'business.website': MESSAGES.required,
    });
    const business = { name: 'Acme', email: 'hi@acme.com', phone: '(310) 555-0100', website: 'acme.com' };
    expect(profileStepErrors({ ...profile, business }, 3, true)).toEqual({});
    expect(profileStepErrors({ ...profile, business: { ...business, phone: '555' } }, 3, true)['business.phone']).toBe('Phone number is incorrect');
  });
});

describe('profile edit (spec §5)', () => {
  const account: AccountValues = { ...profile, email: 'a@b.co', phone: '+13105550101', username: '' };
  const context = { userType: 1 as const, hadUsername: false, hadGender: false };

  it('requires email, phone and names with the spec’s message', () => {
    expect(accountEditErrors({ ...account, email: '', phone: '', first_name: '', last_name: '' }, context)).toEqual({
      email: 'This field is required',
      phone: 'This field is required',
      first_name: 'This field is required',
      last_name: 'This field is required',
    });
  });

  it('requires a username once set, and checks its pattern', () => {
    expect(accountEditErrors(account, context)).toEqual({});
    expect(accountEditErrors(account, { ...context, hadUsername: true }).username).toBe(MESSAGES.required);
    expect(accountEditErrors({ ...account, username: 'no way' }, context).username).toBe(MESSAGES.usernameInvalid);
  });

  it('requires gender when the account had one', () => {
    expect(accountEditErrors({ ...account, gender: '' }, { ...context, hadGender: true }).gender).toBe(MESSAGES.required);
  });
});

describe('server errors of a save (spec §5)', () => {
  const known = ['email', 'username', 'first_name', 'business.name'];

  it('puts 208 on the email field and 211 on the username field', () => {
    expect(placeServerError(new ApiError(208, 'Email is taken already', 409), known)).toEqual({
      fields: { email: 'Email is taken already' },
      alert: null,
    });
    expect(placeServerError(new ApiError(211, 'Username is taken already', 409), known).fields).toEqual({
      username: 'Username is taken already',
    });
  });

  it('maps validation errors to their fields, and anything else to an alert', () => {
    const validation = new ApiError(1400, 'This field is required', 400, { first_name: 'This field is required', 'business_info.name': 'x' });
    expect(placeServerError(validation, known).fields).toEqual({ first_name: 'This field is required', 'business.name': 'x' });
    expect(placeServerError(new ApiError(1500, 'Unknown error occured', 500), known)).toEqual({ fields: {}, alert: 'Unknown error occured' });
    expect(placeServerError(new Error('boom'), known).alert).toBe('Unknown error occured');
  });
});

describe('social links (spec §5)', () => {
  it('accepts empty links and refuses text that is not a link', () => {
    const links = { ...emptySocialLinks(), tiktok: 'tiktok.com/@jordan', twitter: 'not a link', instagram: 'https://x.com/"><script>' };
    expect(socialLinkErrors(links)).toEqual({ twitter: 'Please enter valid link', instagram: 'Please enter valid link' });
  });

  it('sends https links and null for removed ones', () => {
    const fields = socialLinkFields({ ...emptySocialLinks(), instagram: 'www.instagram.com/jordan', facebook: 'http://fb.com/j' });
    expect(fields.instagram_link).toBe('https://www.instagram.com/jordan');
    expect(fields.facebook_link).toBe('http://fb.com/j');
    expect(fields.tiktok_link).toBeNull();
  });

  it('reads the account’s links and maps server fields back to their rows', () => {
    expect(socialLinksOf({ snapchat_link: 'https://snapchat.com/add/j' }).snapchat).toBe('https://snapchat.com/add/j');
    expect(linkTypeOfField('twitter_link')).toBe('twitter');
    expect(linkTypeOfField('email')).toBeNull();
  });
});
