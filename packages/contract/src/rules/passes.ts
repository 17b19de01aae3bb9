/** Pass lists are sorted by weight, descending (spec section 9); ties keep their id order. */
export function sortByWeight<T extends { weight: number; id: number }>(passes: readonly T[]): T[] {
  return [...passes].sort((a, b) => b.weight - a.weight || a.id - b.id);
}
