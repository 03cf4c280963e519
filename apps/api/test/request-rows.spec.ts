import { UserType } from '@huddle/domain';
import { RequestEntity } from '../src/modules/booking/entities/request.entity';
import { athleteRequestPage, insertRequest, lockedRequest, requestById } from '../src/modules/booking/request-rows';
import { api } from './support/accounts-api';
import { bookAndPay, bookingPayload, createBookableAthlete, settle } from './support/booking';
import { createSignedIn } from './support/fixtures';
import { createTestApp } from './support/test-app';
import type { TestApp } from './support/test-app';

/**
 * The booking's hot paths read requests in plain SQL (request-rows.ts): what they read must be
 * what TypeORM reads, column for column, so a column added to the entity and not to the read
 * model fails here rather than reading undefined.
 */
describe('request rows in plain SQL', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp();
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it('read and locked, a request is the entity TypeORM reads, every selected column alike', async () => {
    const fan = await createSignedIn(testApp, UserType.Fan);
    const athlete = await createBookableAthlete(testApp);
    const id = await bookAndPay(testApp, fan, bookingPayload('training_session', athlete.account.id));
    await api(testApp).put(`/booking/request/accept?request_id=${id}`, {}, athlete.token).expect(200);
    await settle(testApp);
    const manager = testApp.dataSource.manager;
    const typeorm = await manager.findOneBy(RequestEntity, { id });
    // Timed, paid and accepted: dates, a jsonb object and the bigint order number are all set.
    expect(typeorm).toMatchObject({ paid: true, status: 2, startAt: expect.any(Date), acceptedAt: expect.any(Date), orderNumber: expect.any(String) });
    expect(await requestById(manager, id)).toStrictEqual(typeorm);
    expect(await testApp.dataSource.transaction((locking) => lockedRequest(locking, id))).toStrictEqual(typeorm);
    expect(await requestById(manager, '00000000-0000-4000-8000-000000000000')).toBeNull();
    // Every column TypeORM selects is read (a missing one would be undefined, not null).
    const read = (await requestById(manager, id)) as unknown as Record<string, unknown>;
    const selected = testApp.dataSource.getMetadata(RequestEntity).columns.filter((column) => column.isSelect).map((column) => column.propertyName);
    expect(selected.filter((property) => read[property] === undefined)).toEqual([]);
  });

  it('inserted, a booking is answered as TypeORM then reads it: defaults, order number and details included', async () => {
    const fan = await createSignedIn(testApp, UserType.Fan);
    const athlete = await createBookableAthlete(testApp);
    const startAt = new Date('2030-05-01T17:00:00Z');
    const inserted = await testApp.dataSource.transaction((manager) =>
      insertRequest(manager, {
        type: 'training_session',
        athleteId: athlete.account.id,
        requesterId: fan.account.id,
        name: 'Footwork',
        requestAmountCents: 4000,
        amountToAthleteCents: 3200,
        feeAmountCents: 800,
        socialMediaPlatform: null,
        details: { start_time: 1_903_885_200, location: { address: 'Austin, TX', latitude: 30.27, longitude: -97.74 } },
        startAt,
        endAt: new Date('2030-05-01T18:00:00Z'),
        createdAt: new Date('2030-04-01T12:00:00Z'),
      }),
    );
    expect(inserted).toMatchObject({ status: 1, paid: false, authorised: false, reviewed: false, videoChatCompleted: false, paidId: null, orderNumber: expect.any(String), startAt });
    expect(inserted).toStrictEqual(await testApp.dataSource.manager.findOneBy(RequestEntity, { id: inserted.id }));
  });

  it("an athlete's page counts what it cannot tell: a full page, and a page past the end", async () => {
    const fan = await createSignedIn(testApp, UserType.Fan);
    const athlete = await createBookableAthlete(testApp);
    for (let index = 0; index < 3; index += 1) await bookAndPay(testApp, fan, bookingPayload('shoutout', athlete.account.id));
    const manager = testApp.dataSource.manager;
    const page = (limit: number, offset: number) => athleteRequestPage(manager, athlete.account.id, [1], limit, offset);
    expect((await page(3, 0)).total).toBe(3);
    expect((await page(2, 2)).total).toBe(3);
    expect(await page(2, 4)).toMatchObject({ rows: [], total: 3 });
    expect((await page(5, 0)).rows).toHaveLength(3);
    expect(await athleteRequestPage(manager, athlete.account.id, [2], 20, 0)).toEqual({ rows: [], total: 0 });
  });
});
