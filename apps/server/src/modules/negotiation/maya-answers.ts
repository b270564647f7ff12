import {
  isFinalDealStatus,
  settleDeal,
  standingVersion,
  type DealActionBody,
  type DealEvent,
  type Service,
  type DealState,
} from '@maya/contracts';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import type { Actor } from '../../lib/actor.js';
import { localeOf, wordsFor } from '../../lib/i18n/index.js';
import { containsPhrase, fold } from '../../lib/lexicon/fold.js';
import { readOfferedAmount } from '../../lib/lexicon/budget.js';
import data from '../../lib/lexicon/words/hand-over.json' with { type: 'json' };
import { uuidv7 } from '../../lib/uuid.js';
import type { JobQueue } from '../../plugins/jobs.js';
import type { BlocksService } from '../blocks/blocks.service.js';
import type { ChatsService } from '../chats/chats.service.js';
import { toDealState, type DealRecord, type DealsService } from '../deals/deals.service.js';
import type { DirectoryService } from '../directory/directory.service.js';
import type { NotificationsService } from '../notifications/notifications.service.js';
import type { PushService } from '../notifications/push.service.js';
import type { ServicesService } from '../services/services.service.js';
import type { MayaRepository, MayaStopReason } from './maya.repository.js';
import type { NegotiationSettingsService } from './negotiation-settings.service.js';
import { refuseMayaAccept, refuseMayaOffer } from './offer-guard.js';
import { cardOf, checkOutbound } from './outbound-check.js';
import { phrase, type PhrasingWriter } from './phrasing.js';
import { decide, type NegotiationAct, type StrategyDecision } from './strategy.js';

/**
 * Maya answering a business's quote requests while it is away: the buyer's request or counter
 * queues her turn (after the business's chosen wait, or at once while it has no app open); the
 * turn runs the strategy, takes the move through the deals service with the offer service's own
 * check, and says it in the chat in the buyer's language, labelled. She stops for good, says so in
 * the chat and tells the business, when the business answers or writes, when the buyer writes or
 * asks for a person, when the strategy hands over, and on a block, a hidden business, Maya turned
 * off, an unconfirmed buyer or a second negotiation in 30 days. README.md tells the whole.
 */

export const MAYA_ANSWERS_QUEUE = 'maya-answers';

/** Maya's turn in a deal: the number of versions it had when the buyer's move called her. */
export interface MayaAnswerJob {
  dealId: string;
  turn: number;
}

const DAY_MS = 86_400_000;
/** One Maya negotiation per buyer, per service, per this many days. */
export const REPEAT_WINDOW_DAYS = 30;

const folded = z
  .string()
  .min(2)
  .refine((phrase) => phrase === fold(phrase), 'written folded: lower case, no accents');
const WORDS = z
  .object({ askForPerson: z.strictObject({ en: z.array(folded), pt: z.array(folded) }) })
  .parse(data);
const ASK_FOR_PERSON = [...WORDS.askForPerson.en, ...WORDS.askForPerson.pt];

/** Whether a client's words ask for a person rather than Maya, in English or Portuguese. */
export function asksForPerson(text: string): boolean {
  const words = fold(text);
  return ASK_FOR_PERSON.some((phrase) => containsPhrase(words, phrase));
}

/** Maya acting for the business: its own account, named so in the moves' logs. */
const mayaFor = (businessId: string): Actor => ({
  userId: businessId,
  role: 'seller',
  sessionId: 'maya',
});

