/** An athlete in the dashboard grid (spec §3, athlete list card). */
export interface AthleteCard {
  id: string | number;
  username: string;
  first_name: string;
  last_name: string;
  profile_photo: string | null;
  sports_played: string | null;
  school_name: string | null;
  endorsement_rate: number | null;
}

export function athleteName(athlete: Pick<AthleteCard, 'first_name' | 'last_name'>): string {
  return `${athlete.first_name} ${athlete.last_name}`.trim();
}

export function athleteInitials(athlete: Pick<AthleteCard, 'first_name' | 'last_name'>): string {
  return `${athlete.first_name.charAt(0)}${athlete.last_name.charAt(0)}`.toUpperCase();
}

/** The public profile path of an athlete: /@{username} (spec §1). */
export function athletePath(athlete: Pick<AthleteCard, 'username'>): string {
  return `/@${athlete.username}`;
}

const DOLLARS = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 2 });

/** Dollar amounts as the product shows them: '$1,250' or '$12.50'. */
export function formatDollars(amount: number): string {
  return DOLLARS.format(amount).replace(/\.00$/, '');
}
