import { useTranslation } from 'react-i18next';

/**
 * The briefs' words are a part (`briefs`) of the deals' namespace: a namespace of their own would
 * add its loaders to the first route's script (`npm run size`). They load with the deals' words.
 */
export const WORDS = 'deals';

export const useBriefsTranslation = () => useTranslation(WORDS, { keyPrefix: 'briefs' });
