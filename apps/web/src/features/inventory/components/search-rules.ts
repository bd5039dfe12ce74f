import {
  EXTEND_SEARCH_MESSAGE,
  INVENTORY_SEARCH_BY,
  SERIAL_SEARCH_MIN_LENGTH,
  type TInventorySearchCard,
  type TInventorySearchBy,
} from '@keystone/contracts';

/** The searchBy query parameter; the first option when missing or unknown (001 §2). */
export function parseSearchBy(value: string | null): TInventorySearchBy {
  return (INVENTORY_SEARCH_BY as readonly string[]).includes(value ?? '')
    ? (value as TInventorySearchBy)
    : INVENTORY_SEARCH_BY[0];
}

/** The text shown for a search that cannot run (a serial under 3 characters, 001 §5), or null. */
export function searchProblem(searchBy: TInventorySearchBy, value: string): string | null {
  const length = value.trim().length;
  return searchBy === 'serial' && length > 0 && length < SERIAL_SEARCH_MIN_LENGTH ? EXTEND_SEARCH_MESSAGE : null;
}

/** On-hand in the current location's NEW bucket; with All Locations (null), the sum over every NEW bucket. */
export function onHandAt(card: Pick<TInventorySearchCard, 'inventory'>, location: string | null): number {
  return card.inventory
    .filter((b) => b.condition_code === 'NEW' && (location === null || b.location_code === location))
    .reduce((sum, b) => sum + b.quantity, 0);
}
