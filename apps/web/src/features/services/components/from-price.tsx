import Typography from '@mui/material/Typography';
import type { FromPrice } from '@maya/contracts';
import { useTranslation } from 'react-i18next';
import { fromPriceText } from '../utils/price-text';

/** A card's "from €40.00 per hour": the business's lowest starting price. */
export function FromPriceLine({ price }: { price: FromPrice }) {
  const { t, i18n } = useTranslation();
  return (
    <Typography variant="body2" sx={{ fontWeight: 600, mb: 1 }}>
      {fromPriceText(t, i18n.language, price)}
    </Typography>
  );
}
