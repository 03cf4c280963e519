import { toDollars } from '@huddle/domain';
import type { ListedAthleteRow } from './athlete-directory.query';
import type { AthleteCardDto } from './dto/athlete-search.dto';

/**
 * An athlete's card in a listing (the dashboard's search, the recent athletes), from the listing's
 * row and the names of its first sport and its school as the catalogue reads them.
 */
export function athleteCard(row: ListedAthleteRow, names: { sport: string | null; school: string | null }): AthleteCardDto {
  return {
    athlete_id: row.id,
    username: row.username,
    first_name: row.first_name,
    last_name: row.last_name,
    profile_photo: row.profile_photo,
    dashboard_photo: row.dashboard_photo,
    sports_played: names.sport,
    school_name: names.school,
    endorsement_rate: row.endorsement_rate_cents === null ? null : toDollars(row.endorsement_rate_cents),
    rating: row.rating === null ? null : Number(row.rating),
    reviews_count: row.reviews_count,
  };
}
