import { describe, expect, it } from 'vitest';
import { mapLabel, playerSessionsTitle, serverSessionsTitle } from './session-titles.ts';

describe('session screen titles (spec §2)', () => {
  it("titles the server screen '{server} - {map} Sessions' with a map, '{server} Player Sessions' without", () => {
    expect(serverSessionsTitle('Grey Beards | Ostfront', 'battle_of_the_bulge')).toBe(
      'Grey Beards | Ostfront - Battle Of The Bulge Sessions',
    );
    expect(serverSessionsTitle('Grey Beards | Ostfront', '')).toBe('Grey Beards | Ostfront Player Sessions');
  });

  it('titles the player screen "{player}\'s Combat History"', () => {
    expect(playerSessionsTitle('-=OP=- Corsair')).toBe("-=OP=- Corsair's Combat History");
  });

  it('writes map folder names as capitalised words', () => {
    expect(mapLabel('el_alamein')).toBe('El Alamein');
    expect(mapLabel('Operation__Goodwood')).toBe('Operation Goodwood');
    expect(mapLabel('övre_berlin')).toBe('Övre Berlin');
  });
});
