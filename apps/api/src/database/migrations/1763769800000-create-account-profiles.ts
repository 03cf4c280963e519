import type { MigrationInterface, QueryRunner } from 'typeorm';

const AUDIT_COLUMNS = `created_at timestamptz NOT NULL DEFAULT now(), updated_at timestamptz NOT NULL DEFAULT now()`;

/**
 * Migrations import no live code: what they create is written here as it was when they were
 * first applied, so a later change to a rule cannot change what an old migration does (a schema
 * change ships as a new migration). test/schema-matches-code.spec.ts checks the live code still
 * agrees with what the database holds.
 */
// APPEARANCE_TYPES.
const APPEARANCE_TYPES = "'SING', 'VISIT_CHURCHES'";
// ATHLETE_SERVICE_TYPES.
const ATHLETE_SERVICE_TYPES = "'personal_appearance', 'speaking_engagement', 'training_session', 'endorsement', 'video_chat', 'shoutout', 'camp'";
// LOCATION_SERVICE_TYPES.
const LOCATION_SERVICE_TYPES = "'personal_appearance', 'speaking_engagement', 'training_session', 'camp'";
// LIMITS.map.minRadiusMiles.
const MIN_RADIUS_MILES = 1;

/**
 * Issue 3, accounts: what each role adds to its account (athlete survey, services and travel
 * locations; business details; fan survey), the dashboard photo, password resets, social sign-in
 * identities and the embedded mail outbox.
 */
export class CreateAccountProfiles1763769800000 implements MigrationInterface {
  name = 'CreateAccountProfiles1763769800000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE accounts ADD COLUMN dashboard_photo text`);

    // Sports are ids of the built-in list (a fixed array of at most 27); the catalogue validates them.
    await runner.query(`
      CREATE TABLE athlete_profiles (
        account_id uuid PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
        school_id integer REFERENCES schools (id),
        school_email varchar(254),
        sports smallint[] NOT NULL DEFAULT '{}',
        appearance_types varchar(20)[] NOT NULL DEFAULT '{}'
          CHECK (appearance_types <@ ARRAY[${APPEARANCE_TYPES}]::varchar(20)[]),
        ${AUDIT_COLUMNS}
      )`);
    await runner.query(`CREATE INDEX athlete_profiles_school_id_idx ON athlete_profiles (school_id)`);
    await runner.query(`CREATE INDEX athlete_profiles_sports_idx ON athlete_profiles USING gin (sports)`);

    await runner.query(`
      CREATE TABLE athlete_services (
        athlete_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        service_type varchar(32) NOT NULL CHECK (service_type IN (${ATHLETE_SERVICE_TYPES})),
        enabled boolean NOT NULL DEFAULT false,
        rate_cents integer NOT NULL CHECK (rate_cents >= 0),
        ${AUDIT_COLUMNS},
        PRIMARY KEY (athlete_id, service_type)
      )`);
    await runner.query(`CREATE INDEX athlete_services_enabled_idx ON athlete_services (service_type, rate_cents) WHERE enabled`);

    await runner.query(`
      CREATE TABLE athlete_locations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        athlete_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        location_type varchar(32) NOT NULL DEFAULT 'personal_appearance' CHECK (location_type IN (${LOCATION_SERVICE_TYPES})),
        name varchar(100) NOT NULL,
        radius_miles integer NOT NULL CHECK (radius_miles >= ${MIN_RADIUS_MILES}),
        address text NOT NULL,
        latitude double precision NOT NULL CHECK (latitude BETWEEN -90 AND 90),
        longitude double precision NOT NULL CHECK (longitude BETWEEN -180 AND 180),
        ${AUDIT_COLUMNS}
      )`);
    await runner.query(`CREATE INDEX athlete_locations_athlete_id_idx ON athlete_locations (athlete_id, created_at)`);

    await runner.query(`
      CREATE TABLE business_profiles (
        account_id uuid PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
        name varchar(200),
        email varchar(254),
        about text,
        phone varchar(16),
        picture text,
        website text,
        description text,
        category_list text,
        single_line_address text,
        ${AUDIT_COLUMNS}
      )`);

    await runner.query(`
      CREATE TABLE fan_surveys (
        account_id uuid PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
        conferences integer[] NOT NULL DEFAULT '{}',
        sports smallint[] NOT NULL DEFAULT '{}',
        teams integer[] NOT NULL DEFAULT '{}',
        ${AUDIT_COLUMNS}
      )`);

    // Only a keyed hash of each code is kept; a request deletes the account's earlier codes.
    await runner.query(`
      CREATE TABLE password_resets (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        code_hash char(64) NOT NULL,
        expires_at timestamptz NOT NULL,
        attempts smallint NOT NULL DEFAULT 0 CHECK (attempts >= 0),
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX password_resets_account_id_idx ON password_resets (account_id, created_at DESC)`);

    // A provider account signs in to exactly one live Huddle account.
    await runner.query(`
      CREATE TABLE account_identities (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        provider varchar(32) NOT NULL,
        subject varchar(255) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (provider, subject)
      )`);
    await runner.query(`CREATE INDEX account_identities_account_id_idx ON account_identities (account_id)`);

    await runner.query(`
      CREATE TABLE outbox_emails (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        to_address varchar(254) NOT NULL,
        from_address varchar(320) NOT NULL,
        subject varchar(300) NOT NULL,
        text_body text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE INDEX outbox_emails_to_address_idx ON outbox_emails (to_address, created_at DESC)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP TABLE outbox_emails`);
    await runner.query(`DROP TABLE account_identities`);
    await runner.query(`DROP TABLE password_resets`);
    await runner.query(`DROP TABLE fan_surveys`);
    await runner.query(`DROP TABLE business_profiles`);
    await runner.query(`DROP TABLE athlete_locations`);
    await runner.query(`DROP TABLE athlete_services`);
    await runner.query(`DROP TABLE athlete_profiles`);
    await runner.query(`ALTER TABLE accounts DROP COLUMN dashboard_photo`);
  }
}
