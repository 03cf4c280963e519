import { UserType } from '@huddle/domain';
import { createBookableAthlete } from './booking';
import { createSignedIn } from './fixtures';
import type { SignedIn } from './fixtures';
import type { TestApp } from './test-app';

/** The people of a money test: a fan who pays, a bookable athlete, and an administrator. */
export async function moneyParties(testApp: TestApp): Promise<{ fan: SignedIn; athlete: SignedIn; admin: SignedIn }> {
  return {
    fan: await createSignedIn(testApp, UserType.Fan),
    athlete: await createBookableAthlete(testApp),
    admin: await createSignedIn(testApp, UserType.Admin),
  };
}

/** The provider's id of a request's (or campaign's) payment intent. */
export async function providerIntentOf(testApp: TestApp, subjectId: string): Promise<string> {
  const [{ provider_intent_id }] = await testApp.dataSource.query(`SELECT provider_intent_id FROM payment_intents WHERE request_id = $1`, [subjectId]);
  return provider_intent_id;
}

/** What a user was told, oldest first: [title, text]. */
export async function toldTo(testApp: TestApp, userId: string): Promise<Array<[string, string]>> {
  const rows: Array<{ title: string; text: string }> = await testApp.dataSource.query(
    `SELECT data->>'title' AS title, data->>'text' AS text FROM notifications WHERE user_id = $1 ORDER BY seq`,
    [userId],
  );
  return rows.map((row) => [row.title, row.text]);
}

export async function incidentsOf(testApp: TestApp, subjectId: string): Promise<Array<{ kind: string; status: string; message: string }>> {
  return testApp.dataSource.query(`SELECT kind, status, message FROM money_incidents WHERE subject_id = $1 ORDER BY created_at`, [subjectId]);
}
