import { auditActionLabel, auditChanges } from './audit-entries';

describe("an administrator's audited action, as it reads", () => {
  it('lists each changed field as before → after, and nothing for fields that stayed', () => {
    expect(auditChanges({ before: { payout_status: 'unpaid', amount: 10 }, after: { payout_status: 'paid', amount: 10 } })).toEqual(['payout_status: unpaid → paid']);
    expect(auditChanges({ before: { blocked: false }, after: { blocked: true } })).toEqual(['blocked: false → true']);
  });

  it("shows '—' for a side with no value, and takes no record (null, a string) for no fields", () => {
    expect(auditChanges({ before: null, after: { status: 3 } })).toEqual(['status: — → 3']);
    expect(auditChanges({ before: { note: 'x' }, after: undefined })).toEqual(['note: x → —']);
    expect(auditChanges({ before: 'not a record', after: null })).toEqual([]);
  });

  it('names the action in words', () => {
    expect(auditActionLabel('user.block')).toBe('User block');
    expect(auditActionLabel('request.force_cancel')).toBe('Request force cancel');
    expect(auditActionLabel('...')).toBe('...');
  });
});
