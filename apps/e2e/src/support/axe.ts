import { readFileSync } from 'node:fs';
import type { AxeResults, Result } from 'axe-core';
import type { Page } from 'playwright-core';

/** axe-core's own bundle, injected into each frame of a page before a run. */
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.0/2.1 A and AA, plus axe's best practices; only serious and critical findings fail a journey. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const FAILING = new Set(['serious', 'critical']);

/** Screens checked in this journey file (Jest gives each file its own module registry). */
export const axeTally = { screens: 0 };

function describe(violation: Result): string {
  const targets = violation.nodes.map((node) => {
    const summary = (node.failureSummary ?? '').replace(/\s+/g, ' ').trim();
    return `    - ${node.target.join(' ')}: ${summary}`;
  });
  return [`  ${violation.id} (${violation.impact}): ${violation.help}`, ...targets].join('\n');
}

/**
 * Runs axe-core over the page as it is now and fails when anything serious or critical is found,
 * listing each rule, its impact, the elements and what is wrong with them.
 */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  // A screen is judged as it rests: transitions still running (a list fading back from its dimmed
  // 'updating' state) would be read at their half-way colours. Endless ones (skeletons, spinners)
  // are left running, and nothing waits past a second.
  await page
    .evaluate(() =>
      Promise.race([
        Promise.all(
          document
            .getAnimations()
            .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity))
            .map((animation) => animation.finished.catch(() => undefined)),
        ),
        new Promise((resolve) => setTimeout(resolve, 1000)),
      ]),
    )
    .catch(() => undefined);
  for (const frame of page.frames()) {
    // A frame that navigates away mid-injection is checked on the next screen instead.
    await frame.evaluate(AXE_SOURCE).catch(() => undefined);
  }
  // preload false: axe would otherwise fetch the remotes' cross-origin stylesheets and copy them
  // into <style> elements of the page (to read their rules), which the shell's policy refuses.
  const results = await page.evaluate(
    (tags) => (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'], preload: false }),
    TAGS,
  );
  const failing = results.violations.filter((violation) => FAILING.has(violation.impact ?? ''));
  const count = (impact: string) => failing.filter((violation) => violation.impact === impact).reduce((sum, violation) => sum + violation.nodes.length, 0);
  axeTally.screens += 1;
  console.log(`axe: ${label}: ${count('serious')} serious, ${count('critical')} critical`);
  if (failing.length > 0) {
    throw new Error(`axe found ${failing.length} serious or critical rule(s) on ${label} (${page.url()}):\n${failing.map(describe).join('\n')}`);
  }
}
