/**
 * Rich HTML that the server sanitised on save. Pictures in it sit below the
 * hero, so they load lazily; the stored HTML stays as the editor wrote it.
 */
export function RichText({ html, className = '' }: { html: string; className?: string }) {
  const lazy = html.replace(/<img\s/g, '<img loading="lazy" decoding="async" ');
  return <div className={`rich-text ${className}`.trim()} dangerouslySetInnerHTML={{ __html: lazy }} />;
}
