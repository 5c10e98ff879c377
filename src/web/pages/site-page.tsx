import { useLoaderData } from '../router';
import type { SitePageData } from '../loaders';
import { isNotFound, type NotFoundData } from '../page-data';
import { NotFoundScreen } from '../components/not-found-screen';
import { PageBlocks } from '../components/blocks/page-blocks';

/** A page made of blocks (issue 29): its title is the page's one H1, then its blocks in order. */
export function SitePage() {
  const loaded = useLoaderData() as SitePageData | NotFoundData;
  if (isNotFound(loaded)) return <NotFoundScreen title="Page Not Found" message="The page you're looking for doesn't exist." />;
  return (
    <article className="site-page">
      <div className="container site-page__body">
        <h1 className="site-page__title">{loaded.page.title}</h1>
        <PageBlocks data={loaded} />
      </div>
    </article>
  );
}
