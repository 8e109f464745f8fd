// Accessibility by measure (issue 14): axe-core on a screen as the user sees it. Serious and
// critical violations fail the flow; each one is listed with the elements it found.
import assert from 'node:assert/strict';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/** The serious and critical violations on the page now, WCAG 2.1 A and AA. */
export async function axeFindings(page: Page, options: { include?: string; exclude?: string[] } = {}): Promise<AxeFinding[]> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (options.include) builder = builder.include(options.include);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact ?? '',
      help: v.help,
      // The element's own markup and axe's measure (colours, ratio) say what to fix without a rerun.
      targets: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)} ${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 200)}`),
    }));
}

/** Fails when the screen named `screen` has a serious or critical violation. */
export async function expectAccessible(page: Page, screen: string, options: { include?: string; exclude?: string[] } = {}): Promise<void> {
  // Let the entrance animations (antd's zoom and fade) finish: axe reads the colours as drawn. On a
  // busy machine an animation can outlast the first wait, so a finding is measured once more after
  // a second; a real violation is still there then, a half-faded one is not.
  await page.waitForTimeout(400);
  let findings = await axeFindings(page, options);
  if (findings.length > 0) {
    await page.waitForTimeout(1000);
    findings = await axeFindings(page, options);
  }
  assert.deepEqual(
    findings,
    [],
    `${screen}: ${findings.map((f) => `${f.impact} ${f.id} (${f.help}) at ${f.targets.join(', ')}`).join('; ')}`,
  );
}

/** Lists (without failing) the violations of a screen, for a flow that only looks. */
export async function reportAccessibility(page: Page, screen: string): Promise<AxeFinding[]> {
  await page.waitForTimeout(400);
  const findings = await axeFindings(page);
  for (const f of findings) console.info(`axe ${screen}: ${f.impact} ${f.id} (${f.help}) at ${f.targets.join(', ')}`);
  return findings;
}
