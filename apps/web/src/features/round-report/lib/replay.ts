import { DEFAULT_REPLAY_INTERVAL_MS } from '@frontline/contract';

/**
 * The replay of a round, one snapshot per step (spec: site-statistics §4 "Round replay: paused or playing,
 * speed, live versus final ladder"; §9 "Round replay interval per step: 1600, 800, 400, 200, 100 ms for 0.5x to
 * 8x; default 800 ms"). Pure, so the page's hook only wires it to a timer and the keyboard.
 *
 * `started` is false until the visitor first plays or moves the replay: the console then shows its prompt
 * instead of the first snapshot's events, and Reset brings that prompt back.
 */

export interface ReplayState {
  step: number;
  started: boolean;
  playing: boolean;
  intervalMs: number;
}

export type ReplayAction =
  | { type: 'toggle'; lastStep: number }
  | { type: 'tick'; lastStep: number }
  | { type: 'reset' }
  | { type: 'end'; lastStep: number }
  | { type: 'seek'; step: number; lastStep: number }
  | { type: 'speed'; intervalMs: number };

export const INITIAL_REPLAY: ReplayState = {
  step: 0,
  started: false,
  playing: false,
  intervalMs: DEFAULT_REPLAY_INTERVAL_MS,
};

function clamp(step: number, lastStep: number): number {
  return Math.min(Math.max(0, Math.round(step)), Math.max(0, lastStep));
}

export function replayReducer(state: ReplayState, action: ReplayAction): ReplayState {
  switch (action.type) {
    case 'toggle': {
      if (state.playing) return { ...state, playing: false };
      // Play at the end starts the battle over; a one-snapshot round has nothing to play and just shows.
      const step = state.started && state.step >= action.lastStep ? 0 : clamp(state.step, action.lastStep);
      return { ...state, step, started: true, playing: step < action.lastStep };
    }
    case 'tick': {
      if (!state.playing) return state;
      const step = clamp(state.step + 1, action.lastStep);
      // Stops on the last step itself, not one tick later.
      return { ...state, step, playing: step < action.lastStep };
    }
    case 'reset':
      return { ...state, step: 0, started: false, playing: false };
    case 'end':
      return { ...state, step: clamp(action.lastStep, action.lastStep), started: true, playing: false };
    case 'seek': {
      // Moving the replay keeps it playing (from the new place) unless the move reached the end.
      const step = clamp(action.step, action.lastStep);
      return { ...state, step, started: true, playing: state.playing && step < action.lastStep };
    }
    case 'speed':
      return { ...state, intervalMs: action.intervalMs };
  }
}

/**
 * The console's time jumps: back or forward by one or five minutes of the round. Minutes rather than steps or
 * percentages because the console speaks in round time ('12:30'), and a poll is 30 s but long rounds keep one
 * snapshot per N minutes, so steps are not a fixed amount of time.
 */
export const TIME_JUMPS = [
  { label: '−5m', minutes: -5 },
  { label: '−1m', minutes: -1 },
  { label: '+1m', minutes: 1 },
  { label: '+5m', minutes: 5 },
] as const;

/**
 * The step a time jump lands on. Forward: the first snapshot at or after the target time (the last one when the
 * round ends sooner). Back: the last snapshot at or before it (the first when the round began later). Either
 * way a jump moves at least one step when there is one to move to, even where snapshots are further apart than
 * the jump.
 */
export function jumpStep(times: readonly number[], step: number, minutes: number): number {
  const from = times[step];
  if (from === undefined || minutes === 0) return step;
  const target = from + minutes * 60_000;
  if (minutes > 0) {
    const index = times.findIndex((time, index) => index > step && time >= target);
    return index === -1 ? Math.max(step, times.length - 1) : index;
  }
  for (let index = step - 1; index >= 0; index -= 1) {
    if ((times[index] ?? 0) <= target) return index;
  }
  return 0;
}

export type ReplayKeyCommand = 'previous' | 'next' | 'start' | 'end' | 'toggle';

const KEY_COMMANDS: Record<string, ReplayKeyCommand> = {
  ArrowLeft: 'previous',
  ArrowRight: 'next',
  Home: 'start',
  End: 'end',
  ' ': 'toggle',
};

/** Fields where the keys mean something to the text or the choice: typing, a select, a slider. */
function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName);
}

/** Controls that Space already presses: a page-wide Space would press them a second time. */
function pressesWithSpace(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && target.closest('button, a[href], summary, [role="button"]') !== null;
}

/**
 * The page's replay keys: ArrowLeft/ArrowRight step one snapshot, Home and End go to the first and the last
 * one, Space plays or pauses. None of them while focus is in a text field, a select or the position slider
 * (spec §2 "ignored while typing in an input"), with a modifier held (browser shortcuts), or once another
 * handler took the key.
 */
export function replayKeyCommand(event: {
  key: string;
  target: EventTarget | null;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  defaultPrevented: boolean;
}): ReplayKeyCommand | null {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return null;
  if (isTypingTarget(event.target)) return null;
  const command = KEY_COMMANDS[event.key] ?? null;
  if (command === 'toggle' && pressesWithSpace(event.target)) return null;
  return command;
}
