import { z } from 'zod';
import {
  currencySchema,
  minorAmountSchema,
  sectorSchema,
  serviceUnitSchema,
} from '@maya/contracts';
import demo from './demo.json' with { type: 'json' };

const citySchema = z.object({
  name: z.string().min(1),
  country: z.string().min(1),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  /** What the city's businesses price in: euros in Portugal (and the demo's other cities), reais in Brazil. */
  currency: currencySchema,
});

/** A demo service: its price in minor units of its business's city's currency. */
const serviceSchema = z
  .object({
    name: z.string().min(1).max(80),
    description: z.string().max(300),
    priceFrom: minorAmountSchema,
    priceTo: minorAmountSchema.optional(),
    unit: serviceUnitSchema,
  })
  .refine((service) => service.priceTo === undefined || service.priceTo >= service.priceFrom, {
    path: ['priceTo'],
    message: 'below priceFrom',
  });

const colourSchema = z.string().regex(/^#[0-9a-f]{6}$/i);

/**
 * The demo marketplace, as data (`demo.json`): every business's name, sector, description and
 * services with their prices are written together, so they agree, and the conversations the demo
 * accounts open the app with.
 */
const demoSchema = z
  .object({
    cities: z.array(citySchema).min(1),
    streets: z.array(z.string().min(1)).min(1),
    sectorColours: z.partialRecord(sectorSchema, z.tuple([colourSchema, colourSchema])),
    businesses: z
      .array(
        z.object({
          name: z.string().min(1),
          sector: sectorSchema,
          city: z.string().min(1),
          description: z.string().min(1),
          services: z.array(serviceSchema).min(1).max(20),
        }),
      )
      .min(1),
    clients: z
      .array(z.object({ firstName: z.string().min(1), lastName: z.string().min(1) }))
      .min(1),
    clientNeeds: z.array(z.string().min(1)).min(1),
    conversations: z.array(
      z.object({
        client: z.string().min(1),
        business: z.string().min(1),
        messages: z
          .array(
            z.object({
              from: z.enum(['client', 'business']),
              minutesAgo: z.number().int().positive(),
              text: z.string().min(1).max(2000),
            }),
          )
          .min(1),
      }),
    ),
  })
  .superRefine((data, context) => {
    const cityNames = new Set(data.cities.map((city) => city.name));
    data.businesses.forEach((business, index) => {
      if (!cityNames.has(business.city)) {
        context.addIssue({
          code: 'custom',
          path: ['businesses', index, 'city'],
          message: 'unknown city',
        });
      }
      if (!data.sectorColours[business.sector]) {
        context.addIssue({
          code: 'custom',
          path: ['businesses', index, 'sector'],
          message: 'no colours',
        });
      }
    });
    const businessNames = new Set(data.businesses.map((business) => business.name));
    const clientNames = new Set(
      data.clients.map((client) => `${client.firstName} ${client.lastName}`),
    );
    data.conversations.forEach((conversation, index) => {
      if (!clientNames.has(conversation.client) || !businessNames.has(conversation.business)) {
        context.addIssue({
          code: 'custom',
          path: ['conversations', index],
          message: 'unknown account',
        });
      }
    });
  });

export type DemoData = z.infer<typeof demoSchema>;
export type City = DemoData['cities'][number];
export type DemoBusiness = DemoData['businesses'][number];
export type DemoService = DemoBusiness['services'][number];
export type DemoConversation = DemoData['conversations'][number];

export const demoData: DemoData = demoSchema.parse(demo);
export const { cities, streets } = demoData;
