import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';

// RuleTester reports through the test framework's describe/it: each case becomes a Vitest test.
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

/** A RuleTester that parses TypeScript (type-only imports, JSX-free .ts sources). */
export const ruleTester = new RuleTester({ languageOptions: { parser: tseslint.parser } });
