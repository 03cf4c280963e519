import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { athleteRatingSql } from './athlete-activity.query';
import { athleteNameExpression, listedAthletePredicate } from './athlete-listing.sql';

/** What narrows a listing: nothing, name words, sport ids or school ids (already resolved from names). */
export type AthleteFilter = { kind: 'all' } | { kind: 'name'; text: string } | { kind: 'sports'; ids: number[] } | { kind: 'schools'; ids: number[] };

export interface ListingOptions {
  filter: AthleteFilter;
  /** Only athletes who offer endorsements (the campaign picker). */
  endorsementOnly: boolean;
  limit: number;
  offset: number;
}

/** One listed athlete as a card or a profile needs it: account, survey and endorsement rate in one row. */
export interface ListedAthleteRow {
  id: string;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  profile_photo: string | null;
  dashboard_photo: string | null;
  school_id: number | null;
  sports: number[] | null;
  endorsement_rate_cents: number | null;
  /** Mean stars to two decimals (numeric, so a string), null without reviews. */
  rating: string | null;
  reviews_count: number;
}

export interface ListedAthleteDetailRow extends ListedAthleteRow {
  description: string | null;
  intro_video: string | null;
  gender: number | null;
  tiktok_link: string | null;
  twitter_link: string | null;
  snapchat_link: string | null;
  facebook_link: string | null;
  instagram_link: string | null;
}

export interface SqlStatement {
  text: string;
  values: unknown[];
}

/** A card's columns, from the account `alias` and cardJoins(alias). */
function cardColumns(alias: string): string {
  return `${alias}.id, ${alias}.username, ${alias}.first_name, ${alias}.last_name, ${alias}.profile_photo, ${alias}.dashboard_photo, p.school_id, p.sports, es.rate_cents AS endorsement_rate_cents, r.rating, r.reviews_count`;
}
const CARD_COLUMNS = cardColumns('a');
const DETAIL_COLUMNS = `${CARD_COLUMNS}, a.description, a.intro_video, a.gender, a.tiktok_link, a.twitter_link, a.snapchat_link, a.facebook_link, a.instagram_link`;
const NAME = athleteNameExpression('a');
const LISTED = listedAthletePredicate('a');

