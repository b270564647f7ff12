import { createHash } from 'node:crypto';
import type { createBriefBodySchema } from '@maya/contracts';
import {
  briefLimits,
  type Brief,
  type BriefAnswerState,
  type BriefAsked,
  type BriefCandidate,
  type BriefDraft,
  type BriefDraftBody,
  type BriefPriority,
  type BriefsPage,
  type Currency,
  type DealStatus,
  type PublicProfile,
  type Service,
} from '@maya/contracts';
import type { z } from 'zod';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import { decodeTimeIdCursor, encodeTimeIdCursor } from '../../lib/cursor.js';
import { listOf, wordsFor, type Locale } from '../../lib/i18n/index.js';
import { fieldMessage } from '../../lib/i18n/sentences.js';
import { uuidv7 } from '../../lib/uuid.js';
import type { AccountService } from '../account/account.service.js';
import { kmBetween } from '../assistant/place-finder.js';
import type { NeedReader } from '../assistant/need-reading.js';
import type { BlocksService } from '../blocks/blocks.service.js';
import type { DealsService } from '../deals/deals.service.js';
import type { DirectoryService } from '../directory/directory.service.js';
import { expandWord, searchWords } from '../directory/search-terms.js';
import { compareOffers, DEFAULT_WEIGHTS, type AskedBusiness } from '../negotiation/comparison.js';
import type { ServicesService } from '../services/services.service.js';
import type { BriefRow, BriefsRepository } from './briefs.repository.js';

type CreateBrief = z.output<typeof createBriefBodySchema>;

