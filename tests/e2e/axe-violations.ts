import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** One rule's violation, with the elements it found (axe-core's `Result`). */
type Result = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

/**
 * Axe's violations on the whole page, every rule run as before, without the work nothing reads:
 * - Only violations are worked out in full (`resultTypes`). Axe otherwise writes a selector and an
 *   HTML snippet for every element that passed or did not apply to each rule, most of its time
 *   on a page of a few hundred elements.
 * - A page of one frame is analysed in itself (`axe.run`, AxeBuilder's legacy mode), not rule by
 *   rule per frame and then merged in a blank page opened for that: there are no frames to merge.
 *   A page with frames keeps the default, which also reaches frames of other origins.
 */
export async function axeViolations(page: Page): Promise<Result[]> {
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  if (page.frames().length === 1) builder.setLegacyMode();
  return (await builder.analyze()).violations;
}

/** A violation as the specs report it: the rule and the elements it found, `rule: selector, selector`. */
export const describeViolation = (violation: Result) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`;
