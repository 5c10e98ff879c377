import { priceText } from '../../shared/price';

type Priced = { price: number | null; currency: string | null };

/**
 * A product's price, or nothing when it has none. The text comes from one
 * fixed locale on both sides; the warning is silenced because a browser's ICU
 * data may space a currency code differently from the server's ("CHF 5"),
 * and then the server's text stays, which is still right.
 */
export function Price({ item, as: Tag = 'span', className = 'price' }: { item: Priced; as?: 'span' | 'p'; className?: string }) {
  const text = priceText(item);
  if (!text) return null;
  return (
    <Tag className={className} suppressHydrationWarning>
      {text}
    </Tag>
  );
}
