/**
 * A product's price as the page data has it formatted (`priceText` in page-data.ts), or nothing
 * when it has none. The warning is silenced because text formatted in a browser, after client
 * navigation, may space a currency code differently from the server's ("CHF 5").
 */
export function Price({ text, as: Tag = 'span', className = 'price' }: { text: string | null; as?: 'span' | 'p'; className?: string }) {
  if (!text) return null;
  return (
    <Tag className={className} suppressHydrationWarning>
      {text}
    </Tag>
  );
}
