import {
  type CounterProposal,
  allowedDealActions,
  applyDealAction,
  dealProblemCodes,
  dealStates,
  dealTabs,
  dealTransitions,
  initialDealState,
  settleDeal,
  type ChatPartner,
  type Deal,
  type DealAction,
  type DealActionBody,
  type DealEvent,
  type DealMessage,
  type DealMoveResponse,
  type DealParty,
  type DealProblem,
  type DealsPage,
  type DealState,
  type DealStatus,
  type DealTab,
  type FindDealsQuery,
  type MessageDeal,
  type OfferTerms,
  type StartDealBody,
} from '@maya/contracts';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import { decodeTimeIdCursor, encodeTimeIdCursor } from '../../lib/cursor.js';
import type { EventBus } from '../../lib/events.js';
import { wordsFor } from '../../lib/i18n/index.js';
import { fieldMessage } from '../../lib/i18n/sentences.js';
import { readOfferedAmount } from '../../lib/lexicon/budget.js';
import { uuidv7 } from '../../lib/uuid.js';
import type { BlocksService } from '../blocks/blocks.service.js';
import type { ChatsService } from '../chats/chats.service.js';
import type { DirectoryService } from '../directory/directory.service.js';
import type {
  DealFields,
  DealQueries,
  DealRecord,
  DealsRepository,
  DealVersionRow,
  MoveMessageRow,
} from './deals.repository.js';

export type { DealRecord };

/** The words of each refusal, in the asker's language (lib/i18n/locales/errors, `deals`). */
const problemSentences: Record<DealProblem, string> = {
  offer_superseded: 'errors:deals.offerSuperseded',
  offer_expired: 'errors:deals.offerExpired',
  invalid_transition: 'errors:deals.invalidTransition',
  counter_limit: 'errors:deals.counterLimit',
  not_a_party: 'errors:deals.notFound',
  blocked: 'errors:deals.closed',
};

function refusal(problem: DealProblem): AppError {
  return new AppError(dealProblemCodes[problem], { key: problemSentences[problem] });
}

const iso = (at: Date) => at.toISOString();

/** The machine's state of a stored deal, as it was last written. */
export function toDealState({ deal, versions }: DealRecord): DealState {
  return {
    status: deal.status,
    request: deal.request ? { serviceId: deal.serviceId, ...deal.request } : null,
    versions: versions.map((version) => ({
      number: version.number,
      by: version.by,
      terms: {
        title: version.title,
        price: { amount: version.priceAmount, currency: version.currency },
        included: version.included,
        when: { from: version.whenFrom, to: version.whenTo },
      },
      sentAt: iso(version.sentAt),
      validUntil: iso(version.validUntil),
    })),
    accepted:
      deal.acceptedVersion !== null && deal.acceptedAt
        ? { version: deal.acceptedVersion, at: iso(deal.acceptedAt) }
        : null,
    delivery:
      deal.deliveredAt && deal.problemWindowEndsAt
        ? { at: iso(deal.deliveredAt), problemWindowEndsAt: iso(deal.problemWindowEndsAt) }
        : null,
    problem:
      deal.problemReason !== null && deal.problemReportedAt
        ? { reason: deal.problemReason, at: iso(deal.problemReportedAt) }
        : null,
    cancellation:
      deal.cancelledBy && deal.cancelReason !== null && deal.cancelledAt
        ? { by: deal.cancelledBy, reason: deal.cancelReason, at: iso(deal.cancelledAt) }
        : null,
  };
}

