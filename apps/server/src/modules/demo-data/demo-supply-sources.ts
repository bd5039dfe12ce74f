import { DEMO_LOCATIONS, type TOperatingHoursByDay } from '@keystone/contracts';
import type { AuthUser } from '../../http/register-route.js';
import type { Services } from '../services.js';

const open = (startTime: string, endTime: string) => [{ startTime, endTime }];

/** Weekdays 09:00-18:00, Saturday 10:00-16:00, Sunday closed (00:00-00:00); the retail store opens Sundays too. */
function demoHours(retail: boolean): TOperatingHoursByDay {
  return {
    monday: open('09:00', '18:00'),
    tuesday: open('09:00', '18:00'),
    wednesday: open('09:00', '18:00'),
    thursday: open('09:00', '18:00'),
    friday: open('09:00', '18:00'),
    saturday: open('10:00', '16:00'),
    sunday: retail ? open('12:00', '17:00') : open('00:00', '00:00'),
  };
}

/**
 * Amazon supply sources for in-store pickup, one per demo location (docs/decisions.md, "Supply sources"), when the embedded store is in
 * use (with the Selling Partner API configured they are Amazon's, and nothing is made). Each is provisioned, then
 * given its hours through the same service call the screen's Submit makes. Answers how many were made.
 */
export async function loadDemoSupplySources(services: Services, editor: AuthUser): Promise<number> {
  let made = 0;
  for (const [i, location] of DEMO_LOCATIONS.entries()) {
    const retail = location.location_code === 'RUBY';
    const source = await services.supplySources.provisionEmbedded({
      locationCode: location.location_code,
      alias: `${location.city} ${location.location_code}`,
      inventoryHoldPeriod: 3,
      handlingTime: 2,
    });
    if (!source) continue;
    await services.supplySources.update(
      {
        supplySourceId: source.supplySourceId,
        alias: `${location.city} pickup (${location.location_code})`,
        inventoryHoldPeriod: retail ? 5 : 3,
        handlingTime: retail ? 1 : 2 + i,
        operatingHoursByDay: demoHours(retail),
        // The last demo warehouse is paused for pickup, so the screen shows both states.
        status: location.location_code === 'AZ02' ? 'Inactive' : 'Active',
      },
      editor,
    );
    made++;
  }
  return made;
}
