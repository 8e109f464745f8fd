import axe from 'axe-core';

/**
 * The serious and critical axe-core violations (WCAG 2.1 A and AA) of what a component rendered, as
 * the browser flows check whole screens (e2e/support/axe.ts). jsdom draws no colours, so the contrast
 * rule is left to the flows and the screenshots.
 */
export async function axeViolations(container: Element): Promise<string[]> {
  const results = await axe.run(container, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    rules: { 'color-contrast': { enabled: false } },
  });
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} at ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}
