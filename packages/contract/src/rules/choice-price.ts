/**
 * What a pass that covers several sports (or a team pass's teams) costs for part of them: its price shared
 * equally among what it covers, for the ones chosen, rounded to the cent. The fan pays for what they choose, and
 * the rest bought later costs only its own part (never the whole pass again). Amounts in minor units (cents).
 */
export function choicePriceCents(wholeCents: number, chosen: number, covered: number): number {
  if (covered <= 0 || chosen >= covered) return wholeCents;
  return Math.round((wholeCents * Math.max(0, chosen)) / covered);
}