export interface BriefsServiceOptions {
  repository: BriefsRepository;
  needs: NeedReader;
  deals: Pick<DealsService, 'startDeal' | 'getDeals' | 'statusesOf'>;
  directory: Pick<DirectoryService, 'findCards' | 'getPublicProfile'>;
  services: Pick<ServicesService, 'findPriceList'>;
  blocks: Pick<BlocksService, 'isBlockedBetween'>;
  account: Pick<AccountService, 'getPrivateUser'>;
  now?: () => Date;
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const dayOf = (at: Date) => at.toISOString().slice(0, 10);
/** The deals of the businesses a brief asked (a skipped one has none). */
const dealIdsOf = (rows: { dealId: string | null }[]) =>
  rows.flatMap((row) => (row.dealId === null ? [] : [row.dealId]));

/** The criterion the buyer put first counts double; the others keep their default weight. */
function weightsFor(priority: BriefPriority) {
  return { ...DEFAULT_WEIGHTS, [priority]: DEFAULT_WEIGHTS[priority] * 2 };
}

/**
 * The business's service that fits the words searched for best: the most of them found in its
 * name and description (a word's own forms counting twice its synonyms, as the directory finds
 * them), the name first, then the lower price. A business with one service and no better fit: that one; else none.
 */
export function bestService(services: Service[], words: string[]): Service | null {
  const terms = words.flatMap((word) => searchWords(word)).map((word) => expandWord(word));
  // A word's own forms (its spelling, its stem) count twice a synonym's.
  const found = (text: string) => {
    const tokens = searchWords(text);
    const hits = (alternative: { token: string; prefix: boolean }) =>
      tokens.some((token) =>
        alternative.prefix ? token.startsWith(alternative.token) : token === alternative.token,
      );
    return terms.reduce((sum, term) => {
      if (term.alternatives.some((alternative) => alternative.own && hits(alternative))) {
        return sum + 2;
      }
      return sum + (term.alternatives.some(hits) ? 1 : 0);
    }, 0);
  };
  const scored = services
    .map((service) => ({
      service,
      name: found(service.name),
      all: found(`${service.name} ${service.description}`),
    }))
    .filter((one) => one.all > 0)
    .sort(
      (a, b) =>
        b.all - a.all ||
        b.name - a.name ||
        a.service.priceFrom - b.service.priceFrom ||
        (a.service.id < b.service.id ? -1 : 1),
    );
  if (scored[0]) return scored[0].service;
  return services.length === 1 ? services[0]! : null;
}

/** Where one business's answer stands, from its deal's status as it is now. */
function answerOf(status: DealStatus, answerBy: Date, at: Date): BriefAnswerState {
  switch (status) {
    case 'offered':
    case 'countered':
      return 'offered';
    case 'upcoming':
    case 'delivered':
    case 'problem_reported':
    case 'completed':
      return 'accepted';
    case 'requested':
    case 'start':
      return at >= answerBy ? 'timed_out' : 'waiting';
    case 'expired':
      return 'timed_out';
    case 'withdrawn':
    case 'declined':
    case 'cancelled':
      return 'declined';
  }
}

/** The buyer's confirmation's id for the request to one business: the same on every retry. */
function requestClientId(buyerId: string, clientId: string, businessId: string): string {
  const digest = createHash('sha256').update(`${buyerId}:${clientId}:${businessId}`).digest('hex');
  return `brief-${digest.slice(0, 40)}`;
}

/**
 * Maya for the buyer: a need read into a brief for the buyer to confirm (`draft`), the quote
 * requests it sends once confirmed (`create`: at most five businesses, each once, none across a
 * block or already in an open negotiation with the buyer), and the comparison of the answers
 * (`get`), ranked by `compareOffers` only once none is left waiting. Only the buyer sees a brief;
 * a business sees only its own deal's request.
 */
export function createBriefsService({
  repository,
  needs,
  deals,
  directory,
  services,
  blocks,
  account,
  now = () => new Date(),
}: BriefsServiceOptions) {
  function requireBuyer(actor: Actor) {
    if (actor.role !== 'buyer')
      throw new AppError('FORBIDDEN', { key: 'errors:briefs.clientOnly' });
  }

  async function priceListOf(actor: Actor, businessId: string): Promise<Service[] | null> {
    return services
      .findPriceList(actor, businessId)
      .then((list) => list.services)
      .catch(() => null);
  }

  /** The businesses a brief named, with their deals as the buyer sees them now. */
  async function view(actor: Actor, brief: BriefRow): Promise<Brief> {
    const at = now();
    const rows = await repository.businessesOf([brief.id]);
    const [profiles, found] = await Promise.all([
      directory.findCards(rows.map((row) => row.businessId)),
      deals.getDeals(actor, dealIdsOf(rows)),
    ]);
    const dealsById = new Map(found.map((deal) => [deal.id, deal]));
    const asked: BriefAsked[] = [];
    const skipped: Brief['skipped'] = [];
    const comparing: AskedBusiness[] = [];
    let acceptedDealId: string | null = null;
    for (const row of rows) {
      const profile = profiles.get(row.businessId);
      if (row.dealId === null) {
        skipped.push({
          businessId: row.businessId,
          name: profile?.fullName ?? '',
          reason: row.skipped ?? 'unavailable',
        });
        continue;
      }
      const deal = dealsById.get(row.dealId);
      if (!deal) continue;
      const answer = answerOf(deal.status, brief.answerBy, at);
      const newest = deal.versions.findLast((version) => version.by === 'business') ?? null;
      const accepted =
        deal.accepted === null
          ? null
          : (deal.versions.find((version) => version.number === deal.accepted!.version) ?? null);
      const offered = accepted ?? newest;
      if (answer === 'accepted') acceptedDealId = deal.id;
      const distanceKm = distanceTo(brief, profile);
      const rating = profile?.rating ?? null;
      asked.push({
        businessId: row.businessId,
        name: deal.business.name,
        dealId: deal.id,
        chatId: deal.chatId,
        status: deal.status,
        serviceName: deal.serviceName,
        answer,
        offer:
          offered && (answer === 'offered' || answer === 'accepted')
            ? { ...offered.terms, version: offered.number, validUntil: offered.validUntil }
            : null,
        acceptVersion: deal.actions.find((action) => action.type === 'accept')?.version ?? null,
        rating,
        distanceKm,
      });
      comparing.push({
        businessId: row.businessId,
        answer:
          offered && (answer === 'offered' || answer === 'accepted')
            ? {
                state: 'offered',
                price: offered.terms.price,
                included: offered.terms.included,
                when: offered.terms.when,
              }
            : { state: answer === 'offered' || answer === 'accepted' ? 'waiting' : answer },
        rating,
        distanceKm,
      });
    }
    asked.sort((a, b) => a.name.localeCompare(b.name) || (a.businessId < b.businessId ? -1 : 1));
    const compared = compareOffers(comparing, {
      weights: weightsFor(brief.priority),
      wanted: brief.wanted,
      when: { from: brief.whenFrom, to: brief.whenTo },
      currency: brief.currency,
    });
    return {
      id: brief.id,
      need: brief.need,
      when: { from: brief.whenFrom, to: brief.whenTo },
      where: brief.whereText,
      budget:
        brief.budgetAmount === null
          ? null
          : { amount: brief.budgetAmount, currency: brief.currency },
      currency: brief.currency,
      wanted: brief.wanted,
      priority: brief.priority,
      answerBy: brief.answerBy.toISOString(),
      createdAt: brief.createdAt.toISOString(),
      asked,
      skipped,
      comparison:
        compared.state === 'waiting'
          ? compared
          : {
              state: 'ranked',
              ranked: compared.ranked.map(({ businessId, rank, score, parts }) => ({
                businessId,
                rank,
                score,
                parts,
              })),
              recommended: compared.recommended,
            },
      acceptedDealId,
    };
  }

  function distanceTo(brief: BriefRow, profile: PublicProfile | undefined): number | null {
    if (brief.lat === null || brief.lng === null || !profile?.location) return null;
    return Math.round(kmBetween({ lat: brief.lat, lng: brief.lng }, profile.location) * 10) / 10;
  }

  /**
   * Asks each business the brief chose that has no row yet: a business across a block, gone or
   * hidden is skipped as unavailable, one already in an open negotiation with the buyer as
   * already asked. A retry (the same confirmation again) finishes what a failure left.
   */
  async function finish(actor: Actor, brief: BriefRow, locale: Locale): Promise<void> {
    const done = new Set((await repository.businessesOf([brief.id])).map((row) => row.businessId));
    const open = await repository.openWith(
      actor.userId,
      brief.chosen.map((one) => one.businessId),
    );
    const need =
      brief.wanted.length === 0
        ? brief.need
        : `${brief.need}\n\n${wordsFor(locale, 'briefs')('wanted', { items: listOf(locale, brief.wanted) })}`;
    for (const { businessId, serviceId } of brief.chosen) {
      if (done.has(businessId)) continue;
      const clientId = requestClientId(actor.userId, brief.clientId, businessId);
      const skip = (reason: 'unavailable' | 'already_asked') =>
        repository.insertBusiness({ briefId: brief.id, businessId, skipped: reason });
      if (await blocks.isBlockedBetween(actor.userId, businessId)) {
        await skip('unavailable');
        continue;
      }
      // Never a second request beside an open one.
      if (open.has(businessId)) {
        await skip('already_asked');
        continue;
      }
      try {
        const started = await deals.startDeal(actor, {
          partnerId: businessId,
          clientId,
          action: {
            type: 'request',
            request: {
              serviceId,
              need,
              when: { from: brief.whenFrom, to: brief.whenTo },
              where: brief.whereText,
              budget:
                brief.budgetAmount === null
                  ? null
                  : { amount: brief.budgetAmount, currency: brief.currency },
            },
          },
        });
        await repository.insertBusiness({
          briefId: brief.id,
          businessId,
          dealId: started.answer.deal.id,
        });
      } catch (error) {
        if (error instanceof AppError && error.status < 500) await skip('unavailable');
        else throw error;
      }
    }
  }

  return {
    async draft(actor: Actor, body: BriefDraftBody, locale?: Locale): Promise<BriefDraft> {
      requireBuyer(actor);
      const reading = await needs.read(actor, body.text, {
        today: dayOf(now()),
        locale,
        limit: briefLimits.candidatesMax,
        where: body.where,
      });
      // A place the buyer gave may have no business near it: a draft with none to choose.
      if (!reading || (reading.cards.length === 0 && body.where === undefined)) {
        throw new AppError(
          'VALIDATION_FAILED',
          { key: 'errors:briefs.noNeed' },
          { text: fieldMessage('noServiceRead') },
        );
      }
      const cards = reading.cards.filter((card) => card.id !== actor.userId);
      const [profiles, open, lists] = await Promise.all([
        directory.findCards(cards.map((card) => card.id)),
        repository.openWith(
          actor.userId,
          cards.map((card) => card.id),
        ),
        Promise.all(cards.map((card) => priceListOf(actor, card.id))),
      ]);
      let chosen = 0;
      const candidates: BriefCandidate[] = cards.map((card, index) => {
        const service = bestService(lists[index] ?? [], reading.words);
        const alreadyAsked = open.has(card.id);
        const pick = !alreadyAsked && chosen < briefLimits.businessesMax;
        if (pick) chosen += 1;
        return {
          businessId: card.id,
          name: card.name,
          city: card.city,
          distanceKm: card.distanceKm,
          rating: profiles.get(card.id)?.rating ?? null,
          pro: card.pro === true,
          serviceId: service?.id ?? null,
          serviceName: service?.name ?? null,
          fromPrice: service ? { amount: service.priceFrom, currency: service.currency } : null,
          chosen: pick,
          alreadyAsked,
        };
      });
      const currency: Currency =
        reading.budget?.currency ??
        candidates.find((candidate) => candidate.fromPrice)?.fromPrice?.currency ??
        (locale === 'pt-BR' ? 'BRL' : 'EUR');
      return {
        need: body.text.trim(),
        service: reading.service || null,
        when: reading.when,
        where: reading.where,
        budget: reading.budget ? { ...reading.budget, currency } : null,
        currency,
        language: reading.language,
        candidates,
      };
    },

    async create(
      actor: Actor,
      body: CreateBrief,
      locale: Locale = 'en',
    ): Promise<{ brief: Brief; created: boolean }> {
      requireBuyer(actor);
      const existing = await repository.findByClientId(actor.userId, body.clientId);
      if (existing) {
        await finish(actor, existing, locale);
        return { brief: await view(actor, existing), created: false };
      }
      const at = now();
      if (body.when.from < dayOf(at)) {
        throw new AppError(
          'VALIDATION_FAILED',
          { key: 'errors:briefs.pastDates' },
          { 'when.from': fieldMessage('beforeToday') },
        );
      }
      // Each service named must be the business's own; a business gone or hidden is skipped.
      const lists = await Promise.all(
        body.businesses.map((one) => priceListOf(actor, one.businessId)),
      );
      body.businesses.forEach((one, index) => {
        const list = lists[index];
        if (one.serviceId !== null && list && !list.some((item) => item.id === one.serviceId)) {
          throw new AppError(
            'VALIDATION_FAILED',
            { key: 'errors:briefs.serviceNotListed' },
            { [`businesses.${index}.serviceId`]: fieldMessage('notListedService') },
          );
        }
      });
      const open = await repository.openWith(
        actor.userId,
        body.businesses.map((one) => one.businessId),
      );
      const blocked = await Promise.all(
        body.businesses.map((one) => blocks.isBlockedBetween(actor.userId, one.businessId)),
      );
      const askable = body.businesses.filter(
        (one, index) =>
          one.businessId !== actor.userId &&
          lists[index] !== null &&
          !blocked[index] &&
          !open.has(one.businessId),
      );
      if (askable.length === 0) {
        throw new AppError(
          'CONFLICT',
          { key: 'errors:briefs.noneToAsk' },
          { businesses: fieldMessage('noneToAsk') },
        );
      }
      if (
        (await repository.countSince(actor.userId, new Date(at.getTime() - DAY_MS))) >=
        briefLimits.perDay
      ) {
        throw new AppError(
          'RATE_LIMITED',
          { key: 'errors:briefs.perDay', values: { count: briefLimits.perDay } },
          undefined,
          { 'retry-after': String(60 * 60) },
        );
      }
      // Where distances are measured from: the place written, else the buyer's own.
      const place = await needs.places.find(body.where).catch(() => undefined);
      const me = place
        ? undefined
        : await account.getPrivateUser(actor.userId).catch(() => undefined);
      const point = place?.place ?? me?.location ?? null;
      const currency = body.budget?.currency ?? (locale === 'pt-BR' ? 'BRL' : 'EUR');
      const id = uuidv7();
      const written = await repository.insert({
        id,
        buyerId: actor.userId,
        clientId: body.clientId,
        need: body.need,
        whenFrom: body.when.from,
        whenTo: body.when.to,
        whereText: body.where,
        lat: point?.lat ?? null,
        lng: point?.lng ?? null,
        budgetAmount: body.budget?.amount ?? null,
        currency,
        wanted: body.wanted,
        priority: body.priority,
        chosen: body.businesses,
        answerBy: new Date(at.getTime() + body.answerWithinHours * HOUR_MS),
        createdAt: at,
      });
      const brief = await repository.findByClientId(actor.userId, body.clientId);
      if (!brief) throw new Error('brief not written');
      await finish(actor, brief, locale);
      return { brief: await view(actor, brief), created: written };
    },

    async get(actor: Actor, id: string): Promise<Brief> {
      requireBuyer(actor);
      const brief = await repository.findById(id);
      if (!brief || brief.buyerId !== actor.userId) {
        throw new AppError('NOT_FOUND', { key: 'errors:briefs.notFound' });
      }
      return view(actor, brief);
    },

    async list(actor: Actor, query: { cursor?: string; limit: number }): Promise<BriefsPage> {
      requireBuyer(actor);
      const after = query.cursor ? decodeTimeIdCursor(query.cursor) : undefined;
      const rows = await repository.page(actor.userId, query.limit + 1, after);
      const page = rows.slice(0, query.limit);
      // The page's businesses and their deals' statuses, each read once for the whole page.
      const named = await repository.businessesOf(page.map((brief) => brief.id));
      const statuses = await deals.statusesOf(actor, dealIdsOf(named));
      const byBrief = new Map<string, typeof named>();
      for (const row of named) byBrief.set(row.briefId, [...(byBrief.get(row.briefId) ?? []), row]);
      const at = now();
      const items = page.map((brief) => {
        let answered = 0;
        let of = 0;
        let acceptedDealId: string | null = null;
        for (const row of byBrief.get(brief.id) ?? []) {
          const status = row.dealId && statuses.get(row.dealId);
          if (!status) continue;
          const answer = answerOf(status, brief.answerBy, at);
          of += 1;
          if (answer !== 'waiting') answered += 1;
          if (answer === 'accepted') acceptedDealId = row.dealId;
        }
        return {
          id: brief.id,
          need: brief.need,
          createdAt: brief.createdAt.toISOString(),
          answerBy: brief.answerBy.toISOString(),
          answered,
          of,
          acceptedDealId,
        };
      });
      const last = page.at(-1);
      return {
        items,
        nextCursor:
          rows.length > query.limit && last ? encodeTimeIdCursor(last.createdAt, last.id) : null,
      };
    },
  };
}

export type BriefsService = ReturnType<typeof createBriefsService>;
