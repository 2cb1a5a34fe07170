/**
 * How every screen writes a count with its noun: "1 death", "2 deaths", never "1 deaths" nor "server(s)". The one
 * rule lives in the contract (packages/contract/src/plural.ts), so the API's own sentences (similar players'
 * reasons) follow it too; screens import it from here.
 */
export { countOf, pluralNoun } from '@frontline/contract';