export interface MayaAnswersDependencies {
  repository: MayaRepository;
  deals: Pick<DealsService, 'act' | 'findRecord'>;
  settings: Pick<NegotiationSettingsService, 'forStrategy'>;
  prices: Pick<ServicesService, 'findPriceList'>;
  chats: Pick<ChatsService, 'sendMessage'>;
  blocks: Pick<BlocksService, 'isBlockedBetween'>;
  directory: Pick<DirectoryService, 'findChatPartners'>;
  notifications: Pick<NotificationsService, 'mailNotice'>;
  /** The business's browsers, for the hand-over's one line (web push, when it is on). */
  push: Pick<PushService, 'notice'>;
  jobs: JobQueue;
  /** Whether the business has the app open anywhere. */
  isConnected: (userId: string) => Promise<boolean>;
  /** A person's language: the buyer's for Maya's words to them, the business's for its summary. */
  languageOf: (userId: string) => Promise<string>;
  /** Who words Maya's messages (the templates, or a hosted model). */
  writer: () => Promise<PhrasingWriter>;
  publicUrl: string;
  log: {
    info(details: Record<string, unknown>, message: string): void;
    warn(details: Record<string, unknown>, message: string): void;
  };
  now?: () => Date;
}

export function createMayaAnswers({
  repository,
  deals,
  settings,
  prices,
  chats,
  blocks,
  directory,
  notifications,
  push,
  jobs,
  isConnected,
  languageOf,
  writer,
  publicUrl,
  log,
  now = () => new Date(),
}: MayaAnswersDependencies) {
  /** The business's name and its public price list, as Maya's words may name them. */
  async function listingOf(
    businessId: string,
  ): Promise<{ business: string; services: Service[] } | undefined> {
    const [people, priceList] = await Promise.all([
      directory.findChatPartners([businessId]),
      prices.findPriceList(null, businessId).catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'NOT_FOUND') return undefined;
        throw error;
      }),
    ]);
    const business = people.get(businessId);
    if (!business || business.deleted || !priceList) return undefined;
    return { business: business.fullName, services: priceList.services };
  }

  /**
   * The business's one-line summary of a stop: on its devices (web push, labelled as Maya's, in
   * its language) and by mail (its mail rule and language).
   */
  async function tellBusiness(record: DealRecord, reason: MayaStopReason): Promise<void> {
    const { deal } = record;
    const people = await directory.findChatPartners([deal.buyerId, deal.sellerId]);
    const name = people.get(deal.buyerId)?.fullName ?? '';
    const words = wordsFor(localeOf(await languageOf(deal.sellerId)) ?? 'en', 'negotiation');
    await push.notice(deal.sellerId, deal.chatId, {
      title: words('label', { business: people.get(deal.sellerId)?.fullName ?? '' }),
      body: words('summary.line', { name, reason: words(`summary.reasons.${reason}`) }),
      tag: `maya:${deal.id}`,
    });
    const link = new URL(`/inbox/${deal.chatId}`, publicUrl).toString();
    await notifications.mailNotice(deal.sellerId, 'maya-hand-over', (recipient, links) => {
      const locale = localeOf(recipient.language) ?? 'en';
      const t = wordsFor(locale, 'negotiation');
      const line = t('summary.line', { name, reason: t(`summary.reasons.${reason}`) });
      const open = t('summary.open');
      const text = [line, '', `${open}: ${link}`, '', links.unsubscribeUrl].join('\n');
      const escape = (value: string) =>
        value.replace(
          /[&<>"']/g,
          (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
        );
      return {
        subject: t('summary.subject', { name }),
        text,
        html: `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif;line-height:1.5;color:#222"><p>${escape(line)}</p><p><a href="${escape(link)}">${escape(open)}</a></p><p style="font-size:13px;color:#555"><a href="${escape(links.unsubscribeUrl)}">${escape(links.unsubscribeUrl)}</a></p></body></html>`,
        link,
      };
    });
  }

  /**
   * Maya stops answering this negotiation for good, once: she says so in the chat (labelled,
   * in the buyer's language; not across a block or for a hidden business), the business is told
   * by mail, and the step is logged when a decision made it.
   */
  async function stop(
    record: DealRecord,
    reason: MayaStopReason,
    { say = true, decision }: { say?: boolean; decision?: StrategyDecision } = {},
  ): Promise<void> {
    const { deal } = record;
    const at = now();
    if (!(await repository.end(deal.id, 'handed_over', reason, at))) return;
    const listing = say ? await listingOf(deal.sellerId) : undefined;
    let text = '';
    if (listing && !(await blocks.isBlockedBetween(deal.buyerId, deal.sellerId))) {
      const t = wordsFor(localeOf(await languageOf(deal.buyerId)) ?? 'en', 'negotiation');
      text = t(`handOver.${reason}`, {
        label: t('label', { business: listing.business }),
        business: listing.business,
      });
      await chats.sendMessage(
        mayaFor(deal.sellerId),
        deal.chatId,
        { body: text, clientId: `mayah-${deal.id}` },
        { byAssistant: true },
      );
    }
    await repository.log({
      id: uuidv7(at.getTime()),
      dealId: deal.id,
      at,
      rule: decision?.explanation.rule ?? reason,
      inputs: { ...decision?.explanation.inputs },
      act: { act: 'hand_over', reason },
      check: { replaced: false, reasons: [], failure: null },
      text,
    });
    log.info({ dealId: deal.id, reason }, 'Maya handed a negotiation over');
    // The business that answered in person needs no telling.
    if (reason === 'business_answered') return;
    await tellBusiness(record, reason).catch((error: unknown) =>
      log.warn({ err: error, dealId: deal.id }, 'the hand-over mail was not sent'),
    );
  }

  /** The move that says Maya's act on the deal's state. */
  function actionOf(
    act: Exclude<NegotiationAct, { act: 'hand_over' }>,
    state: DealState,
    title: string,
    included: string,
    at: Date,
  ): DealActionBody['action'] {
    const standing = standingVersion(state);
    if (act.act === 'accept') return { type: 'accept', version: standing!.number };
    const validDays = Math.min(
      30,
      Math.max(1, Math.floor((Date.parse(act.validUntil) - at.getTime()) / DAY_MS)),
    );
    const terms = { title, price: act.price, included, when: act.when, validDays };
    return standing
      ? { type: 'counter', version: standing.number, terms }
      : { type: 'offer', terms };
  }

  /** Maya's turn, when its job runs: nothing when the turn has passed or she was stopped. */
  async function answer(job: MayaAnswerJob): Promise<void> {
    const record = await deals.findRecord(job.dealId);
    if (!record) return;
    const negotiation = await repository.find(job.dealId);
    if (negotiation?.status !== 'active') return;
    const at = now();
    const state = settleDeal(toDealState(record), at).state;
    if (isFinalDealStatus(state.status) || state.accepted) {
      await repository.end(job.dealId, 'closed', null, at);
      return;
    }
    // Someone answered since (the business, or Maya's own earlier turn): not hers any more.
    const open = state.status === 'requested' || state.status === 'countered';
    if (!open || state.versions.length !== job.turn || !state.request) return;
    const { deal } = record;
    if (await blocks.isBlockedBetween(deal.buyerId, deal.sellerId)) {
      return stop(record, 'blocked', { say: false });
    }
    // A report between the two, either way: a person answers, not Maya.
    if (await repository.reportedBetween(deal.buyerId, deal.sellerId)) {
      return stop(record, 'reported');
    }
    const mine = await settings.forStrategy(deal.sellerId, at);
    if (!mine?.enabled || !mine.available) return stop(record, 'maya_off');
    if (!(await repository.hasConfirmedEmail(deal.buyerId))) {
      return stop(record, 'unconfirmed_buyer');
    }
    if (
      state.versions.length === 0 &&
      (await repository.negotiatedBefore({
        dealId: deal.id,
        businessId: deal.sellerId,
        buyerId: deal.buyerId,
        serviceId: deal.serviceId,
        since: new Date(at.getTime() - REPEAT_WINDOW_DAYS * DAY_MS),
      }))
    ) {
      return stop(record, 'repeat_request');
    }
    const listing = await listingOf(deal.sellerId);
    if (!listing) return stop(record, 'blocked', { say: false });

    const decision = decide({
      services: mine.services,
      blockedDates: mine.blockedDates,
      counterLimit: mine.counterLimit,
      request: {
        serviceId: deal.serviceId,
        when: state.request.when,
        budget: state.request.budget,
      },
      history: state.versions.map((version) =>
        version.by === 'business'
          ? { by: 'maya' as const, amount: version.terms.price.amount }
          : { by: 'buyer' as const, price: version.terms.price, when: version.terms.when },
      ),
      now: at.toISOString(),
    });
    const { act } = decision;
    if (act.act === 'hand_over') return stop(record, act.reason, { decision });

    const service = listing.services.find(({ id }) => id === act.serviceId);
    const title = service?.name ?? record.serviceName ?? state.request.need.slice(0, 120);
    const included = service?.description || title;
    const action = actionOf(act, state, title, included, at);
    let event: DealEvent;
    try {
      const moved = await deals.act(
        mayaFor(deal.sellerId),
        deal.id,
        { clientId: `maya-${deal.id}-${job.turn}`, action },
        {
          byAssistant: true,
          // The offer service's own wall, on the state the move locked, whatever decided.
          check: (locked) => {
            if (locked.versions.length !== job.turn) {
              return new AppError('OFFER_SUPERSEDED', { key: 'errors:deals.offerSuperseded' });
            }
            const terms =
              act.act === 'accept'
                ? act
                : { serviceId: act.serviceId, price: act.price, when: act.when };
            const refused =
              act.act === 'accept' ? refuseMayaAccept(terms, mine) : refuseMayaOffer(terms, mine);
            return refused
              ? new AppError('INVALID_TRANSITION', { key: 'errors:deals.invalidTransition' })
              : null;
          },
        },
      );
      // The same turn run twice at once (a job delivered to two workers): the one whose move
      // was taken says it and logs it; the other, answered with that move, adds nothing.
      if (!moved.created) return;
      event = moved.answer.message.deal.event;
    } catch (error) {
      // The business or the buyer moved first: their move stands, and Maya says nothing.
      if (error instanceof AppError && error.status === 409) return;
      throw error;
    }

    // The words, with the move's real valid-until.
    const sent: NegotiationAct =
      act.act !== 'accept' && 'version' in event && typeof event.version === 'object'
        ? { ...act, validUntil: event.version.validUntil }
        : act;
    const card = cardOf(sent, listing);
    const phrased = await phrase(sent, card, await languageOf(deal.buyerId), await writer());
    await chats.sendMessage(
      mayaFor(deal.sellerId),
      deal.chatId,
      { body: phrased.text, clientId: `mayaw-${deal.id}-${job.turn}` },
      { byAssistant: true },
    );
    const check = checkOutbound(phrased.text, card);
    await repository.log({
      id: uuidv7(at.getTime()),
      dealId: deal.id,
      at,
      rule: decision.explanation.rule,
      inputs: { ...decision.explanation.inputs },
      act: { ...sent },
      check: {
        replaced: phrased.replaced,
        reasons: check.ok ? phrased.reasons : [...phrased.reasons, ...check.reasons],
        failure: phrased.failure,
      },
      text: phrased.text,
    });
    if (act.act === 'accept') await repository.end(deal.id, 'closed', null, at);
  }

  return {
    /** Starts this process's worker on the queue. */
    async start(): Promise<void> {
      await jobs.define<MayaAnswerJob>(
        MAYA_ANSWERS_QUEUE,
        // A burst of turns due together (a business back from a day off, a wave of requests)
        // takes at most half of the process's time, so chat delivery beside it stays prompt; the
        // maya-answers benchmark measures both.
        { policy: 'stately', retryLimit: 3, retryDelaySeconds: 30, share: 0.5 },
        answer,
      );
    },

    /**
     * After a move's commit. The buyer's request or counter to a business Maya answers for
     * queues her turn; the business's own move ends her part; the end of the negotiation closes
     * it.
     */
    async moved({
      deal: record,
      event,
      byAssistant,
    }: {
      deal: DealRecord;
      event: DealEvent;
      byAssistant: boolean;
    }): Promise<void> {
      if (byAssistant) return;
      const { deal } = record;
      if (event.actor === 'business') {
        const current = await repository.find(deal.id);
        if (current?.status === 'active') await stop(record, 'business_answered');
        return;
      }
      if (event.actor !== 'buyer') return;
      if (event.kind !== 'quote_requested' && event.kind !== 'offer_countered') {
        await repository.end(deal.id, 'closed', null, now());
        return;
      }
      const mine = await settings.forStrategy(deal.sellerId);
      if (!mine?.enabled || !mine.available) return;
      const negotiation = await repository.begin({
        dealId: deal.id,
        businessId: deal.sellerId,
        buyerId: deal.buyerId,
        chatId: deal.chatId,
        serviceId: deal.serviceId,
        at: now(),
      });
      if (negotiation.status !== 'active') return;
      const atOnce =
        mine.answerAfterMinutes === 0 ||
        (mine.atOnceWhenOffline && !(await isConnected(deal.sellerId)));
      const job: MayaAnswerJob = { dealId: deal.id, turn: record.versions.length };
      await jobs.send(MAYA_ANSWERS_QUEUE, job, {
        singletonKey: `${job.dealId}:${job.turn}`,
        ...(!atOnce && { startAfterSeconds: mine.answerAfterMinutes * 60 }),
      });
    },

    /**
     * After a typed message's commit: in a chat where Maya answers, the business writing in
     * person, or the buyer writing anything (she answers offers, not words), ends her part; all but
     * a buyer's price put forward against her standing offer, which becomes a counter card for the
     * buyer to confirm.
     */
    async typed({
      chatId,
      senderId,
      bodies,
      byAssistant,
    }: {
      chatId: string;
      senderId: string;
      bodies: string[];
      byAssistant: boolean;
    }): Promise<void> {
      if (byAssistant) return;
      const active = await repository.activeInChat(chatId);
      for (const negotiation of active) {
        const record = await deals.findRecord(negotiation.dealId);
        if (!record) continue;
        // A price put forward against her standing offer ("I'll pay 420") is proposed to the
        // buyer as a counter card to confirm (the chats' route): she answers the card, not words.
        if (
          senderId !== negotiation.businessId &&
          record.deal.status === 'offered' &&
          !bodies.some(asksForPerson) &&
          bodies.every((body) => readOfferedAmount(body) !== undefined)
        ) {
          continue;
        }
        const reason: MayaStopReason =
          senderId === negotiation.businessId
            ? 'business_answered'
            : bodies.some(asksForPerson)
              ? 'asked_for_person'
              : 'question';
        await stop(record, reason);
      }
    },

    /** Runs a turn now, as the queue would when it is due. */
    answer,

    /** Maya's log of a deal, for its business only. */
    async logOf(actor: Actor, dealId: string) {
      const record = await deals.findRecord(dealId);
      if (!record || record.deal.sellerId !== actor.userId) {
        throw new AppError('NOT_FOUND', { key: 'errors:deals.notFound' });
      }
      const negotiation = await repository.find(dealId);
      const entries = await repository.logOf(dealId);
      return {
        status: negotiation?.status ?? null,
        stopReason: negotiation?.stopReason ?? null,
        entries: entries.map((entry) => ({
          at: entry.at.toISOString(),
          rule: entry.rule,
          inputs: entry.inputs,
          act: entry.act,
          check: entry.check,
          text: entry.text,
        })),
      };
    },
  };
}

export type MayaAnswers = ReturnType<typeof createMayaAnswers>;
