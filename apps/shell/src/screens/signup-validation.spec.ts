import { MESSAGES } from '@huddle/domain';
import { signupErrors, type SignupValues } from './signup-validation';

const valid: SignupValues = { email: 'fan@example.com', password: 'long-enough', phone: '(555) 123-4567', eulaAccepted: true };

describe('signupErrors (spec §5, sign-up)', () => {
  it('accepts a complete form with a US number in any common spelling', () => {
    expect(signupErrors(valid)).toEqual({});
    expect(signupErrors({ ...valid, phone: '+15551234567' })).toEqual({});
  });

  it('names each missing field with the spec’s message', () => {
    expect(signupErrors({ email: '', password: '', phone: '', eulaAccepted: false })).toEqual({
      email: MESSAGES.emailRequired,
      password: MESSAGES.passwordRequired,
      phone: MESSAGES.phoneRequired,
      eula: MESSAGES.eulaRequired,
    });
  });

  it('refuses numbers that are not +1 and ten digits', () => {
    expect(signupErrors({ ...valid, phone: '+44 20 7946 0958' }).phone).toBe('Phone number is incorrect');
    expect(signupErrors({ ...valid, phone: '555-1234' }).phone).toBe('Phone number is incorrect');
    // Refused rather than rewritten: stripping the non-digits turned these into other US numbers.
    for (const phone of ['call me at 555 123 4567', '+64 9 123 4567', '+1555123456a']) {
      expect(signupErrors({ ...valid, phone }).phone).toBe('Phone number is incorrect');
    }
  });
});
