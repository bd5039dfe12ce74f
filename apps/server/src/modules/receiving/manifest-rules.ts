import {
  manifestSerialRefusal,
  RECEIVING_MESSAGES,
  serialError,
  serialsPerItem,
  type TScanProduct,
} from '@keystone/contracts';

/** A manifest's refusal: the status, a summary naming the first serials, and one entry per refused serial (or unit). */
export interface ManifestRefusal {
  status: 409 | 422;
  message: string;
  errors: Record<string, string[]>;
}

/** How many refused serials the summary message names before "and n more" (the errors name every one). */
const NAMED_IN_MESSAGE = 10;

function nameSome(items: string[]): string {
  const shown = items.slice(0, NAMED_IN_MESSAGE).join(', ');
  return items.length > NAMED_IN_MESSAGE ? `${shown} and ${items.length - NAMED_IN_MESSAGE} more` : shown;
}

/**
 * Checks every serial of a manifest against the receiving rules (001 §5, the same pure rules a scan meets): a unit
 * carries the product's number of serials; no serial is blank, the UPC or the part number; none is live anywhere
 * (`live`: upper-case numbers) or listed twice ('Serial cannot be re-scanned', already scanned now or earlier); and
 * no more units than the line still needs (`remaining`): the units past it are over-receipt, each serial named.
 * Answers null when the whole manifest can be received. A rule refusal answers 422; over-receipt alone, 409,
 * as a scan past the ordered quantity does.
 */
export function checkManifest(
  units: readonly (readonly string[])[],
  product: TScanProduct,
  live: ReadonlySet<string>,
  remaining: number,
): ManifestRefusal | null {
  const perItem = serialsPerItem(product);
  const errors: Record<string, string[]> = {};
  const refused: string[] = [];
  const over: string[] = [];
  const seen = new Set(live);
  units.forEach((unit, u) => {
    if (unit.length !== perItem) {
      const message = `Unit ${u + 1} (${unit.join(', ')}): ${product.model_number} takes ${perItem} serial${perItem === 1 ? '' : 's'} per item.`;
      errors[`units.${u}`] = [message];
      refused.push(`unit ${u + 1} (${unit.length} serials)`);
    }
    unit.forEach((serial, k) => {
      const message = serialError(serial, product, seen);
      if (message) {
        errors[`units.${u}.${k}`] = [manifestSerialRefusal(serial, message)];
        refused.push(`${serial || '(blank)'} (${message})`);
      } else if (u >= remaining) {
        errors[`units.${u}.${k}`] = [manifestSerialRefusal(serial, RECEIVING_MESSAGES.nothingLeftToReceive)];
        over.push(serial);
      }
      if (serial) seen.add(serial.toUpperCase());
    });
  });
  if (refused.length) {
    return {
      status: 422,
      message: `${refused.length} of the manifest's serials refused: ${nameSome(refused)}`,
      errors,
    };
  }
  if (over.length) {
    return {
      status: 409,
      message: `The manifest has ${units.length} units; ${Math.max(0, remaining)} remain to be received on this line. Over-receipt: ${nameSome(over)}`,
      errors,
    };
  }
  return null;
}
