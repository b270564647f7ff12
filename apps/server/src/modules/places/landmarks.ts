import { fold } from './fold.js';

/**
 * Landmarks and neighbourhoods of the cities the marketplace serves, which GeoNames' towns do not
 * hold ("near Marquês de Pombal", "perto da Avenida Paulista"). A maintained table: add the places
 * people name when they search, with the names they use for them.
 */
export interface Landmark {
  name: string;
  /** Other names people type, besides `name`. */
  also?: string[];
  city: string;
  country: string;
  lat: number;
  lng: number;
}

export const landmarks: Landmark[] = [
  // Lisbon
  {
    name: 'Marquês de Pombal',
    also: ['marques', 'rotunda do marques'],
    city: 'Lisbon',
    country: 'PT',
    lat: 38.7253,
    lng: -9.15,
  },
  {
    name: 'Avenida da Liberdade',
    also: ['av da liberdade', 'liberdade'],
    city: 'Lisbon',
    country: 'PT',
    lat: 38.7196,
    lng: -9.1452,
  },
  {
    name: 'Parque das Nações',
    also: ['expo', 'oriente'],
    city: 'Lisbon',
    country: 'PT',
    lat: 38.7681,
    lng: -9.0946,
  },
  {
    name: 'Torre de Belém',
    also: ['belem'],
    city: 'Lisbon',
    country: 'PT',
    lat: 38.6916,
    lng: -9.216,
  },
  {
    name: 'Baixa',
    also: ['baixa chiado', 'rossio', 'chiado'],
    city: 'Lisbon',
    country: 'PT',
    lat: 38.7114,
    lng: -9.1398,
  },
  { name: 'Alfama', city: 'Lisbon', country: 'PT', lat: 38.7118, lng: -9.13 },
  { name: 'Bairro Alto', city: 'Lisbon', country: 'PT', lat: 38.7133, lng: -9.146 },
  { name: 'Saldanha', city: 'Lisbon', country: 'PT', lat: 38.7346, lng: -9.1453 },
  { name: 'Alvalade', city: 'Lisbon', country: 'PT', lat: 38.753, lng: -9.144 },
  { name: 'Campo de Ourique', city: 'Lisbon', country: 'PT', lat: 38.717, lng: -9.166 },
  { name: 'Graça', city: 'Lisbon', country: 'PT', lat: 38.7166, lng: -9.1306 },
  {
    name: 'Aeroporto de Lisboa',
    also: ['lisbon airport', 'aeroporto humberto delgado'],
    city: 'Lisbon',
    country: 'PT',
    lat: 38.7742,
    lng: -9.1342,
  },
  // Porto and the north
  { name: 'Casa da Música', city: 'Porto', country: 'PT', lat: 41.1589, lng: -8.6307 },
  {
    name: 'Ribeira',
    also: ['ribeira do porto'],
    city: 'Porto',
    country: 'PT',
    lat: 41.1406,
    lng: -8.6133,
  },
  {
    name: 'Aliados',
    also: ['avenida dos aliados'],
    city: 'Porto',
    country: 'PT',
    lat: 41.1486,
    lng: -8.611,
  },
  { name: 'Boavista', city: 'Porto', country: 'PT', lat: 41.1617, lng: -8.646 },
  { name: 'Cedofeita', city: 'Porto', country: 'PT', lat: 41.153, lng: -8.623 },
  { name: 'Foz do Douro', also: ['foz'], city: 'Porto', country: 'PT', lat: 41.153, lng: -8.672 },
  {
    name: 'Bom Jesus',
    also: ['bom jesus do monte'],
    city: 'Braga',
    country: 'PT',
    lat: 41.5547,
    lng: -8.3771,
  },
  // São Paulo
  {
    name: 'Avenida Paulista',
    also: ['paulista'],
    city: 'São Paulo',
    country: 'BR',
    lat: -23.5614,
    lng: -46.6559,
  },
  {
    name: 'Consolação',
    also: ['metro consolacao'],
    city: 'São Paulo',
    country: 'BR',
    lat: -23.5576,
    lng: -46.6603,
  },
  {
    name: 'Ibirapuera',
    also: ['parque ibirapuera', 'shopping ibirapuera'],
    city: 'São Paulo',
    country: 'BR',
    lat: -23.5874,
    lng: -46.6576,
  },
  { name: 'Vila Madalena', city: 'São Paulo', country: 'BR', lat: -23.5535, lng: -46.6917 },
  { name: 'Moema', city: 'São Paulo', country: 'BR', lat: -23.601, lng: -46.665 },
  {
    name: 'Itaim Bibi',
    also: ['itaim'],
    city: 'São Paulo',
    country: 'BR',
    lat: -23.584,
    lng: -46.676,
  },
  { name: 'Pinheiros', city: 'São Paulo', country: 'BR', lat: -23.567, lng: -46.692 },
  { name: 'Jardins', city: 'São Paulo', country: 'BR', lat: -23.567, lng: -46.664 },
  // Rio de Janeiro
  {
    name: 'Copacabana',
    also: ['praia de copacabana'],
    city: 'Rio de Janeiro',
    country: 'BR',
    lat: -22.9711,
    lng: -43.1822,
  },
  {
    name: 'Ipanema',
    also: ['ipanema beach', 'praia de ipanema'],
    city: 'Rio de Janeiro',
    country: 'BR',
    lat: -22.9838,
    lng: -43.2096,
  },
  { name: 'Leblon', city: 'Rio de Janeiro', country: 'BR', lat: -22.984, lng: -43.224 },
  { name: 'Botafogo', city: 'Rio de Janeiro', country: 'BR', lat: -22.951, lng: -43.184 },
  { name: 'Tijuca', city: 'Rio de Janeiro', country: 'BR', lat: -22.925, lng: -43.233 },
  {
    name: 'Flamengo',
    also: ['aterro do flamengo'],
    city: 'Rio de Janeiro',
    country: 'BR',
    lat: -22.933,
    lng: -43.175,
  },
  { name: 'Santa Teresa', city: 'Rio de Janeiro', country: 'BR', lat: -22.92, lng: -43.188 },
  {
    name: 'Lapa',
    also: ['arcos da lapa'],
    city: 'Rio de Janeiro',
    country: 'BR',
    lat: -22.913,
    lng: -43.18,
  },
  // Other Brazilian cities
  { name: 'Pelourinho', city: 'Salvador', country: 'BR', lat: -12.9714, lng: -38.51 },
  { name: 'Savassi', city: 'Belo Horizonte', country: 'BR', lat: -19.938, lng: -43.935 },
  { name: 'Pampulha', city: 'Belo Horizonte', country: 'BR', lat: -19.851, lng: -43.969 },
  {
    name: 'Jurerê',
    also: ['jurere internacional'],
    city: 'Florianópolis',
    country: 'BR',
    lat: -27.439,
    lng: -48.499,
  },
  // Spain
  {
    name: 'Sagrada Família',
    also: ['sagrada familia'],
    city: 'Barcelona',
    country: 'ES',
    lat: 41.4036,
    lng: 2.1744,
  },
  { name: 'Camp Nou', city: 'Barcelona', country: 'ES', lat: 41.3809, lng: 2.1228 },
  {
    name: 'Las Ramblas',
    also: ['la rambla', 'ramblas'],
    city: 'Barcelona',
    country: 'ES',
    lat: 41.3809,
    lng: 2.173,
  },
  { name: 'Barceloneta', city: 'Barcelona', country: 'ES', lat: 41.38, lng: 2.189 },
  {
    name: 'Gràcia',
    also: ['gracia barcelona'],
    city: 'Barcelona',
    country: 'ES',
    lat: 41.4036,
    lng: 2.156,
  },
  {
    name: 'Puerta del Sol',
    also: ['sol'],
    city: 'Madrid',
    country: 'ES',
    lat: 40.4169,
    lng: -3.7035,
  },
  {
    name: 'Retiro',
    also: ['parque del retiro', 'el retiro'],
    city: 'Madrid',
    country: 'ES',
    lat: 40.4153,
    lng: -3.6845,
  },
  { name: 'Malasaña', city: 'Madrid', country: 'ES', lat: 40.426, lng: -3.704 },
  { name: 'Chamberí', city: 'Madrid', country: 'ES', lat: 40.434, lng: -3.703 },
  { name: 'Triana', city: 'Sevilla', country: 'ES', lat: 37.385, lng: -6.002 },
  // London and New York
  {
    name: 'Soho',
    also: ['soho london'],
    city: 'London',
    country: 'GB',
    lat: 51.5136,
    lng: -0.1365,
  },
  { name: 'Shoreditch', city: 'London', country: 'GB', lat: 51.5265, lng: -0.078 },
  {
    name: 'Camden',
    also: ['camden town'],
    city: 'London',
    country: 'GB',
    lat: 51.539,
    lng: -0.1426,
  },
  { name: 'Brixton', city: 'London', country: 'GB', lat: 51.4613, lng: -0.1156 },
  { name: 'Times Square', city: 'New York City', country: 'US', lat: 40.758, lng: -73.9855 },
  { name: 'Ironbound', city: 'Newark', country: 'US', lat: 40.726, lng: -74.153 },
];

/** Every folded name and alternate name of a landmark, to the landmark. */
export const landmarksByName = new Map<string, Landmark>(
  landmarks.flatMap((landmark) =>
    [landmark.name, ...(landmark.also ?? [])].map((name) => [fold(name), landmark] as const),
  ),
);
