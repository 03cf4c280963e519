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

  it("reads a request's status in words, and leaves other actions' values as they are", () => {
    expect(auditChanges({ action: 'request.cancel', before: { status: 1 }, after: { status: 3, reason: 'The account was blocked' } })).toEqual([
      'status: Pending → Canceled',
      'reason: — → The account was blocked',
    ]);
    expect(auditChanges({ action: 'request.approve', before: { status: 4, flagged: true }, after: { status: 5, flagged: true } })).toEqual(['status: Pending review → Finished']);
    expect(auditChanges({ action: 'payout.status', before: { status: 'unpaid' }, after: { status: 'paid' } })).toEqual(['status: unpaid → paid']);
    expect(auditChanges({ action: 'money.job.retry', before: { status: 1 }, after: { status: 2 } })).toEqual(['status: 1 → 2']);
  });

  it('names the action in words', () => {
    expect(auditActionLabel('user.block')).toBe('User block');
    expect(auditActionLabel('request.force_cancel')).toBe('Request force cancel');
    expect(auditActionLabel('...')).toBe('...');
  });
});
