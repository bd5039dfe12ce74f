import { describe, expect, it } from 'vitest';
import { getContrastRatio } from '@mui/material/styles';
import { DEMO_LOCATIONS } from '@keystone/contracts';
import { locationColour, locationTextColour } from './location-store';

describe('locationTextColour', () => {
  it('keeps the app bar text at a contrast of at least 4.5 on every location colour and the default', () => {
    for (const colour of [...DEMO_LOCATIONS.map((l) => l.colour), locationColour(null)]) {
      const text = locationTextColour(colour);
      // The dark text is 87 % black: measured as #212121, the lightest it blends to on any colour.
      const solid = text === '#fff' ? text : '#212121';
      expect(getContrastRatio(solid, colour), `${text} on ${colour}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('is white on the dark blues and dark on the light brand colours', () => {
    expect(locationTextColour('#0f4D7B')).toBe('#fff');
    expect(locationTextColour('#1f3a5f')).toBe('#fff');
    expect(locationTextColour('#20B2BB')).not.toBe('#fff');
    expect(locationTextColour('#FF7800')).not.toBe('#fff');
  });
});