/** A state's columns (all but the deal's identity and its versions, which are rows apart). */
function toFields(state: DealState, serviceId: string | null, at: Date): DealFields {
  const request = state.request
    ? (({ serviceId: _serviceId, ...rest }) => rest)(state.request)
    : null;
  const date = (value: string | undefined) => (value ? new Date(value) : null);
  return {
    serviceId,
    status: state.status,
    request,
    acceptedVersion: state.accepted?.version ?? null,
    acceptedAt: date(state.accepted?.at),
    deliveredAt: date(state.delivery?.at),
    problemWindowEndsAt: date(state.delivery?.problemWindowEndsAt),
    problemReason: state.problem?.reason ?? null,
    problemReportedAt: date(state.problem?.at),
    cancelledBy: state.cancellation?.by ?? null,
    cancelReason: state.cancellation?.reason ?? null,
    cancelledAt: date(state.cancellation?.at),
    updatedAt: at,
  };
}

/**
 * The terms of the version an event names: the version it sent, the one it accepted, declined,
 * withdrew or let lapse; for a deal's later moves, the accepted one. Null for a request's moves.
 */
export function termsNamed(event: DealEvent, state: DealState): OfferTerms | null {
  if ('version' in event) {
    return typeof event.version === 'number'
      ? (state.versions[event.version - 1]?.terms ?? null)
      : event.version.terms;
  }
  // A deal's own moves (delivered, confirmed, a problem, cancelled) are about the accepted one.
  const accepted = state.accepted?.version;
  if (accepted === undefined || dealStates[event.to].phase !== 'deal') return null;
  return state.versions[accepted - 1]?.terms ?? null;
}

/** What a move's message carries, read from its deal as stored. */
function describeMove(event: DealEvent, record: DealRecord): MessageDeal {
  return {
    dealId: record.deal.id,
    event,
    terms: termsNamed(event, toDealState(record)),
    serviceName: record.serviceName,
  };
}

function toDealMessage(row: MoveMessageRow, record: DealRecord): DealMessage {
  return {
    id: row.id,
    chatId: row.chatId,
    senderId: row.senderId,
    body: row.body,
    clientId: row.clientId,
    createdAt: iso(row.createdAt),
    deal: describeMove(row.dealEvent!, record),
    ...(row.byAssistant && { byAssistant: true as const }),
  };
}

/**
 * The stored statuses a tab must read to find its deals: its own, and those the clock moves into
 * it (a deal stored as delivered is completed once its problem window closed). Read from the
 * process's table, so the tabs follow it.
 */
function statusesOfTab(tab: DealTab): DealStatus[] {
  const shown: readonly DealStatus[] = dealTabs[tab];
  const before = dealTransitions
    .filter((row) => (row.actors as readonly string[]).includes('system'))
    .filter((row) => shown.includes(row.to))
    .map((row) => row.from);
  return [...new Set([...shown, ...before])];
}

/** The side `userId` is on in this deal, or undefined when neither. */
function partyOf(deal: { buyerId: string; sellerId: string }, userId: string) {
  if (deal.buyerId === userId) return 'buyer' as const;
  if (deal.sellerId === userId) return 'business' as const;
  return undefined;
}

/** Thrown inside a move's transaction when a retry with the same client id won the race. */
class ClientIdRaced extends Error {
  constructor() {
    super('client id raced');
  }
}

/** How the server itself takes a move for a business: Maya's, checked against its limits. */
export interface MoveOptions {
  /** Maya (AI) makes the move: its message is marked so, and `onMove` is told. */
  byAssistant?: boolean;
  /**
   * Run on the state the transaction locked, before the machine: an error refuses the move (the
   * offer service's own wall around Maya's offers).
   */
  check?: (state: DealState, action: DealAction) => AppError | null;
}

export interface DealsServiceOptions {
  repository: DealsRepository;
  /** The two people's names as others see them (a deleted account is marked so). */
  directory: Pick<DirectoryService, 'findChatPartners'>;
  /** The pair's chat, opened (or found) for a negotiation's first move. */
  chats: Pick<ChatsService, 'openChat'>;
  blocks: Pick<BlocksService, 'isBlockedBetween'>;
  events: EventBus;
  /**
   * A person's mail language, for the words a move writes on their behalf (the reason of a
   * cancellation when the other side deleted their account).
   */
  languageOf?: (userId: string) => Promise<string>;
  /**
   * Told after each move's commit, with what it wrote (the notices' schedule, Maya's turn), and
   * whether Maya (AI) made it for the business.
   */
  onMove?: (move: { deal: DealRecord; event: DealEvent; byAssistant: boolean }) => void;
  /** The clock every move and read is decided by. */
  now?: () => Date;
}

