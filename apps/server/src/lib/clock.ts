/**
 * The time a service reads as "now", in Unix milliseconds. Services take it as a dependency instead of calling
 * Date.now() themselves, so a test can pin the moment its windows ("today", "this week") are measured from.
 */
export type Clock = () => number;

/** The real time of the machine. */
export const systemClock: Clock = () => Date.now();
