/** Display names of the profile's sports (000 s1). Kept zod-free (unlike users/schema.ts) for first-load pages. */
const sportNames: Record<string, string> = {
  basketball: 'Basketball',
  football: 'Flag Football',
  kickball: 'Kickball',
  slap: 'Slap Division',
};

/** A sport's label; other sports and division slugs read as words ("flag-football" -> "Flag Football"). */
export function sportLabel(sport: string): string {
  return (
    sportNames[sport] ??
    sport
      .split(/[-_\s]+/)
      .filter(Boolean)
      .map((word) => word[0]!.toUpperCase() + word.slice(1))
      .join(' ')
  );
}
