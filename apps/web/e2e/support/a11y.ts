import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

// The checks the accessibility specs share: axe-core, sideways scrolling and touch target sizes.

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 360, height: 740 };

/**
 * Waits for the page's short animations to end (a toast's entrance fades it in over half a second:
 * axe reads its text mid-fade as too faint). Long ones (a toast's 5 s progress bar) and endless ones
 * are not waited for, nor is anything longer than 2 s.
 */
async function settleShortAnimations(page: Page) {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => Number(a.effect?.getComputedTiming().endTime ?? Number.POSITIVE_INFINITY) <= 2000)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]),
  );
}

/** axe-core (WCAG 2 A and AA): no serious or critical violation; the rest is printed. */
export async function expectNoSeriousViolations(page: Page, label: string) {
  await settleShortAnimations(page);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const explain = (list: typeof results.violations) =>
    list
      .map(
        (v) =>
          `[${v.impact}] ${v.id}: ${v.help}\n${v.nodes
            .slice(0, 5)
            .map((n) => `    ${n.target.join(' ')}: ${n.failureSummary?.replace(/\n/g, ' ')}`)
            .join('\n')}`,
      )
      .join('\n');
  expect(
    serious.map((v) => v.id),
    `${label}: axe violations\n${explain(serious)}`,
  ).toEqual([]);
}

/** The page does not scroll sideways. */
export async function expectNoHorizontalScroll(page: Page, label: string) {
  const { scrollWidth, innerWidth, wide } = await page.evaluate(() => {
    // the outermost elements that stick out on the right, to say what to fix
    const wide: string[] = [];
    for (const el of document.body.querySelectorAll<HTMLElement>('*')) {
      if (el.getBoundingClientRect().right <= window.innerWidth + 1) continue;
      if (el.parentElement && el.parentElement.getBoundingClientRect().right > window.innerWidth + 1)
        continue;
      wide.push(`${el.tagName.toLowerCase()}.${el.className}`.slice(0, 120));
      if (wide.length >= 5) break;
    }
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      wide,
    };
  });
  expect(
    scrollWidth,
    `${label}: page scroll width ${scrollWidth} > ${innerWidth}; sticking out: ${wide.join(' | ')}`,
  ).toBeLessThanOrEqual(innerWidth);
}

/** Every visible link and button in the page is at least 44 by 44 CSS pixels (or inline in text). */
export async function smallTouchTargets(page: Page) {
  return page.evaluate(() => {
    const small: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type=hidden]), select, textarea, [role=radio]',
    )) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden') continue;
      if (el.closest('.sr-only')) continue;
      // a checkbox or radio is reached through its label, which is the target
      if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) {
        const label = el.closest('label') ?? (el.id ? document.querySelector(`label[for="${el.id}"]`) : null);
        const box = (label?.parentElement ?? label)?.getBoundingClientRect();
        if (box && box.height >= 44) continue;
      }
      // links inside a sentence are exempt (WCAG 2.5.8 inline exception)
      if (el.tagName === 'A' && style.display === 'inline') continue;
      if (r.height < 43.5 || r.width < 43.5) {
        small.push(
          `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 30)}" ${Math.round(r.width)}x${Math.round(r.height)}`,
        );
      }
    }
    return small;
  });
}