/** LIKE treats % and _ as wildcards; a searched name must match them literally. */
function likeContaining(word: string): string {
  return `%${word.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * The survey, the endorsement row and the rating of each athlete read, for cards and profiles (the
 * rate shows even when unrequested), so a page and everything its cards show take one statement.
 */
function cardJoins(alias: string): string {
  return `LEFT JOIN athlete_profiles p ON p.account_id = ${alias}.id
  LEFT JOIN athlete_services es ON es.athlete_id = ${alias}.id AND es.service_type = 'endorsement' AND es.enabled
  CROSS JOIN LATERAL (${athleteRatingSql(`${alias}.id`)}) r`;
}

/** Only the joins a filter needs: the survey for sport and school filters, the endorsement row for the campaign picker. */
function filterJoins(filter: AthleteFilter, endorsementOnly: boolean): string {
  const profile = filter.kind === 'sports' || filter.kind === 'schools';
  return [
    profile ? 'JOIN athlete_profiles p ON p.account_id = a.id' : '',
    endorsementOnly ? `JOIN athlete_services es ON es.athlete_id = a.id AND es.service_type = 'endorsement' AND es.enabled` : '',
  ].join(' ');
}

/**
 * Below this many characters a word has no trigram, so the trigram index cannot narrow the matches.
 */
const TRIGRAM_LENGTH = 3;

/**
 * The WHERE of a listing and its ranking. Name words must each occur in "first last" (so "jor
 * mil" finds Jordan Miles), which the partial trigram index answers; similarity to the whole
 * text ranks them, best match first. Ranking reads every match, so it applies only when a word
 * has a trigram to narrow them: "a" or "jo" match most athletes, and those are listed newest
 * first straight from the (created_at, id) index, which stops after one page instead of ranking
 * tens of thousands of rows. Sports match through the GIN index on athlete_profiles.sports.
 */
function conditions(filter: AthleteFilter, values: unknown[], ranked: boolean): { where: string; rank: string } {
  const parameter = (value: unknown): string => {
    values.push(value);
    return `$${values.length}`;
  };
  switch (filter.kind) {
    case 'all':
      return { where: LISTED, rank: '' };
    case 'name': {
      const words = filter.text.split(/\s+/).filter((word) => word !== '');
      const matches = words.map((word) => `${NAME} LIKE ${parameter(likeContaining(word))}`);
      const narrowed = words.some((word) => word.length >= TRIGRAM_LENGTH);
      // Counting needs no ranking, and PostgreSQL refuses a parameter that no expression uses.
      return { where: [LISTED, ...matches].join(' AND '), rank: ranked && narrowed ? `similarity(${NAME}, ${parameter(filter.text)})` : '' };
    }
    case 'sports':
      return { where: `${LISTED} AND p.sports && ${parameter(filter.ids)}::smallint[]`, rank: '' };
    case 'schools':
      return { where: `${LISTED} AND p.school_id = ANY(${parameter(filter.ids)}::int[])`, rank: '' };
  }
}

/**
 * Read-only queries over the athlete directory: accounts (the accounts module's), athlete_profiles
 * and athlete_services (athletes'), reviews (booking's, through athleteRatingSql). A listing must filter, rank and page in one indexed statement,
 * which no per-module read can do, so this query side joins the tables and never writes; the
 * owners keep every write. The statements are public so the search benchmark runs the very
 * same SQL through the bare driver.
 */
@Injectable()
export class AthleteDirectoryQuery {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * A page of listed athletes: best match first for names, then newest (created_at, id). The
   * inner query filters, ranks and cuts the page from the indexes (joining only what the filter
   * needs); the survey, endorsement rate and rating are joined for the page's rows alone.
   */
  static pageStatement(options: ListingOptions): SqlStatement {
    const values: unknown[] = [];
    const { where, rank } = conditions(options.filter, values, true);
    values.push(options.limit, options.offset);
    return {
      text: `SELECT ${cardColumns('l')}
        FROM (
          SELECT a.id, a.username, a.first_name, a.last_name, a.profile_photo, a.dashboard_photo, a.created_at${rank ? `, ${rank} AS rank` : ''}
            FROM accounts a ${filterJoins(options.filter, options.endorsementOnly)}
           WHERE ${where}
           ORDER BY ${rank ? 'rank DESC, ' : ''}a.created_at DESC, a.id DESC
           LIMIT $${values.length - 1} OFFSET $${values.length}
        ) l
        ${cardJoins('l')}
        ORDER BY ${rank ? 'l.rank DESC, ' : ''}l.created_at DESC, l.id DESC`,
      values,
    };
  }

  /** How many listed athletes the filter matches; the profile join is left out when no filter needs it. */
  static countStatement(options: Pick<ListingOptions, 'filter' | 'endorsementOnly'>): SqlStatement {
    const values: unknown[] = [];
    const { where } = conditions(options.filter, values, false);
    return { text: `SELECT count(*)::int AS total FROM accounts a ${filterJoins(options.filter, options.endorsementOnly)} WHERE ${where}`, values };
  }

  async page(options: ListingOptions): Promise<ListedAthleteRow[]> {
    const statement = AthleteDirectoryQuery.pageStatement(options);
    return this.dataSource.query(statement.text, statement.values);
  }

  async count(options: Pick<ListingOptions, 'filter' | 'endorsementOnly'>): Promise<number> {
    const statement = AthleteDirectoryQuery.countStatement(options);
    const rows: Array<{ total: number }> = await this.dataSource.query(statement.text, statement.values);
    return rows[0].total;
  }

  /** Listed athletes among `ids`, in no particular order (the caller orders them). */
  async byIds(ids: readonly string[]): Promise<ListedAthleteRow[]> {
    if (ids.length === 0) return [];
    return this.dataSource.query(`SELECT ${CARD_COLUMNS} FROM accounts a ${cardJoins('a')} WHERE ${LISTED} AND a.id = ANY($1::uuid[])`, [ids]);
  }

  /** One listed athlete by id or by username (case-insensitively, through the unique index on lower(username)). */
  async detail(key: { athleteId: string } | { username: string }): Promise<ListedAthleteDetailRow | null> {
    const [where, value] = 'athleteId' in key ? ['a.id = $1', key.athleteId] : ['lower(a.username) = lower($1) AND a.username IS NOT NULL', key.username];
    const rows: ListedAthleteDetailRow[] = await this.dataSource.query(`SELECT ${DETAIL_COLUMNS} FROM accounts a ${cardJoins('a')} WHERE ${LISTED} AND ${where}`, [value]);
    return rows[0] ?? null;
  }
}
