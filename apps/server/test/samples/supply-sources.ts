import { createLocation } from '../factories.js';
import type { DomainSampleBuilder } from './types.js';

/** Open 08:00-17:00 every weekday, Sunday closed. */
export const SAMPLE_HOURS = {
  monday: [{ startTime: '08:00', endTime: '17:00' }],
  tuesday: [{ startTime: '08:00', endTime: '17:00' }],
  wednesday: [{ startTime: '08:00', endTime: '17:00' }],
  thursday: [{ startTime: '08:00', endTime: '17:00' }],
  friday: [{ startTime: '08:00', endTime: '17:00' }],
  saturday: [{ startTime: '10:00', endTime: '14:00' }],
  sunday: [{ startTime: '00:00', endTime: '00:00' }],
};

/** A location SAMPLESS with its supply source in the embedded store (the tests' configuration). */
export const buildSupplySourcesSamples: DomainSampleBuilder = async (t) => {
  const location = await createLocation(t.services, 'SAMPLESS');
  const source = await t.services.supplySources.provisionEmbedded({ locationCode: location, alias: 'Sample pickup', inventoryHoldPeriod: 2, handlingTime: 3, operatingHoursByDay: SAMPLE_HOURS });
  if (!source) throw new Error('the sample supply source was not provisioned (is the embedded gateway in use?)');
  return {
    'GET /api/ims/sp-api/supply-source/details/{location}/': { params: { location } },
    'POST /api/ims/sp-api/supply-source/details/': {
      body: { alias: 'Sample pickup', supplySourceId: source.supplySourceId, inventoryHoldPeriod: 2, handlingTime: 3, operatingHoursByDay: SAMPLE_HOURS, status: 'Active' },
    },
    'POST /api/ims/sp-api/supply-source/status/': { body: { status: 'Active', supplySourceId: source.supplySourceId } },
  };
};
