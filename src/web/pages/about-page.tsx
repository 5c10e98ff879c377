import { useLoaderData } from '../router';
import type { AboutData } from '../loaders';
import { Hero } from '../components/hero';
import { RichText } from '../components/rich-text';

export function AboutPage() {
  const { about } = useLoaderData() as AboutData;
  return (
    <>
      <Hero config={about.heroConfig} />
      {!about.heroConfig.title && <h1 className="visually-hidden">About</h1>}
      {about.content && (
        <section className="section container">
          {/* Sanitised on the server before it was stored. */}
          <RichText html={about.content} />
        </section>
      )}
    </>
  );
}
