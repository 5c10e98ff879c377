import type { Block } from '../../../shared/schemas/page';
import { IntroVideo } from '../intro-video';

/** The product page's player: a still and a play button; the site's player or the file loads only when pressed. */
export function VideoBlock({ block, title }: { block: Extract<Block, { type: 'video' }>; title: string }) {
  return (
    <div className="page-block page-block--video">
      <IntroVideo link={block.url} title={title} />
    </div>
  );
}
