/**
 * Words people put in a search for a business that are not places, though some are also the
 * names of towns (Salon, Bar, Spa, Best, Wedding, Casa…): in English and Portuguese, folded.
 * `findIn` treats them as the trade they name unless a place preposition comes first ("in
 * salon") or the place is large (`COMMON_WORD_MIN_POPULATION`); a caller adds its own
 * vocabulary (`commonWords`).
 */
export const COMMON_WORDS: ReadonlySet<string> = new Set(
  `
  salon salons hotel hotels hostel beauty spa spas nail nails hair hairdresser barber barbers
  lash lashes brow brows makeup skin skincare massage tattoo tattoos fitness gym yoga pilates
  wedding weddings photographer photographers photography photo photos video videos film
  marketing influencer influencers social media content creator creators agency agencies
  construction builder builders plumber plumbers plumbing electrician electricians painter
  painters painting cleaner cleaners cleaning roof roofer roofing carpenter carpentry joiner
  tiles tiler kitchen kitchens bathroom bathrooms window windows door doors floor floors
  flooring garden gardens gardener gardening design designer designers architect architects
  interior repair repairs renovation renovations restaurant restaurants cafe coffee bar bars
  pub catering caterer chef bakery bakeries pastry florist flowers event events party
  parties music dj band venue venues room rooms apartment apartments guesthouse tour tours
  guide guides transfer taxi driver home house houses service services shop shops store
  stores studio studios best cheap good great top local open now today new old small big
  near me my the and for with
  salao saloes beleza cabeleireiro cabeleireira barbearia barbeiro unhas unha manicure
  pedicure estetica pestanas sobrancelhas maquilhagem maquiagem massagem tatuagem ginasio
  casamento casamentos fotografo fotografa fotografia filmagem conteudo criador criadora
  influenciador influenciadora agencia obra obras construcao construtor pedreiro canalizador
  encanador eletricista pintor pintura limpeza limpezas telhado telhados carpinteiro
  marceneiro azulejos cozinha cozinhas casa casas banho janela janelas porta portas chao
  jardim jardins jardineiro arquiteto arquiteta decoracao reparacao reparacoes remodelacao
  restaurante restaurantes pastelaria padaria florista flores festa festas evento eventos
  musica alojamento quarto quartos apartamento apartamentos turismo guia motorista loja
  lojas servico servicos estudio melhor melhores barato barata bom boa novo nova perto aqui
  hoje para com
`
    .split(/\s+/)
    .filter(Boolean),
);

/** A common word alone is a place only when the place has at least this many people. */
export const COMMON_WORD_MIN_POPULATION = 100_000;

/** Words that say a place follows ("in Lisbon", "perto de Lisboa"), folded, one or two words. */
export const PLACE_PREPOSITIONS: readonly (readonly string[])[] = [
  ['in'],
  ['near'],
  ['at'],
  ['around'],
  ['close', 'to'],
  ['next', 'to'],
  ['em'],
  ['no'],
  ['na'],
  ['nos'],
  ['nas'],
  ['perto', 'de'],
  ['perto', 'do'],
  ['perto', 'da'],
  ['junto', 'a'],
  ['junto', 'de'],
  ['proximo', 'de'],
  ['en'],
  ['cerca', 'de'],
];
