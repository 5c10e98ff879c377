import { createContext, useContext } from 'react';

/** The page's largest picture above the fold, as a `<link rel="preload" as="image">` needs it. */
export type ImagePreload = { href: string; srcSet?: string; sizes?: string; type?: string };

/** Filled while the server renders: the first priority picture of the page asks to be preloaded. */
export type PreloadCollector = { image?: ImagePreload };

export const PreloadContext = createContext<PreloadCollector | null>(null);

/** Records the preload during the server render; in the browser there is no collector and nothing to do. */
export function useRequestPreload(): (preload: ImagePreload) => void {
  const collector = useContext(PreloadContext);
  return (preload) => {
    if (collector && !collector.image) collector.image = preload;
  };
}
