import type { Category, EvalRequest, EvalRequestInput } from '../types.js';
import { budget } from './budget.js';
import { business } from './business.js';
import { followUp } from './follow-up.js';
import { injection } from './injection.js';
import { near } from './near.js';
import { notASearch } from './not-a-search.js';
import { precise } from './precise.js';
import { smallTalk } from './small-talk.js';
import { typos } from './typos.js';
import { unanswerable } from './unanswerable.js';
import { vague } from './vague.js';

const byCategory: Record<Category, EvalRequestInput[]> = {
  precise,
  vague,
  budget,
  near,
  typos,
  'follow-up': followUp,
  unanswerable,
  'small-talk': smallTalk,
  injection,
  'not-a-search': notASearch,
  business,
};

function slug(text: string): string {
  return text
    .normalize('NFD')
    .replaceAll(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replaceAll(/[^a-z0-9]+/g, '-')
    .replaceAll(/^-|-$/g, '')
    .slice(0, 60);
}

export const requests: EvalRequest[] = Object.entries(byCategory).flatMap(([category, inputs]) =>
  inputs.map((input) => {
    const turns = Array.isArray(input.say) ? input.say : [input.say];
    // Punctuation alone ("???") has no words to name it by.
    const words = slug(turns.join(' ')) || `punctuation-${turns.join('').length}`;
    return { ...input, category: category as Category, turns, id: `${category}/${words}` };
  }),
);
