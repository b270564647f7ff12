import type { FromPrice, Service } from '@maya/contracts';
import { formatMoney } from './money';

/** The catalog's `t`, as much of it as a price needs. */
type Translate = (key: string, options?: Record<string, unknown>) => string;

/** "€40.00 per hour", "€900.00 – €1,500.00 per event": a service's price as clients read it. */
export function priceText(
  t: Translate,
  language: string,
  service: Pick<Service, 'priceFrom' | 'priceTo' | 'unit' | 'currency'>,
): string {
  const unit = t(`services.units.${service.unit}`);
  const from = formatMoney(service.priceFrom, service.currency, language);
  return service.priceTo !== null && service.priceTo !== service.priceFrom
    ? t('services.range', {
        from,
        to: formatMoney(service.priceTo, service.currency, language),
        unit,
      })
    : t('services.single', { price: from, unit });
}

/** "from €40.00 per hour", "a partir de R$ 40,00 por hora": a card's lowest starting price. */
export function fromPriceText(t: Translate, language: string, price: FromPrice): string {
  return t('services.from', {
    price: formatMoney(price.amount, price.currency, language),
    unit: t(`services.units.${price.unit}`),
  });
}
