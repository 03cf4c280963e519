import { UserType } from '@huddle/domain';

/**
 * SQL fragments of the search indexes (migration 1763770100000, which carries a literal copy) that
 * the queries must repeat: PostgreSQL picks a partial or expression index only when the query
 * repeats its predicate and expression exactly. test/schema-matches-code.spec.ts checks these
 * still equal the indexes in the database. Columns are written unqualified for the index and
 * qualified through `alias` for queries.
 */
export function listedAthletePredicate(alias = ''): string {
  const column = (name: string) => (alias ? `${alias}.${name}` : name);
  return `${column('user_type')} = ${UserType.Athlete} AND ${column('profile_completed')} AND NOT ${column('blocked')} AND ${column('deleted_at')} IS NULL`;
}

/** "first last", lowercased: what a name search matches partially and ranks by trigram similarity. */
export function athleteNameExpression(alias = ''): string {
  const column = (name: string) => (alias ? `${alias}.${name}` : name);
  return `lower(coalesce(${column('first_name')}, '') || ' ' || coalesce(${column('last_name')}, ''))`;
}