/**
 * Quote requests, offers and deals between a buyer and a business. Every move goes through the
 * one machine of the contracts (`applyDealAction`), in one transaction that locks the deal, writes
 * it, its new version and the move's chat message together, and is idempotent by the message's
 * client id. A deal is seen only by its two people; nothing moves across a block.
 */
export function createDealsService({
  repository,
  directory,
  chats,
  blocks,
  events,
  languageOf = async () => 'en',
  onMove,
  now = () => new Date(),
}: DealsServiceOptions) {
  /** The people of these deals, by id. */
  async function peopleOf(records: DealRecord[]): Promise<Map<string, ChatPartner>> {
    return directory.findChatPartners(records.flatMap(({ deal }) => [deal.buyerId, deal.sellerId]));
  }

  /** Whether the two of each pair blocked each other, asked once per pair. */
  async function blockedPairs(records: DealRecord[]): Promise<Set<string>> {
    const pairs = [...new Set(records.map(({ deal }) => `${deal.buyerId} ${deal.sellerId}`))];
    const blocked = await Promise.all(
      pairs.map(async (pair) => {
        const [buyerId, sellerId] = pair.split(' ') as [string, string];
        return (await blocks.isBlockedBetween(buyerId, sellerId)) ? pair : undefined;
      }),
    );
    return new Set(blocked.filter((pair) => pair !== undefined));
  }

  /**
   * Deals as `userId` sees them at `at`: settled, with both people's names and the caller's
   * moves (none across a block: the machine's blocked actor).
   */
  async function toDeals(records: DealRecord[], userId: string, at: Date): Promise<Deal[]> {
    const [people, blocked] = await Promise.all([peopleOf(records), blockedPairs(records)]);
    const person = (id: string) => {
      const known = people.get(id);
      return { id, name: known?.fullName ?? '', deleted: known?.deleted ?? true };
    };
    return records.map((record) => {
      const { deal } = record;
      const state = settleDeal(toDealState(record), at).state;
      const party = partyOf(deal, userId)!;
      const across = blocked.has(`${deal.buyerId} ${deal.sellerId}`);
      return {
        ...state,
        id: deal.id,
        chatId: deal.chatId,
        buyerId: deal.buyerId,
        businessId: deal.sellerId,
        buyer: person(deal.buyerId),
        business: person(deal.sellerId),
        serviceId: deal.serviceId,
        serviceName: record.serviceName,
        actions: allowedDealActions(state, across ? 'blocked_user' : party, at),
        createdAt: iso(deal.createdAt),
        updatedAt: iso(deal.updatedAt),
      };
    });
  }

  async function toDeal(record: DealRecord, userId: string, at: Date): Promise<Deal> {
    return (await toDeals([record], userId, at))[0]!;
  }

  /** The deal and the caller's side in it; another person's deal does not exist for them. */
  async function requireParty(actor: Actor, dealId: string) {
    const record = await repository.findById(dealId);
    const party = record && partyOf(record.deal, actor.userId);
    if (!record || !party) throw refusal('not_a_party');
    return { record, party };
  }

  /**
   * What a retried move answers: the deal as it is and the message the first try wrote. A client
   * id the caller used for anything else is a conflict.
   */
  async function replay(
    actor: Actor,
    existing: MoveMessageRow,
    dealId: string | undefined,
  ): Promise<DealMoveResponse> {
    if (!existing.dealId || (dealId !== undefined && existing.dealId !== dealId)) {
      throw new AppError(
        'CONFLICT',
        { key: 'errors:deals.clientId' },
        { clientId: 'Already used' },
      );
    }
    const { record } = await requireParty(actor, existing.dealId);
    return {
      deal: await toDeal(record, actor.userId, now()),
      message: toDealMessage(existing, record),
    };
  }

  async function refuseAcrossBlock(pair: { buyerId: string; sellerId: string }) {
    if (await blocks.isBlockedBetween(pair.buyerId, pair.sellerId)) throw refusal('blocked');
  }

  /** A request may name only one of the business's own services. */
  async function checkService(businessId: string, serviceId: string | null) {
    if (serviceId === null || (await repository.isServiceOf(serviceId, businessId))) return;
    throw new AppError(
      'VALIDATION_FAILED',
      { key: 'errors:deals.serviceNotListed' },
      { 'action.request.serviceId': fieldMessage('notListedService') },
    );
  }

  /**
   * Takes the move on the state the transaction read, and writes what it did: the deal's row,
   * the version it sent (if any) and its one chat message. Refusals throw their problem.
   */
  async function write(
    queries: DealQueries,
    move: {
      dealId: string;
      chatId: string;
      party: DealParty;
      senderId: string;
      clientId: string;
      state: DealState;
      serviceId: string | null;
      action: DealAction;
      at: Date;
      isNew: boolean;
      pair: { buyerId: string; sellerId: string };
      options?: MoveOptions;
      /** The deal as the transaction locked it, for a move on a deal that exists. */
      locked?: DealRecord;
    },
  ): Promise<{ message: MoveMessageRow; event: DealEvent; record: DealRecord | undefined }> {
    const refused = move.options?.check?.(move.state, move.action);
    if (refused) throw refused;
    const result = applyDealAction(move.state, move.party, move.action, move.at);
    if (!result.ok) throw refusal(result.problem);
    const { next } = result;
    // A party's move taken is never preceded by a lapse (a lapse ends the negotiation), so its
    // one event is the last.
    const event = result.events.at(-1)!;

    const fields = toFields(next, move.serviceId, move.at);
    const row = move.isNew
      ? await queries.insertDeal({
          id: move.dealId,
          chatId: move.chatId,
          ...move.pair,
          ...fields,
          at: move.at,
        })
      : await queries.updateDeal(move.dealId, fields);
    const written: DealVersionRow[] = [];
    for (const version of next.versions.slice(move.state.versions.length)) {
      const versionRow: DealVersionRow = {
        dealId: move.dealId,
        number: version.number,
        by: version.by,
        title: version.terms.title,
        priceAmount: version.terms.price.amount,
        currency: version.terms.price.currency,
        included: version.terms.included,
        whenFrom: version.terms.when.from,
        whenTo: version.terms.when.to,
        sentAt: new Date(version.sentAt),
        validUntil: new Date(version.validUntil),
      };
      await queries.insertVersion(versionRow);
      written.push(versionRow);
    }
    const message = await queries.insertMoveMessage({
      id: uuidv7(),
      chatId: move.chatId,
      senderId: move.senderId,
      clientId: move.clientId,
      dealId: move.dealId,
      event,
      at: move.at,
      byAssistant: move.options?.byAssistant ?? false,
    });
    if (!message) throw new ClientIdRaced();
    // The deal as the move left it, from what the transaction read and wrote: no read again.
    const record = move.locked && {
      deal: row,
      versions: [...move.locked.versions, ...written],
      serviceName: move.locked.serviceName,
    };
    return { message, event, record };
  }

  /** After the commit: both people's screens get the move's message; the notices are told. */
  function announce(
    pair: { buyerId: string; sellerId: string },
    message: DealMessage,
    record: DealRecord,
  ) {
    events.toUsers([pair.buyerId, pair.sellerId], 'message:new', {
      chatId: message.chatId,
      message,
    });
    onMove?.({
      deal: record,
      event: message.deal.event,
      byAssistant: message.byAssistant === true,
    });
  }

  /** Runs a move, and answers a retry that raced it (same client id) with what that one wrote. */
  async function moveOnce(
    actor: Actor,
    clientId: string,
    dealId: string | undefined,
    run: () => Promise<DealMoveResponse>,
  ): Promise<{ answer: DealMoveResponse; created: boolean }> {
    try {
      return { answer: await run(), created: true };
    } catch (error) {
      if (!(error instanceof ClientIdRaced)) throw error;
      const existing = await repository.findMessageByClientId(actor.userId, clientId);
      if (!existing) throw error;
      return { answer: await replay(actor, existing, dealId), created: false };
    }
  }

  return {
    /**
     * A negotiation's first move: a buyer's request to a business, or a business's offer to a
     * client. Opens the pair's chat if needed. Idempotent by `clientId`.
     */
    async startDeal(
      actor: Actor,
      body: StartDealBody,
    ): Promise<{ answer: DealMoveResponse; created: boolean }> {
      const existing = await repository.findMessageByClientId(actor.userId, body.clientId);
      if (existing) return { answer: await replay(actor, existing, undefined), created: false };

      // The pair's chat: a partner of the other role, shown to the caller, with no block.
      const { chat } = await chats.openChat(actor, body.partnerId);
      const pair =
        actor.role === 'buyer'
          ? { buyerId: actor.userId, sellerId: body.partnerId }
          : { buyerId: body.partnerId, sellerId: actor.userId };
      await refuseAcrossBlock(pair);
      const party: DealParty = actor.role === 'buyer' ? 'buyer' : 'business';
      const serviceId = body.action.type === 'request' ? body.action.request.serviceId : null;
      await checkService(pair.sellerId, serviceId);

      const dealId = uuidv7();
      return moveOnce(actor, body.clientId, undefined, async () => {
        const at = now();
        const { message } = await repository.transaction((queries) =>
          write(queries, {
            dealId,
            chatId: chat.id,
            party,
            senderId: actor.userId,
            clientId: body.clientId,
            state: initialDealState,
            serviceId,
            action: body.action,
            at,
            isNew: true,
            pair,
          }),
        );
        const { record } = await requireParty(actor, dealId);
        const answer = {
          deal: await toDeal(record, actor.userId, at),
          message: toDealMessage(message, record),
        };
        announce(pair, answer.message, record);
        return answer;
      });
    },

    /**
     * A move on a deal by one of its two people. Idempotent by `clientId`. `options` are the
     * server's own (Maya's moves for a business), never a request's.
     */
    async act(
      actor: Actor,
      dealId: string,
      body: DealActionBody,
      options?: MoveOptions,
    ): Promise<{ answer: DealMoveResponse; created: boolean }> {
      // In the order of the module's rules: the caller is one of the two (404 otherwise), a
      // client id used before answers what it wrote, nothing crosses a block, then the move on
      // the locked row; the deal it answers is built from what it read and wrote.
      const pair = await repository.findPair(dealId);
      const party = pair && partyOf(pair, actor.userId);
      if (!pair || !party) throw refusal('not_a_party');
      return moveOnce(actor, body.clientId, dealId, async () => {
        // A retry finds its first try's message (moveOnce answers with it); the block is checked
        // before the transaction, whose one connection it would otherwise wait for.
        const used = await repository.findMessageByClientId(actor.userId, body.clientId);
        if (used) throw new ClientIdRaced();
        await refuseAcrossBlock(pair);
        const written = await repository.transaction(async (queries) => {
          const locked = await queries.lockById(dealId);
          if (!locked) throw refusal('not_a_party');
          // One that waited for the lock finds its first try's message too.
          const raced = await queries.findMessageByClientId(actor.userId, body.clientId);
          if (raced) throw new ClientIdRaced();
          const at = now();
          const { message, record } = await write(queries, {
            dealId,
            chatId: locked.deal.chatId,
            party,
            senderId: actor.userId,
            clientId: body.clientId,
            state: toDealState(locked),
            serviceId: locked.deal.serviceId,
            action: body.action,
            at,
            isNew: false,
            pair,
            options,
            locked,
          });
          return { message, at, after: record! };
        });
        const { after } = written;
        const answer = {
          deal: await toDeal(after, actor.userId, written.at),
          message: toDealMessage(written.message, after),
        };
        announce(pair, answer.message, after);
        return answer;
      });
    },

    /**
     * A deal as stored, for the server's own use (Maya's turns): no actor, so never for a route.
     */
    findRecord(dealId: string): Promise<DealRecord | undefined> {
      return repository.findById(dealId);
    },

    /** One of the caller's deals, as it is now. */
    async getDeal(actor: Actor, dealId: string): Promise<Deal> {
      const { record } = await requireParty(actor, dealId);
      return toDeal(record, actor.userId, now());
    },

    /**
     * Several of the caller's deals as they are now, read together; an id that names none of
     * theirs is left out (another person's deal does not exist for them, as with `getDeal`).
     */
    async getDeals(actor: Actor, dealIds: string[]): Promise<Deal[]> {
      return toDeals(await repository.findByIdsOf(actor.userId, dealIds), actor.userId, now());
    },

    /**
     * Where each of the caller's deals stands now (settled by the clock), by id, read together:
     * no names and no moves, for a count. An id that names none of theirs is left out.
     */
    async statusesOf(actor: Actor, dealIds: string[]): Promise<Map<string, DealStatus>> {
      const at = now();
      const records = await repository.findByIdsOf(actor.userId, dealIds);
      return new Map(
        records.map((record) => [record.deal.id, settleDeal(toDealState(record), at).state.status]),
      );
    },

    /**
     * The caller's deals and negotiations, most recently moved first; with a tab, only those
     * whose state as it is now is the tab's. A tab reads the stored statuses the clock may move
     * into it and keeps what settles there, page by page, until the page is full.
     */
    async findDeals(actor: Actor, query: FindDealsQuery): Promise<DealsPage> {
      const at = now();
      const shown: readonly DealStatus[] | undefined = query.tab ? dealTabs[query.tab] : undefined;
      const statuses = query.tab ? statusesOfTab(query.tab) : undefined;
      let after = query.cursor ? decodeTimeIdCursor(query.cursor) : undefined;
      const found: DealRecord[] = [];
      let more = false;
      for (;;) {
        const batch = Math.max(query.limit + 1 - found.length, 25);
        const rows = await repository.findForUser(actor.userId, { after, limit: batch, statuses });
        for (const record of rows) {
          if (found.length > query.limit) break;
          if (!shown || shown.includes(settleDeal(toDealState(record), at).state.status)) {
            found.push(record);
          }
        }
        more = found.length > query.limit;
        const last = rows.at(-1);
        if (more || rows.length < batch || !last) break;
        after = { at: last.deal.updatedAt, id: last.deal.id };
      }
      const page = found.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: await toDeals(page, actor.userId, at),
        nextCursor: more && last ? encodeTimeIdCursor(last.deal.updatedAt, last.deal.id) : null,
      };
    },

    /**
     * A deal's summary: the deal as the caller sees it, once an offer was accepted. Only its two
     * people open it, across a block too (it is their record); a negotiation has none yet.
     */
    async getSummary(actor: Actor, dealId: string): Promise<Deal> {
      const { record } = await requireParty(actor, dealId);
      const deal = await toDeal(record, actor.userId, now());
      if (!deal.accepted) throw new AppError('NOT_FOUND', { key: 'errors:deals.noSummary' });
      return deal;
    },

    /**
     * A counter card to propose when a buyer's typed words put a price forward ("I'll pay 50",
     * "que tal 45?") while the business's offer stands in that chat: the offer's version and the
     * price, for the buyer to confirm as a counter. Nothing moves; a price in another currency, not
     * below the offer, under a fifth of it, or with no counter left proposes nothing.
     */
    async counterProposalFor(
      actor: Actor,
      chatId: string,
      text: string,
    ): Promise<CounterProposal | null> {
      if (actor.role !== 'buyer') return null;
      const said = readOfferedAmount(text);
      if (!said) return null;
      const at = now();
      for (const record of await repository.findInChat(chatId, actor.userId, ['offered'])) {
        const deal = await toDeal(record, actor.userId, at);
        const counter = deal.actions.find((action) => action.type === 'counter');
        const standing = deal.versions.at(-1);
        if (deal.status !== 'offered' || !counter || !standing || standing.by !== 'business') {
          continue;
        }
        const { amount, currency } = standing.terms.price;
        if (said.currency && said.currency !== currency) return null;
        if (said.amount >= amount || said.amount * 5 < amount) return null;
        return {
          dealId: deal.id,
          version: standing.number,
          price: { amount: said.amount, currency },
        };
      }
      return null;
    },

    /** Every deal and negotiation the person is a party to, for their data export. */
    async exportOwn(actor: Actor): Promise<Deal[]> {
      const records = await repository.findAllForUser(actor.userId);
      return toDeals(records, actor.userId, now());
    },

    /**
     * An account's deletion ends what it left open, by the person's own move as the machine
     * allows it now: a negotiation is declined (a buyer) or withdrawn (a business), a deal not
     * yet delivered, or with a problem reported, is cancelled, in the other person's language;
     * a delivered deal completes by itself. Each is one message of the chat, as any move, and the
     * deals stay with the other person, who sees a former member. Idempotent: run again, it
     * finds nothing open, or the same client ids.
     */
    async endAllOf(userId: string): Promise<void> {
      const records = await repository.findAllForUser(userId);
      for (const record of records) {
        const { deal } = record;
        const party = partyOf(deal, userId)!;
        const at = now();
        const open = allowedDealActions(settleDeal(toDealState(record), at).state, party, at);
        const ending = open.find((move) => ['decline', 'withdraw', 'cancel'].includes(move.type));
        if (!ending) continue;
        const partnerId = party === 'buyer' ? deal.sellerId : deal.buyerId;
        const action: DealAction =
          ending.type === 'cancel'
            ? {
                type: 'cancel',
                reason: wordsFor(await languageOf(partnerId), 'deals')('deletion.reason'),
              }
            : { type: ending.type as 'decline' | 'withdraw' };
        const pair = { buyerId: deal.buyerId, sellerId: deal.sellerId };
        const written = await repository
          .transaction(async (queries) => {
            const locked = await queries.lockById(deal.id);
            if (!locked) return undefined;
            return write(queries, {
              dealId: deal.id,
              chatId: deal.chatId,
              party,
              senderId: userId,
              clientId: `deletion-${deal.id}`,
              state: toDealState(locked),
              serviceId: deal.serviceId,
              action,
              at: now(),
              isNew: false,
              pair,
            });
          })
          .catch((error: unknown) => {
            // Another move got there first (or a retry already ended it): nothing left to do.
            if (error instanceof ClientIdRaced || error instanceof AppError) return undefined;
            throw error;
          });
        if (!written) continue;
        const after = await repository.findById(deal.id);
        if (after) announce(pair, toDealMessage(written.message, after), after);
      }
    },

    /**
     * What the chats' messages that record moves carry: for each message with a deal and an
     * event, its deal, the event and the terms it names. One read for all the deals of a page.
     */
    async describeMoves(
      messages: { id: string; dealId: string | null; dealEvent: DealEvent | null }[],
    ): Promise<Map<string, MessageDeal>> {
      const moves = messages.filter((message) => message.dealId && message.dealEvent);
      if (moves.length === 0) return new Map();
      const records = new Map(
        (await repository.findByIds(moves.map((message) => message.dealId!))).map((record) => [
          record.deal.id,
          record,
        ]),
      );
      const described = new Map<string, MessageDeal>();
      for (const message of moves) {
        const record = records.get(message.dealId!);
        if (record) described.set(message.id, describeMove(message.dealEvent!, record));
      }
      return described;
    },
  };
}

export type DealsService = ReturnType<typeof createDealsService>;
