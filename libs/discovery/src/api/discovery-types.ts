import type { Schemas } from '@huddle/api-client';
import type { AthleteSearchField } from '../dashboard/search-fields';

/** The discovery answers of docs/discovery-contract.md, as the API's OpenAPI document types them. */

/** The spec's athlete list card (§3) plus what the card links to and shows. */
export type AthleteCard = Schemas['AthleteCardDto'];
export type AthleteSearchPage = Schemas['AthleteSearchResponse'];
export type AthleteProfile = Schemas['AthleteProfileDto'];
export type AthleteReview = Schemas['ReviewDto'];
/** A finished request of the athlete (newest first, at most 20). */
export type AthleteHistoryItem = Schemas['HistoryItemDto'];
export type PublicAthlete = Schemas['AthletePublicResponse'];

/** One page of the athlete search, as the dashboard asks for it. */
export interface AthleteSearchQuery {
  field: AthleteSearchField;
  filter: string;
  /** 1-based. */
  page: number;
  pageSize: number;
}

/** How GET /public/athletes names an athlete: by username (the /@ URLs) or by id (booking links). */
export type AthleteRef = { username: string } | { athlete_id: string };
