import { describe, expect, it } from 'vitest';
import { townOf } from './address.js';

describe('the town of an address, as cards show it', () => {
  it.each([
    ['Rua do Heroísmo 200, 4300-259 Porto', 'Porto'],
    ['Rua das Flores 5, Porto, Portugal', 'Porto'],
    ['Av. de Roma 40, Alvalade, Lisboa', 'Lisboa'],
    ['Av. Paulista, 1578 - Bela Vista, São Paulo - SP, 01310-200', 'São Paulo'],
    ['Av. Atlântica, 2000 - Copacabana, Rio de Janeiro - RJ', 'Rio de Janeiro'],
    ['Calle del Carmen 10, 28013 Madrid', 'Madrid'],
    ['120 South Lambeth Road, Stockwell, London SW8', 'London'],
    ['150 Ferry St, Newark, NJ 07105', 'Newark'],
    ['Caminho do Monte 50, Funchal, Madeira', 'Funchal'],
    ['Via AL 15, Talatona, Luanda, Angola', 'Luanda'],
    ['12 Market Street, Berlin, Germany', 'Berlin'],
    ['Baixa, Lisbon', 'Lisbon'],
    ['Lisbon', 'Lisbon'],
  ])('%s → %s', (address, town) => {
    expect(townOf(address)).toBe(town);
  });

  it('gives nothing when no part is a town', () => {
    expect(townOf('Rua Augusta 1, 1100-048')).toBeNull();
    expect(townOf('')).toBeNull();
    expect(townOf(null)).toBeNull();
  });
});
