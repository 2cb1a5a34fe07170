import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * axe-core's checks of WCAG 2.0, 2.1 and 2.2 levels A and AA (contrast, names and labels, list and table structure,
 * target sizes, ARIA, …) and its best practices (landmarks, headings), run on the page as it is now, in the real
 * browser. Every rule of those tags runs: none is switched off.
 */

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  /** Each failing element: its selector, and axe's summary of what fails there. */
  nodes: { target: string; failure: string }[];
}

export async function findAxeViolations(page: Page): Promise<AxeViolation[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact ?? null,
    help: violation.help,
    nodes: violation.nodes.map((node) => ({
      target: node.target.map(String).join(' '),
      failure: (node.failureSummary ?? '').replaceAll(/\s+/g, ' ').trim(),
    })),
  }));
}

/** Failing elements across all rules: the unit of the a11y figures. */
export function countFailingNodes(violations: readonly AxeViolation[]): number {
  return violations.reduce((sum, violation) => sum + violation.nodes.length, 0);
}

export function describeViolations(violations: readonly AxeViolation[]): string {
  return violations
    .map((violation) =>
      [
        `${violation.id} (${violation.impact ?? 'no impact'}): ${violation.help}`,
        ...violation.nodes.map((node) => `  ${node.target}: ${node.failure}`),
      ].join('\n'),
    )
    .join('\n');
}

/** Fails, listing every violation and the elements it was found on, if axe finds any on the page. */
export async function expectNoAxeViolations(page: Page, where: string): Promise<void> {
  const violations = await findAxeViolations(page);
  if (violations.length > 0) {
    throw new Error(
      `${where}: ${countFailingNodes(violations)} accessibility failures\n${describeViolations(violations)}`,
    );
  }
}
