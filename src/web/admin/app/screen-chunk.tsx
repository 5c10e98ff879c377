import { lazy, useState, type ComponentType } from 'react';

type ScreenModule = { default: ComponentType };

export type ScreenChunk = {
  /** The screen, for a route element. */
  Screen: ComponentType;
  /** Starts loading the chunk (once); resolves when the screen can render without waiting. */
  preload: () => Promise<unknown>;
};

/**
 * A screen in its own chunk. Like `React.lazy`, except that once the chunk has
 * loaded the screen renders at once: a lazy component always suspends on its
 * first render, and React then holds the revealed screen back for up to
 * 300 ms after showing the fallback (its reveal throttle) — on a warm cache
 * most of the wait for a list's first rows.
 */
export function screenChunk(load: () => Promise<ScreenModule>): ScreenChunk {
  let loaded: ComponentType | undefined;
  let loading: Promise<ScreenModule> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        // The next render asks again (and shows the failure if it persists).
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(preload);
  function Screen() {
    // Chosen once per mount: changing from the lazy wrapper to the loaded component would remount the screen.
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Component />;
  }
  return { Screen, preload };
}
