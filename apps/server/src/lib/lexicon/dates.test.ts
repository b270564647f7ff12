import { describe, expect, it } from 'vitest';
import { readWhen } from './dates.js';

// A Wednesday.
const TODAY = '2031-06-04';
const day = (date: string) => ({ from: date, to: date });

describe('readWhen: the days a need names', () => {
  it.each([
    ['a photographer on 2031-06-12', day('2031-06-12')],
    ['a photographer on 12/06/2031', day('2031-06-12')],
    ['a photographer on 12/06', day('2031-06-12')],
    ['a photographer on 12 June', day('2031-06-12')],
    ['a photographer on June 12th, 2031', day('2031-06-12')],
    ['fotógrafo a 12 de junho de 2031', day('2031-06-12')],
    ['fotógrafo de 12 a 14 de junho', { from: '2031-06-12', to: '2031-06-14' }],
    ['a photographer 12–14 June', { from: '2031-06-12', to: '2031-06-14' }],
    ['a photographer from 12 to 14 June', { from: '2031-06-12', to: '2031-06-14' }],
    ['10 de março', day('2032-03-10')],
    ['10 de Março', day('2032-03-10')],
    ['a cleaner tomorrow', day('2031-06-05')],
    ['uma limpeza amanhã', day('2031-06-05')],
    ['today please', day(TODAY)],
    ['depois de amanhã', day('2031-06-06')],
    ['on Saturday', day('2031-06-07')],
    ['no sábado', day('2031-06-07')],
    ['na sexta-feira', day('2031-06-06')],
    ['this weekend', { from: '2031-06-07', to: '2031-06-08' }],
    ['no próximo fim de semana', { from: '2031-06-14', to: '2031-06-15' }],
    ['next week', { from: '2031-06-09', to: '2031-06-15' }],
    ['na semana que vem', { from: '2031-06-09', to: '2031-06-15' }],
  ])('%s', (text, when) => {
    expect(readWhen(text, TODAY).when).toEqual(when);
  });

  it('reads no day where none is named, or one that does not exist or has passed', () => {
    expect(readWhen('a wedding photographer in Porto', TODAY).when).toBeNull();
    expect(readWhen('on 31/02/2031', TODAY).when).toBeNull();
    expect(readWhen('on 2020-01-01', TODAY).when).toBeNull();
    // A price is no day.
    expect(readWhen('up to 900 euros', TODAY).when).toBeNull();
  });

  it('takes the days out of the words searched for', () => {
    expect(readWhen('Wedding photographer in Porto on 12 June 2031', TODAY).rest).toBe(
      'wedding photographer in porto on',
    );
    expect(readWhen('fotógrafo no Porto amanhã', TODAY).rest).toBe('fotografo no porto');
  });

  it('puts several days in one window, first to last', () => {
    expect(readWhen('12 June or 20 June', TODAY).when).toEqual({
      from: '2031-06-12',
      to: '2031-06-20',
    });
  });
});
