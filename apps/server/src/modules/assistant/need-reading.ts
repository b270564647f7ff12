import type { Currency, DateWindow, DealMoney, SellerCard } from '@maya/contracts';
import type { Actor } from '../../lib/actor.js';
import type { Locale } from '../../lib/i18n/index.js';
import { readWhen } from '../../lib/lexicon/dates.js';
import type { AccountService } from '../account/account.service.js';
import type { DirectoryService } from '../directory/directory.service.js';
import { planTurn } from './dialogue.js';
import type { Language } from './language.js';
import { displayPlace } from './phrases.js';
import { createNamedPlaces, type NamedPlaces } from './place-finder.js';
import { createSellerTools } from './tools/seller-tools.js';

/**
 * Maya's reading of a need described once, for a buyer's brief: what is wanted (the same reading
 * and the same directory search as her answers in the chat), when (`lib/lexicon/dates.ts`), where
 * and for how much, and the businesses that fit, best first. What she cannot read is null, for
 * the buyer to fill in; nothing here sends anything.
 */
export interface NeedReading {
  language: Language;
  /** The words searched for ("wedding photographer"). */
  service: string;
  when: DateWindow | null;
  /** The place named, as the buyer would write it, or the buyer's own town for "near me". */
  where: string | null;
  budget: DealMoney | null;
  /** The fitting businesses the directory found, best first (never an alternative). */
  cards: SellerCard[];
  /** The words used for the search: a service of a business that names one fits it best. */
  words: string[];
}

export interface NeedReader {
  /**
   * The need in `text`, read on `today` (YYYY-MM-DD) for `actor`, or null when the words ask
   * for no service Maya can search for. With `where`, the businesses are searched near that
   * place, whatever place the text names.
   */
  read(
    actor: Actor,
    text: string,
    options: { today: string; locale?: Locale; limit: number; where?: string },
  ): Promise<NeedReading | null>;
  places: NamedPlaces;
}

export function createNeedReader(deps: {
  directory: DirectoryService;
  account: AccountService;
}): NeedReader {
  const places = createNamedPlaces(deps.directory);
  return {
    places,
    async read(actor, text, { today, locale, limit, where: placeGiven }) {
      const { when, rest } = readWhen(text, today);
      const { step, language } = await planTurn([{ text: rest, cards: [] }], places, { locale });
      if (step.kind !== 'search') return null;
      const tools = createSellerTools({ ...deps, places }, actor);
      const output = await tools.searchSellers.execute!(
        placeGiven
          ? {
              ...step.input,
              place: placeGiven.slice(0, 100),
              near: undefined,
              nearMe: false,
              around: undefined,
              limit,
              language,
            }
          : { ...step.input, limit, language },
        { toolCallId: 'brief', messages: [] },
      );
      if (!('sellers' in output)) return null;
      const search = output.search;
      const currency: Currency | undefined = step.input.currency;
      const budget =
        step.input.maxPrice !== undefined
          ? { amount: step.input.maxPrice, currency: currency ?? 'EUR' }
          : null;
      let where: string | null =
        placeGiven ?? (search?.place ? displayPlace(search.place.name) : null);
      if (!where && search?.nearMe) {
        const me = await deps.account.getPrivateUser(actor.userId);
        where = me?.location?.address ?? null;
      }
      const words = search?.words ?? [];
      return {
        language,
        service: step.input.query ?? words.join(' '),
        when,
        where,
        budget,
        cards: output.sellers.filter((card) => !card.alternative),
        words,
      };
    },
  };
}
